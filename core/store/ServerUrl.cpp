#include "store/ServerUrl.h"

#include <QUrl>
#include <QUrlQuery>

namespace recollector::core {

namespace {

// The libpq parameters a person sets for a team store: TLS and its files, a time-out, the
// name the server logs. `password` and `passfile` are left out on purpose (a URL ends up in
// shell history, recent-file lists and process listings).
const QStringList &allowedParameters()
{
    static const QStringList kAllowed = {QStringLiteral("sslmode"),          QStringLiteral("sslrootcert"),
                                         QStringLiteral("sslcert"),          QStringLiteral("sslkey"),
                                         QStringLiteral("sslcrl"),           QStringLiteral("connect_timeout"),
                                         QStringLiteral("application_name"), QStringLiteral("target_session_attrs")};
    return kAllowed;
}

Error refuse(const QString &location, const QString &why)
{
    return Error::make(Error::Code::Usage, QStringLiteral("%1: %2").arg(location, why));
}

} // namespace

bool ServerUrl::isServerUrl(const QString &location)
{
    return location.startsWith(QLatin1String("postgresql://")) || location.startsWith(QLatin1String("postgres://"));
}

Result<ServerUrl> ServerUrl::parse(const QString &location)
{
    const QUrl url(location, QUrl::StrictMode);
    if (!isServerUrl(location) || !url.isValid())
        return refuse(location, QStringLiteral("not a store address; write postgresql://user@host:port/database"));
    if (!url.password().isEmpty())
        return refuse(url.toString(QUrl::RemovePassword),
                      QStringLiteral("a password does not belong in the address; put it in ~/.pgpass "
                                     "(or the file PGPASSFILE names), where the PostgreSQL client reads it"));
    ServerUrl out;
    out.user = url.userName();
    out.host = url.host();
    out.port = url.port(5432);
    out.database = url.path().mid(1);
    if (out.host.isEmpty())
        return refuse(location, QStringLiteral("the address names no host"));
    if (out.database.isEmpty() || out.database.contains(QLatin1Char('/')))
        return refuse(location, QStringLiteral("the address names no database (…/database at its end)"));
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (!allowedParameters().contains(key))
            return refuse(location, QStringLiteral("unknown parameter %1 (known: %2)")
                                        .arg(key, allowedParameters().join(QStringLiteral(", "))));
        if (value.contains(QLatin1Char(' ')) || value.contains(QLatin1Char('\'')) || value.contains(QLatin1Char(';')))
            return refuse(location, QStringLiteral("parameter %1 holds a space, a quote or a semicolon").arg(key));
        out.options << QStringLiteral("%1=%2").arg(key, value);
    }
    return out;
}

QString ServerUrl::connectOptions() const { return options.join(QLatin1Char(';')); }

} // namespace recollector::core
