#include "store/ExportScan.h"

#include "store/MemoryRow.h"
#include "store/SqliteStatement.h"

namespace recollector::core {

Result<bool> ExportScan::holdsSealedRows() const
{
    // Level 3 is the only level whose text is sealed; an event's sealed payload is
    // {"sealed": envelope} (store/SealedRow), so a payload without that key holds none.
    SqliteStatement q(m_db,
        "SELECT EXISTS(SELECT 1 FROM memories WHERE sensitivity >= 3) "
        "OR EXISTS(SELECT 1 FROM events WHERE instr(payload, '\"sealed\"') > 0)",
        QStringLiteral("checking for sealed rows"));
    if (!q.isValid())
        return q.error();
    bool sealed = false;
    if (q.next())
        sealed = q.int64(0) != 0;
    if (const Status st = q.finished(); !st)
        return st.error();
    return sealed;
}

Status ExportScan::memories(const std::function<bool(const MemoryExportRow &)> &visit) const
{
    const std::string sql = "SELECT " + row::memoryColumns().join(QStringLiteral(", ")).toStdString()
        + " FROM memories ORDER BY id";
    SqliteStatement q(m_db, sql, QStringLiteral("reading memories for an export"));
    if (!q.isValid())
        return q.error();
    MemoryExportRow r;
    return q.forEachRow([&](const SqliteStatement &s) {
        int i = 0;
        r.id = s.text(i++);
        r.content = s.text(i++);
        r.category = s.text(i++);
        r.keywordsJson = s.text(i++);
        r.sourceType = s.text(i++);
        r.taskId = s.text(i++);
        r.chatId = s.text(i++);
        r.messageId = s.text(i++);
        r.confidence = s.real(i++);
        r.createdAt = s.int64(i++);
        r.updatedAt = s.int64(i++);
        r.lastAccessedAt = s.int64(i++);
        r.lastReinforcedAt = s.int64(i++);
        r.accessCount = s.int64(i++);
        r.reinforceCount = s.int64(i++);
        r.projectPath = s.text(i++);
        r.strength = s.real(i++);
        r.stability = s.real(i++);
        r.decayRate = s.real(i++);
        r.importance = s.real(i++);
        r.verified = s.int64(i++);
        r.permanent = s.int64(i++);
        r.negated = s.int64(i++);
        r.negatedAt = s.int64(i++);
        r.correctionHistoryJson = s.text(i++);
        r.level = s.text(i++);
        r.compressed = s.int64(i++);
        r.compressedFrom = s.text(i++);
        r.mergedFromJson = s.text(i++);
        r.mergedInto = s.text(i++);
        r.sourceIdsJson = s.text(i++);
        r.originalContentsJson = s.text(i++);
        r.sensitivity = s.int64(i++);
        r.modalitiesJson = s.text(i++);
        r.deletedAt = s.int64(i++);
        r.superseded = s.int64(i++);
        r.supersedesId = s.text(i++);
        r.agentImportance = s.isNull(i) ? std::nullopt : std::optional<double>(s.real(i));
        ++i;
        r.agentTier = s.text(i++);
        r.extraJson = s.text(i++);
        return visit(r);
    });
}

Status ExportScan::links(const std::function<bool(const LinkExportRow &)> &visit) const
{
    SqliteStatement q(m_db, "SELECT a, b, weight, type, created_at FROM associations ORDER BY a, b",
        QStringLiteral("reading associations for an export"));
    if (!q.isValid())
        return q.error();
    LinkExportRow r;
    return q.forEachRow([&](const SqliteStatement &s) {
        r.a = s.text(0);
        r.b = s.text(1);
        r.weight = s.real(2);
        r.type = s.text(3);
        r.createdAt = s.int64(4);
        return visit(r);
    });
}

Status ExportScan::events(const std::function<bool(const EventExportRow &)> &visit) const
{
    SqliteStatement q(m_db, "SELECT id, memory_id, kind, actor, at, payload FROM events ORDER BY id",
        QStringLiteral("reading events for an export"));
    if (!q.isValid())
        return q.error();
    EventExportRow r;
    return q.forEachRow([&](const SqliteStatement &s) {
        r.id = s.int64(0);
        r.memoryId = s.text(1);
        r.kind = s.text(2);
        r.actor = s.text(3);
        r.at = s.int64(4);
        r.payloadJson = s.text(5);
        return visit(r);
    });
}

} // namespace recollector::core
