#include "store/AssociationRewrite.h"

#include "store/Database.h"
#include "store/Engine.h"
#include "store/SqliteStatement.h"

namespace recollector::core {

AssociationRewrite::AssociationRewrite(Database &db) : m_db(db), m_insert(std::make_unique<SqliteStatement>()) {}

AssociationRewrite::~AssociationRewrite() = default;

Status AssociationRewrite::begin()
{
    if (const Status st = isServer(m_db) ? emptyOnServer() : emptyOnFile(); !st)
        return st;
    return m_insert->prepare(m_db,
                            "INSERT OR IGNORE INTO associations (a, b, weight, type, created_at) VALUES (?, ?, ?, ?, ?)",
                            QStringLiteral("writing associations"));
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
    m_insert->bind(1, link.a);
    m_insert->bind(2, link.b);
    m_insert->bind(3, link.weight);
    m_insert->bind(4, link.type);
    m_insert->bind(5, link.createdAt);
    return m_insert->run();
}

Status AssociationRewrite::finish()
{
    // The schema's own definition of the index (Schema.cpp, PgSchema.cpp).
    return m_db.exec(QStringLiteral("CREATE INDEX associations_b ON associations(b)"));
}

} // namespace recollector::core
