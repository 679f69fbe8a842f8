#include "store/MemoryRepository.h"

#include "store/Database.h"
#include "store/MemoryRow.h"

#include <QSqlQuery>
#include <QHash>
#include <QJsonDocument>
#include <QJsonArray>
#include <QVariant>

namespace engram::core {

namespace {
QString selectAll()
{
    return QStringLiteral("SELECT %1 FROM memories").arg(row::memoryColumns().join(QLatin1Char(',')));
}
} // namespace

QString MemoryRepository::columnList() { return row::memoryColumns().join(QLatin1Char(',')); }

Result<Memory> MemoryRepository::get(const QString &id) const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    q.prepare(selectAll() + QStringLiteral(" WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading memory %1").arg(id));
    if (!q.next()) {
        if (const Status st = m_db.endOfRows(q, QStringLiteral("reading memory %1").arg(id)); !st)
            return st.error();
        return Error::make(Error::Code::NotFound, QStringLiteral("%1: no memory with id %2").arg(m_db.path(), id));
    }
    return row::readMemory(q);
}

Result<bool> MemoryRepository::contains(const QString &id) const
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("SELECT 1 FROM memories WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("looking up memory %1").arg(id));
    if (q.next())
        return true;
    if (const Status st = m_db.endOfRows(q, QStringLiteral("looking up memory %1").arg(id)); !st)
        return st.error();
    return false;
}

Status MemoryRepository::forEach(const std::function<bool(const Memory &)> &visit, bool includeDeleted) const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    QString sql = selectAll();
    if (!includeDeleted)
        sql += QStringLiteral(" WHERE deleted_at = 0");
    sql += QStringLiteral(" ORDER BY rowid");
    if (!q.exec(sql))
        return m_db.errorFrom(q, QStringLiteral("reading memories"));
    while (q.next()) {
        if (!visit(row::readMemory(q)))
            return {};
    }
    return m_db.endOfRows(q, QStringLiteral("reading memories"));
}

Result<std::vector<Memory>> MemoryRepository::all(bool includeDeleted) const
{
    std::vector<Memory> out;
    const Status st = forEach(
        [&](const Memory &m) {
            out.push_back(m);
            return true;
        },
        includeDeleted);
    if (!st)
        return st.error();
    return out;
}

Result<std::vector<Memory>> MemoryRepository::byIds(const QStringList &ids) const
{
    std::vector<Memory> out;
    if (ids.isEmpty())
        return out;
    // One query for the whole list, the ids bound as one JSON array (json_each), instead of
    // one query per id: an import of 100,000 memories looks them all up twice.
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    if (!q.prepare(selectAll() + QStringLiteral(" WHERE id IN (SELECT value FROM json_each(?))")))
        return m_db.errorFrom(q, QStringLiteral("reading %1 memories").arg(ids.size()));
    q.addBindValue(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(ids)).toJson(QJsonDocument::Compact)));
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading %1 memories").arg(ids.size()));
    QHash<QString, Memory> found;
    found.reserve(ids.size());
    while (q.next()) {
        Memory m = row::readMemory(q);
        const QString id = m.id;
        found.insert(id, std::move(m));
    }
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading %1 memories").arg(ids.size())); !st)
        return st.error();
    // In the order asked for, as before; ids not in the store are left out.
    out.reserve(size_t(found.size()));
    for (const QString &id : ids) {
        const auto it = found.constFind(id);
        if (it != found.constEnd())
            out.push_back(*it);
    }
    return out;
}

Result<qint64> MemoryRepository::count(bool includeDeleted) const
{
    QSqlQuery q(m_db.handle());
    const QString sql = includeDeleted ? QStringLiteral("SELECT count(*) FROM memories")
                                       : QStringLiteral("SELECT count(*) FROM memories WHERE deleted_at = 0");
    if (!q.exec(sql) || !q.next())
        return m_db.errorFrom(q, QStringLiteral("counting memories"));
    return q.value(0).toLongLong();
}

Status MemoryRepository::write(const Memory &memory, const QString &verb)
{
    const QStringList &cols = row::memoryColumns();
    QSqlQuery q(m_db.handle());
    QString placeholders = QStringLiteral("?");
    for (int i = 1; i < cols.size(); ++i)
        placeholders += QStringLiteral(",?");
    q.prepare(QStringLiteral("%1 INTO memories (%2) VALUES (%3)").arg(verb, cols.join(QLatin1Char(',')), placeholders));
    row::bindMemory(q, memory);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("writing memory %1").arg(memory.id));
    return {};
}

Status MemoryRepository::insert(const Memory &memory) { return write(memory, QStringLiteral("INSERT")); }

Status MemoryRepository::upsert(const Memory &memory)
{
    // INSERT OR REPLACE would delete the row first and cascade away its associations.
    auto exists = contains(memory.id);
    if (!exists)
        return exists.error();
    return *exists ? update(memory) : insert(memory);
}

Status MemoryRepository::update(const Memory &memory)
{
    const QStringList &cols = row::memoryColumns();
    QStringList sets;
    for (int i = 1; i < cols.size(); ++i)
        sets << cols[i] + QStringLiteral("=?");
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("UPDATE memories SET %1 WHERE id=?").arg(sets.join(QLatin1Char(','))));
    // bindMemory binds id first; rebind in SET order with id last.
    row::bindMemory(q, memory);
    // Shift: positions 0..n-1 were bound as id, content, ...; rebind properly.
    QVariantList values;
    for (int i = 0; i < cols.size(); ++i)
        values << q.boundValue(i);
    for (int i = 1; i < cols.size(); ++i)
        q.bindValue(i - 1, values[i]);
    q.bindValue(cols.size() - 1, values[0]);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("updating memory %1").arg(memory.id));
    if (q.numRowsAffected() == 0)
        return Error::make(Error::Code::NotFound, QStringLiteral("%1: no memory with id %2").arg(m_db.path(), memory.id));
    return {};
}

Status MemoryRepository::remove(const QString &id)
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("DELETE FROM memories WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("removing memory %1").arg(id));
    return {};
}

} // namespace engram::core
