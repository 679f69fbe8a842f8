#include "engine/decisions/Reinforcement.h"

#include "scoring/ImportanceProfile.h"

#include <algorithm>

namespace recollector::core {

namespace {
struct EventInfo
{
    ReinforceEvent event;
    const char *name;
};
constexpr EventInfo kEvents[] = {{ReinforceEvent::Access, "access"},
                                 {ReinforceEvent::TaskSuccess, "task_success"},
                                 {ReinforceEvent::TaskFailure, "task_failure"},
                                 {ReinforceEvent::Manual, "manual"},
                                 {ReinforceEvent::AssociationHit, "association_hit"}};
} // namespace

Reinforcement::Reinforcement(const Config &config) : m_config(config), m_ebbinghaus(config) {}

QString Reinforcement::eventName(ReinforceEvent event)
{
    for (const EventInfo &e : kEvents) {
        if (e.event == event)
            return QString::fromLatin1(e.name);
    }
    return {};
}

std::optional<ReinforceEvent> Reinforcement::eventFromName(const QString &name)
{
    for (const EventInfo &e : kEvents) {
        if (name == QLatin1String(e.name))
            return e.event;
    }
    return std::nullopt;
}

QStringList Reinforcement::eventNames()
{
    QStringList out;
    for (const EventInfo &e : kEvents)
        out << QString::fromLatin1(e.name);
    return out;
}

bool Reinforcement::isMention(ReinforceEvent event)
{
    // A meaningful, explicit use. A retrieval hit (access) or an indirect activation
    // (association_hit) is not the user bringing the memory up.
    return event == ReinforceEvent::Manual || event == ReinforceEvent::TaskSuccess
           || event == ReinforceEvent::TaskFailure;
}

bool Reinforcement::isBoost(ReinforceEvent event)
{
    // docs/scoring.md#reinforcement: BOOST only when the memory really shaped the outcome; a failed task or a
    // mere retrieval does not count (its "problem 2" was boosting every top-k hit).
    return event == ReinforceEvent::Manual || event == ReinforceEvent::TaskSuccess;
}

double Reinforcement::multiplier(ReinforceEvent event) const
{
    const auto &r = m_config.reinforce;
    switch (event) {
    case ReinforceEvent::Access: return r.retrieve;
    case ReinforceEvent::TaskSuccess: return r.taskSuccess;
    case ReinforceEvent::TaskFailure: return r.taskFailure;
    case ReinforceEvent::Manual: return r.manualReview;
    case ReinforceEvent::AssociationHit: return r.associationHit;
    }
    return 1;
}

double Reinforcement::decayRateFor(const Memory &m) const
{
    const auto &d = m_config.decay;
    double rate = 1.0;
    if (m.confidence >= d.highConfidence)
        rate *= d.highConfidenceFactor;
    if (m.reinforceCount >= d.wellReinforcedCount)
        rate *= d.wellReinforcedFactor;
    rate *= m_config.category(m.category).decayRateFactor;
    return std::clamp(rate, d.minDecayRate, d.maxDecayRate);
}

double Reinforcement::strengthAt(const Memory &m, Millis at) const
{
    return m_ebbinghaus.evaluate(ScoreInput::from(m, m_config), at).strength;
}

double Reinforcement::importanceAt(const Memory &m, Millis at) const
{
    const ScoreInput in = ScoreInput::from(m, m_config);
    const CategoryConfig &cat = m_config.categories[in.categoryIndex];
    if (cat.neverDecays || m.importance >= m_config.importance.coreAt)
        return m.importance;
    return ImportanceProfile::decay(m.importance, cat.dailyDecayFactor, cat.graceDays,
                                    double(at - in.lastAccessedAt) / double(kMsPerDay));
}

void Reinforcement::touch(Memory &m, Millis at) const
{
    m.updatedAt = at;
    m.strength = strengthAt(m, at);
}

Reinforcement::Applied Reinforcement::apply(Memory &m, ReinforceEvent event, Millis at, int recentMentions,
                                            bool countsUse) const
{
    const auto &e = m_config.enhanced;
    Applied applied;
    applied.event = event;
    applied.mention = isMention(event);
    applied.multiplier = multiplier(event);
    if (applied.mention) {
        applied.frequent = recentMentions + 1 >= e.frequentMentions;
        if (applied.frequent && applied.multiplier > 1 && e.semanticBoost > 0)
            applied.multiplier = 1 + (applied.multiplier - 1) * (e.frequentSemanticBoost / e.semanticBoost);
    }
    // Write the importance decay so far back into importance before the access clock restarts.
    m.importance = importanceAt(m, at);
    if (isBoost(event)) {
        applied.importanceBoost = m_config.importance.boost;
        m.importance += applied.importanceBoost;
    }
    m.stability = std::min(m.stability * applied.multiplier, m_config.decay.maxStability);
    m.reinforceCount += 1;
    m.lastReinforcedAt = at;
    if (countsUse)
        m.accessCount += 1;
    m.lastAccessedAt = at;
    m.decayRate = decayRateFor(m);
    touch(m, at);
    return applied;
}

} // namespace recollector::core
