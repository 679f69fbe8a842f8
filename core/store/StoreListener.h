#pragma once

#include "model/Result.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <memory>

class QSocketNotifier;

namespace recollector::core {

class Database;

/// Other writers' commits to a team store as they happen, through PostgreSQL's LISTEN/NOTIFY
/// (docs/team-store.md, "Live refresh"): every statement that appends events announces the
/// memories they name (pg_notify), and this listens on the store's own connection through Qt's
/// QSqlDriver::subscribeToNotification. Lives on the thread of `db`, whose event loop delivers
/// the notifications. Also the way back after a lost connection (reconnect).
class StoreListener final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StoreListener)

public:
    /// Listens on `db`'s connection; nullptr for an SQLite store (its other writers are seen
    /// through `PRAGMA data_version`) or when the server refuses to LISTEN (error()).
    [[nodiscard]] static Result<std::unique_ptr<StoreListener>> start(Database &db);
    ~StoreListener() override;

    /// Whether the connection answers (a failed query is either the query's fault or a lost
    /// connection; this tells them apart).
    bool isAlive();
    /// Drops the connection and opens it again with the same address, settings and password,
    /// and listens again. The caller then reads the events it missed.
    [[nodiscard]] Status reconnect();

Q_SIGNALS:
    /// Another connection committed events naming these memories; empty when they were too
    /// many to name (read the events).
    void changed(const QStringList &ids);
    /// The connection's socket woke (a notification, or the server closing the session): the
    /// caller checks the connection, which a lost one fails.
    void woke();

private:
    explicit StoreListener(Database &db);
    Status listen();
    void dropSocket();

    Database &m_db;
    QPointer<QSocketNotifier> m_socket;
    int m_socketCopy = -1;
};

} // namespace recollector::core
