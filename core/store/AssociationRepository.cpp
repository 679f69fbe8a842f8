#include "store/AssociationRepository.h"

#include "store/Database.h"
#include "store/SqliteStatement.h"

#include <QSqlQuery>
#include <QVariant>

namespace recollector::core {

namespace {
Association readAssociation(const QSqlQuery &q)
{
    return Association{q.value(0).toString(), q.value(1).toString(), q.value(2).toDouble(), q.value(3).toString(),
                       q.value(4).toLongLong()};
}
void order(Association &a)
{
    if (a.b < a.a)
        std::swap(a.a, a.b);
}
const QString kSelect = QStringLiteral("SELECT a, b, weight, type, created_at FROM associations");
} // namespace

Status AssociationRepository::put(Association association)
{
    order(association);
    if (association.a == association.b)
        return Error::make(Error::Code::Validation, QStringLiteral("a memory cannot be associated with itself (%1)")
                                                        .arg(association.a));
    QSqlQuery q(m_db.handle());
    // One upsert text for SQLite and PostgreSQL (docs/team-store.md, "One SQL text").
    q.prepare(QStringLiteral("INSERT INTO associations (a, b, weight, type, created_at) VALUES (?,?,?,?,?) "
                             "ON CONFLICT (a, b) DO UPDATE SET weight = excluded.weight, type = excluded.type, "
                             "created_at = excluded.created_at"));
    q.addBindValue(association.a);
    q.addBindValue(association.b);
    q.addBindValue(association.weight);
    q.addBindValue(association.type);
    q.addBindValue(association.createdAt);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("linking %1 and %2").arg(association.a, association.b));
    return {};
}

Status AssociationRepository::putIfStronger(Association association)
{
    order(association);
    auto existing = get(association.a, association.b);
    if (!existing)
        return existing.error();
    if (existing->has_value() && (*existing)->weight >= association.weight)
        return {};
    return put(association);
}

Result<std::optional<Association>> AssociationRepository::get(const QString &x, const QString &y) const
{
    const auto [a, b] = orderedPair(x, y);
    QSqlQuery q(m_db.handle());
    q.prepare(kSelect + QStringLiteral(" WHERE a = ? AND b = ?"));
    q.addBindValue(a);
    q.addBindValue(b);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading the link %1–%2").arg(a, b));
    if (!q.next()) {
        if (const Status st = m_db.endOfRows(q, QStringLiteral("reading the link %1–%2").arg(a, b)); !st)
            return st.error();
        return std::optional<Association>{};
    }
    return std::optional<Association>{readAssociation(q)};
}

Status AssociationRepository::remove(const QString &x, const QString &y)
{
    const auto [a, b] = orderedPair(x, y);
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("DELETE FROM associations WHERE a = ? AND b = ?"));
    q.addBindValue(a);
    q.addBindValue(b);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("removing the link %1–%2").arg(a, b));
    return {};
}

Result<std::vector<Association>> AssociationRepository::of(const QString &id) const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    q.prepare(kSelect + QStringLiteral(" WHERE a = ? UNION ALL ") + kSelect + QStringLiteral(" WHERE b = ?"));
    q.addBindValue(id);
    q.addBindValue(id);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading links of %1").arg(id));
    std::vector<Association> out;
    while (q.next())
        out.push_back(readAssociation(q));
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading links of %1").arg(id)); !st)
        return st.error();
    return out;
}

Result<QStringList> AssociationRepository::unlinked(const QStringList &ids) const
{
    QStringList out;
    if (ids.isEmpty())
        return out;
    SqliteStatement q(m_db,
        "SELECT EXISTS(SELECT 1 FROM associations WHERE a = ?1) OR EXISTS(SELECT 1 FROM associations WHERE b = ?1)",
        QStringLiteral("finding memories without links"));
    if (!q.isValid())
        return q.error();
    for (const QString &id : ids) {
        q.reset();
        q.bind(1, id);
        const bool linked = q.next() && q.int64(0) != 0;
        if (const Status st = q.finished(); !st)
            return st.error();
        if (!linked)
            out << id;
    }
    return out;
}

Status AssociationRepository::forEach(const std::function<bool(const Association &)> &visit) const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    if (!q.exec(kSelect))
        return m_db.errorFrom(q, QStringLiteral("reading links"));
    while (q.next()) {
        if (!visit(readAssociation(q)))
            return {};
    }
    return m_db.endOfRows(q, QStringLiteral("reading links"));
}

Result<std::vector<Association>> AssociationRepository::all() const
{
    std::vector<Association> out;
    const Status st = forEach([&](const Association &a) {
        out.push_back(a);
        return true;
    });
    if (!st)
        return st.error();
    return out;
}

Status AssociationRepository::scanLinks(const std::function<bool(const LinkRow &)> &visit) const
{
    SqliteStatement q(m_db, "SELECT a, b, weight, type FROM associations", QStringLiteral("reading associations"));
    if (!q.isValid())
        return q.error();
    LinkRow row;
    return q.forEachRow([&](const SqliteStatement &s) {
        row.a = s.text(0);
        row.b = s.text(1);
        row.weight = s.real(2);
        row.type = s.text(3);
        return visit(row);
    });
}

Result<std::vector<Association>> AssociationRepository::manual() const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    if (!q.exec(kSelect + QStringLiteral(" WHERE type = 'manual'")))
        return m_db.errorFrom(q, QStringLiteral("reading manual links"));
    std::vector<Association> out;
    while (q.next())
        out.push_back(readAssociation(q));
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading manual links")); !st)
        return st.error();
    return out;
}

Result<qint64> AssociationRepository::count() const
{
    QSqlQuery q(m_db.handle());
    if (!q.exec(QStringLiteral("SELECT count(*) FROM associations")) || !q.next())
        return m_db.errorFrom(q, QStringLiteral("counting links"));
    return q.value(0).toLongLong();
}

Status AssociationRepository::clear(bool includeManual)
{
    return m_db.exec(includeManual ? QStringLiteral("DELETE FROM associations")
                                   : QStringLiteral("DELETE FROM associations WHERE type <> 'manual'"));
}

} // namespace recollector::core
