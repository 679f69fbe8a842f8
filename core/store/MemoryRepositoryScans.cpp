// MemoryRepository's bulk scans (declared in MemoryRepository.h): the C-API reads the engine
// and the snapshot make over every memory.
#include "store/MemoryRepository.h"

#include "store/Database.h"
#include "store/SealedRow.h"

#include "crypto/Sealer.h"
#include "store/SqliteStatement.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <limits>

namespace recollector::core {

namespace {

// Runs `sql`, handing every row to `onRow` until it returns false; reports a read error
// (a damaged page) instead of taking it for the end of the rows.
template <typename OnRow>
Status scan(Database &db, std::string_view sql, const QString &what, OnRow &&onRow)
{
    SqliteStatement q(db, sql, what);
    if (!q.isValid())
        return q.error();
    return q.forEachRow(std::forward<OnRow>(onRow));
}

// levelFromName (MemoryRow's reading: unknown names are full) without a QString per row.
MemoryLevel levelFrom(std::string_view name)
{
    if (name == "summary")
        return MemoryLevel::Summary;
    if (name == "trace")
        return MemoryLevel::Trace;
    if (name == "archive")
        return MemoryLevel::Archive;
    return MemoryLevel::Full;
}

// The keywords of a sealed level-3 row, opened with the session's key into `buffer` as the
// JSON array the scans hand over; "[]" while locked, so link building and retrieval never see
// sealed keywords then (docs/formats.md, "Encryption at rest").
std::string_view openedKeywords(const crypto::StoreKey *key, std::string_view id, std::string_view content,
                                std::string &buffer)
{
    if (!key)
        return "[]";
    Memory m;
    m.id = QString::fromUtf8(id.data(), qsizetype(id.size()));
    m.sensitivity = 3;
    m.content = QString::fromUtf8(content.data(), qsizetype(content.size()));
    sealed_row::fromRow(m, key);
    if (m.isLocked())
        return "[]";
    buffer = QJsonDocument(QJsonArray::fromStringList(m.keywords)).toJson(QJsonDocument::Compact).toStdString();
    return buffer;
}

bool isSealedRow(std::int64_t sensitivity, std::string_view content)
{
    return sensitivity >= 3 && content.substr(0, 5) == "enc1:";
}

/// The opened text of a level-3 row, kept while the row is visited (the row's views point here).
struct OpenedRow
{
    std::string content;
    std::string keywords;
    std::string name;
    std::string description;
};

/// A level-3 row's sealed text opened with the session's key into `opened` (the row's content
/// and keywords then view it), or the row marked locked. True when the name and description
/// were sealed with the text (rows sealed earlier keep them in their column).
bool openSealedRow(SnapshotRow &r, const crypto::StoreKey *key, OpenedRow &opened)
{
    Memory sealed;
    sealed.id = QString::fromUtf8(r.id.data(), qsizetype(r.id.size()));
    sealed.sensitivity = 3;
    sealed.content = QString::fromUtf8(r.content.data(), qsizetype(r.content.size()));
    sealed_row::fromRow(sealed, key);
    if (sealed.isLocked()) {
        r.locked = true;
        r.content = {};
        r.keywordsJson = "[]";
        return false;
    }
    opened.content = sealed.content.toStdString();
    opened.keywords = QJsonDocument(QJsonArray::fromStringList(sealed.keywords)).toJson(QJsonDocument::Compact).toStdString();
    r.content = opened.content;
    r.keywordsJson = opened.keywords;
    if (sealed.extra.isEmpty())
        return false;
    opened.name = sealed.extra.value(QLatin1String("name")).toString().toStdString();
    opened.description = sealed.extra.value(QLatin1String("description")).toString().toStdString();
    return true;
}

/// scanSnapshotRows' scoring columns (6 to 25) into `m`.
void readScoringColumns(const SqliteStatement &s, Memory &m)
{
    m.confidence = s.real(6);
    m.createdAt = s.int64(7);
    m.updatedAt = s.int64(8);
    m.lastAccessedAt = s.int64(9);
    m.lastReinforcedAt = s.int64(10);
    m.accessCount = int(s.int64(11));
    m.reinforceCount = int(s.int64(12));
    m.stability = s.real(14);
    m.decayRate = s.real(15);
    m.importance = s.real(16);
    m.verified = s.int64(17) != 0;
    m.permanent = s.int64(18) != 0;
    m.negated = s.int64(19) != 0;
    m.negatedAt = s.int64(20);
    m.level = levelFrom(s.text(21));
    m.compressed = s.int64(22) != 0;
    m.sensitivity = int(s.int64(23));
    m.deletedAt = s.int64(24);
    m.superseded = s.int64(25) != 0;
}

} // namespace

Result<IdTotals> MemoryRepository::idTotals() const
{
    IdTotals totals;
    const Status st = scan(m_db, "SELECT count(*), coalesce(sum(length(id)), 0) FROM memories",
                           QStringLiteral("counting memories"), [&](const SqliteStatement &q) {
                               totals.rows = q.int64(0);
                               totals.idBytes = q.int64(1);
                               return false;
                           });
    if (!st)
        return st.error();
    return totals;
}

Status MemoryRepository::scanIds(const std::function<bool(std::string_view)> &visit) const
{
    return scan(m_db, "SELECT id FROM memories ORDER BY rowid", QStringLiteral("reading memory ids"),
                [&](const SqliteStatement &q) { return visit(q.text(0)); });
}

Status MemoryRepository::scanKeywordRows(const std::function<bool(const KeywordRow &)> &visit) const
{
    KeywordRow row;
    const auto key = m_db.sealKey();
    std::string buffer;
    return scan(m_db,
                "SELECT id, keywords, source_task_id, project_path, created_at, deleted_at, sensitivity, "
                "CASE WHEN sensitivity >= 3 THEN content ELSE '' END FROM memories ORDER BY rowid",
                QStringLiteral("reading memories for the keyword index"), [&](const SqliteStatement &q) {
                    row.id = q.text(0);
                    row.keywordsJson = q.text(1);
                    if (isSealedRow(q.int64(6), q.text(7)))
                        row.keywordsJson = openedKeywords(key.get(), row.id, q.text(7), buffer);
                    row.taskId = q.text(2);
                    row.projectPath = q.text(3);
                    row.createdAt = q.int64(4);
                    row.deletedAt = q.int64(5);
                    return visit(row);
                });
}

Status MemoryRepository::scanNeighbourRows(const NeighbourQuery &query,
                                           const std::function<bool(const KeywordRow &)> &visit) const
{
    if (query.terms() == 0)
        return {};
    if (query.terms() > NeighbourQuery::kMaxTerms)
        return Error::make(Error::Code::Validation,
                           QStringLiteral("%1: too many terms in one neighbour query").arg(m_db.path()));
    // One fixed fragment per term, every value bound: the statement's text holds no data.
    std::string sql = "SELECT id, keywords, source_task_id, project_path, created_at, deleted_at, sensitivity, "
                      "CASE WHEN sensitivity >= 3 THEN content ELSE '' END FROM memories WHERE 0";
    for (std::size_t i = 0; i < query.keywords.size(); ++i)
        // instr, not LIKE: a pattern made from a keyword (a long word of the text) could pass
        // SQLite's LIKE pattern limit and fail the write (docs/formats.md, "Text in, text out"). lower()
        // folds ASCII case, as LIKE did; the bound keyword is folded the same way.
        sql += " OR instr(lower(keywords), ?) > 0";
    // Sealed rows' keywords cannot be matched in SQL: with the store unlocked they are all
    // candidates (the caller checks the parsed keywords); locked, none is.
    const auto key = m_db.sealKey();
    if (key && !query.keywords.empty())
        sql += " OR (sensitivity >= 3 AND content LIKE 'enc1:%')";
    for (std::size_t i = 0; i < query.taskIds.size(); ++i)
        sql += " OR source_task_id = ?";
    for (std::size_t i = 0; i < query.projectPaths.size(); ++i)
        sql += " OR project_path = ?";
    for (std::size_t i = 0; i < query.timeRanges.size(); ++i)
        sql += " OR created_at BETWEEN ? AND ?";
    sql += " ORDER BY rowid";
    SqliteStatement q(m_db, sql, QStringLiteral("reading the neighbours of a memory"));
    if (!q.isValid())
        return q.error();
    int at = 1;
    for (const std::string &k : query.keywords) {
        std::string folded = k;
        for (char &c : folded) {
            if (c >= 'A' && c <= 'Z')
                c = char(c - 'A' + 'a');
        }
        q.bind(at++, std::string_view(folded));
    }
    for (const std::string &t : query.taskIds)
        q.bind(at++, std::string_view(t));
    for (const std::string &p : query.projectPaths)
        q.bind(at++, std::string_view(p));
    for (const auto &[from, to] : query.timeRanges) {
        q.bind(at++, from);
        q.bind(at++, to);
    }
    KeywordRow row;
    std::string buffer;
    return q.forEachRow([&](const SqliteStatement &r) {
        row.id = r.text(0);
        row.keywordsJson = r.text(1);
        if (isSealedRow(r.int64(6), r.text(7)))
            row.keywordsJson = openedKeywords(key.get(), row.id, r.text(7), buffer);
        row.taskId = r.text(2);
        row.projectPath = r.text(3);
        row.createdAt = r.int64(4);
        row.deletedAt = r.int64(5);
        return visit(row);
    });
}

Status MemoryRepository::scanConflictInputs(const std::function<bool(const ConflictInputRow &)> &visit) const
{
    ConflictInputRow row;
    return scan(m_db,
                // Sealed text is never compared (docs/formats.md, "Encryption at rest").
                "SELECT id, content, project_path, created_at, negated, superseded, merged_into, deleted_at "
                "FROM memories WHERE NOT (sensitivity >= 3 AND content LIKE 'enc1:%') ORDER BY rowid",
                QStringLiteral("reading memories for conflict detection"), [&](const SqliteStatement &q) {
                    row.id = q.text(0);
                    row.content = q.text(1);
                    row.projectPath = q.text(2);
                    row.createdAt = q.int64(3);
                    row.negated = q.int64(4) != 0;
                    row.superseded = q.int64(5) != 0;
                    row.mergedInto = q.text(6);
                    row.deletedAt = q.int64(7);
                    return visit(row);
                });
}

Status MemoryRepository::scanSnapshotRows(std::int64_t afterRowid, std::int64_t limit,
                                          const std::function<bool(SnapshotRow &)> &visit) const
{
    // Column order is read by index below.
    SqliteStatement q(m_db,
                      "SELECT rowid, id, content, category, keywords, source_type, confidence, created_at, "
                      "updated_at, last_accessed_at, last_reinforced_at, access_count, reinforce_count, project_path, "
                      "stability, decay_rate, importance, verified, permanent, negated, negated_at, level, compressed, "
                      "sensitivity, deleted_at, superseded, "
                      // Most rows carry '{}': only a larger, valid extra is looked into.
                      "CASE WHEN length(extra) > 2 AND json_valid(extra) THEN json_extract(extra, '$.name') END, "
                      "CASE WHEN length(extra) > 2 AND json_valid(extra) THEN json_extract(extra, '$.description') END, "
                      "agent_tier = 'hot' "
                      "FROM memories WHERE rowid > ?1 ORDER BY rowid LIMIT ?2",
                      QStringLiteral("reading memories"));
    if (!q.isValid())
        return q.error();
    q.bind(1, afterRowid);
    // "All" as the largest count: SQLite reads a negative LIMIT as none, PostgreSQL refuses it.
    q.bind(2, limit < 0 ? std::numeric_limits<std::int64_t>::max() : limit);
    SnapshotRow r;
    const auto key = m_db.sealKey();
    OpenedRow opened;
    return q.forEachRow([&](const SqliteStatement &s) {
        r.rowid = s.int64(0);
        r.id = s.text(1);
        r.content = s.text(2);
        r.category = s.text(3);
        r.keywordsJson = s.text(4);
        r.locked = false;
        // Level-3 text: opened with the session's key, or shown "locked".
        const bool namedInEnvelope
            = s.int64(23) >= 3 && r.content.substr(0, 5) == "enc1:" && openSealedRow(r, key.get(), opened);
        r.sourceType = s.text(5);
        r.projectPath = s.text(13);
        readScoringColumns(s, r.scoring);
        // The one agent tier that changes a score (ScoreInput::from): no text copied per row.
        static const QString kHot = QStringLiteral("hot");
        r.scoring.agentTier = s.int64(28) != 0 ? kHot : QString();
        r.name = r.locked ? std::string_view() : namedInEnvelope ? std::string_view(opened.name) : s.text(26);
        r.description = r.locked ? std::string_view()
            : namedInEnvelope    ? std::string_view(opened.description)
                                 : s.text(27);
        return visit(r);
    });
}

Status MemoryRepository::scanSealedIds(const std::function<bool(std::string_view id)> &visit) const
{
    return scan(m_db, "SELECT id FROM memories WHERE sensitivity >= 3 AND content LIKE 'enc1:%' ORDER BY rowid",
                QStringLiteral("reading sealed memory ids"), [&](const SqliteStatement &q) { return visit(q.text(0)); });
}

Result<std::int64_t> MemoryRepository::maxRowid() const
{
    std::int64_t out = 0;
    const Status st = scan(m_db, "SELECT COALESCE(MAX(rowid), 0) FROM memories", QStringLiteral("reading the last rowid"),
                           [&](const SqliteStatement &q) {
                               out = q.int64(0);
                               return false;
                           });
    if (!st)
        return st.error();
    return out;
}

Result<TableShape> MemoryRepository::shape() const
{
    TableShape out;
    const Status st = scan(m_db, "SELECT count(*), COALESCE(MAX(rowid), 0) FROM memories",
                           QStringLiteral("counting memories"), [&](const SqliteStatement &q) {
                               out.rows = q.int64(0);
                               out.maxRowid = q.int64(1);
                               return false;
                           });
    if (!st)
        return st.error();
    return out;
}

Result<QHash<QString, std::int64_t>> MemoryRepository::rowidsOf(const QStringList &ids) const
{
    QHash<QString, std::int64_t> out;
    if (ids.isEmpty())
        return out;
    // The ids bound as one JSON array, as byIds does.
    SqliteStatement q(m_db, "SELECT id, rowid FROM memories WHERE id IN (SELECT value FROM json_each(?))",
                      QStringLiteral("reading the rowids of %1 memories").arg(ids.size()));
    if (!q.isValid())
        return q.error();
    q.bind(1, QJsonDocument(QJsonArray::fromStringList(ids)).toJson(QJsonDocument::Compact).toStdString());
    out.reserve(ids.size());
    if (const Status st = q.forEachRow([&](const SqliteStatement &s) {
            out.insert(s.qstring(0), s.int64(1));
            return true;
        });
        !st)
        return st.error();
    return out;
}

} // namespace recollector::core
