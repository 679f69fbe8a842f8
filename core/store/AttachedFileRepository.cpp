#include "store/AttachedFileRepository.h"

#include "store/Database.h"

#include <QSqlQuery>
#include <QVariant>

namespace recollector::core {

AttachedFileRepository::AttachedFileRepository(Database &db) : m_db(db) {}
AttachedFileRepository::~AttachedFileRepository() = default;

Status AttachedFileRepository::ensureTables()
{
    QSqlQuery q(m_db.handle());
    if (!q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS attached_files (memory_id TEXT PRIMARY KEY NOT NULL, "
                               "name TEXT NOT NULL, hash TEXT NOT NULL, base TEXT NOT NULL, proj TEXT NOT NULL, "
                               "stamp TEXT NOT NULL DEFAULT '')")))
        return m_db.errorFrom(q, QStringLiteral("creating table attached_files"));
    if (!q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS attached_file_versions (memory_id TEXT NOT NULL, "
                               "decision TEXT NOT NULL, name TEXT NOT NULL, before_place INTEGER NOT NULL, "
                               "before_bytes BLOB NOT NULL, after_place INTEGER NOT NULL, after_bytes BLOB NOT NULL, "
                               "PRIMARY KEY (memory_id, decision))")))
        return m_db.errorFrom(q, QStringLiteral("creating table attached_file_versions"));
    return {};
}

namespace {
AttachedFileRepository::FileState readState(const QSqlQuery &q)
{
    return { q.value(0).toString(), q.value(1).toString(), q.value(2).toByteArray(), q.value(3).toByteArray(),
             q.value(4).toByteArray(), q.value(5).toString() };
}
} // namespace

Result<std::vector<AttachedFileRepository::FileState>> AttachedFileRepository::all() const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT memory_id, name, hash, base, proj, stamp FROM attached_files ORDER BY name")))
        return m_db.errorFrom(q, QStringLiteral("reading the attached files"));
    std::vector<FileState> out;
    while (q.next())
        out.push_back(readState(q));
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading the attached files")); !st)
        return st.error();
    return out;
}

Result<std::optional<AttachedFileRepository::FileState>> AttachedFileRepository::get(const QString &memoryId) const
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("SELECT memory_id, name, hash, base, proj, stamp FROM attached_files WHERE memory_id = ?"));
    q.addBindValue(memoryId);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading the attached file of %1").arg(memoryId));
    if (q.next())
        return std::optional<FileState>(readState(q));
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading the attached file of %1").arg(memoryId)); !st)
        return st.error();
    return std::optional<FileState>();
}

Status AttachedFileRepository::put(const FileState &s)
{
    if (!m_put) {
        m_put = std::make_unique<QSqlQuery>(m_db.handle());
        if (!m_put->prepare(QStringLiteral("INSERT OR REPLACE INTO attached_files (memory_id, name, hash, base, proj, stamp) "
                                           "VALUES (?, ?, ?, ?, ?, ?)"))) {
            const Error e = m_db.errorFrom(*m_put, QStringLiteral("recording the attached file %1").arg(s.name));
            m_put.reset();
            return e;
        }
    }
    QSqlQuery &q = *m_put;
    q.addBindValue(s.memoryId);
    q.addBindValue(s.name);
    q.addBindValue(QString::fromLatin1(s.hash));
    q.addBindValue(QString::fromUtf8(s.base));
    q.addBindValue(QString::fromUtf8(s.proj));
    q.addBindValue(s.stamp);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("recording the attached file %1").arg(s.name));
    return {};
}

Status AttachedFileRepository::remove(const QString &memoryId)
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("DELETE FROM attached_files WHERE memory_id = ?"));
    q.addBindValue(memoryId);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("forgetting the attached file of %1").arg(memoryId));
    return {};
}

Status AttachedFileRepository::putVersion(const Version &v)
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO attached_file_versions (memory_id, decision, name, "
                             "before_place, before_bytes, after_place, after_bytes) VALUES (?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(v.memoryId);
    q.addBindValue(v.decision);
    q.addBindValue(v.name);
    q.addBindValue(int(v.beforePlace));
    q.addBindValue(v.before.isNull() ? QByteArray("") : v.before);
    q.addBindValue(int(v.afterPlace));
    q.addBindValue(v.after.isNull() ? QByteArray("") : v.after);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("recording the file version of %1").arg(v.memoryId));
    return {};
}

Result<std::optional<AttachedFileRepository::Version>> AttachedFileRepository::version(
    const QString &memoryId, const QString &decision) const
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("SELECT name, before_place, before_bytes, after_place, after_bytes "
                             "FROM attached_file_versions WHERE memory_id = ? AND decision = ?"));
    q.addBindValue(memoryId);
    q.addBindValue(decision);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading the file version of %1").arg(memoryId));
    if (q.next()) {
        Version v;
        v.memoryId = memoryId;
        v.decision = decision;
        v.name = q.value(0).toString();
        v.beforePlace = Place(q.value(1).toInt());
        v.before = q.value(2).toByteArray();
        v.afterPlace = Place(q.value(3).toInt());
        v.after = q.value(4).toByteArray();
        return std::optional<Version>(v);
    }
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading the file version of %1").arg(memoryId)); !st)
        return st.error();
    return std::optional<Version>();
}

} // namespace recollector::core
