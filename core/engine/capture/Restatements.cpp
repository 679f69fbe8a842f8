#include "engine/capture/Restatements.h"

#include "engine/capture/HeldStatements.h"
#include "engine/capture/KeywordExtractor.h"
#include "engine/conflicts/ConflictDetector.h"
#include "engine/decisions/Decisions.h"
#include "engine/text/QueryTerms.h"
#include "engine/text/Restatement.h"
#include "engine/text/NegationCues.h"
#include "engine/text/StatementWords.h"
#include "store/Store.h"
#include "store/TextSearch.h"

namespace recollector::core {

namespace {

// The best Restatements::kCandidates memories for the draft's content words and keywords, by
// the text index (docs/scoring.md#restatements): a look-up, not a scan, so that an assistant
// writing many memories on one subject does not make each write read all of them.
Result<QStringList> candidates(Store &store, const QString &content, const QStringList &keywords)
{
    text::QueryTerms terms = text::queryTerms(content);
    for (const QString &k : keywords) {
        if (!terms.words.contains(k) && !terms.cjkRuns.contains(k))
            terms.words << k;
    }
    auto hits = TextSearch(store.database()).search(terms.words, terms.cjkRuns, Restatements::kCandidates);
    if (!hits)
        return hits.error();
    QStringList ids;
    ids.reserve(qsizetype(hits->size()));
    for (const TextHit &hit : *hits)
        ids << hit.id;
    return ids;
}

} // namespace

Result<std::optional<Restatements::Match>> Restatements::find(Store &store, const Memory &draft, HeldStatements *held)
{
    // A memory from a file may come without keywords: its words then stand for them, as they
    // do for one added without (KeywordExtractor).
    const QStringList wanted = draft.keywords.isEmpty() ? KeywordExtractor::extract(draft.content.trimmed())
                                                        : normalizeKeywords(draft.keywords);
    if (wanted.isEmpty() || draft.content.trimmed().isEmpty())
        return std::optional<Match>{};
    auto ids = candidates(store, draft.content, wanted);
    if (!ids)
        return ids.error();
    if (ids->isEmpty())
        return std::optional<Match>{};
    HeldStatements once;
    auto memories = (held ? held : &once)->get(store, *ids);
    if (!memories)
        return memories.error();
    const text::StatementFacts mine = text::StatementFacts::of(draft.content);
    const bool negative = NegationCues::analyse(draft.content).isNegative();
    const QStringList denied = text::StatementWords::deniedWords(draft.content);
    const HeldStatements::Held *best = nullptr;
    double bestShare = 0;
    for (const HeldStatements::Held *h : *memories) {
        const Memory &m = h->memory;
        if (!ConflictDetector::isEligible(m) || m.category != draft.category || m.projectPath != draft.projectPath)
            continue;
        const bool sameDenial = h->negative == negative && h->denied == denied;
        const double share = text::Restatement::share(h->facts, mine, sameDenial);
        if (share < text::Restatement::kTakenAsOne)
            continue;
        if (!best || share > bestShare || (share == bestShare && m.createdAt > best->memory.createdAt)) {
            best = h;
            bestShare = share;
        }
    }
    if (!best)
        return std::optional<Match>{};
    return std::optional<Match>{Match{best->memory, bestShare, text::Restatement::why(best->memory.content, bestShare)}};
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
