#include "store/PageCacheSize.h"

#include "store/Database.h"
#include "store/Engine.h"

#include <QSqlQuery>
#include <QVariant>

namespace recollector::core {

PageCacheSize::PageCacheSize(Database &db, int kibibytes) : m_db(db)
{
    if (isServer(m_db))
        return; // the server's own buffers
    QSqlQuery q(m_db.handle());
    if (q.exec(QStringLiteral("PRAGMA cache_size")) && q.next())
        m_previous = q.value(0).toLongLong();
    q.finish();
    if (m_previous != 0)
        (void)m_db.exec(QStringLiteral("PRAGMA cache_size=-%1").arg(kibibytes));
}

PageCacheSize::~PageCacheSize()
{
    if (m_previous != 0)
        (void)m_db.exec(QStringLiteral("PRAGMA cache_size=%1").arg(m_previous));
}

} // namespace recollector::core
