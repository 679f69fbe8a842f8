#pragma once

// The roles of docs/team-store.md#roles on the suite's own PostgreSQL: the ```sql block under
// "## Roles" run as a person runs it (its database name and passwords replaced), and each
// login role's password where libpq reads it (PGPASSFILE, as each person's ~/.pgpass). Roles
// belong to the server, not a database: once per server.
#include "PgTestServer.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QString>

namespace recollector::test {

/// The ```sql block under "## Roles" of docs/team-store.md.
inline QString rolesSql()
{
    QFile doc(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/docs/team-store.md"));
    if (!doc.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(doc.readAll());
    const qsizetype section = text.indexOf(QLatin1String("\n## Roles"));
    const qsizetype start = text.indexOf(QLatin1String("```sql\n"), section);
    const qsizetype end = text.indexOf(QLatin1String("```"), start + 7);
    if (section < 0 || start < 0 || end < 0)
        return {};
    return text.mid(start + 7, end - start - 7);
}

/// Runs the page's GRANTs on `database` and gives ann (reviewer), bob (curator) and ci_agent
/// (assistant) their passwords; empty on success, else what failed.
inline QString grantRoles(PgTestServer &server, const QString &database)
{
    QString grants = rolesSql();
    if (!grants.contains(QLatin1String("GRANT")))
        return QStringLiteral("docs/team-store.md has no ```sql block under ## Roles");
    const QString password = QStringLiteral("pw-%1").arg(QCoreApplication::applicationPid());
    grants.replace(QLatin1String("choose-one"), password)
        .replace(QLatin1String("DATABASE memory"), QStringLiteral("DATABASE ") + database);
    QString statements; // without the comments, which may hold a semicolon
    for (const QString &line : grants.split(QLatin1Char('\n')))
        if (!line.trimmed().startsWith(QLatin1String("--")))
            statements += line + QLatin1Char('\n');
    for (const QString &sql : statements.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        if (sql.trimmed().isEmpty())
            continue;
        if (const QString err = server.adminExec(sql, database); !err.isEmpty())
            return QStringLiteral("%1: %2").arg(sql.trimmed(), err);
    }
    QFile pgpass(QString::fromLocal8Bit(qgetenv("PGPASSFILE")));
    if (!pgpass.open(QIODevice::Append))
        return QStringLiteral("cannot append to PGPASSFILE");
    for (const char *role : {"ann", "bob", "ci_agent"})
        pgpass.write(QStringLiteral("127.0.0.1:*:*:%1:%2\n").arg(QLatin1String(role), password).toUtf8());
    return {};
}

/// The address of the same database for another login role.
inline QString asRole(const QString &address, const QString &role)
{
    QString out = address;
    out.replace(QRegularExpression(QStringLiteral("//[^@]*@")), QStringLiteral("//%1@").arg(role));
    return out;
}

} // namespace recollector::test
