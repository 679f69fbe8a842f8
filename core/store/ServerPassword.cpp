#include "store/ServerPassword.h"

#include <QHash>
#include <QMutex>

namespace recollector::core::server_password {

namespace {

// Worker threads open their own connections to the same address (Database::openAnother).
QMutex s_mutex;
QHash<QString, QString> &held()
{
    static QHash<QString, QString> passwords;
    return passwords;
}

} // namespace

void remember(const QString &location, const QString &password)
{
    const QMutexLocker lock(&s_mutex);
    held().insert(location, password);
}

void forget(const QString &location)
{
    const QMutexLocker lock(&s_mutex);
    held().remove(location);
}

QString of(const QString &location)
{
    const QMutexLocker lock(&s_mutex);
    return held().value(location);
}

bool isAsked(const Error &error)
{
    // libpq's words: no password at hand ("fe_sendauth: no password supplied"), or the
    // server refused the one given.
    for (const QString &text : {error.message, error.detail}) {
        if (text.contains(QLatin1String("no password supplied"))
            || text.contains(QLatin1String("password authentication failed")))
            return true;
    }
    return false;
}

} // namespace recollector::core::server_password
