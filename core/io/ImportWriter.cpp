#include "io/ImportWriter.h"

#include "store/Database.h"
#include "store/MemoryRepository.h"
#include "store/MemoryRow.h"

#include <QVariant>

namespace engram::core::io {

namespace {

// One column value as SQLite stores it through QSQLITE: text as UTF-8 (a null QString as ""
// — the text columns are NOT NULL), whole numbers and flags as integers, doubles as reals,
// a null number as NULL.
void bindValue(BulkStatement &statement, int index, const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::QString: {
        const QByteArray utf8 = value.toString().toUtf8();
        statement.bind(index, std::string_view(utf8.constData(), std::size_t(utf8.size())));
        return;
    }
    case QMetaType::Double:
        if (value.isNull())
            statement.bindNull(index);
        else
            statement.bind(index, value.toDouble());
        return;
    default:
        if (value.isNull())
            statement.bindNull(index);
        else
            statement.bind(index, std::int64_t(value.toLongLong()));
        return;
    }
}

void bindText(BulkStatement &statement, int index, const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    statement.bind(index, std::string_view(utf8.constData(), std::size_t(utf8.size())));
}

std::string utf8(const QString &text) { return text.toStdString(); }

// A failed row's error, naming it (built only on failure: a million rows pass through here).
Status named(Status status, const QString &what)
{
    if (status)
        return status;
    Error error = status.error();
    error.message = QStringLiteral("writing %1: %2").arg(what, error.message);
    return error;
}

} // namespace

ImportWriter::ImportWriter(Database &db)
    : m_db(db)
    , m_exists(db.handle())
{
}

Status ImportWriter::prepare()
{
    if (m_prepared)
        return {};
    sqlite3 *raw = BulkStatement::rawHandle(m_db);
    const QStringList &cols = row::memoryColumns();
    QString placeholders = QStringLiteral("?");
    for (int i = 1; i < cols.size(); ++i)
        placeholders += QStringLiteral(",?");
    m_insertMemory = std::make_unique<BulkStatement>(
        raw, utf8(QStringLiteral("INSERT INTO memories (%1) VALUES (%2)").arg(cols.join(QLatin1Char(',')), placeholders)));
    m_appendEvent = std::make_unique<BulkStatement>(
        raw, "INSERT INTO events (memory_id, kind, actor, at, payload) VALUES (?,?,?,?,?)");
    m_putLink = std::make_unique<BulkStatement>(
        raw, "INSERT INTO associations (a, b, weight, type, created_at) VALUES (?,?,?,?,?) "
             "ON CONFLICT(a, b) DO UPDATE SET weight = excluded.weight, type = excluded.type, "
             "created_at = excluded.created_at WHERE excluded.weight > associations.weight");
    for (const BulkStatement *statement : {m_insertMemory.get(), m_appendEvent.get(), m_putLink.get()}) {
        if (!statement->isValid())
            return statement->error();
    }
    if (!m_exists.prepare(QStringLiteral("SELECT 1 FROM memories WHERE id = ?")))
        return m_db.errorFrom(m_exists, QStringLiteral("preparing the memory lookup"));
    m_prepared = true;
    return {};
}

Status ImportWriter::insertMemory(const Memory &memory)
{
    if (const Status st = prepare(); !st)
        return st;
    int index = 1;
    row::forEachMemoryValue(memory, [&](const QVariant &value) { bindValue(*m_insertMemory, index++, value); });
    if (Status st = m_insertMemory->step("memory"); !st)
        return named(std::move(st), QStringLiteral("memory %1").arg(memory.id));
    return {};
}

Status ImportWriter::appendEvent(Event &event)
{
    if (const Status st = prepare(); !st)
        return st;
    bindText(*m_appendEvent, 1, event.memoryId);
    bindText(*m_appendEvent, 2, event.kind);
    bindText(*m_appendEvent, 3, event.actor);
    m_appendEvent->bind(4, std::int64_t(event.at));
    bindText(*m_appendEvent, 5, row::toJsonText(event.payload));
    if (Status st = m_appendEvent->step("event"); !st)
        return named(std::move(st), QStringLiteral("%1 event for %2").arg(event.kind, event.memoryId));
    event.id = m_appendEvent->lastInsertId();
    return {};
}

Status ImportWriter::putLinkIfStronger(const Association &link)
{
    if (const Status st = prepare(); !st)
        return st;
    bindText(*m_putLink, 1, link.a);
    bindText(*m_putLink, 2, link.b);
    m_putLink->bind(3, link.weight);
    bindText(*m_putLink, 4, link.type);
    m_putLink->bind(5, std::int64_t(link.createdAt));
    if (Status st = m_putLink->step("link"); !st)
        return named(std::move(st), QStringLiteral("the link of %1 and %2").arg(link.a, link.b));
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
