#include "store/StoreListener.h"

#include "store/Database.h"
#include "store/DatabaseServer.h"
#include "store/Engine.h"
#include "store/PgNotify.h"

#include <dlfcn.h>
#include <unistd.h>

#include <QSocketNotifier>
#include <QTimer>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>

namespace recollector::core {

namespace {

// The socket of the libpq connection under `handle`, or -1 (none, closed, or no libpq). Qt's
// QPSQL driver hands out its PGconn (QSqlDriver::handle, typed "pg_conn*" in Qt 6.4); PQsocket is looked up in
// the libpq the driver already loaded (RTLD_NOLOAD), so Recollector neither links libpq nor
// needs it where the driver is not installed (docs/team-store.md, "A lost connection").
int libpqSocket(const QSqlDatabase &handle)
{
    using PQsocketFn = int (*)(const void *);
    static const PQsocketFn pqSocket = []() -> PQsocketFn {
        void *libpq = dlopen("libpq.so.5", RTLD_NOW | RTLD_NOLOAD);
        return libpq ? reinterpret_cast<PQsocketFn>(dlsym(libpq, "PQsocket")) : nullptr;
    }();
    const QVariant v = handle.driver() ? handle.driver()->handle() : QVariant();
    if (!pqSocket || !v.isValid() || (qstrcmp(v.typeName(), "PGconn*") != 0 && qstrcmp(v.typeName(), "pg_conn*") != 0))
        return -1;
    const void *conn = *static_cast<void *const *>(v.constData());
    return conn ? pqSocket(conn) : -1;
}

} // namespace

StoreListener::StoreListener(Database &db) : m_db(db) {}

void StoreListener::dropSocket()
{
    delete m_socket;
    if (m_socketCopy >= 0)
        ::close(m_socketCopy);
    m_socketCopy = -1;
}

StoreListener::~StoreListener()
{
    dropSocket();
    QSqlDriver *driver = m_db.handle().driver();
    if (driver && m_db.handle().isOpen() && driver->subscribedToNotifications().contains(QLatin1String(pg_notify::kChannel)))
        driver->unsubscribeFromNotification(QLatin1String(pg_notify::kChannel));
}

Result<std::unique_ptr<StoreListener>> StoreListener::start(Database &db)
{
    if (!isServer(db))
        return std::unique_ptr<StoreListener>();
    std::unique_ptr<StoreListener> listener(new StoreListener(db));
    if (const Status st = listener->listen(); !st)
        return st.error();
    QSqlDriver *driver = db.handle().driver();
    connect(driver, &QSqlDriver::notification, listener.get(),
            [self = listener.get()](const QString &name, QSqlDriver::NotificationSource source, const QVariant &payload) {
                if (name != QLatin1String(pg_notify::kChannel))
                    return;
                // This connection's own commits were refreshed by whoever made them.
                if (source == QSqlDriver::SelfSource)
                    return;
                const QString ids = payload.toString();
                Q_EMIT self->changed(ids.isEmpty() ? QStringList() : ids.split(QLatin1Char(','), Qt::SkipEmptyParts));
            });
    return listener;
}

Status StoreListener::listen()
{
    QSqlDriver *driver = m_db.handle().driver();
    if (!driver->subscribeToNotification(QLatin1String(pg_notify::kChannel)))
        return Error::make(Error::Code::Database, QStringLiteral("%1: cannot listen for other writers' changes: %2")
                                                      .arg(m_db.path(), driver->lastError().text()));
    // The driver reads notifications when its socket wakes. The socket also wakes when the
    // server ends the session (a restart, pg_terminate_backend, a network that gave up), and
    // the driver says nothing of that: a notifier of our own on the same socket lets the
    // caller find out at once rather than at its next query.
    // A duplicate of the socket, not the same number: Qt may keep one notifier per number.
    const int socket = libpqSocket(m_db.handle());
    m_socketCopy = socket >= 0 ? ::dup(socket) : -1;
    if (m_socketCopy >= 0) {
        m_socket = new QSocketNotifier(qintptr(m_socketCopy), QSocketNotifier::Read, this);
        connect(m_socket, &QSocketNotifier::activated, this, [this]() {
            // Off until the driver has read what woke it: once the server closed the session,
            // the socket stays readable, which would wake us for ever.
            m_socket->setEnabled(false);
            QTimer::singleShot(0, this, [this]() {
                if (m_socket && libpqSocket(m_db.handle()) >= 0)
                    m_socket->setEnabled(true);
                Q_EMIT woke();
            });
        });
    }
    return {};
}

bool StoreListener::isAlive()
{
    QSqlQuery q(m_db.handle());
    return q.exec(QStringLiteral("SELECT 1")) && q.next();
}

Status StoreListener::reconnect()
{
    dropSocket();
    if (const Status st = server::reconnect(m_db, Database::Options{}.busyTimeoutMs); !st)
        return st;
    return listen();
}

} // namespace recollector::core
