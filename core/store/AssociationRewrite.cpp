#include "store/AssociationRewrite.h"

#include "store/Database.h"
#include "store/SqliteStatement.h"

namespace engram::core {

AssociationRewrite::AssociationRewrite(Database &db) : m_db(db), m_insert(std::make_unique<SqliteStatement>()) {}

AssociationRewrite::~AssociationRewrite() = default;

Status AssociationRewrite::begin()
{
    for (const char *sql : {"DROP INDEX IF EXISTS associations_b", "DELETE FROM associations"}) {
        if (const Status st = m_db.exec(QString::fromLatin1(sql)); !st)
            return st;
    }
    return m_insert->prepare(m_db,
                            "INSERT OR IGNORE INTO associations (a, b, weight, type, created_at) VALUES (?, ?, ?, ?, ?)",
                            QStringLiteral("writing associations"));
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
    // The schema's own definition of the index (Schema.cpp).
    return m_db.exec(QStringLiteral("CREATE INDEX associations_b ON associations(b)"));
}

} // namespace engram::core
