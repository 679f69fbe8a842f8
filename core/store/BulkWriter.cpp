#include "store/BulkWriter.h"

#include "store/SealedRow.h"

#include "store/Database.h"
#include "store/MemoryRow.h"
#include "store/SqliteStatement.h"
#include "store/TextCheck.h"
#include "store/Transaction.h"

#include <QVariant>

namespace recollector::core {

namespace {

// One column value as SQLite stores it through QSQLITE: text as UTF-8 (a null QString as ""
// — the text columns are NOT NULL), whole numbers and flags as integers, doubles as reals,
// a null number as NULL.
void bindValue(SqliteStatement &statement, int index, const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::QString:
        statement.bind(index, value.toString());
        return;
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

// The same values bindValue() binds, taken as the row mapping hands them over (QString,
// numbers, a QVariant only for the nullable agent importance): no QVariant per column.
struct TypedBinder
{
    SqliteStatement &statement;
    int index = 1;

    void operator()(const QString &text) { statement.bind(index++, text); }
    void operator()(double value) { statement.bind(index++, value); }
    void operator()(int value) { statement.bind(index++, std::int64_t(value)); }
    void operator()(qint64 value) { statement.bind(index++, std::int64_t(value)); }
    void operator()(const QVariant &value) { bindValue(statement, index++, value); }
};

QByteArray insertAllColumnsHead()
{
    return QStringLiteral("INSERT INTO memories (%1) VALUES ").arg(row::memoryColumns().join(QLatin1Char(','))).toUtf8();
}

// "(?,?,…)" for one row of `columns` values.
QByteArray placeholders(int columns)
{
    QByteArray out = "(?";
    for (int i = 1; i < columns; ++i)
        out += ",?";
    return out + ')';
}

} // namespace

BulkWriter::BulkWriter(Database &db) : m_db(db) {}

BulkWriter::~BulkWriter() = default;

SqliteStatement *BulkWriter::statement(Kind kind, Error &error, bool many)
{
    std::unique_ptr<SqliteStatement> &slot = (many ? m_manyRowStatements : m_statements)[std::size_t(kind)];
    if (slot)
        return slot.get();
    // An INSERT is its head, one "(?,…)" per row and its tail.
    QByteArray head;
    QByteArray row;
    QByteArray tail;
    QString what;
    switch (kind) {
    case kMemory:
        head = insertAllColumnsHead();
        row = placeholders(int(row::memoryColumns().size()));
        what = QStringLiteral("writing a memory");
        break;
    case kMemoryValues:
        head = "INSERT INTO memories (id, content, category, keywords, source_type, source_task_id, "
               "source_chat_id, source_message_id, confidence, created_at, updated_at, last_accessed_at, "
               "last_reinforced_at, access_count, reinforce_count, project_path, strength, stability, "
               "decay_rate, importance, verified, permanent, negated, negated_at, correction_history, "
               "level, compressed, compressed_from, sensitivity, modalities, deleted_at) VALUES ";
        row = placeholders(31);
        what = QStringLiteral("writing a memory");
        break;
    case kEvent:
        head = "INSERT INTO events (memory_id, kind, actor, at, payload) VALUES ";
        row = placeholders(5);
        what = many ? QStringLiteral("writing events") : QStringLiteral("writing an event");
        break;
    case kLink:
        head = "INSERT INTO associations (a, b, weight, type, created_at) VALUES ";
        row = placeholders(5);
        what = QStringLiteral("writing a link");
        break;
    case kLinkIfStronger:
        head = "INSERT INTO associations (a, b, weight, type, created_at) VALUES ";
        row = placeholders(5);
        tail = " ON CONFLICT(a, b) DO UPDATE SET weight = excluded.weight, type = excluded.type, "
               "created_at = excluded.created_at WHERE excluded.weight > associations.weight";
        what = many ? QStringLiteral("writing links") : QStringLiteral("writing a link");
        break;
    case kConflict:
        head = "INSERT INTO conflicts (a, b, type, status, resolution, detected_at, resolved_at) VALUES ";
        row = placeholders(7);
        what = QStringLiteral("writing a conflict");
        break;
    case kExists:
    case kKinds:
        head = "SELECT 1 FROM memories WHERE id = ?";
        what = QStringLiteral("looking up a memory");
        break;
    }
    QByteArray sql = head + row;
    for (int i = 1; many && i < kRowsPerStatement; ++i)
        sql += ',' + row;
    sql += tail;
    auto prepared = std::make_unique<SqliteStatement>();
    if (const Status st = prepared->prepare(m_db, std::string_view(sql.constData(), std::size_t(sql.size())), what);
        !st) {
        error = st.error();
        return nullptr;
    }
    slot = std::move(prepared);
    return slot.get();
}

template <typename BindRow>
Status BulkWriter::writeRows(Kind kind, int columns, std::size_t count, BindRow bindRow, std::size_t *failedRow)
{
    Error error;
    std::size_t row = 0;
    if (count >= std::size_t(kRowsPerStatement)) {
        SqliteStatement *many = statement(kind, error, true);
        if (!many)
            return error;
        for (; count - row >= std::size_t(kRowsPerStatement); row += kRowsPerStatement) {
            for (int i = 0; i < kRowsPerStatement; ++i)
                bindRow(*many, i * columns + 1, row + std::size_t(i));
            if (Status st = many->run(); !st) {
                // A constraint undoes the statement's rows and leaves the transaction open: the
                // rows go again one by one, so the error names the first that fails. Any other
                // failure may have ended the transaction, and nothing more is written.
                if (many->failedCode() != SQLITE_CONSTRAINT)
                    return st;
                break;
            }
        }
    }
    SqliteStatement *one = statement(kind, error);
    if (!one)
        return error;
    for (; row < count; ++row) {
        bindRow(*one, 1, row);
        if (Status st = one->run(); !st) {
            if (failedRow)
                *failedRow = row;
            return st;
        }
    }
    return {};
}

Status BulkWriter::insertMemory(const Memory &given)
{
    std::optional<Memory> repaired;
    if (const Status st = checkText(given, repaired); !st)
        return st;
    const Memory &memory = repaired ? *repaired : given;
    Error error;
    SqliteStatement *q = statement(kMemory, error);
    if (!q)
        return error;
    int index = 1;
    if (memory.sensitivity >= 3 || memory.isLocked()) {
        // Level-3 text is sealed with the session's key (docs/formats.md, "Encryption at
        // rest"); without one it stays as it came until a passphrase is set.
        const auto key = m_db.sealKey();
        if (key || memory.isLocked()) {
            auto sealed = sealed_row::toRow(memory, key.get(), m_db.path());
            if (!sealed)
                return sealed.error();
            row::forEachMemoryValue(*sealed, [&](const QVariant &value) { bindValue(*q, index++, value); });
            return q->run();
        }
    }
    TypedBinder binder { *q, index };
    row::forEachMemoryValue(memory, binder);
    return q->run();
}

Status BulkWriter::insertMemory(const MemoryValues &m)
{
    Error error;
    SqliteStatement *q = statement(kMemoryValues, error);
    if (!q)
        return error;
    int c = 1;
    q->bind(c++, m.id);
    q->bind(c++, m.content);
    q->bind(c++, m.category);
    q->bind(c++, m.keywordsJson);
    q->bind(c++, m.sourceType);
    q->bind(c++, m.sourceTaskId);
    q->bind(c++, m.sourceChatId);
    q->bind(c++, m.sourceMessageId);
    q->bind(c++, m.confidence);
    q->bind(c++, m.createdAt);
    q->bind(c++, m.updatedAt);
    q->bind(c++, m.lastAccessedAt);
    q->bind(c++, m.lastReinforcedAt);
    q->bind(c++, m.accessCount);
    q->bind(c++, m.reinforceCount);
    q->bind(c++, m.projectPath);
    q->bind(c++, m.strength);
    q->bind(c++, m.stability);
    q->bind(c++, m.decayRate);
    q->bind(c++, m.importance);
    q->bind(c++, std::int64_t(m.verified));
    q->bind(c++, std::int64_t(m.permanent));
    q->bind(c++, std::int64_t(m.negated));
    q->bind(c++, m.negatedAt);
    q->bind(c++, m.correctionHistoryJson);
    q->bind(c++, m.level);
    q->bind(c++, std::int64_t(m.compressed));
    q->bind(c++, m.compressedFrom);
    q->bind(c++, m.sensitivity);
    q->bind(c++, m.modalitiesJson);
    q->bind(c++, m.deletedAt);
    return q->run();
}

Status BulkWriter::appendEvent(Event &event)
{
    return appendEvent(event, row::toJsonUtf8(event.payload));
}

Status BulkWriter::appendEvent(Event &event, const QByteArray &payloadJson)
{
    Error error;
    SqliteStatement *q = statement(kEvent, error);
    if (!q)
        return error;
    q->bind(1, event.memoryId);
    q->bind(2, event.kind);
    q->bind(3, event.actor);
    q->bind(4, std::int64_t(event.at));
    q->bind(5, std::string_view(payloadJson.constData(), size_t(payloadJson.size())));
    if (Status st = q->run(); !st)
        return st;
    event.id = q->lastInsertId();
    return {};
}

Status BulkWriter::appendEvent(const EventValues &event)
{
    Error error;
    SqliteStatement *q = statement(kEvent, error);
    if (!q)
        return error;
    q->bind(1, event.memoryId);
    q->bind(2, event.kind);
    q->bind(3, event.actor);
    q->bind(4, event.at);
    q->bind(5, event.payloadJson);
    return q->run();
}

Result<std::int64_t> BulkWriter::appendEvents(std::span<const Event> events, std::span<const QByteArray> payloadJson,
    std::size_t *failedRow)
{
    Q_ASSERT(events.size() == payloadJson.size());
    if (events.empty())
        return std::int64_t(0);
    auto own = Transaction::forLooseWrite(m_db);
    if (own && !own->isActive())
        return own->error();
    const Status written = writeRows(kEvent, 5, events.size(), [&](SqliteStatement &q, int c, std::size_t i) {
        const Event &event = events[i];
        q.bind(c, event.memoryId);
        q.bind(c + 1, event.kind);
        q.bind(c + 2, event.actor);
        q.bind(c + 3, std::int64_t(event.at));
        q.bind(c + 4, std::string_view(payloadJson[i].constData(), std::size_t(payloadJson[i].size())));
    }, failedRow);
    if (!written)
        return written.error();
    Error error;
    SqliteStatement *q = statement(kEvent, error);
    if (!q)
        return error;
    const std::int64_t lastId = q->lastInsertId();
    if (own) {
        if (const Status st = own->commit(); !st)
            return st.error();
    }
    return lastId;
}

Status BulkWriter::putLinksIfStronger(std::span<const Association> links, std::size_t *failedRow)
{
    return writeRows(kLinkIfStronger, 5, links.size(), [&](SqliteStatement &q, int c, std::size_t i) {
        const Association &link = links[i];
        q.bind(c, link.a);
        q.bind(c + 1, link.b);
        q.bind(c + 2, link.weight);
        q.bind(c + 3, link.type);
        q.bind(c + 4, std::int64_t(link.createdAt));
    }, failedRow);
}

Status BulkWriter::insertLink(const LinkValues &link)
{
    Error error;
    SqliteStatement *q = statement(kLink, error);
    if (!q)
        return error;
    q->bind(1, link.a);
    q->bind(2, link.b);
    q->bind(3, link.weight);
    q->bind(4, link.type);
    q->bind(5, link.createdAt);
    return q->run();
}

Status BulkWriter::putLinkIfStronger(const Association &link)
{
    Error error;
    SqliteStatement *q = statement(kLinkIfStronger, error);
    if (!q)
        return error;
    q->bind(1, link.a);
    q->bind(2, link.b);
    q->bind(3, link.weight);
    q->bind(4, link.type);
    q->bind(5, std::int64_t(link.createdAt));
    return q->run();
}

Status BulkWriter::insertConflict(const ConflictValues &c)
{
    Error error;
    SqliteStatement *q = statement(kConflict, error);
    if (!q)
        return error;
    q->bind(1, c.a);
    q->bind(2, c.b);
    q->bind(3, c.type);
    q->bind(4, c.status);
    q->bind(5, c.resolution);
    q->bind(6, c.detectedAt);
    q->bind(7, c.resolvedAt);
    return q->run();
}

Result<bool> BulkWriter::noRowIn(const char *selectOne, const QString &what)
{
    SqliteStatement any;
    if (const Status st = any.prepare(m_db, selectOne, what); !st)
        return st.error();
    const bool empty = !any.next();
    if (const Status st = any.finished(); !st)
        return st.error();
    return empty;
}

Result<bool> BulkWriter::hasNoMemories()
{
    return noRowIn("SELECT 1 FROM memories LIMIT 1", QStringLiteral("looking at the memories"));
}

Result<bool> BulkWriter::deferLinkIndex()
{
    const auto empty = noRowIn("SELECT 1 FROM associations LIMIT 1", QStringLiteral("looking at the links"));
    if (!empty)
        return empty.error();
    if (!*empty)
        return false;
    if (const Status st = m_db.exec(QStringLiteral("DROP INDEX IF EXISTS associations_b")); !st)
        return st.error();
    return true;
}

Status BulkWriter::restoreLinkIndex()
{
    return m_db.exec(QStringLiteral("CREATE INDEX IF NOT EXISTS associations_b ON associations(b)"));
}

Result<bool> BulkWriter::memoryExists(const QString &id)
{
    Error error;
    SqliteStatement *q = statement(kExists, error);
    if (!q)
        return error;
    q->bind(1, id);
    const bool found = q->next();
    const Status st = q->finished();
    q->reset();
    if (!st)
        return st.error();
    return found;
}

} // namespace recollector::core
