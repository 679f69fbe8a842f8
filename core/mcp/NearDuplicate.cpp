#include "mcp/NearDuplicate.h"

#include "engine/graph/KeywordIndex.h"
#include "engine/recall/Retrieval.h"
#include "engine/text/StatementWords.h"
#include "store/ScanRows.h"
#include "store/Store.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace recollector::core::mcp {

namespace {

QStringList keywordsOf(std::string_view json)
{
    QStringList out;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(json.data(), qsizetype(json.size())));
    for (const QJsonValue &v : doc.array())
        out << v.toString();
    return out;
}

} // namespace

Result<std::optional<NearDuplicate::Match>> NearDuplicate::find(Store &store, const Memory &draft)
{
    const QStringList wanted = normalizeKeywords(draft.keywords);
    if (wanted.isEmpty())
        return std::optional<Match>{};
    // A match shares ≥ 80 % of the union, so it holds one of any 200 of the new keywords.
    NeighbourQuery query;
    for (const QString &k : wanted) {
        if (query.keywords.size() >= NeighbourQuery::kMaxTerms)
            break;
        query.keywords.push_back(k.toStdString());
    }
    QHash<QString, double> overlaps;
    const Status scanned = store.memories().scanNeighbourRows(query, [&](const KeywordRow &row) {
        if (row.deletedAt != 0)
            return true;
        const double j = KeywordIndex::jaccard(keywordsOf(row.keywordsJson), wanted);
        if (j >= kMinJaccard)
            overlaps.insert(QString::fromUtf8(row.id.data(), qsizetype(row.id.size())), j);
        return true;
    });
    if (!scanned)
        return scanned.error();
    if (overlaps.isEmpty())
        return std::optional<Match>{};
    auto candidates = store.memories().byIds(overlaps.keys());
    if (!candidates)
        return candidates.error();
    std::optional<Match> best;
    for (Memory &m : *candidates) {
        if (!Retrieval::isCurrent(m) || !m.mergedInto.isEmpty() || m.category != draft.category)
            continue;
        // Decided by the text, not the keywords (docs/scoring.md, "Same statement"): a
        // different value or a different denial is a new statement, kept and checked for conflicts.
        if (!text::StatementWords::sameStatement(m.content, draft.content))
            continue;
        const double j = overlaps.value(m.id);
        if (!best || j > best->jaccard || (j == best->jaccard && m.createdAt > best->memory.createdAt))
            best = Match{std::move(m), j};
    }
    return best;
}

} // namespace recollector::core::mcp
