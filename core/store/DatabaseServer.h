#pragma once

// Database's PostgreSQL half (docs/team-store.md), for Database.cpp only: connecting through
// Qt's QPSQL driver, and the schema check, creation and version on the server.
#include "model/Result.h"

#include <QSqlDatabase>
#include <QString>

namespace recollector::core {

class Database;

namespace server {

/// The connection's role (`current_user`), read when it connects, is kept under this name
/// as a property of its Qt Sql driver (Engine.h's serverRole).
inline constexpr const char *kRoleProperty = "recollectorRole";

/// A fresh connection name; isServerConnection() recognises it (Engine.h's isServer).
QString newConnectionName();
bool isServerConnection(const QString &connectionName);

/// Adds and opens the QPSQL connection `connectionName` for the address `location`.
[[nodiscard]] Result<QSqlDatabase> connect(const QString &connectionName, const QString &location, int busyTimeoutMs);

/// Drops `db`'s connection and opens it again, with the same address, settings and password,
/// read-only again when the store was: after the server or the network lost it
/// (docs/team-store.md, "A lost connection").
[[nodiscard]] Status reconnect(Database &db, int busyTimeoutMs);

/// What opening decides about the store, written into the Database's own fields.
struct OpenState
{
    bool &readOnly;
    QString &warning;
    int &versionOnDisk;
    bool createIfMissing;
};
/// Checks the schema version; creates the tables in an empty database (one transaction,
/// under an advisory lock); a newer schema or a read-only open makes the session read-only.
[[nodiscard]] Status prepareStore(Database &db, OpenState state);

/// The last event id: a stand-in for SQLite's data_version until LISTEN/NOTIFY.
qint64 dataVersion(QSqlDatabase &handle);

} // namespace server
} // namespace recollector::core
