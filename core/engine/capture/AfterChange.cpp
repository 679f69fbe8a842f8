#include "engine/capture/AfterChange.h"

#include "engine/conflicts/ConflictDetector.h"
#include "engine/graph/AssociationBuilder.h"
#include "engine/graph/KeywordIndex.h"
#include "model/Event.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QElapsedTimer>
#include <QLoggingCategory>

#include <optional>

// Timings only: off unless asked for (QT_LOGGING_RULES="recollector.core.engine.capture.debug=true").
Q_LOGGING_CATEGORY(lcCapture, "recollector.core.engine.capture", QtWarningMsg)

namespace recollector::core {

namespace {

// The fields of a memory its derived links are computed from (docs/scoring.md, "Associations").
bool touchesLinks(const QJsonObject &fields)
{
    return fields.contains(QStringLiteral("keywords")) || fields.contains(QStringLiteral("projectPath"))
        || fields.contains(QStringLiteral("source")) || fields.contains(QStringLiteral("createdAt"));
}

// The fields the contradiction check reads the subject and the polarity from.
bool touchesMeaning(const QJsonObject &fields)
{
    return fields.contains(QStringLiteral("content")) || fields.contains(QStringLiteral("keywords"));
}

void addOnce(QStringList &list, const QString &id)
{
    if (!list.contains(id))
        list << id;
}

} // namespace

AfterChange::AfterChange(Store &store, const Config &config) : m_store(store), m_config(config) {}

Result<AfterChange::Targets> AfterChange::targetsOf(const std::vector<DecisionOutcome> &outcomes, bool detect) const
{
    Targets targets;
    for (const DecisionOutcome &o : outcomes) {
        if (o.eventIds.isEmpty())
            continue;
        auto events = m_store.events().between(o.eventIds.first(), o.eventIds.last());
        if (!events)
            return events.error();
        for (const Event &e : *events) {
            const QJsonObject &p = e.payload;
            if (p.value(QStringLiteral("removed")).toBool())
                continue;
            const QJsonObject after = p.value(QStringLiteral("after")).toObject();
            const bool created = p.value(QStringLiteral("created")).toBool();
            // A memory a revert brings back (a redo of an add, an undone purge) gets back the
            // very links it had, from the event: it is not recomputed.
            const bool restored = created && e.kind == events::kRevert;
            if ((created && !restored) || (!created && touchesLinks(after)))
                addOnce(targets.relink, e.memoryId);
            // Checked for contradictions: a memory added (not a merge's summary, nor a
            // correction, which already settles its conflict with the memory it corrects), and
            // one whose content or keywords were edited.
            const bool added = created && e.kind == events::kCreate && !p.contains(QStringLiteral("correctionOf"));
            if (detect && (added || (e.kind == events::kEdit && touchesMeaning(after))))
                addOnce(targets.detect, e.memoryId);
        }
    }
    return targets;
}

Result<DecisionOutcome> AfterChange::detectionOf(const Conflict &conflict) const
{
    auto history = m_store.events().forMemory(conflict.a);
    if (!history)
        return history.error();
    DecisionOutcome outcome;
    for (const Event &e : *history) {
        if (e.kind == events::kConflictDetected
            && qint64(e.payload.value(QStringLiteral("conflictId")).toDouble()) == conflict.id) {
            outcome.decisionId = e.payload.value(QStringLiteral("decision")).toString();
            outcome.eventIds << e.id;
        }
    }
    if (outcome.eventIds.isEmpty())
        return Error::make(Error::Code::NotFound,
                           QStringLiteral("conflict %1 has no conflict_detected event").arg(conflict.id));
    outcome.changedIds << conflict.a << conflict.b;
    outcome.conflictIds << conflict.id;
    return outcome;
}

Result<FollowUpOutcome> AfterChange::apply(const QStringList &relink, const QStringList &detect, Millis at,
                                           const KeywordIndex *storeIndex)
{
    FollowUpOutcome out;
    if (relink.isEmpty() && detect.isEmpty())
        return out;
    if (at == 0)
        at = time::nowMs();
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();
    QElapsedTimer timer;
    timer.start();
    // One index of the part of the store these memories reach, as it is now (this
    // transaction sees the decision's rows): one filtered pass instead of the whole keyword
    // index (docs/scoring.md, "Associations").
    QStringList centres = relink;
    for (const QString &id : detect)
        addOnce(centres, id);
    std::optional<KeywordIndex> built;
    if (!storeIndex) {
        auto around = KeywordIndex::buildAround(m_store, centres, m_config.associations.temporalWindowHours);
        if (!around)
            return around.error();
        built = std::move(*around);
    }
    const KeywordIndex *index = storeIndex ? storeIndex : &*built;
    const qint64 indexMs = timer.restart();
    AssociationBuilder builder(m_store, m_config);
    for (const QString &id : relink) {
        auto exists = m_store.memories().contains(id);
        if (!exists)
            return exists.error();
        if (!*exists)
            continue;
        auto linked = builder.updateFor(id, *index, at);
        if (!linked)
            return linked.error();
        out.relinked << id;
        out.links += *linked;
    }
    ConflictDetector detector(m_store, m_config);
    for (const QString &id : detect) {
        auto exists = m_store.memories().contains(id);
        if (!exists)
            return exists.error();
        if (!*exists)
            continue;
        auto raised = detector.detectFor(id, at, &*index);
        if (!raised)
            return raised.error();
        for (const Conflict &c : *raised) {
            auto decision = detectionOf(c);
            if (!decision)
                return decision.error();
            out.detections.push_back(std::move(*decision));
            out.conflicts.push_back(c);
        }
    }
    qCDebug(lcCapture) << "follow-up of" << centres.size() << "memories: neighbour index of" << index->size()
                       << "in" << indexMs << "ms, links and contradictions in" << timer.elapsed() << "ms";
    if (const Status st = tx.commit(); !st)
        return st.error();
    return out;
}

Result<std::vector<DecisionOutcome>> AfterChange::run(const Call &call, Mode mode, Millis at, FollowUpOutcome *followUp)
{
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();
    auto outcomes = call();
    if (!outcomes)
        return outcomes.error(); // tx rolls back
    auto targets = targetsOf(*outcomes, mode == Mode::Decision);
    if (!targets)
        return targets.error();
    auto done = apply(targets->relink, targets->detect, at);
    if (!done)
        return done.error();
    for (DecisionOutcome &d : done->detections)
        outcomes->push_back(d);
    if (const Status st = tx.commit(); !st)
        return st.error();
    if (followUp)
        *followUp = std::move(*done);
    return outcomes;
}

Result<std::vector<DecisionOutcome>> AfterChange::runAll(Decisions &decisions, std::size_t count,
                                                         const Decisions::Step &step, Millis at,
                                                         FollowUpOutcome *followUp)
{
    return run([&] { return decisions.runAll(count, step); }, Mode::Decision, at, followUp);
}

Result<std::vector<DecisionOutcome>> AfterChange::revertAll(Decisions &decisions, const std::vector<qint64> &eventIds,
                                                            Millis at)
{
    return run([&] { return decisions.revertAll(eventIds, at); }, Mode::Revert, at);
}

} // namespace recollector::core
