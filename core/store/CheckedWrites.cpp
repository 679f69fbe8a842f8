#include "store/CheckedWrites.h"

#include "store/Database.h"

namespace recollector::core {

CheckedWrites::CheckedWrites(Database &db) : m_db(db)
{
    if (!m_db.inTransaction() && !m_db.isReadOnly())
        m_turnedOff = bool(m_db.exec(QStringLiteral("PRAGMA foreign_keys=OFF")));
}

CheckedWrites::~CheckedWrites()
{
    if (m_turnedOff)
        (void)m_db.exec(QStringLiteral("PRAGMA foreign_keys=ON"));
}

} // namespace recollector::core
