#include "store/MetaRepository.h"

#include "store/Database.h"

#include <QSqlQuery>
#include <QVariant>

namespace recollector::core {

Result<QString> MetaRepository::value(const QString &key, const QString &fallback) const
{
    auto use = m_db.keptQuery(QStringLiteral("SELECT value FROM meta WHERE key = ?"));
    QSqlQuery &q = *use;
    q.addBindValue(key);
    if (!use.isPrepared() || !q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading setting %1").arg(key));
    if (q.next())
        return q.value(0).toString();
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading setting %1").arg(key)); !st)
        return st.error();
    return fallback;
}

Status MetaRepository::setValue(const QString &key, const QString &value)
{
    QSqlQuery q(m_db.handle());
    // One upsert text for SQLite and PostgreSQL (docs/team-store.md, "One SQL text").
    q.prepare(QStringLiteral("INSERT INTO meta (key, value) VALUES (?, ?) "
                             "ON CONFLICT (key) DO UPDATE SET value = excluded.value"));
    q.addBindValue(key);
    q.addBindValue(value);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("writing setting %1").arg(key));
    return {};
}

Status MetaRepository::remove(const QString &key)
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("DELETE FROM meta WHERE key = ?"));
    q.addBindValue(key);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("removing setting %1").arg(key));
    return {};
}

} // namespace recollector::core
