#include "store/ConflictRepository.h"

#include "store/Database.h"
#include "store/Engine.h"

#include <QSqlQuery>
#include <QVariant>

namespace recollector::core {

namespace {
// A row whose type, status or resolution is not a name Recollector knows is refused with the
// field named: guessing would show (and later write back) something the store does not say.
Result<Conflict> readConflict(const QSqlQuery &q, const Database &db)
{
    Conflict c;
    c.id = q.value(0).toLongLong();
    c.a = q.value(1).toString();
    c.b = q.value(2).toString();
    if (const auto bad = setConflictFields(c, q.value(3).toString(), q.value(4).toString(), q.value(5).toString()))
        return Error::make(Error::Code::Validation, QStringLiteral("%1: conflict %2: field \"%3\": %4")
                                                        .arg(db.path(), QString::number(c.id), bad->field, bad->problem));
    c.detectedAt = q.value(6).toLongLong();
    c.resolvedAt = q.value(7).toLongLong();
    return c;
}

// Reads every row of `q` (already run).
Result<std::vector<Conflict>> readConflicts(QSqlQuery &q, const Database &db, const QString &what)
{
    std::vector<Conflict> out;
    while (q.next()) {
        auto c = readConflict(q, db);
        if (!c)
            return c.error();
        out.push_back(std::move(*c));
    }
    if (const Status st = db.endOfRows(q, what); !st)
        return st.error();
    return out;
}
const QString kSelect =
    QStringLiteral("SELECT id, a, b, type, status, resolution, detected_at, resolved_at FROM conflicts");
} // namespace

Status ConflictRepository::insert(Conflict &c)
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral(
        "INSERT INTO conflicts (a, b, type, status, resolution, detected_at, resolved_at) VALUES (?,?,?,?,?,?,?)%1")
                  .arg(isServer(m_db) ? QStringLiteral(" RETURNING id") : QString()));
    q.addBindValue(c.a);
    q.addBindValue(c.b);
    q.addBindValue(conflictTypeName(c.type));
    q.addBindValue(conflictStatusName(c.status));
    q.addBindValue(conflictResolutionName(c.resolution)); // "" (not null) for None: NOT NULL column
    q.addBindValue(c.detectedAt);
    q.addBindValue(c.resolvedAt);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("recording a conflict between %1 and %2").arg(c.a, c.b));
    c.id = isServer(m_db) ? (q.next() ? q.value(0).toLongLong() : 0) : q.lastInsertId().toLongLong();
    return {};
}

Status ConflictRepository::update(const Conflict &c)
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral(
        "UPDATE conflicts SET a=?, b=?, type=?, status=?, resolution=?, detected_at=?, resolved_at=? WHERE id=?"));
    q.addBindValue(c.a);
    q.addBindValue(c.b);
    q.addBindValue(conflictTypeName(c.type));
    q.addBindValue(conflictStatusName(c.status));
    q.addBindValue(conflictResolutionName(c.resolution)); // "" (not null) for None: NOT NULL column
    q.addBindValue(c.detectedAt);
    q.addBindValue(c.resolvedAt);
    q.addBindValue(c.id);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("updating conflict %1").arg(c.id));
    if (q.numRowsAffected() == 0)
        return Error::make(Error::Code::NotFound, QStringLiteral("%1: no conflict with id %2").arg(m_db.path(), QString::number(c.id)));
    return {};
}

Status ConflictRepository::remove(qint64 id)
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("DELETE FROM conflicts WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("removing conflict %1").arg(id));
    if (q.numRowsAffected() == 0)
        return Error::make(Error::Code::NotFound, QStringLiteral("%1: no conflict with id %2").arg(m_db.path(), QString::number(id)));
    return {};
}

Result<Conflict> ConflictRepository::get(qint64 id) const
{
    QSqlQuery q(m_db.handle());
    q.prepare(kSelect + QStringLiteral(" WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading conflict %1").arg(id));
    if (!q.next()) {
        if (const Status st = m_db.endOfRows(q, QStringLiteral("reading conflict %1").arg(id)); !st)
            return st.error();
        return Error::make(Error::Code::NotFound, QStringLiteral("%1: no conflict with id %2").arg(m_db.path(), QString::number(id)));
    }
    return readConflict(q, m_db);
}

Result<std::vector<Conflict>> ConflictRepository::list(std::optional<ConflictStatus> status) const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    if (!status) {
        q.prepare(kSelect + QStringLiteral(" ORDER BY id"));
    } else {
        q.prepare(kSelect + QStringLiteral(" WHERE status = ? ORDER BY id"));
        q.addBindValue(conflictStatusName(*status));
    }
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading conflicts"));
    return readConflicts(q, m_db, QStringLiteral("reading conflicts"));
}

Result<std::vector<Conflict>> ConflictRepository::between(const QString &x, const QString &y) const
{
    QSqlQuery q(m_db.handle());
    q.prepare(kSelect + QStringLiteral(" WHERE (a = ? AND b = ?) OR (a = ? AND b = ?) ORDER BY id"));
    q.addBindValue(x);
    q.addBindValue(y);
    q.addBindValue(y);
    q.addBindValue(x);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading conflicts of %1 and %2").arg(x, y));
    return readConflicts(q, m_db, QStringLiteral("reading conflicts of %1 and %2").arg(x, y));
}

Result<qint64> ConflictRepository::countOpen() const
{
    QSqlQuery q(m_db.handle());
    if (!q.exec(QStringLiteral("SELECT count(*) FROM conflicts WHERE status = 'open'")) || !q.next())
        return m_db.errorFrom(q, QStringLiteral("counting conflicts"));
    return q.value(0).toLongLong();
}

} // namespace recollector::core
