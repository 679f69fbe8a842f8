#pragma once

#include "model/Result.h"

#include <QString>
#include <QStringList>

namespace recollector::core {

/// A team store's address: `postgresql://user@host:port/database?sslmode=…`
/// (docs/team-store.md, "Opening a team store"). The password is never part of it: libpq reads
/// it from ~/.pgpass or the file PGPASSFILE names, so it is on no command line and in no file
/// Recollector writes.
struct ServerUrl
{
    QString user;
    QString host;
    int port = 5432;
    QString database;
    /// libpq keywords from the query, as `key=value` (sslmode, sslrootcert, …).
    QStringList options;

    /// Whether `location` names a server rather than a store file.
    static bool isServerUrl(const QString &location);
    /// Parses and checks `location`; a password, an unknown parameter or a missing database
    /// is refused with a message that says what to write instead.
    [[nodiscard]] static Result<ServerUrl> parse(const QString &location);
    /// The libpq keywords that Qt's QPSQL driver takes as connect options (space separated).
    QString connectOptions() const;
};

} // namespace recollector::core
