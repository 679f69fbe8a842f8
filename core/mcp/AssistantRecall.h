#pragma once

#include "config/Config.h"
#include "model/Result.h"
#include "model/Time.h"

#include <QJsonArray>
#include <QString>

#include <memory>

namespace recollector::core {
class KeywordIndex;
class ScoringProfile;
class Store;
} // namespace recollector::core

namespace recollector::core::mcp {

/// What the assistant recalls for a query: Retrieval in normal mode (docs/scoring.md,
/// "Retrieval" and "Query modes": never negated, superseded, deleted or weak memories), with
/// the accesses recorded (actor `assistant`), each result as {id, content, strength, tier,
/// score, why}. The `recall` tool and recollector-bench's `retrieve_ms` both call recall(), so the
/// benchmark times exactly what the assistant waits for.
///
/// The keyword index is built once and then kept current from the event log: before each
/// query, the memories named by events since the last one seen are re-read (another writer,
/// the window, included); a bulk change the events cannot name rebuilds it.
class AssistantRecall final
{
public:
    AssistantRecall(Store &store, const Config &config, const ScoringProfile &profile);
    ~AssistantRecall();
    AssistantRecall(const AssistantRecall &) = delete;
    AssistantRecall &operator=(const AssistantRecall &) = delete;

    static constexpr int kMaxLimit = 50;
    static constexpr int kDefaultLimit = 10;

    struct Recalled
    {
        QStringList queryKeywords;
        QJsonArray results;
    };
    [[nodiscard]] Result<Recalled> recall(const QString &query, const QString &project, int limit, Millis now);

private:
    /// Builds the index, or brings it up to the store's latest event.
    [[nodiscard]] Status refreshIndex();

    Store &m_store;
    Config m_config;
    const ScoringProfile &m_profile;
    std::unique_ptr<KeywordIndex> m_index;
    qint64 m_lastEventId = 0;
    std::int64_t m_maxRowid = 0;
};

} // namespace recollector::core::mcp
