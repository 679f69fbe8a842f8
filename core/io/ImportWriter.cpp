#include "io/ImportWriter.h"

#include "store/Database.h"
#include "store/MemoryRepository.h"
#include "store/MemoryRow.h"

#include <QVariant>

namespace engram::core::io {

ImportWriter::ImportWriter(Database &db)
    : m_db(db)
    , m_insertMemory(db.handle())
    , m_appendEvent(db.handle())
    , m_putLink(db.handle())
    , m_exists(db.handle())
{
}

Status ImportWriter::prepare()
{
    if (m_prepared)
        return {};
    const QStringList &cols = row::memoryColumns();
    QString placeholders = QStringLiteral("?");
    for (int i = 1; i < cols.size(); ++i)
        placeholders += QStringLiteral(",?");
    if (!m_insertMemory.prepare(QStringLiteral("INSERT INTO memories (%1) VALUES (%2)")
                                    .arg(cols.join(QLatin1Char(',')), placeholders)))
        return m_db.errorFrom(m_insertMemory, QStringLiteral("preparing the memory insert"));
    if (!m_appendEvent.prepare(
            QStringLiteral("INSERT INTO events (memory_id, kind, actor, at, payload) VALUES (?,?,?,?,?)")))
        return m_db.errorFrom(m_appendEvent, QStringLiteral("preparing the event insert"));
    if (!m_putLink.prepare(
            QStringLiteral("INSERT INTO associations (a, b, weight, type, created_at) VALUES (?,?,?,?,?) "
                           "ON CONFLICT(a, b) DO UPDATE SET weight = excluded.weight, type = excluded.type, "
                           "created_at = excluded.created_at WHERE excluded.weight > associations.weight")))
        return m_db.errorFrom(m_putLink, QStringLiteral("preparing the link insert"));
    if (!m_exists.prepare(QStringLiteral("SELECT 1 FROM memories WHERE id = ?")))
        return m_db.errorFrom(m_exists, QStringLiteral("preparing the memory lookup"));
    m_prepared = true;
    return {};
}

Status ImportWriter::insertMemory(const Memory &memory)
{
    if (const Status st = prepare(); !st)
        return st;
    row::bindMemory(m_insertMemory, memory);
    if (!m_insertMemory.exec())
        return m_db.errorFrom(m_insertMemory, QStringLiteral("writing memory %1").arg(memory.id));
    return {};
}

Status ImportWriter::appendEvent(Event &event)
{
    if (const Status st = prepare(); !st)
        return st;
    m_appendEvent.bindValue(0, event.memoryId);
    m_appendEvent.bindValue(1, event.kind);
    m_appendEvent.bindValue(2, event.actor.isNull() ? QStringLiteral("") : event.actor);
    m_appendEvent.bindValue(3, event.at);
    m_appendEvent.bindValue(4, row::toJsonText(event.payload));
    if (!m_appendEvent.exec())
        return m_db.errorFrom(
            m_appendEvent, QStringLiteral("appending %1 event for %2").arg(event.kind, event.memoryId));
    event.id = m_appendEvent.lastInsertId().toLongLong();
    return {};
}

Status ImportWriter::putLinkIfStronger(const Association &link)
{
    if (const Status st = prepare(); !st)
        return st;
    m_putLink.bindValue(0, link.a);
    m_putLink.bindValue(1, link.b);
    m_putLink.bindValue(2, link.weight);
    m_putLink.bindValue(3, link.type.isNull() ? QStringLiteral("") : link.type);
    m_putLink.bindValue(4, link.createdAt);
    if (!m_putLink.exec())
        return m_db.errorFrom(m_putLink, QStringLiteral("linking %1 and %2").arg(link.a, link.b));
    return {};
}

Result<bool> ImportWriter::memoryExists(const QString &id)
{
    if (const Status st = prepare(); !st)
        return st.error();
    m_exists.bindValue(0, id);
    if (!m_exists.exec())
        return m_db.errorFrom(m_exists, QStringLiteral("looking up memory %1").arg(id));
    const bool found = m_exists.next();
    m_exists.finish();
    return found;
}

} // namespace engram::core::io
