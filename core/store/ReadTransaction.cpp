#include "store/ReadTransaction.h"

#include "store/Database.h"
#include "store/Engine.h"

namespace recollector::core {

ReadTransaction::ReadTransaction(Database &db) : m_db(db)
{
    if (db.inTransaction())
        return;
    // PostgreSQL's default gives each statement its own snapshot: REPEATABLE READ holds one
    // for the whole transaction, as SQLite's read transaction holds one state of the file.
    m_status = db.exec(isServer(db) ? QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ") : QStringLiteral("BEGIN"));
    m_own = bool(m_status);
    if (m_own && isServer(db))
        ++db.readDepth();
}

ReadTransaction::~ReadTransaction()
{
    if (!m_own)
        return;
    if (isServer(m_db))
        --m_db.readDepth();
    (void)m_db.exec(QStringLiteral("COMMIT"));
}

} // namespace recollector::core
