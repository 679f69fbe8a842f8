#include "store/ReadTransaction.h"

#include "store/Database.h"

namespace recollector::core {

ReadTransaction::ReadTransaction(Database &db) : m_db(db)
{
    if (db.inTransaction())
        return;
    m_status = db.exec(QStringLiteral("BEGIN"));
    m_own = bool(m_status);
}

ReadTransaction::~ReadTransaction()
{
    if (m_own)
        (void)m_db.exec(QStringLiteral("COMMIT"));
}

} // namespace recollector::core
