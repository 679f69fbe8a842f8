#pragma once
// What a window test on either engine (EngineStore.h) expects the window to say of its store:
// the name in its title and messages, and the path its session keeps.

#include "EngineStore.h"

#include <QFileInfo>

namespace recollector::test {

/// The store's name as the window shows it: the file's name, or "DATABASE on HOST" for a team
/// store (StoreSession::displayName).
inline QString shownName(const EngineStore &s)
{
    if (EngineFixture::onServer())
        return QStringLiteral("%1 on 127.0.0.1").arg(PgTestServer::databaseOf(s.path()));
    return QFileInfo(s.path()).fileName();
}

/// The path the window's session keeps for the store it opened: the file's absolute path, or
/// the team store's address as given (it is not a file).
inline QString sessionPath(const EngineStore &s)
{
    return EngineFixture::onServer() ? s.path() : QFileInfo(s.path()).absoluteFilePath();
}

} // namespace recollector::test
