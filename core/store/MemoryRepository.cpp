#include "store/MemoryRepository.h"

#include "store/Database.h"
#include "store/Engine.h"
#include "store/EventLog.h"
#include "store/MemoryRow.h"
#include "store/TextCheck.h"
#include "store/SealQuotes.h"
#include "store/SealedRow.h"
#include "store/TextIndexSchema.h"

#include "crypto/Sealer.h"

#include <QSqlQuery>
#include <QHash>
#include <QJsonDocument>
#include <QJsonArray>
#include <QVariant>

#include <algorithm>

namespace recollector::core {

namespace {
QString selectAll()
{
    return QStringLiteral("SELECT %1 FROM memories").arg(row::memoryColumns().join(QLatin1Char(',')));
}
} // namespace

QString MemoryRepository::columnList() { return row::memoryColumns().join(QLatin1Char(',')); }

Result<Memory> MemoryRepository::get(const QString &id) const
{
    // PostgreSQL's text cannot hold a NUL, so no memory of a team store has one in its id, and
    // Qt's driver would send the value cut short there, a broken statement: not found, as on
    // SQLite.
    if (isServer(m_db) && id.contains(QChar(0)))
        return Error::make(Error::Code::NotFound, QStringLiteral("%1: no memory with id %2").arg(m_db.path(), id));
    // Inside a write on a team store the row is locked until the commit, so a decision reads
    // the state it writes over and a concurrent one waits for it (docs/team-store.md#many-writers);
    // SQLite's BEGIN IMMEDIATE already holds the whole file.
    const bool lock = isServer(m_db) && m_db.inWriteTransaction() && !m_db.isReadOnly();
    auto use = m_db.keptQuery(selectAll() + (lock ? QStringLiteral(" WHERE id = ? FOR UPDATE") : QStringLiteral(" WHERE id = ?")));
    QSqlQuery &q = *use;
    q.addBindValue(id);
    if (!use.isPrepared() || !q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading memory %1").arg(id));
    if (!q.next()) {
        if (const Status st = m_db.endOfRows(q, QStringLiteral("reading memory %1").arg(id)); !st)
            return st.error();
        return Error::make(Error::Code::NotFound, QStringLiteral("%1: no memory with id %2").arg(m_db.path(), id));
    }
    Memory m = row::readMemory(q);
    sealed_row::fromRow(m, m_db.sealKey().get());
    return m;
}

Result<bool> MemoryRepository::contains(const QString &id) const
{
    auto use = m_db.keptQuery(QStringLiteral("SELECT 1 FROM memories WHERE id = ?"));
    QSqlQuery &q = *use;
    q.addBindValue(id);
    if (!use.isPrepared() || !q.exec())
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
    const auto key = m_db.sealKey();
    while (q.next()) {
        Memory m = row::readMemory(q);
        sealed_row::fromRow(m, key.get());
        if (!visit(m))
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
    if (ids.size() > 1) {
        // An empty store (a first import) has none of them: no list of 100,000 ids to write,
        // parse and look up.
        QSqlQuery any(m_db.handle());
        if (!any.exec(QStringLiteral("SELECT 1 FROM memories LIMIT 1")))
            return m_db.errorFrom(any, QStringLiteral("reading %1 memories").arg(ids.size()));
        if (!any.next()) {
            if (const Status st = m_db.endOfRows(any, QStringLiteral("reading %1 memories").arg(ids.size())); !st)
                return st.error();
            return out;
        }
    }
    // One query for the whole list, the ids bound as one JSON array (json_each), instead of
    // one query per id: an import of 100,000 memories looks them all up twice.
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    const QString idList = isServer(m_db) ? QStringLiteral("json_array_elements_text(CAST(? AS json))")
                                           : QStringLiteral("json_each(?)");
    if (!q.prepare(selectAll() + QStringLiteral(" WHERE id IN (SELECT value FROM %1)").arg(idList)))
        return m_db.errorFrom(q, QStringLiteral("reading %1 memories").arg(ids.size()));
    q.addBindValue(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(ids)).toJson(QJsonDocument::Compact)));
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading %1 memories").arg(ids.size()));
    QHash<QString, Memory> found;
    found.reserve(ids.size());
    const auto key = m_db.sealKey();
    while (q.next()) {
        Memory m = row::readMemory(q);
        sealed_row::fromRow(m, key.get());
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

Result<bool> MemoryRepository::storedPlain(const QString &id) const
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("SELECT sensitivity, content FROM memories WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("looking up memory %1").arg(id));
    if (!q.next()) {
        if (const Status st = m_db.endOfRows(q, QStringLiteral("looking up memory %1").arg(id)); !st)
            return st.error();
        return false;
    }
    return q.value(0).toInt() < 3 || !crypto::Sealer::isSealed(q.value(1).toString());
}

Result<bool> MemoryRepository::hasPassphrase() const
{
    QSqlQuery q(m_db.handle());
    if (!q.exec(QStringLiteral("SELECT 1 FROM meta WHERE key = 'seal_salt' AND value <> ''")))
        return m_db.errorFrom(q, QStringLiteral("reading the store's passphrase settings"));
    if (q.next())
        return true;
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading the store's passphrase settings")); !st)
        return st.error();
    return false;
}

Result<Memory> MemoryRepository::sealForWrite(const Memory &given)
{
    std::optional<Memory> repaired;
    if (const Status st = checkText(given, repaired); !st)
        return st.error();
    const Memory &memory = repaired ? *repaired : given;
    if (memory.sensitivity < 3 && !memory.isLocked())
        return memory;
    const auto key = m_db.sealKey();
    if (!key && !memory.isLocked()) {
        // A store without a passphrase keeps level 3 as it always did, in plain text, until
        // one is set (StoreSeal::setPassphrase seals them all then).
        auto has = hasPassphrase();
        if (!has)
            return has.error();
        if (!*has)
            return memory;
    }
    auto row = sealed_row::toRow(memory, key.get(), m_db.path());
    if (!row || memory.isLocked())
        return row;
    // Text that was plain in the table is sealed now (a raise to level 3): seal the text its
    // past events carry too, and empty the WAL after the commit (docs/formats.md,
    // "Encryption at rest").
    auto wasPlain = storedPlain(memory.id);
    if (!wasPlain)
        return wasPlain.error();
    if (*wasPlain) {
        EventLog events(m_db);
        if (const Status st = events.sealHistory(memory.id); !st)
            return st.error();
        if (const Status st = SealQuotes(m_db).sealQuotesOf(memory.id, *key); !st)
            return st.error();
        m_db.scrubPending() = true;
    }
    return row;
}

Status MemoryRepository::write(const Memory &plainMemory, const QString &verb)
{
    auto sealedMemory = sealForWrite(plainMemory);
    if (!sealedMemory)
        return sealedMemory.error();
    const Memory &memory = *sealedMemory;
    const QStringList &cols = row::memoryColumns();
    QString placeholders = QStringLiteral("?");
    for (int i = 1; i < cols.size(); ++i)
        placeholders += QStringLiteral(",?");
    // Kept prepared on a team store's connection, as a decision's statements are
    // (docs/team-store.md#decision-cost): a remember or an add is one round trip, not three.
    auto use = m_db.keptQuery(QStringLiteral("%1 INTO memories (%2) VALUES (%3)").arg(verb, cols.join(QLatin1Char(',')), placeholders));
    QSqlQuery &q = *use;
    row::bindMemory(q, memory);
    if (!use.isPrepared() || !q.exec())
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

namespace {

// The columns the text index reads (TextIndexSchema: its update trigger names them).
bool isIndexedText(const QString &column)
{
    return std::any_of(schema::kIndexedColumns.begin(), schema::kIndexedColumns.end(),
                       [&column](const char *c) { return column == QLatin1String(c); });
}

} // namespace

Result<bool> MemoryRepository::indexedTextDiffers(const QString &id, const QVariantList &values) const
{
    const QStringList &cols = row::memoryColumns();
    static const QString sql = [&cols] {
        QStringList indexed;
        for (const QString &c : cols) {
            if (isIndexedText(c))
                indexed << c;
        }
        return QStringLiteral("SELECT %1 FROM memories WHERE id=?").arg(indexed.join(QLatin1Char(',')));
    }();
    auto use = m_db.keptQuery(sql);
    QSqlQuery &q = *use;
    q.bindValue(0, id);
    if (!use.isPrepared() || !q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading memory %1").arg(id));
    if (!q.next())
        return true; // no such row: the update says so
    int at = 0;
    for (int i = 0; i < cols.size(); ++i) {
        if (!isIndexedText(cols[i]))
            continue;
        // Text as the row holds it: a null QString is written as an empty text column.
        if (q.value(at++).toString() != values[i].toString())
            return true;
    }
    return false;
}

Status MemoryRepository::update(const Memory &plainMemory)
{
    auto sealedMemory = sealForWrite(plainMemory);
    if (!sealedMemory)
        return sealedMemory.error();
    const Memory &memory = *sealedMemory;
    const QVariantList values = row::memoryValues(memory);
    // The text index's update trigger runs for every UPDATE that names one of its columns,
    // whatever their values: a decision that changes none of them (a confirm, a reinforce, an
    // archive) leaves them out, and the trigger with them (docs/performance.md,
    // decision_commit_ms).
    auto textChanged = indexedTextDiffers(memory.id, values);
    if (!textChanged)
        return textChanged.error();
    const QStringList &cols = row::memoryColumns();
    QStringList sets;
    QVariantList bound;
    for (int i = 1; i < cols.size(); ++i) {
        if (!*textChanged && isIndexedText(cols[i]))
            continue;
        sets << cols[i] + QStringLiteral("=?");
        bound << values[i];
    }
    bound << values[0];
    auto use = m_db.keptQuery(QStringLiteral("UPDATE memories SET %1 WHERE id=?").arg(sets.join(QLatin1Char(','))));
    QSqlQuery &q = *use;
    if (!use.isPrepared())
        return m_db.errorFrom(q, QStringLiteral("updating memory %1").arg(memory.id));
    for (int i = 0; i < bound.size(); ++i)
        q.bindValue(i, bound[i]);
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

} // namespace recollector::core
