#pragma once

#include "config/Config.h"
#include "engine/recall/Retrieval.h"
#include "model/Result.h"

#include <QSet>
#include <QStringList>

#include <vector>

namespace recollector::core {

class ScoringProfile;
class Store;

/// The text ranking (docs/scoring.md, "Recall ranking"): BM25 over the store's text index,
/// fused with the memory's strength under the profile, confidence, project and recency, then
/// spreading activation from the best text hits to the memories written just before and after
/// them and over the stored links. Every result carries its terms (factors) so it can say why.
class TextRecall final
{
public:
    TextRecall(Store &store, const Config &config, const ScoringProfile &profile);

    /// Best first, at most options.maxResults; `losers` are never recalled. Records nothing.
    [[nodiscard]] Result<std::vector<RetrievalResult>> run(const QString &query, const RetrievalOptions &options,
                                                           const QSet<QString> &losers, Millis now);
    /// The query's terms of the last run (docs/scoring.md, "Query terms").
    const QStringList &terms() const { return m_terms; }

private:
    Store &m_store;
    Config m_config;
    const ScoringProfile &m_profile;
    QStringList m_terms;
};

} // namespace recollector::core
