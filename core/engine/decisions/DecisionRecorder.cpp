#include "engine/decisions/DecisionRecorder.h"

#include "engine/decisions/CrashPoint.h"
#include "model/MemoryFields.h"
#include "model/MemoryJson.h"
#include "model/Ids.h"
#include "scoring/EnhancedProfile.h"
#include "store/Store.h"

#include <QJsonArray>

#include <algorithm>

namespace recollector::core {

DecisionRecorder::DecisionRecorder(Store &store, const Config &config, const EnhancedProfile *weights, QString actor,
                                   Millis at)
    : m_store(store), m_config(config),
      m_ownWeights(weights ? nullptr : std::make_unique<EnhancedProfile>(config)),
      m_weights(weights ? weights : m_ownWeights.get()), m_actor(std::move(actor)), m_at(at)
{
    m_outcome.decisionId = QStringLiteral("dec_") + ids::newUlid(at);
}

DecisionRecorder::~DecisionRecorder() = default;

void DecisionRecorder::touched(const QString &memoryId)
{
    if (!m_outcome.changedIds.contains(memoryId))
        m_outcome.changedIds << memoryId;
}

Status DecisionRecorder::append(const QString &kind, const QString &memoryId, QJsonObject payload)
{
    payload.insert(QStringLiteral("decision"), m_outcome.decisionId);
    Event event;
    event.memoryId = memoryId;
    event.kind = kind;
    event.actor = m_actor;
    event.at = m_at;
    event.payload = payload;
    if (const Status st = m_store.events().append(event); !st)
        return st;
    m_outcome.eventIds << event.id;
    // A kill here leaves an event appended and its row not yet written: the transaction
    // must make that invisible (tst_crash).
    CrashPoint::hit("decision.event-appended");
    return {};
}

Result<MemoryMentions *> DecisionRecorder::mentionsOf(const QString &memoryId)
{
    if (const auto it = m_mentions.find(memoryId); it != m_mentions.end())
        return &it->second;
    // Counts over the mention index, not every reinforcement of the memory: a decision costs
    // the same however long its history (docs/team-store.md#many-writers).
    auto loaded = MemoryMentions::load(m_store.events(), m_config, memoryId, m_at);
    if (!loaded)
        return loaded.error();
    return &m_mentions.emplace(memoryId, std::move(*loaded)).first->second;
}

Result<int> DecisionRecorder::recentMentions(const QString &memoryId)
{
    auto mentions = mentionsOf(memoryId);
    if (!mentions)
        return mentions.error();
    return (*mentions)->recent();
}

QJsonObject DecisionRecorder::weightChange(const QString &reason, const Memory *before,
                                           const MentionSummary &mentionsBefore, const Memory *after,
                                           const MentionSummary &mentionsAfter) const
{
    // docs/scoring.md#weight-change-log: every change of W with its factor breakdown.
    QJsonObject log{{QStringLiteral("reason"), reason}};
    auto weightOf = [this](const Memory &m, const MentionSummary &mentions, QJsonObject &factors) {
        const auto f = m_weights->breakdown(ScoreInput::from(m, m_config, mentions), m_at);
        factors = f.toJson();
        return m.permanent ? m_config.enhanced.maxWeight : f.weight;
    };
    double oldWeight = 0;
    if (before) {
        QJsonObject factors;
        oldWeight = weightOf(*before, mentionsBefore, factors);
        log.insert(QStringLiteral("oldWeight"), oldWeight);
        log.insert(QStringLiteral("factorsBefore"), factors);
    }
    if (after) {
        QJsonObject factors;
        const double newWeight = weightOf(*after, mentionsAfter, factors);
        log.insert(QStringLiteral("newWeight"), newWeight);
        log.insert(QStringLiteral("factors"), factors);
        if (before)
            log.insert(QStringLiteral("delta"), newWeight - oldWeight);
    }
    return log;
}

Status DecisionRecorder::change(const QString &kind, const Memory &before, const Memory &after,
                                const QJsonObject &extra, bool addsMention)
{
    const auto [b, a] = MemoryFields::diff(before, after);
    QJsonObject payload = extra;
    payload.insert(QStringLiteral("before"), b);
    payload.insert(QStringLiteral("after"), a);
    if (addsMention)
        payload.insert(QStringLiteral("mention"), true);
    // The weight change log, whatever profile is active (docs/scoring.md, "Weight
    // change log"): W of the enhanced model before and after, mentions included.
    auto mentions = mentionsOf(before.id);
    if (!mentions)
        return mentions.error();
    const MentionSummary mentionsBefore = (*mentions)->summary();
    if (addsMention)
        (*mentions)->addOne();
    payload.insert(QStringLiteral("weight"), weightChange(kind, &before, mentionsBefore, &after, (*mentions)->summary()));
    if (const Status st = append(kind, before.id, payload); !st)
        return st;
    if (const Status st = m_store.memories().update(after); !st)
        return st;
    touched(before.id);
    return {};
}

Status DecisionRecorder::create(const QString &kind, const Memory &created, const QJsonObject &extra)
{
    QJsonObject payload = extra;
    payload.insert(QStringLiteral("created"), true);
    payload.insert(QStringLiteral("after"), MemoryFields::toJson(created));
    payload.insert(QStringLiteral("weight"), weightChange(kind, nullptr, {}, &created, {}));
    if (const Status st = m_store.memories().insert(created); !st)
        return st;
    if (const Status st = append(kind, created.id, payload); !st)
        return st;
    touched(created.id);
    m_outcome.createdIds << created.id;
    return {};
}

Status DecisionRecorder::remove(const QString &kind, const Memory &removed, const QJsonObject &extra)
{
    auto links = m_store.associations().of(removed.id);
    if (!links)
        return links.error();
    QJsonArray associations;
    for (const Association &a : *links)
        associations.append(io::associationToJson(a));
    QJsonObject payload = extra;
    payload.insert(QStringLiteral("removed"), true);
    payload.insert(QStringLiteral("before"), MemoryFields::toJson(removed));
    payload.insert(QStringLiteral("associations"), associations);
    if (const Status st = append(kind, removed.id, payload); !st)
        return st;
    if (const Status st = m_store.memories().remove(removed.id); !st)
        return st;
    touched(removed.id);
    m_outcome.removedIds << removed.id;
    return {};
}

Result<std::optional<double>> DecisionRecorder::boostLink(const QString &memoryId, const QString &other, double delta,
                                                          const QString &reason, const QJsonObject &extra)
{
    auto link = m_store.associations().get(memoryId, other);
    if (!link)
        return link.error();
    if (!link->has_value() || delta <= 0)
        return std::optional<double>{};
    const Association before = **link;
    Association after = before;
    after.weight = std::min(1.0, before.weight + delta);
    if (!(after.weight > before.weight))
        return std::optional<double>{};
    if (const Status st = m_store.associations().put(after); !st)
        return st.error();
    QJsonObject payload = extra;
    payload.insert(QStringLiteral("other"), other);
    payload.insert(QStringLiteral("delta"), delta);
    payload.insert(QStringLiteral("reason"), reason);
    payload.insert(QStringLiteral("weightBefore"), before.weight);
    payload.insert(QStringLiteral("weightAfter"), after.weight);
    payload.insert(QStringLiteral("linkRemoved"), io::associationToJson(before));
    payload.insert(QStringLiteral("linkAdded"), io::associationToJson(after));
    if (const Status st = append(events::kLinkBoost, memoryId, payload); !st)
        return st.error();
    // The other end's history shows it too; its copy carries no link, so a revert restores
    // the link once and the learned sum counts it once (`mirror`).
    QJsonObject mirror = extra;
    mirror.insert(QStringLiteral("other"), memoryId);
    mirror.insert(QStringLiteral("delta"), delta);
    mirror.insert(QStringLiteral("reason"), reason);
    mirror.insert(QStringLiteral("weightBefore"), before.weight);
    mirror.insert(QStringLiteral("weightAfter"), after.weight);
    mirror.insert(QStringLiteral("mirror"), true);
    if (const Status st = append(events::kLinkBoost, other, mirror); !st)
        return st.error();
    return std::optional<double>{after.weight};
}

Status DecisionRecorder::note(const QString &kind, const QString &memoryId, const QJsonObject &payload)
{
    if (const Status st = append(kind, memoryId, payload); !st)
        return st;
    return {};
}

} // namespace recollector::core
