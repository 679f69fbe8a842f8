#pragma once

#include "config/Config.h"
#include "model/Memory.h"
#include "model/Result.h"
#include "model/Tier.h"

#include <QJsonObject>
#include <QSet>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace recollector::core {

class DecisionRecorder;
class KeywordIndex;
class ScoringProfile;
class Store;

/// The query modes (docs/scoring.md, "Query modes"): normal = levels full + summary, not
/// negated, not deleted, above the profile's forgotten line; review = every level, negated
/// included, not deleted; debug = everything, deleted too.
enum class QueryMode { Normal, Review, Debug };
QString queryModeName(QueryMode mode);
std::optional<QueryMode> queryModeFromName(const QString &name);

/// How direct hits are found and scored (docs/scoring.md, "Recall ranking"): `text` = BM25
/// over the store's text index fused with strength, confidence, project, recency and spreading
/// activation (the assistant's recall everywhere); `keywords` = the keyword-overlap
/// formula of docs/scoring.md, "Retrieval", what an attached agent-hub folder recalls by itself.
enum class Ranking { Text, Keywords };
QString rankingName(Ranking ranking);
std::optional<Ranking> rankingFromName(const QString &name);

struct RetrievalOptions
{
    QueryMode mode = QueryMode::Normal;
    Ranking ranking = Ranking::Text;
    QString project;         ///< the project the query is asked from: +0.3, and its scope wins
    bool preview = false;    ///< compute only: no access recorded, no link strengthened
    int maxResults = 10;     ///< direct + associative (docs/scoring.md, "Retrieval")
    int maxSeeds = 5;        ///< direct hits that seed the activation
};

/// One recalled memory with the reasons it was recalled.
struct RetrievalResult
{
    QString id;
    double score = 0;
    bool direct = false;       ///< a keyword hit; otherwise reached by spreading activation
    double activation = 0;     ///< seeds: relevance / best relevance; associative: the spread
    int depth = 0;             ///< hops from the seed (0 for direct hits)
    QStringList path;          ///< ids from the seed to the parent (empty for direct hits)
    QJsonObject factors;       ///< the terms of the score
    Memory memory;             ///< as stored after the access was recorded
    /// One line: the score as its terms add up, and the path for associative results.
    QString explanation() const;
};

/// What the assistant would recall for a query (docs/scoring.md, "Retrieval"):
///  1. query keywords = words of the query that are keywords of some memory (plus CJK and
///     multi-word keywords found in it);
///  2. direct hits through the inverted index, scored
///     keywordOverlap·2 + strength/100·0.5 + projectBonus 0.3 + confidence·0.3
///     (keywordOverlap = share of the query keywords the memory has; strength from the
///     active profile); the top maxSeeds are the seeds;
///  3. spreading activation from the seeds (seed activation = relevance / best relevance)
///     over the links around them, passing only memories the mode allows; associative
///     score = (keywordScore·0.6 + activation·0.4)·strength/100;
///  4. unless preview, in one transaction: each result gets an `access` event, accessCount
///     + 1 and lastAccessedAt (updatedAt unchanged: an access is not an edit, nor a
///     reinforcement); each associative result (reached by activation from a returned seed)
///     gets docs/scoring.md#reinforcement's association_hit (×1.1); every pair of results already
///     linked is strengthened by coRetrievalBoost (0.05), each boost a `link_boost` event
///     that a rebuild of the links applies again; under the lifecycle profile a review-mode
///     recall re-activates the archived and compressed memories it returns (reactivateIfArchived).
/// With a project, a global memory that lost a scope_overlap conflict (auto:project_wins)
/// to a memory of that project is not recalled.
class Retrieval final
{
public:
    Retrieval(Store &store, const Config &config, const ScoringProfile &profile);
    ~Retrieval();

    /// Uses a caller-held, current index instead of building one per query.
    void setKeywordIndex(const KeywordIndex *index) { m_index = index; }

    [[nodiscard]] Result<std::vector<RetrievalResult>> retrieve(const QString &query, const RetrievalOptions &options,
                                                                Millis now);
    /// The query keywords of the last retrieve(), sorted (the query terms under the text ranking).
    const QStringList &queryKeywords() const { return m_queryKeywords; }

    static bool passesMode(const Memory &memory, Tier tier, QueryMode mode);
    /// Neither deleted, negated nor superseded: normal mode returns nothing else.
    static bool isCurrent(const Memory &memory);

private:
    /// The text ranking (TextRecall), then step 4 as below.
    [[nodiscard]] Result<std::vector<RetrievalResult>> retrieveByText(const QString &query,
                                                                      const RetrievalOptions &options, Millis now);
    /// The caller's index, else one built from the store on first use and kept.
    Result<const KeywordIndex *> keywordIndex();
    /// Keeps the names of the query keywords for queryKeywords(); returns them as a set.
    QSet<QString> takeQueryKeywords(const KeywordIndex &index, const std::vector<std::uint32_t> &keywordIds);
    /// Step 4 in one transaction: an `access` event per result (the results get the stored
    /// memory back), the association_hit reinforcements and the co-retrieval boosts.
    /// Under the lifecycle profile, a review-mode recall brings an archived or compressed
    /// memory back (docs/scoring.md, "Unarchive"): an `unarchive` event ("trigger":
    /// "retrieval") beside its access, in the same transaction.
    [[nodiscard]] Status reactivateIfArchived(DecisionRecorder &recorder, const RetrievalOptions &options, Millis now,
                                              Memory &memory);
    [[nodiscard]] Status recordAccesses(const QString &query, const RetrievalOptions &options, Millis now,
                                        std::vector<RetrievalResult> &results);
    /// docs/scoring.md#reinforcement's association_hit (×1.1) for the associative results, in that transaction.
    [[nodiscard]] Status reinforceAssociativeHits(DecisionRecorder &recorder, Millis now,
                                                  std::vector<RetrievalResult> &results) const;
    /// The co-retrieval boost of every linked pair of results, each a `link_boost` event.
    [[nodiscard]] Status boostCoRetrieved(DecisionRecorder &recorder, const std::vector<RetrievalResult> &results) const;

    Store &m_store;
    Config m_config;
    const ScoringProfile &m_profile;
    const KeywordIndex *m_index = nullptr;
    std::unique_ptr<KeywordIndex> m_ownIndex;
    QStringList m_queryKeywords;
};

} // namespace recollector::core
