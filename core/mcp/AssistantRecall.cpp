#include "mcp/AssistantRecall.h"

#include "engine/graph/KeywordIndex.h"
#include "engine/recall/Retrieval.h"
#include "mcp/MemoryView.h"
#include "scoring/ScoringProfile.h"
#include "store/Store.h"

#include <QSet>

namespace recollector::core::mcp {

namespace {

/// Past this many changed memories a rebuild is cheaper than re-reading them one by one.
constexpr int kMaxIncremental = 20000;

QString whyOf(const RetrievalResult &r, const QSet<QString> &queryKeywords)
{
    if (r.direct) {
        QStringList shared;
        for (const QString &k : r.memory.keywords) {
            if (queryKeywords.contains(k))
                shared << k;
        }
        return QStringLiteral("keyword overlap: %1 · %2").arg(shared.join(QStringLiteral(", ")), r.explanation());
    }
    return QStringLiteral("activation path: %1 → %2 · %3")
        .arg(r.path.join(QStringLiteral(" → ")), r.id, r.explanation());
}

} // namespace

AssistantRecall::AssistantRecall(Store &store, const Config &config, const ScoringProfile &profile)
    : m_store(store), m_config(config), m_profile(profile)
{
}

AssistantRecall::~AssistantRecall() = default;

Status AssistantRecall::refreshIndex()
{
    auto last = m_store.events().lastId();
    if (!last)
        return last.error();
    auto maxRowid = m_store.memories().maxRowid();
    if (!maxRowid)
        return maxRowid.error();
    if (m_index && *last == m_lastEventId && *maxRowid == m_maxRowid)
        return {};
    bool rebuild = !m_index;
    std::vector<EventLog::Touched> touched;
    if (!rebuild) {
        auto changed = m_store.events().touchedSince(m_lastEventId, kMaxIncremental + 1);
        if (!changed)
            return changed.error();
        touched = std::move(*changed);
        // More than we re-read, or rows that came without events (a bulk generate).
        rebuild = touched.size() > std::size_t(kMaxIncremental) || (touched.empty() && *maxRowid != m_maxRowid);
    }
    if (rebuild) {
        auto built = KeywordIndex::build(m_store);
        if (!built)
            return built.error();
        m_index = std::make_unique<KeywordIndex>(std::move(*built));
    } else if (!touched.empty()) {
        QStringList ids;
        for (const EventLog::Touched &t : touched)
            ids << t.memoryId;
        auto rows = m_store.memories().byIds(ids);
        if (!rows)
            return rows.error();
        QSet<QString> present;
        for (const Memory &m : *rows) {
            m_index->upsert(m);
            present.insert(m.id);
        }
        for (const QString &id : ids) {
            if (!present.contains(id))
                m_index->remove(id); // purged
        }
    }
    m_lastEventId = *last;
    m_maxRowid = *maxRowid;
    return {};
}

Result<AssistantRecall::Recalled> AssistantRecall::recall(const QString &query, const QString &project, int limit,
                                                          Millis now)
{
    if (const Status st = refreshIndex(); !st)
        return st.error();
    Retrieval retrieval(m_store, m_config, m_profile);
    retrieval.setKeywordIndex(m_index.get());
    RetrievalOptions options;
    options.mode = QueryMode::Normal;
    options.project = project;
    options.maxResults = std::clamp(limit, 1, kMaxLimit);
    auto results = retrieval.retrieve(query, options, now);
    if (!results)
        return results.error();
    Recalled out;
    out.queryKeywords = retrieval.queryKeywords();
    const QSet<QString> keywords(out.queryKeywords.cbegin(), out.queryKeywords.cend());
    for (const RetrievalResult &r : *results) {
        QJsonObject item = MemoryView::toJson(r.memory, m_profile, m_config, now);
        item.insert(QStringLiteral("score"), r.score);
        item.insert(QStringLiteral("direct"), r.direct);
        item.insert(QStringLiteral("why"), whyOf(r, keywords));
        out.results.append(item);
    }
    return out;
}

} // namespace recollector::core::mcp
