#include "views/MemoryCurve.h"

#include "model/MemoryFields.h"
#include "scoring/MentionIndex.h"
#include "text/EventText.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <limits>

namespace recollector::ui {

namespace {

using core::Event;
using core::Memory;
using core::Millis;
namespace ev = core::events;

/// Events that move lastReinforcedAt (every reinforcement resets the clock:
/// docs/scoring.md, "Reinforcement").
bool isReinforcing(const Event &e)
{
    return e.kind == ev::kReinforce
        || e.payload.value(QLatin1String("after")).toObject().contains(QLatin1String("lastReinforcedAt"));
}

} // namespace

QStringList MemoryCurveBuilder::applyFields(Memory &m, const QJsonObject &fields)
{
    // Field by field through core's MemoryFields (the codec decision events are written
    // with), so one key this build does not know leaves the others applied.
    QStringList applied;
    for (auto it = fields.begin(); it != fields.end(); ++it) {
        QJsonValue value = it.value();
        if (it.key().endsWith(QLatin1String("At")) && value.isDouble()) // epoch ms from other writers
            value = value.toDouble() == 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(core::time::toIso(Millis(value.toDouble())));
        if (core::MemoryFields::apply(m, QJsonObject{{it.key(), value}}))
            applied << it.key();
    }
    return applied;
}

std::vector<MemoryState> MemoryCurveBuilder::states(const Memory &current, const std::vector<Event> &eventsOldestFirst)
{
    std::vector<Event> events = eventsOldestFirst;
    std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.at < b.at; });

    std::vector<MemoryState> newestFirst;
    Memory state = current;
    for (int i = int(events.size()) - 1; i >= 0; --i) {
        const Event &e = events[size_t(i)];
        newestFirst.push_back({e.at, state});
        Memory prior = state;
        const QJsonObject before = e.payload.value(QLatin1String("before")).toObject();
        const QStringList applied = applyFields(prior, before);
        if (isReinforcing(e) && !applied.contains(QStringLiteral("lastReinforcedAt"))) {
            // The payload kept only what it changed on purpose (stability); the clock moved
            // from the previous reinforcement, or from creation for the first one.
            Millis previous = current.createdAt;
            for (int j = i - 1; j >= 0; --j) {
                if (isReinforcing(events[size_t(j)])) {
                    previous = events[size_t(j)].at;
                    break;
                }
            }
            prior.lastReinforcedAt = previous;
        }
        if (e.kind == ev::kReinforce && !applied.contains(QStringLiteral("reinforceCount")))
            prior.reinforceCount = std::max(0, prior.reinforceCount - 1); // every reinforcement counts one
        if (e.kind == ev::kAccess) {
            // A retrieval hit counts one access and moves lastAccessedAt (lifecycle's recalls).
            if (!applied.contains(QStringLiteral("accessCount")))
                prior.accessCount = std::max(0, prior.accessCount - 1);
            if (!applied.contains(QStringLiteral("lastAccessedAt"))) {
                Millis previous = 0;
                for (int j = i - 1; j >= 0; --j) {
                    if (events[size_t(j)].kind == ev::kAccess) {
                        previous = events[size_t(j)].at;
                        break;
                    }
                }
                prior.lastAccessedAt = previous;
            }
        }
        if (e.kind == ev::kNegate) {
            // Before a negation the memory was not negated and C(t) had not started.
            if (!applied.contains(QStringLiteral("negated")))
                prior.negated = false;
            if (!applied.contains(QStringLiteral("negatedAt")))
                prior.negatedAt = 0;
        }
        if (e.kind == ev::kPermanent && !applied.contains(QStringLiteral("permanent"))) {
            const QJsonValue on = e.payload.value(QLatin1String("after")).toObject().value(QLatin1String("permanent"));
            if (on.isBool())
                prior.permanent = !on.toBool();
        }
        state = prior;
    }
    Millis start = current.createdAt;
    if (!events.empty() && (start == 0 || events.front().at < start))
        start = events.front().at;
    if (start == 0)
        start = current.lastReinforcedAt ? current.lastReinforcedAt : current.updatedAt;
    newestFirst.push_back({start, state});
    return {newestFirst.rbegin(), newestFirst.rend()};
}

const Memory &MemoryCurveBuilder::stateAt(const std::vector<MemoryState> &states, Millis at)
{
    // Last state that started at or before `at`; several events at one instant leave the
    // latest of them in force.
    size_t chosen = 0;
    for (size_t i = 0; i < states.size(); ++i) {
        if (states[i].from <= at)
            chosen = i;
        else
            break;
    }
    return states[chosen].memory;
}

Millis MemoryCurveBuilder::defaultHorizon(Millis start, Millis now)
{
    const Millis half = std::max<Millis>(0, now - start) / 2;
    return std::clamp(half, 30 * core::kMsPerDay, 90 * core::kMsPerDay);
}

bool MemoryCurveBuilder::markerKindFor(const Event &e, CurveMarkerKind *kind)
{
    CurveMarkerKind k;
    if (e.kind == ev::kReinforce || e.kind == ev::kConfirm)
        k = CurveMarkerKind::Reinforcement;
    else if (e.kind == ev::kNegate)
        k = CurveMarkerKind::Negation;
    else if (e.kind == ev::kEdit || e.kind == ev::kPermanent || e.kind == ev::kMerge || e.kind == ev::kDelete
             || e.kind == ev::kRestore || e.kind == ev::kArchive || e.kind == ev::kCompress || e.kind == ev::kUnarchive
             || e.kind == ev::kConflictResolved || e.kind == ev::kConflictDismissed || e.kind == ev::kRevert)
        k = CurveMarkerKind::Edit;
    else if (e.kind == ev::kAccess)
        k = CurveMarkerKind::Access;
    else
        return false;
    if (kind)
        *kind = k;
    return true;
}

MemoryCurve MemoryCurveBuilder::build(const Memory &current, const std::vector<Event> &eventsOldestFirst,
                                      const core::ScoringProfile &profile, Millis now, Millis horizonMs,
                                      int pastSamples, int futureSamples)
{
    return buildWindow(current, eventsOldestFirst, profile, now, std::numeric_limits<Millis>::min(),
                       now + std::max<Millis>(horizonMs, 1), pastSamples, futureSamples);
}

MemoryCurve MemoryCurveBuilder::buildWindow(const Memory &current, const std::vector<Event> &eventsOldestFirst,
                                            const core::ScoringProfile &profile, Millis now, Millis from, Millis to,
                                            int pastSamples, int futureSamples)
{
    MemoryCurve curve;
    curve.memoryId = current.id;
    curve.now = now;
    const std::vector<MemoryState> all = states(current, eventsOldestFirst);
    const core::Config &config = profile.config();
    // The enhanced profile's S(t) and M(t) depend on the mentions made up to each instant.
    core::MentionIndex mentions(config);
    mentions.addEvents(eventsOldestFirst);
    auto inputAt = [&](const Memory &m, Millis at) {
        return core::ScoreInput::from(m, config, mentions.summary(current.id, at));
    };
    auto scoreOf = [&](const Memory &m, Millis at) { return profile.evaluate(inputAt(m, at), at).score; };

    const Millis start = std::max(all.front().from, from);
    const Millis pastEnd = std::min(now, to);
    if (start < pastEnd) {
        const double span = double(pastEnd - start);
        for (size_t i = 0; i < all.size(); ++i) {
            const Millis a = std::max(all[i].from, start);
            const Millis b = std::min(i + 1 < all.size() ? all[i + 1].from : pastEnd, pastEnd);
            if (b <= a)
                continue; // a state replaced at the same instant, outside the window or after now
            const int n = std::max(2, int(std::lround(pastSamples * double(b - a) / span)));
            for (int k = 0; k < n; ++k) {
                const Millis at = a + Millis(double(b - a) * k / (n - 1));
                curve.past.push_back({at, scoreOf(all[i].memory, at)});
            }
        }
    }

    if (to > now) {
        const Memory &atNow = stateAt(all, now);
        curve.future = profile.curve(inputAt(atNow, now), now, to, std::max(1, futureSamples));
    }

    Millis lastReinforcementMarker = -1;
    size_t lastReinforcement = 0;
    for (const Event &e : eventsOldestFirst) {
        CurveMarkerKind kind;
        if (e.at > now || e.at < start || e.at > to || !markerKindFor(e, &kind))
            continue;
        // confirm is written together with its reinforce event: one marker for the pair.
        // The reinforce event's label (with the stability change) is the one worth keeping.
        if (kind == CurveMarkerKind::Reinforcement && e.at == lastReinforcementMarker) {
            if (e.kind == ev::kReinforce)
                curve.markers[lastReinforcement].label = EventText::summary(e);
            continue;
        }
        curve.markers.push_back({e.at, scoreOf(stateAt(all, e.at), e.at), kind, EventText::summary(e)});
        if (kind == CurveMarkerKind::Reinforcement) {
            lastReinforcementMarker = e.at;
            lastReinforcement = curve.markers.size() - 1;
        }
    }
    return curve;
}

std::optional<Millis> MemoryCurveBuilder::fadeInstant(const Memory &current, const std::vector<Event> &eventsOldestFirst,
                                                      const core::ScoringProfile &profile, Millis now, Millis limitMs)
{
    double lowest = std::numeric_limits<double>::infinity();
    for (const core::TierThreshold &t : profile.thresholds())
        lowest = std::min(lowest, t.score);
    if (!std::isfinite(lowest))
        return std::nullopt;
    const std::vector<MemoryState> all = states(current, eventsOldestFirst);
    const core::Config &config = profile.config();
    core::MentionIndex mentions(config);
    mentions.addEvents(eventsOldestFirst);
    const core::ScoreInput in = core::ScoreInput::from(stateAt(all, now), config, mentions.summary(current.id, now));
    auto below = [&](Millis at) { return profile.evaluate(in, at).score < lowest; };
    if (below(now))
        return std::nullopt;
    // Doubling steps find a bracket, halving narrows it to an hour: ~40 evaluations.
    Millis step = core::kMsPerHour;
    Millis good = now;
    while (!below(now + step)) {
        good = now + step;
        if (step >= limitMs)
            return std::nullopt;
        step = std::min(step * 2, limitMs);
    }
    Millis bad = now + step;
    while (bad - good > core::kMsPerHour) {
        const Millis mid = good + (bad - good) / 2;
        (below(mid) ? bad : good) = mid;
    }
    return bad;
}

} // namespace recollector::ui
