#include "scoring/DecayCurve.h"

#include "model/MemoryFields.h"
#include "scoring/MentionIndex.h"

#include <algorithm>

namespace recollector::core {

std::vector<DecayCurve::State> DecayCurve::states(const Memory &current, const std::vector<Event> &history)
{
    std::vector<State> reversed;
    std::optional<Memory> state = current;
    for (auto it = history.rbegin(); it != history.rend(); ++it) {
        const QJsonObject &p = it->payload;
        if (p.value(QStringLiteral("created")).toBool()) {
            reversed.push_back({it->at, state});
            state.reset();
        } else if (p.value(QStringLiteral("removed")).toBool()) {
            reversed.push_back({it->at, std::nullopt});
            auto before = MemoryFields::fromJson(p.value(QStringLiteral("before")).toObject());
            state = before ? std::optional<Memory>(*before) : std::nullopt;
        } else if (p.value(QStringLiteral("before")).isObject()) {
            reversed.push_back({it->at, state});
            if (state) {
                Memory earlier = *state;
                if (MemoryFields::apply(earlier, p.value(QStringLiteral("before")).toObject()))
                    state = earlier;
            }
        }
    }
    reversed.push_back({std::numeric_limits<Millis>::min(), state});
    std::reverse(reversed.begin(), reversed.end());
    return reversed;
}

DecayCurveData DecayCurve::build(const ScoringProfile &profile, const Memory &current, const std::vector<Event> &history,
                                 Millis from, Millis to, Millis now, int steps)
{
    DecayCurveData out;
    out.from = from;
    out.to = to;
    out.now = now;
    out.thresholds = profile.thresholds();
    if (to < from || steps < 1)
        return out;
    const std::vector<State> timeline = states(current, history);
    MentionIndex mentions(profile.config());
    mentions.addEvents(history);

    // The state in force at `t`: the last one starting at or before it (several events at
    // one instant: the last of them).
    auto stateAt = [&](Millis t) -> const std::optional<Memory> & {
        auto it = std::upper_bound(timeline.begin(), timeline.end(), t,
                                   [](Millis v, const State &s) { return v < s.from; });
        return std::prev(it)->memory;
    };
    auto evaluate = [&](const Memory &m, Millis t) {
        return profile.evaluate(ScoreInput::from(m, profile.config(), mentions.summary(m.id, t)), t);
    };

    std::vector<Millis> instants;
    instants.reserve(size_t(steps) + 2 * history.size() + 2);
    for (int i = 0; i <= steps; ++i)
        instants.push_back(from + Millis(double(to - from) * i / steps));
    if (now >= from && now <= to)
        instants.push_back(now);
    for (const Event &e : history) {
        if (e.at < from || e.at > to)
            continue;
        if (e.at - 1 >= from)
            instants.push_back(e.at - 1);
        instants.push_back(e.at);
    }
    std::sort(instants.begin(), instants.end());
    instants.erase(std::unique(instants.begin(), instants.end()), instants.end());

    for (Millis t : instants) {
        const std::optional<Memory> &m = t > now ? std::optional<Memory>(current) : stateAt(t);
        if (!m || t < m->createdAt)
            continue;
        const Score s = evaluate(*m, t);
        out.points.push_back({t, s.score, s.strength, s.tier, t > now});
    }

    for (const Event &e : history) {
        if (e.at < from || e.at > to)
            continue;
        CurveMarker marker;
        marker.at = e.at;
        marker.eventId = e.id;
        marker.kind = e.kind;
        const QString type = e.payload.value(QStringLiteral("event")).toString();
        const QString reverts = e.payload.value(QStringLiteral("revertsKind")).toString();
        marker.label = !type.isEmpty()      ? QStringLiteral("%1 (%2)").arg(e.kind, type)
                       : !reverts.isEmpty() ? QStringLiteral("revert of %1").arg(reverts)
                                            : e.kind;
        const std::optional<Memory> &before = stateAt(e.at - 1);
        const std::optional<Memory> &after = stateAt(e.at);
        marker.scoreBefore = before && e.at - 1 >= before->createdAt ? evaluate(*before, e.at - 1).score : 0;
        marker.scoreAfter = after ? evaluate(*after, e.at).score : 0;
        out.markers.push_back(marker);
    }
    return out;
}

} // namespace recollector::core
