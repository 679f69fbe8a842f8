#include "engine/decisions/Decisions.h"

#include "engine/decisions/CrashPoint.h"
#include "engine/decisions/DecisionRecorder.h"
#include "engine/decisions/Proposals.h"
#include "engine/decisions/Reverter.h"
#include "engine/decisions/StaleView.h"
#include "engine/decisions/Unarchive.h"
#include "model/MemoryJson.h"
#include "model/RevertChain.h"
#include "model/Ids.h"
#include "scoring/EnhancedProfile.h"
#include "store/MetaRepository.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>
#include <utility>

namespace recollector::core {

namespace {

Error conflictError(const QString &message) { return Error::make(Error::Code::Conflict, message); }

/// Why an edited text does not fit the memory's kept `extra.contentLimit` (characters, counted
/// as code points: a Letta block's limit, docs/formats.md, "Letta Agent File"); empty when it fits.
QString contentLimitReason(const Memory &m)
{
    const QJsonValue limit = m.extra.value(QStringLiteral("contentLimit"));
    if (!limit.isDouble())
        return {};
    qsizetype length = 0;
    for (qsizetype i = 0; i < m.content.size(); ++i) {
        if (!(m.content.at(i).isLowSurrogate() && i > 0 && m.content.at(i - 1).isHighSurrogate()))
            ++length;
    }
    if (double(length) <= limit.toDouble())
        return {};
    return QStringLiteral("edit %1: field \"content\": %2 characters, longer than this memory's limit of %3 "
                          "(extra.contentLimit, kept from the block it was imported from); not changed")
        .arg(m.id)
        .arg(length)
        .arg(qint64(limit.toDouble()));
}

QString reviewKindName(ReviewKind kind) { return kind == ReviewKind::Promote ? QStringLiteral("promote") : QStringLiteral("decay"); }

QString reviewAnswerName(ReviewAnswer answer)
{
    switch (answer) {
    case ReviewAnswer::Promote: return QStringLiteral("promote");
    case ReviewAnswer::Keep: return QStringLiteral("keep");
    case ReviewAnswer::Delete: return QStringLiteral("delete");
    }
    return {};
}

/// The memory a merge creates from `sources` (docs/architecture.md#what-each-decision-writes), before its decay rate and
/// reinforcement are set: `content` (or the sources' contents, one a line), a summary with
/// mergedFrom / sourceIds / originalContents; maxima of confidence, importance, stability and
/// sensitivity, summed access counts, permanent if any source is, verified if all are, the
/// project when all share it, modalities united, the most common category.
Memory mergedMemory(const std::vector<Memory> &sources, const QStringList &unique, const QString &content, Millis when)
{
    Memory merged;
    merged.id = ids::newMemoryId(when);
    // Maxima and sums over the sources below start from nothing, not from the defaults.
    merged.confidence = 0;
    merged.importance = 0;
    merged.stability = 0;
    merged.modalities.clear();
    QStringList contents;
    QStringList keywords;
    QHash<QString, int> categoryVotes;
    bool allVerified = true;
    bool samePath = true;
    for (const Memory &s : sources) {
        contents << s.content;
        keywords << s.keywords;
        ++categoryVotes[s.category];
        merged.confidence = std::max(merged.confidence, s.confidence);
        merged.importance = std::max(merged.importance, s.importance);
        merged.stability = std::max(merged.stability, s.stability);
        merged.accessCount += s.accessCount; // mention counts add up
        merged.sensitivity = std::max(merged.sensitivity, s.sensitivity);
        merged.permanent = merged.permanent || s.permanent; // never lose a user's protection
        allVerified = allVerified && s.verified;
        samePath = samePath && s.projectPath == sources.front().projectPath;
        for (const QString &modality : s.modalities) {
            if (!merged.modalities.contains(modality))
                merged.modalities << modality;
        }
    }
    // The most common category; the first source's on a tie.
    merged.category = sources.front().category;
    for (const Memory &s : sources) {
        if (categoryVotes.value(s.category) > categoryVotes.value(merged.category))
            merged.category = s.category;
    }
    merged.content = content.trimmed().isEmpty() ? contents.join(QLatin1Char('\n')) : content.trimmed();
    merged.keywords = normalizeKeywords(keywords);
    merged.source = MemorySource{QStringLiteral("manual"), {}, {}, {}};
    merged.createdAt = merged.updatedAt = merged.lastReinforcedAt = when;
    merged.projectPath = samePath ? sources.front().projectPath : QString();
    merged.verified = allVerified;
    merged.level = MemoryLevel::Summary; // the merged memory is a summary
    merged.mergedFrom = unique;
    merged.sourceIds = unique;
    merged.originalContents = contents; // parallel to mergedFrom
    return merged;
}

} // namespace

Decisions::Decisions(Store &store, const Config &config, const QString &)
    : m_store(store), m_config(config), m_reinforcement(config), m_weights(std::make_unique<EnhancedProfile>(config))
{
}

Decisions::~Decisions() = default;

Result<DecisionOutcome> Decisions::run(Millis at, const QString &actor, const Body &body)
{
    if (at == 0)
        at = time::nowMs();
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();
    const std::optional<Accepting> accepting = std::exchange(m_accepting, std::nullopt);
    m_seen = std::exchange(m_expected, {});
    DecisionRecorder recorder(m_store, m_config, m_weights.get(), actor, at);
    const Status done = body(recorder, at);
    m_seen.clear();
    if (!done)
        return done.error(); // the Transaction rolls back
    if (accepting) {
        const QJsonObject answer{{QStringLiteral("proposal"), double(accepting->proposalEventId)},
                                 {QStringLiteral("answer"), QStringLiteral("accepted")}};
        if (const Status st = recorder.note(events::kProposalAnswer, accepting->memoryId, answer); !st)
            return st.error();
    }
    CrashPoint::hit("decision.before-commit");
    if (const Status st = tx.commit(); !st)
        return st.error();
    return recorder.outcome();
}

Result<Memory> Decisions::live(const QString &id) const
{
    auto m = m_store.memories().get(id);
    if (!m)
        return m.error();
    if (const Status st = asSeen(*m); !st)
        return st.error();
    if (m->isDeleted())
        return conflictError(QStringLiteral("memory %1 is deleted; restore it first").arg(id));
    return m;
}

Status Decisions::asSeen(const Memory &m) const
{
    const auto seen = m_seen.constFind(m.id);
    return seen == m_seen.cend() ? Status{} : StaleView::check(m_store, m, *seen);
}

Status Decisions::reinforceIn(DecisionRecorder &recorder, Memory &memory, ReinforceEvent event, Millis at,
                              const QJsonObject &more)
{
    int recent = 0;
    if (Reinforcement::isMention(event)) {
        auto count = recorder.recentMentions(memory.id);
        if (!count)
            return count.error();
        recent = *count;
    }
    const Memory before = memory;
    const Reinforcement::Applied applied = m_reinforcement.apply(memory, event, at, recent);
    QJsonObject extra{{QStringLiteral("event"), Reinforcement::eventName(event)},
                      {QStringLiteral("multiplier"), applied.multiplier}};
    if (applied.mention)
        extra.insert(QStringLiteral("frequent"), applied.frequent);
    if (applied.importanceBoost > 0)
        extra.insert(QStringLiteral("boost"), applied.importanceBoost);
    for (auto it = more.begin(); it != more.end(); ++it)
        extra.insert(it.key(), it.value());
    return recorder.change(events::kReinforce, before, memory, extra, applied.mention);
}

Result<DecisionOutcome> Decisions::reinforceRestated(const QString &id, const QString &text, const QString &why,
                                                     Millis at, const QString &actor)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        auto m = live(id);
        if (!m)
            return m.error();
        return reinforceIn(rec, *m, ReinforceEvent::Manual, when,
                           QJsonObject{{QStringLiteral("restatement"), text}, {QStringLiteral("restates"), why}});
    });
}

Result<DecisionOutcome> Decisions::reinforce(const QString &id, ReinforceEvent event, Millis at, const QString &actor)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        auto m = live(id);
        if (!m)
            return m.error();
        return reinforceIn(rec, *m, event, when);
    });
}

Result<DecisionOutcome> Decisions::confirm(const QString &id, Millis at, const QString &actor)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        auto m = live(id);
        if (!m)
            return m.error();
        if (const Status st = reinforceIn(rec, *m, ReinforceEvent::Manual, when); !st)
            return st;
        const Memory reinforced = *m;
        m->verified = true;
        m_reinforcement.touch(*m, when);
        if (const Status st = rec.change(events::kConfirm, reinforced, *m); !st)
            return st;
        if (const Status boosted = boostConfirmedHit(rec, id); !boosted)
            return boosted;
        if (!Unarchive::applies(*m))
            return {};
        // The user vouched for it: it is no longer on its way out (the reinforcement already
        // restarted the clock).
        return unarchiveIn(rec, *m, QStringLiteral("confirm"), false, when);
    });
}

Status Decisions::unarchiveIn(DecisionRecorder &recorder, Memory &memory, const QString &trigger, bool restartClock,
                              Millis at)
{
    auto original = Unarchive::originalOf(m_store, memory);
    if (!original)
        return original.error();
    const Memory before = memory;
    Unarchive::apply(memory, *original, at, restartClock);
    m_reinforcement.touch(memory, at);
    return recorder.change(events::kUnarchive, before, memory,
                           QJsonObject{{QStringLiteral("trigger"), trigger},
                                       {QStringLiteral("restoredOriginal"), original->content.has_value()}});
}

Result<DecisionOutcome> Decisions::unarchive(const QString &id, Millis at, const QString &actor)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        auto m = live(id);
        if (!m)
            return m.error();
        if (!Unarchive::applies(*m))
            return conflictError(QStringLiteral("memory %1 is neither archived nor compressed").arg(id));
        return unarchiveIn(rec, *m, QStringLiteral("decision"), true, when);
    });
}

Status Decisions::boostConfirmedHit(DecisionRecorder &rec, const QString &id)
{
    // A memory recalled through an association that the user confirms as
    // useful strengthens that association by +0.1 (docs/scoring.md, "Learned weights"). The
    // recall is the memory's latest access not undone; it must have been associative (the
    // spread reached it, from the last memory on its path), and one recall teaches once.
    // Only the kinds this needs are read (the reverts for the chain): not every reinforcement
    // of a memory with a long history, on each confirm.
    auto history = m_store.events().forMemory(id, {events::kAccess, events::kLinkBoost, events::kRevert});
    if (!history)
        return history.error();
    const RevertChain chain(*history);
    const Event *recall = nullptr;
    for (auto it = history->crbegin(); it != history->crend() && !recall; ++it) {
        if (it->kind == events::kAccess && !chain.isReversed(it->id))
            recall = &*it;
    }
    if (!recall || recall->payload.value(QLatin1String("direct")).toBool(true))
        return {};
    const QJsonArray path = recall->payload.value(QLatin1String("path")).toArray();
    if (path.isEmpty())
        return {};
    for (const Event &e : *history) {
        if (e.kind == events::kLinkBoost && !chain.isReversed(e.id)
            && qint64(e.payload.value(QLatin1String("access")).toDouble()) == recall->id)
            return {};
    }
    auto boosted = rec.boostLink(id, path.last().toString(), m_config.associations.confirmedHitBoost,
                                 QStringLiteral("confirmed_hit"), QJsonObject{{QStringLiteral("access"), double(recall->id)}});
    if (!boosted)
        return boosted.error();
    return {};
}

Result<DecisionOutcome> Decisions::negate(const QString &id, const QString &correction, Millis at, const QString &actor,
                                          const QStringList &correctionKeywords)
{
    const QString text = correction.trimmed();
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        auto m = live(id);
        if (!m)
            return m.error();
        if (m->negated && text.isEmpty())
            return conflictError(QStringLiteral("memory %1 is already negated").arg(id));
        const Memory before = *m;
        QString newId;
        QJsonObject entry{{QStringLiteral("time"), time::toIso(when)}, {QStringLiteral("reason"), QStringLiteral("user negation")}};
        if (!text.isEmpty()) {
            newId = ids::newMemoryId(when);
            entry.insert(QStringLiteral("newPreference"), text);
            entry.insert(QStringLiteral("newId"), newId);
        }
        m->negated = true;
        m->negatedAt = when; // C(t) drops to c_min now (docs/scoring.md, "Conflict factor C(t)")
        m->correctionHistory.append(entry);
        m_reinforcement.touch(*m, when);
        QJsonObject extra;
        if (!text.isEmpty()) {
            extra.insert(QStringLiteral("correction"), text);
            extra.insert(QStringLiteral("newId"), newId);
        }
        if (const Status st = rec.change(events::kNegate, before, *m, extra); !st)
            return st;
        if (text.isEmpty())
            return {};

        // The corrected memory: what the user said instead, in full (docs/scoring.md#negation-with-a-correction).
        Memory corrected;
        corrected.id = newId;
        corrected.content = text;
        corrected.category = before.category;
        corrected.keywords = normalizeKeywords(correctionKeywords + before.keywords);
        corrected.source = MemorySource{QStringLiteral("manual"), {}, {}, {}};
        corrected.confidence = 1.0; // the user said it
        corrected.createdAt = corrected.updatedAt = corrected.lastReinforcedAt = when;
        corrected.projectPath = before.projectPath;
        corrected.stability = m_config.decay.manualStability;
        corrected.importance = before.importance;
        corrected.verified = true; // the user said it
        corrected.sensitivity = before.sensitivity;
        corrected.modalities = before.modalities;
        corrected.supersedesId = before.id;
        corrected.decayRate = m_reinforcement.decayRateFor(corrected);
        m_reinforcement.touch(corrected, when);
        Conflict conflict;
        conflict.a = before.id;
        conflict.b = newId;
        conflict.type = ConflictType::TemporalShift; // the newer statement replaces the older
        conflict.status = ConflictStatus::Resolved;
        conflict.resolution = ConflictResolution::VersionKeep;
        conflict.detectedAt = conflict.resolvedAt = when;
        if (const Status st = m_store.conflicts().insert(conflict); !st)
            return st;
        rec.addConflict(conflict.id);
        if (const Status st = rec.create(events::kCreate, corrected,
                                         QJsonObject{{QStringLiteral("correctionOf"), before.id},
                                                     {QStringLiteral("conflictId"), double(conflict.id)}});
            !st)
            return st;
        return rec.note(events::kConflictResolved, before.id,
                        QJsonObject{{QStringLiteral("conflictId"), double(conflict.id)},
                                    {QStringLiteral("strategy"), conflictResolutionName(conflict.resolution)},
                                    {QStringLiteral("conflictCreated"), io::conflictToJson(conflict)}});
    });
}

Result<DecisionOutcome> Decisions::create(const Memory &memory, Millis at, const QString &actor)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        Memory created = memory;
        if (created.id.isEmpty())
            created.id = ids::newMemoryId(when);
        created.createdAt = created.updatedAt = created.lastReinforcedAt = when;
        created.decayRate = m_reinforcement.decayRateFor(created);
        m_reinforcement.touch(created, when);
        return rec.create(events::kCreate, created);
    });
}

Result<DecisionOutcome> Decisions::setPermanent(const QString &id, bool permanent, Millis at, const QString &actor)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        auto m = live(id);
        if (!m)
            return m.error();
        if (m->permanent == permanent)
            return conflictError(permanent ? QStringLiteral("memory %1 is already permanent").arg(id)
                                           : QStringLiteral("memory %1 is not permanent").arg(id));
        const Memory before = *m;
        m->permanent = permanent;
        m_reinforcement.touch(*m, when);
        return rec.change(events::kPermanent, before, *m);
    });
}

Result<DecisionOutcome> Decisions::edit(const QString &id, const MemoryEdit &edit, Millis at, const QString &actor)
{
    if (edit.isEmpty())
        return Error::make(Error::Code::Usage, QStringLiteral("edit %1: nothing to change").arg(id));
    if (const QString invalid = edit.invalidReason(id); !invalid.isEmpty())
        return Error::make(Error::Code::Validation, invalid);
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        auto m = live(id);
        if (!m)
            return m.error();
        const Memory before = *m;
        edit.applyTo(*m);
        if (*m == before)
            return Error::make(Error::Code::Usage, QStringLiteral("edit %1: the new values equal the old ones").arg(id));
        if (const QString tooLong = contentLimitReason(*m); !tooLong.isEmpty())
            return Error::make(Error::Code::Validation, tooLong);
        m_reinforcement.touch(*m, when);
        return rec.change(events::kEdit, before, *m);
    });
}

Result<DecisionOutcome> Decisions::softDelete(const QString &id, Millis at, const QString &actor)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        auto m = live(id);
        if (!m)
            return m.error();
        const Memory before = *m;
        m->deletedAt = when;
        m_reinforcement.touch(*m, when);
        return rec.change(events::kDelete, before, *m);
    });
}

Result<DecisionOutcome> Decisions::restore(const QString &id, Millis at, const QString &actor)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        auto m = m_store.memories().get(id);
        if (!m)
            return m.error();
        if (const Status st = asSeen(*m); !st)
            return st;
        if (!m->isDeleted())
            return conflictError(QStringLiteral("memory %1 is not deleted").arg(id));
        const Memory before = *m;
        m->deletedAt = 0;
        m_reinforcement.touch(*m, when);
        return rec.change(events::kRestore, before, *m);
    });
}

Result<DecisionOutcome> Decisions::purge(const QString &id, Millis at, const QString &actor, bool ignoreRetention)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        auto m = m_store.memories().get(id);
        if (!m)
            return m.error();
        if (const Status st = asSeen(*m); !st)
            return st;
        if (!m->isDeleted())
            return conflictError(QStringLiteral("memory %1 is not deleted; delete it before purging").arg(id));
        const double days = double(when - m->deletedAt) / double(kMsPerDay);
        if (!ignoreRetention && days < m_config.budgets.purgeAfterDays)
            return conflictError(QStringLiteral("memory %1 was deleted %2 days ago; it is kept %3 days")
                                     .arg(id, QString::number(days, 'f', 1),
                                          QString::number(m_config.budgets.purgeAfterDays)));
        return rec.remove(events::kPurge, *m,
                          QJsonObject{{QStringLiteral("reason"),
                                       QStringLiteral("deleted %1 days ago").arg(days, 0, 'f', 1)}});
    });
}

Result<DecisionOutcome> Decisions::merge(const QStringList &ids, const QString &content, Millis at, const QString &actor)
{
    QStringList unique;
    for (const QString &id : ids) {
        if (!unique.contains(id))
            unique << id;
    }
    if (unique.size() < 2)
        return Error::make(Error::Code::Usage, QStringLiteral("merge needs at least two different memories"));
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        std::vector<Memory> sources;
        for (const QString &id : unique) {
            auto m = live(id);
            if (!m)
                return m.error();
            if (!m->mergedInto.isEmpty())
                return conflictError(QStringLiteral("memory %1 is already merged into %2").arg(id, m->mergedInto));
            sources.push_back(*m);
        }
        Memory merged = mergedMemory(sources, unique, content, when);
        merged.decayRate = m_reinforcement.decayRateFor(merged);
        m_reinforcement.touch(merged, when);
        if (const Status st = rec.create(events::kMerge, merged,
                                         QJsonObject{{QStringLiteral("mergedFrom"), QJsonArray::fromStringList(unique)}});
            !st)
            return st;
        for (const Memory &s : sources) {
            Memory after = s;
            after.mergedInto = merged.id;
            after.level = MemoryLevel::Archive;
            m_reinforcement.touch(after, when);
            if (const Status st = rec.change(events::kMerge, s, after,
                                             QJsonObject{{QStringLiteral("mergedInto"), merged.id}});
                !st)
                return st;
        }
        return {};
    });
}

Result<DecisionOutcome> Decisions::answerReview(const QString &id, ReviewKind kind, ReviewAnswer answer, Millis at,
                                                const QString &actor)
{
    if (kind == ReviewKind::Decay && answer == ReviewAnswer::Promote)
        return Error::make(Error::Code::Usage, QStringLiteral("a decay review is answered keep or delete"));
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        auto m = live(id);
        if (!m)
            return m.error();
        const Memory before = *m;
        const QJsonObject extra{{QStringLiteral("review"), reviewKindName(kind)},
                                {QStringLiteral("answer"), reviewAnswerName(answer)}};
        switch (answer) {
        case ReviewAnswer::Promote:
            m->category = QStringLiteral("core"); // docs/scoring.md#review-queue: PROMOTE → category core
            break;
        case ReviewAnswer::Keep:
            if (kind == ReviewKind::Decay) {
                // docs/scoring.md#review-queue: KEEP after a decay review resets importance to 0.5; the access clock
                // restarts too, or the next day's decay would reopen the review at once.
                m->importance = m_config.importance.resetOnKeep;
                m->lastAccessedAt = when;
            }
            break;
        case ReviewAnswer::Delete:
            m->deletedAt = when;
            break;
        }
        if (*m == before)
            return rec.note(kReviewEventKind, id, extra);
        m_reinforcement.touch(*m, when);
        return rec.change(kReviewEventKind, before, *m, extra);
    });
}

Status Decisions::changeLink(DecisionRecorder &rec, const QString &x, const QString &y,
                             const std::optional<Association> &added)
{
    if (x == y)
        return Error::make(Error::Code::Validation, QStringLiteral("a memory cannot be linked to itself (%1)").arg(x));
    for (const QString &id : {x, y}) {
        if (auto m = live(id); !m)
            return m.error();
    }
    auto existing = m_store.associations().get(x, y);
    if (!existing)
        return existing.error();
    const std::optional<Association> &before = *existing;
    if (!added && !before)
        return Error::make(Error::Code::NotFound, QStringLiteral("%1 and %2 are not linked").arg(x, y));
    if (added && before && before->type == added->type && before->weight == added->weight)
        return conflictError(QStringLiteral("%1 and %2 already have this link").arg(x, y));
    if (before && !(added && before->a == added->a && before->b == added->b)) {
        if (const Status st = m_store.associations().remove(before->a, before->b); !st)
            return st;
    }
    if (added) {
        if (const Status st = m_store.associations().put(*added); !st)
            return st;
    }
    const auto [first, second] = orderedPair(x, y);
    for (const QString &id : {first, second}) {
        QJsonObject payload{{QStringLiteral("other"), id == first ? second : first},
                            {QStringLiteral("weightBefore"), before ? QJsonValue(before->weight) : QJsonValue()},
                            {QStringLiteral("typeBefore"), before ? QJsonValue(before->type) : QJsonValue()},
                            {QStringLiteral("weightAfter"), added ? QJsonValue(added->weight) : QJsonValue()}};
        // The link change rides on the first event only, so a revert undoes it once.
        if (id == first) {
            if (added)
                payload.insert(QStringLiteral("linkAdded"), io::associationToJson(*added));
            if (before)
                payload.insert(QStringLiteral("linkRemoved"), io::associationToJson(*before));
        }
        if (const Status st = rec.note(events::kAssociate, id, payload); !st)
            return st;
    }
    return {};
}

Result<DecisionOutcome> Decisions::link(const QString &a, const QString &b, double weight, Millis at,
                                        const QString &actor)
{
    if (!(weight > 0 && weight <= 1))
        return Error::make(Error::Code::Validation,
                           QStringLiteral("link weight %1 is out of range: it must be above 0 and at most 1").arg(weight));
    return run(at, actor, [&](DecisionRecorder &rec, Millis when) -> Status {
        const auto [x, y] = orderedPair(a, b);
        return changeLink(rec, a, b, Association{x, y, weight, QStringLiteral("manual"), when});
    });
}

Result<DecisionOutcome> Decisions::unlink(const QString &a, const QString &b, Millis at, const QString &actor)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis) -> Status { return changeLink(rec, a, b, std::nullopt); });
}

Result<DecisionOutcome> Decisions::revert(qint64 eventId, Millis at, const QString &actor)
{
    Reverter reverter(m_store, m_config, m_weights.get());
    reverter.expecting(std::exchange(m_expected, {}));
    return reverter.revert(eventId, at, actor);
}

Result<std::vector<DecisionOutcome>> Decisions::runAll(std::size_t count, const Step &step)
{
    // Each decision's own transaction joins this one: only its commit writes.
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();
    std::vector<DecisionOutcome> outcomes;
    outcomes.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        auto outcome = step(i);
        if (!outcome)
            return outcome.error(); // the Transaction rolls back
        outcomes.push_back(std::move(*outcome));
    }
    if (const Status st = tx.commit(); !st)
        return st.error();
    return outcomes;
}

Result<std::vector<DecisionOutcome>> Decisions::revertAll(const std::vector<qint64> &eventIds, Millis at,
                                                          const QString &actor)
{
    // What expecting() named holds for the whole batch: each memory is checked by the first
    // revert that writes it, and is the batch's own after that.
    QHash<QString, Millis> seen = std::exchange(m_expected, {});
    return runAll(eventIds.size(), [&](std::size_t i) -> Result<DecisionOutcome> {
        if (eventIds[i] == 0)
            return DecisionOutcome{};
        m_expected = seen;
        auto outcome = revert(eventIds[i], at, actor);
        if (outcome) {
            for (const QString &id : outcome->changedIds)
                seen.remove(id);
        }
        return outcome;
    });
}

} // namespace recollector::core
