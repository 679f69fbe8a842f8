#include "mcp/AssistantRecall.h"

#include "engine/recall/Retrieval.h"
#include "mcp/MemoryView.h"
#include "scoring/ScoringProfile.h"
#include "store/Store.h"

#include <algorithm>

namespace recollector::core::mcp {

namespace {

QString whyOf(const RetrievalResult &r)
{
    if (r.direct)
        return QStringLiteral("matched words · %1").arg(r.explanation());
    return QStringLiteral("activation path: %1 → %2 · %3")
        .arg(r.path.join(QStringLiteral(" → ")), r.id, r.explanation());
}

} // namespace

AssistantRecall::AssistantRecall(Store &store, const Config &config, const ScoringProfile &profile)
    : m_store(store), m_config(config), m_profile(profile)
{
}

Result<AssistantRecall::Recalled> AssistantRecall::recall(const QString &query, const QString &project, int limit,
                                                          Millis now)
{
    Retrieval retrieval(m_store, m_config, m_profile);
    RetrievalOptions options;
    options.mode = QueryMode::Normal;
    options.project = project;
    options.maxResults = std::clamp(limit, 1, kMaxLimit);
    auto results = retrieval.retrieve(query, options, now);
    if (!results)
        return results.error();
    Recalled out;
    out.queryKeywords = retrieval.queryKeywords();
    for (const RetrievalResult &r : *results) {
        QJsonObject item = MemoryView::toJson(r.memory, m_profile, m_config, now);
        item.insert(QStringLiteral("score"), r.score);
        item.insert(QStringLiteral("direct"), r.direct);
        item.insert(QStringLiteral("why"), whyOf(r));
        out.results.append(item);
    }
    return out;
}

} // namespace recollector::core::mcp
