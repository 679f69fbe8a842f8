#include "store/AssociationRewrite.h"

#include "store/Database.h"
#include "store/Engine.h"
#include "store/SqliteStatement.h"

#include <utility>

namespace recollector::core {

namespace {

QByteArray insertText(int rows)
{
    QByteArray sql = "INSERT OR IGNORE INTO associations (a, b, weight, type, created_at) VALUES ";
    for (int i = 0; i < rows; ++i)
        sql += i == 0 ? "(?, ?, ?, ?, ?)" : ", (?, ?, ?, ?, ?)";
    return sql;
}

std::string_view view(const QByteArray &bytes) { return {bytes.constData(), std::size_t(bytes.size())}; }

} // namespace

AssociationRewrite::AssociationRewrite(Database &db) : m_db(db), m_insert(std::make_unique<SqliteStatement>()) {}

AssociationRewrite::~AssociationRewrite() = default;

Status AssociationRewrite::begin()
{
    if (const Status st = isServer(m_db) ? emptyOnServer() : emptyOnFile(); !st)
        return st;
    if (isServer(m_db)) {
        m_insertMany = std::make_unique<SqliteStatement>();
        m_pending.reserve(kRowsPerStatement);
        if (const Status st = m_insertMany->prepare(m_db, view(insertText(kRowsPerStatement)),
                                                    QStringLiteral("writing associations"));
            !st)
            return st;
    }
    return m_insert->prepare(m_db, view(insertText(1)), QStringLiteral("writing associations"));
}

Status AssociationRewrite::emptyOnFile()
{
    // The table is dropped and created again as the store defines it, not emptied row by row:
    // with foreign keys on, SQLite's DELETE visits every row of a child table and then
    // the `b` index's entries, where dropping the table frees its pages at once, index included
    // (docs/performance.md, rebuild_associations_s). The links written next are checked as before.
    QString definition;
    {
        SqliteStatement q(m_db, "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'associations'",
                          QStringLiteral("reading the links table's definition"));
        if (!q.isValid())
            return q.error();
        if (q.next())
            definition = QString::fromUtf8(q.text(0).data(), qsizetype(q.text(0).size()));
        if (const Status st = q.finished(); !st)
            return st;
    }
    if (definition.isEmpty())
        return Error::make(Error::Code::Schema, QStringLiteral("%1: the store has no links table").arg(m_db.path()));
    for (const QString &sql : {QStringLiteral("DROP TABLE associations"), definition}) {
        if (const Status st = m_db.exec(sql); !st)
            return st;
    }
    return {};
}

Status AssociationRewrite::emptyOnServer()
{
    // TRUNCATE frees the table at once and, like DROP on SQLite, belongs to the transaction;
    // the index is built once after the links, as finish() builds it on SQLite.
    for (const char *sql : {"TRUNCATE associations", "DROP INDEX associations_b"}) {
        if (const Status st = m_db.exec(QString::fromLatin1(sql)); !st)
            return st;
    }
    return {};
}

Status AssociationRewrite::insert(const LinkValues &link)
{
    if (m_insertMany) {
        const auto bytes = [](std::string_view v) { return QByteArray(v.data(), qsizetype(v.size())); };
        m_pending.push_back({bytes(link.a), bytes(link.b), link.weight, bytes(link.type), link.createdAt});
        return m_pending.size() == std::size_t(kRowsPerStatement) ? writePending(*m_insertMany) : Status{};
    }
    m_insert->bind(1, link.a);
    m_insert->bind(2, link.b);
    m_insert->bind(3, link.weight);
    m_insert->bind(4, link.type);
    m_insert->bind(5, link.createdAt);
    return m_insert->run();
}

void AssociationRewrite::bindPending(SqliteStatement &statement, int first, const PendingLink &link)
{
    statement.bind(first, view(link.a));
    statement.bind(first + 1, view(link.b));
    statement.bind(first + 2, link.weight);
    statement.bind(first + 3, view(link.type));
    statement.bind(first + 4, link.createdAt);
}

Status AssociationRewrite::writePending(SqliteStatement &statement)
{
    for (std::size_t i = 0; i < m_pending.size(); ++i)
        bindPending(statement, int(i) * 5 + 1, m_pending[i]);
    m_pending.clear();
    return statement.run();
}

Status AssociationRewrite::finish()
{
    // The last links, fewer than a statement holds, one by one and in order: the first
    // written of a pair still wins.
    for (const PendingLink &link : std::exchange(m_pending, {})) {
        bindPending(*m_insert, 1, link);
        if (const Status st = m_insert->run(); !st)
            return st;
    }
    // The schema's own definition of the index (Schema.cpp, PgSchema.cpp).
    return m_db.exec(QStringLiteral("CREATE INDEX associations_b ON associations(b)"));
}

} // namespace recollector::core
