#include "engine/capture/Restatements.h"

#include "engine/capture/KeywordExtractor.h"
#include "engine/conflicts/ConflictDetector.h"
#include "engine/decisions/Decisions.h"
#include "engine/graph/KeywordIndex.h"
#include "engine/text/Restatement.h"
#include "engine/text/NegationCues.h"
#include "engine/text/StatementWords.h"
#include "store/ScanRows.h"
#include "store/Store.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace recollector::core {

namespace {

QStringList keywordsOf(std::string_view json)
{
    QStringList out;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(json.data(), qsizetype(json.size())));
    for (const QJsonValue &v : doc.array())
        out << v.toString();
    return out;
}

// The ids sharing a keyword with `wanted`, best overlap first, at most Restatements::kCandidates.
Result<QStringList> candidates(Store &store, const QStringList &wanted)
{
    NeighbourQuery query;
    for (const QString &k : wanted) {
        if (query.keywords.size() >= NeighbourQuery::kMaxTerms)
            break;
        query.keywords.push_back(k.toStdString());
    }
    std::vector<std::pair<double, QString>> found;
    const Status scanned = store.memories().scanNeighbourRows(query, [&](const KeywordRow &row) {
        if (row.deletedAt != 0)
            return true;
        const double j = KeywordIndex::jaccard(keywordsOf(row.keywordsJson), wanted);
        if (j > 0)
            found.emplace_back(j, QString::fromUtf8(row.id.data(), qsizetype(row.id.size())));
        return true;
    });
    if (!scanned)
        return scanned.error();
    std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first > b.first : a.second > b.second;
    });
    QStringList ids;
    for (std::size_t i = 0; i < found.size() && i < std::size_t(Restatements::kCandidates); ++i)
        ids << found[i].second;
    return ids;
}

} // namespace

Result<std::optional<Restatements::Match>> Restatements::find(Store &store, const Memory &draft)
{
    // A memory from a file may come without keywords: its words then stand for them, as they
    // do for one added without (KeywordExtractor).
    const QStringList wanted = draft.keywords.isEmpty() ? KeywordExtractor::extract(draft.content.trimmed())
                                                        : normalizeKeywords(draft.keywords);
    if (wanted.isEmpty() || draft.content.trimmed().isEmpty())
        return std::optional<Match>{};
    auto ids = candidates(store, wanted);
    if (!ids)
        return ids.error();
    if (ids->isEmpty())
        return std::optional<Match>{};
    auto memories = store.memories().byIds(*ids);
    if (!memories)
        return memories.error();
    const text::StatementFacts mine = text::StatementFacts::of(draft.content);
    const bool negative = NegationCues::analyse(draft.content).isNegative();
    const QStringList denied = text::StatementWords::deniedWords(draft.content);
    std::optional<Match> best;
    for (Memory &m : *memories) {
        if (!ConflictDetector::isEligible(m) || m.category != draft.category || m.projectPath != draft.projectPath)
            continue;
        const bool sameDenial = NegationCues::analyse(m.content).isNegative() == negative
            && text::StatementWords::deniedWords(m.content) == denied;
        const text::StatementFacts theirs = text::StatementFacts::of(m.content);
        const double share = text::Restatement::share(theirs, mine, sameDenial);
        if (share <= 0)
            continue;
        if (!best || share > best->share || (share == best->share && m.createdAt > best->memory.createdAt)) {
            const QString why = text::Restatement::why(m.content, share);
            best = Match{std::move(m), share, why};
        }
    }
    return best;
}

Result<std::optional<Restatements::Recorded>> Restatements::reinforce(Store &store, Decisions &decisions,
                                                                      const Memory &draft, Millis at,
                                                                      const QString &actor)
{
    auto same = find(store, draft);
    if (!same)
        return same.error();
    if (!*same)
        return std::optional<Recorded>{};
    auto done = record(decisions, std::move(**same), draft.content, at, actor);
    if (!done)
        return done.error();
    return std::optional<Recorded>{std::move(*done)};
}

Result<Restatements::Recorded> Restatements::record(Decisions &decisions, Match match, const QString &text, Millis at,
                                                    const QString &actor)
{
    auto done = decisions.reinforceRestated(match.memory.id, text.trimmed(), match.why, at, actor);
    if (!done)
        return done.error();
    return Recorded{std::move(match), std::move(*done)};
}

} // namespace recollector::core
