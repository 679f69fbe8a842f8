#include "engine/conflicts/ConflictResolver.h"

#include "engine/decisions/DecisionRecorder.h"
#include "engine/decisions/Decisions.h"
#include "model/MemoryFields.h"
#include "engine/decisions/Reinforcement.h"
#include "engine/decisions/WeightLog.h"
#include "model/MemoryJson.h"
#include "model/Ids.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QJsonArray>

#include <cmath>

namespace recollector::core {

namespace {

QString shortText(const Memory &m)
{
    const QString c = m.content.simplified();
    return c.size() > 60 ? c.left(57) + QStringLiteral("…") : c;
}

// The negation a resolution applies (docs/scoring.md#negation-with-a-correction: is_negated + correction history; C(t) starts).
void negate(Memory &m, const Memory &winner, qint64 conflictId, const QString &strategy, Millis at)
{
    if (!m.negated || m.negatedAt == 0)
        m.negatedAt = at;
    m.negated = true;
    // A level-3 winner's text is not copied into a row that is not sealed (docs/formats.md,
    // "Encryption at rest"): its id says where the newer statement is.
    const bool quote = winner.sensitivity < 3 || m.sensitivity >= 3;
    m.correctionHistory.append(QJsonObject{
        {QStringLiteral("time"), time::toIso(at)},
        {QStringLiteral("reason"), QStringLiteral("conflict %1 resolved: %2").arg(conflictId).arg(strategy)},
        {QStringLiteral("newPreference"), quote ? winner.content : QString()},
        {QStringLiteral("newId"), winner.id}});
}

void supersede(Memory &m, Millis at)
{
    m.superseded = true;
    if (m.negatedAt == 0)
        m.negatedAt = at;
}

// The confidence a direct contradiction's automatic handling took away from `m`, if its
// current confidence is still the one that handling left.
Result<std::optional<double>> penaltyBefore(Store &store, const Memory &m, qint64 conflictId)
{
    auto history = store.events().forMemory(m.id);
    if (!history)
        return history.error();
    for (const Event &e : *history) {
        if (e.kind != events::kConflictDetected
            || qint64(e.payload.value(QStringLiteral("conflictId")).toDouble()) != conflictId)
            continue;
        const QJsonValue before = e.payload.value(QStringLiteral("before")).toObject().value(QStringLiteral("confidence"));
        const QJsonValue after = e.payload.value(QStringLiteral("after")).toObject().value(QStringLiteral("confidence"));
        if (before.isDouble() && after.isDouble() && std::abs(after.toDouble() - m.confidence) < 1e-9)
            return std::optional<double>{before.toDouble()};
    }
    return std::optional<double>{};
}

// A direct contradiction's confidence penalty taken back from both memories of `p` (keep_both,
// dismissal): the detector's automatic handling was wrong about them.
Status restorePenalties(Store &store, ResolutionPlan &p)
{
    if (p.before.type != ConflictType::DirectContradiction)
        return {};
    for (Memory *m : {&p.aAfter, &p.bAfter}) {
        auto restored = penaltyBefore(store, *m, p.before.id);
        if (!restored)
            return restored.error();
        if (restored->has_value()) {
            p.changes << QStringLiteral("%1: confidence back to %2").arg(m->id).arg(**restored);
            m->confidence = **restored;
        }
    }
    return {};
}

// The changed fields of one memory, before and after, as a resolution event carries them.
QJsonObject side(const Memory &before, const Memory &after)
{
    const auto [changedBefore, changedAfter] = MemoryFields::diff(before, after);
    return QJsonObject{{QStringLiteral("id"), before.id},
                       {QStringLiteral("before"), changedBefore},
                       {QStringLiteral("after"), changedAfter}};
}

// The `conflict_resolved` payload: what Decisions::revert needs to undo the resolution.
QJsonObject resolvedPayload(const ResolutionPlan &p)
{
    QJsonObject payload{{QStringLiteral("conflictId"), double(p.before.id)},
                        {QStringLiteral("type"), conflictTypeName(p.before.type)},
                        {QStringLiteral("a"), side(p.aBefore, p.aAfter)},
                        {QStringLiteral("b"), side(p.bBefore, p.bAfter)},
                        {QStringLiteral("conflictBefore"), io::conflictToJson(p.before)},
                        {QStringLiteral("conflictAfter"), io::conflictToJson(p.after)}};
    if (p.dismissal)
        payload.insert(QStringLiteral("dismissed"), true);
    else
        payload.insert(QStringLiteral("strategy"), strategyName(p.strategy));
    return payload;
}

// The summary memory a Merge resolution makes of the older `o` and the newer `n` (what
// Decisions::merge will write).
Memory mergedMemory(const Memory &o, const Memory &n, const QString &text, Millis at, const Config &config)
{
    Memory m;
    m.id = ids::newMemoryId(at);
    m.content = text;
    m.category = o.category;
    m.keywords = normalizeKeywords(o.keywords + n.keywords);
    m.source.type = QStringLiteral("manual");
    m.confidence = std::max(o.confidence, n.confidence);
    m.createdAt = m.updatedAt = m.lastReinforcedAt = at;
    m.stability = std::max(o.stability, n.stability);
    m.importance = std::max(o.importance, n.importance);
    m.projectPath = o.projectPath == n.projectPath ? n.projectPath : QString();
    m.verified = o.verified && n.verified;
    m.permanent = o.permanent || n.permanent;
    m.sensitivity = std::max(o.sensitivity, n.sensitivity);
    m.level = MemoryLevel::Summary;
    m.mergedFrom = QStringList{o.id, n.id};
    m.sourceIds = m.mergedFrom;
    m.originalContents = QStringList{o.content, n.content};
    Reinforcement(config).touch(m, at);
    return m;
}

// What the strategy changes in `p` (aAfter, bAfter, merged, link, changes), from its befores.
Status planChanges(Store &store, const Config &config, ResolutionPlan &p, const QString &mergedContent)
{
    const qint64 conflictId = p.before.id;
    const QString name = strategyName(p.strategy);
    const Millis at = p.at;
    const Memory &a = p.aBefore;
    const Memory &b = p.bBefore;
    const bool aIsOlder = a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.id < b.id;
    Memory &older = aIsOlder ? p.aAfter : p.bAfter;
    Memory &newer = aIsOlder ? p.bAfter : p.aAfter;

    switch (p.strategy) {
    case ResolutionStrategy::LatestWins:
        negate(older, newer, conflictId, name, at);
        p.changes << QStringLiteral("%1 (older) is negated: its weight drops to the conflict minimum and recovers "
                                    "slowly")
                         .arg(older.id)
                  << QStringLiteral("%1 (newer) stays as it is").arg(newer.id);
        break;
    case ResolutionStrategy::VersionKeep: {
        supersede(older, at);
        newer.supersedesId = older.id;
        auto existing = store.associations().get(a.id, b.id);
        if (!existing)
            return existing.error();
        const double weight
            = std::max(ConflictResolver::kVersionLinkWeight, existing->has_value() ? (*existing)->weight : 0.0);
        const auto [x, y] = orderedPair(a.id, b.id);
        p.link = Association{x, y, weight, QStringLiteral("manual"), at};
        p.replacedLink = *existing;
        p.changes << QStringLiteral("%1 (older) is kept as an earlier version, down-weighted").arg(older.id)
                  << QStringLiteral("%1 (newer) supersedes it; the two are linked").arg(newer.id);
        break;
    }
    case ResolutionStrategy::WeightBalance:
        p.changes << QStringLiteral("both memories are kept unchanged and left to decay");
        break;
    case ResolutionStrategy::KeepA:
        negate(p.bAfter, p.aAfter, conflictId, name, at);
        p.changes << QStringLiteral("%1 is kept").arg(a.id) << QStringLiteral("%1 is negated").arg(b.id);
        break;
    case ResolutionStrategy::KeepB:
        negate(p.aAfter, p.bAfter, conflictId, name, at);
        p.changes << QStringLiteral("%1 is kept").arg(b.id) << QStringLiteral("%1 is negated").arg(a.id);
        break;
    case ResolutionStrategy::KeepBoth:
        if (const Status st = restorePenalties(store, p); !st)
            return st;
        p.changes << QStringLiteral("both memories are kept as true");
        break;
    case ResolutionStrategy::Merge: {
        // Written by Decisions::merge (docs/architecture.md#what-each-decision-writes); this is what it will do.
        const QString text = mergedContent.trimmed();
        if (text.isEmpty())
            return Error::make(Error::Code::Usage, QStringLiteral("merging conflict %1 needs the merged text").arg(conflictId));
        Memory m = mergedMemory(aIsOlder ? a : b, aIsOlder ? b : a, text, at, config);
        for (Memory *src : {&p.aAfter, &p.bAfter}) {
            src->mergedInto = m.id;
            src->level = MemoryLevel::Archive;
        }
        p.changes << QStringLiteral("new summary memory: \"%1\"").arg(shortText(m))
                  << QStringLiteral("%1 and %2 are merged into it and archived").arg(a.id, b.id);
        p.merged = std::move(m);
        break;
    }
    }
    return {};
}

} // namespace

ConflictResolution resolutionOf(ResolutionStrategy s)
{
    switch (s) {
    case ResolutionStrategy::LatestWins: return ConflictResolution::LatestWins;
    case ResolutionStrategy::VersionKeep: return ConflictResolution::VersionKeep;
    case ResolutionStrategy::WeightBalance: return ConflictResolution::WeightBalance;
    case ResolutionStrategy::KeepA: return ConflictResolution::KeepA;
    case ResolutionStrategy::KeepB: return ConflictResolution::KeepB;
    case ResolutionStrategy::KeepBoth: return ConflictResolution::KeepBoth;
    case ResolutionStrategy::Merge: return ConflictResolution::Merge;
    }
    return ConflictResolution::None;
}

QString strategyName(ResolutionStrategy s) { return conflictResolutionName(resolutionOf(s)); }

QStringList strategyNames()
{
    QStringList names;
    for (int s = int(ResolutionStrategy::LatestWins); s <= int(ResolutionStrategy::Merge); ++s)
        names << strategyName(ResolutionStrategy(s));
    return names;
}

std::optional<ResolutionStrategy> strategyFromName(const QString &name)
{
    for (int s = int(ResolutionStrategy::LatestWins); s <= int(ResolutionStrategy::Merge); ++s) {
        if (strategyName(ResolutionStrategy(s)) == name)
            return ResolutionStrategy(s);
    }
    return std::nullopt;
}

ConflictResolver::ConflictResolver(Store &store, const Config &config) : m_store(store), m_config(config) {}

Result<ResolutionPlan> ConflictResolver::start(qint64 conflictId, Millis at) const
{
    auto conflict = m_store.conflicts().get(conflictId);
    if (!conflict)
        return conflict.error();
    if (!conflict->isOpen())
        return Error::make(Error::Code::Conflict, QStringLiteral("conflict %1 is already %2%3")
                                                      .arg(QString::number(conflictId),
                                                           conflictStatusName(conflict->status),
                                                           conflict->resolution == ConflictResolution::None
                                                               ? QString()
                                                               : QStringLiteral(" (%1)").arg(conflictResolutionName(
                                                                     conflict->resolution))));
    auto a = m_store.memories().get(conflict->a);
    if (!a)
        return a.error();
    auto b = m_store.memories().get(conflict->b);
    if (!b)
        return b.error();

    ResolutionPlan p;
    p.at = at;
    p.before = *conflict;
    p.aBefore = *a;
    p.bBefore = *b;
    p.aAfter = *a;
    p.bAfter = *b;
    return p;
}

Status ConflictResolver::finish(ResolutionPlan &p) const
{
    const Reinforcement writes(m_config);
    if (!(p.aAfter == p.aBefore))
        writes.touch(p.aAfter, p.at);
    if (!(p.bAfter == p.bBefore))
        writes.touch(p.bAfter, p.at);
    p.after = p.before;
    p.after.status = p.dismissal ? ConflictStatus::Dismissed : ConflictStatus::Resolved;
    p.after.resolution = p.dismissal ? ConflictResolution::None : resolutionOf(p.strategy);
    p.after.resolvedAt = p.at;
    return {};
}

Result<ResolutionPlan> ConflictResolver::plan(qint64 conflictId, ResolutionStrategy strategy, Millis at,
                                              const QString &mergedContent) const
{
    auto p = start(conflictId, at);
    if (!p)
        return p.error();
    // A file clash (docs/formats.md, "Attached folders") is one memory against its own file:
    // the assistant's file was kept, and no strategy between two memories applies.
    if (p->before.type == ConflictType::FileClash)
        return Error::make(Error::Code::Validation,
                           QStringLiteral("conflict %1 is a file clash: the assistant's file was kept; dismiss it once read")
                               .arg(conflictId));
    p->strategy = strategy;
    if (const Status st = planChanges(m_store, m_config, *p, mergedContent); !st)
        return st.error();
    if (const Status st = finish(*p); !st)
        return st.error();
    return p;
}

Result<ResolutionPlan> ConflictResolver::planDismissal(qint64 conflictId, Millis at) const
{
    auto p = start(conflictId, at);
    if (!p)
        return p.error();
    p->dismissal = true;
    p->strategy = ResolutionStrategy::WeightBalance; // unused: a dismissal names no strategy
    if (const Status st = restorePenalties(m_store, *p); !st)
        return st.error();
    p->changes << QStringLiteral("not a conflict: dismissed; detection will not raise this pair again");
    if (const Status st = finish(*p); !st)
        return st.error();
    return p;
}

Result<Conflict> ConflictResolver::dismiss(qint64 conflictId, Millis at, const QString &actor)
{
    auto p = planDismissal(conflictId, at);
    if (!p)
        return p.error();
    return apply(*p, actor);
}

Result<Conflict> ConflictResolver::apply(const ResolutionPlan &p, const QString &actor)
{
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();
    // The preview must still describe the store: nothing may have moved in between.
    auto conflict = m_store.conflicts().get(p.before.id);
    if (!conflict)
        return conflict.error();
    auto a = m_store.memories().get(p.before.a);
    if (!a)
        return a.error();
    auto b = m_store.memories().get(p.before.b);
    if (!b)
        return b.error();
    if (!(*conflict == p.before) || !(*a == p.aBefore) || !(*b == p.bBefore))
        return Error::make(Error::Code::Conflict,
                           QStringLiteral("conflict %1 or its memories changed since the preview; look again")
                               .arg(p.before.id));

    const auto weights = weightLogFor(m_store, m_config);
    DecisionRecorder recorder(m_store, m_config, weights.get(), actor, p.at);
    QJsonObject payload = resolvedPayload(p);
    Memory aAfter = p.aAfter;
    Memory bAfter = p.bAfter;
    m_mergeOutcome = {};
    if (p.merged) {
        // The merge decision itself (new summary memory, sources archived, `merge` events)
        // joins this transaction; the conflict_resolved events below record the resolution.
        Decisions decisions(m_store, m_config);
        auto merged = decisions.merge(p.merged->mergedFrom, p.merged->content, p.at, actor);
        if (!merged)
            return merged.error();
        m_mergeOutcome = *merged;
        auto a2 = m_store.memories().get(p.before.a);
        auto b2 = m_store.memories().get(p.before.b);
        if (!a2 || !b2)
            return !a2 ? a2.error() : b2.error();
        aAfter = *a2;
        bAfter = *b2;
        payload.insert(QStringLiteral("a"), side(p.aBefore, aAfter));
        payload.insert(QStringLiteral("b"), side(p.bBefore, bAfter));
        payload.insert(QStringLiteral("mergedInto"), aAfter.mergedInto);
    }
    QJsonObject linkChange;
    if (p.link) {
        linkChange.insert(QStringLiteral("linkAdded"), io::associationToJson(*p.link));
        if (p.replacedLink)
            linkChange.insert(QStringLiteral("linkRemoved"), io::associationToJson(*p.replacedLink));
        if (const Status st = m_store.associations().put(*p.link); !st)
            return st.error();
    }
    for (const auto &[before, after] : {std::pair{&p.aBefore, &p.aAfter}, std::pair{&p.bBefore, &p.bAfter}}) {
        // The link change rides on the first event only, so a revert undoes it once.
        for (const QString &key : linkChange.keys()) {
            if (before == &p.aBefore)
                payload.insert(key, linkChange.value(key));
            else
                payload.remove(key);
        }
        // After a merge the rows are already written (by the merge decision): note only.
        const QString &kind = p.dismissal ? events::kConflictDismissed : events::kConflictResolved;
        const Status st = (p.merged || *before == *after) ? recorder.note(kind, before->id, payload)
                                                          : recorder.change(kind, *before, *after, payload);
        if (!st)
            return st.error();
    }
    if (const Status st = m_store.conflicts().update(p.after); !st)
        return st.error();
    if (const Status st = tx.commit(); !st)
        return st.error();
    m_outcome = recorder.outcome();
    return p.after;
}

Result<Conflict> ConflictResolver::resolve(qint64 conflictId, ResolutionStrategy strategy, Millis at,
                                           const QString &mergedContent, const QString &actor)
{
    auto p = plan(conflictId, strategy, at, mergedContent);
    if (!p)
        return p.error();
    return apply(*p, actor);
}

} // namespace recollector::core
