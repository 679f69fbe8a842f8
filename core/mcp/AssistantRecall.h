#pragma once

#include "config/Config.h"
#include "model/Result.h"
#include "model/Time.h"

#include <QJsonArray>
#include <QString>

namespace recollector::core {
class ScoringProfile;
class Store;
} // namespace recollector::core

namespace recollector::core::mcp {

/// What the assistant recalls for a query: Retrieval's text ranking in normal mode
/// (docs/scoring.md, "Recall ranking" and "Query modes": never negated, superseded, deleted
/// or weak memories), with the accesses recorded (actor `assistant`), each result as {id,
/// content, strength, tier, score, why}. The `recall` tool and recollector-bench's
/// `retrieve_ms` both call recall(), so the benchmark times exactly what the assistant waits
/// for. The store's text index is kept by the store itself, in each write's transaction, so
/// another writer's changes (the window's) are seen at once.
class AssistantRecall final
{
public:
    AssistantRecall(Store &store, const Config &config, const ScoringProfile &profile);
    AssistantRecall(const AssistantRecall &) = delete;
    AssistantRecall &operator=(const AssistantRecall &) = delete;

    static constexpr int kMaxLimit = 50;
    static constexpr int kDefaultLimit = 10;

    struct Recalled
    {
        QStringList queryKeywords; ///< the query's terms (docs/scoring.md, "Query terms")
        QJsonArray results;
    };
    [[nodiscard]] Result<Recalled> recall(const QString &query, const QString &project, int limit, Millis now);

private:
    Store &m_store;
    Config m_config;
    const ScoringProfile &m_profile;
};

} // namespace recollector::core::mcp
