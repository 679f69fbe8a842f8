#include "engine/decisions/Proposals.h"

#include "engine/decisions/DecisionRecorder.h"
#include "engine/decisions/Decisions.h"
#include "model/Ids.h"
#include "model/MemoryFields.h"
#include "model/RevertChain.h"
#include "store/MetaRepository.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QHash>
#include <QJsonDocument>

namespace recollector::core {

namespace {

const QString kAction = QStringLiteral("action");
const QString kMemory = QStringLiteral("memory");
const QString kEvent = QStringLiteral("event");
const QString kWhy = QStringLiteral("why");
const QString kAnswerOf = QStringLiteral("proposal");

Error invalid(const Event &e, const QString &what)
{
    return Error::make(Error::Code::Validation,
                       QStringLiteral("event %1 (proposal on %2): %3").arg(e.id).arg(e.memoryId, what));
}

/// The proposals among `found` that no standing answer settles: an answer counts unless it was
/// undone (RevertChain over the memory's answers and reverts).
Result<std::vector<Proposal>> unanswered(Store &store, const std::vector<Event> &found)
{
    std::vector<Proposal> out;
    QHash<QString, RevertChain> chains;
    QHash<QString, std::vector<Event>> answers;
    for (const Event &e : found) {
        if (!chains.contains(e.memoryId)) {
            auto history = store.events().forMemory(e.memoryId, {events::kProposalAnswer, events::kRevert});
            if (!history)
                return history.error();
            chains.insert(e.memoryId, RevertChain(*history));
            std::vector<Event> own;
            for (Event &h : *history) {
                if (h.kind == events::kProposalAnswer)
                    own.push_back(std::move(h));
            }
            answers.insert(e.memoryId, std::move(own));
        }
        const RevertChain &chain = chains[e.memoryId];
        bool answered = false;
        for (const Event &a : answers[e.memoryId])
            answered = answered || (qint64(a.payload.value(kAnswerOf).toDouble()) == e.id && !chain.isReversed(a.id));
        if (answered)
            continue;
        auto proposal = Proposals::fromEvent(e);
        if (!proposal)
            return proposal.error();
        out.push_back(std::move(*proposal));
    }
    return out;
}

} // namespace

QString Proposal::actionName(Action action)
{
    switch (action) {
    case Action::Create: return QStringLiteral("create");
    case Action::Forget: return QStringLiteral("forget");
    case Action::Reinforce: return QStringLiteral("reinforce");
    }
    return {};
}

Result<bool> Proposals::approvalOn(Store &store)
{
    auto value = store.meta().value(kMetaKey);
    if (!value)
        return value.error();
    return QJsonDocument::fromJson(value->toUtf8()).object().value(QStringLiteral("on")).toBool();
}

Status Proposals::setApproval(Store &store, bool on, Millis at, const QString &by)
{
    Transaction tx(store.database());
    if (!tx.isActive())
        return tx.error();
    const QJsonObject setting{{QStringLiteral("on"), on}, {QStringLiteral("at"), time::toIso(at)}, {QStringLiteral("by"), by}};
    if (const Status st = store.meta().setValue(kMetaKey, QString::fromUtf8(QJsonDocument(setting).toJson(QJsonDocument::Compact))); !st)
        return st;
    return tx.commit();
}

Result<std::vector<Proposal>> Proposals::pending(Store &store)
{
    auto found = store.events().ofKinds({events::kProposal});
    if (!found)
        return found.error();
    return unanswered(store, *found);
}

Result<std::vector<Proposal>> Proposals::pendingFor(Store &store, const QString &memoryId)
{
    auto found = store.events().forMemory(memoryId, {events::kProposal});
    if (!found)
        return found.error();
    return unanswered(store, *found);
}

Result<Proposal> Proposals::fromEvent(const Event &event)
{
    if (event.kind != events::kProposal)
        return invalid(event, QStringLiteral("not a proposal"));
    Proposal p;
    p.eventId = event.id;
    p.memoryId = event.memoryId;
    p.at = event.at;
    p.actor = event.actor;
    const QString action = event.payload.value(kAction).toString();
    if (action == Proposal::actionName(Proposal::Action::Create)) {
        p.action = Proposal::Action::Create;
        auto memory = MemoryFields::fromJson(event.payload.value(kMemory).toObject());
        if (!memory)
            return invalid(event, memory.error().message);
        p.memory = std::move(*memory);
        p.memory.id = event.memoryId;
    } else if (action == Proposal::actionName(Proposal::Action::Forget)) {
        p.action = Proposal::Action::Forget;
    } else if (action == Proposal::actionName(Proposal::Action::Reinforce)) {
        p.action = Proposal::Action::Reinforce;
        p.event = event.payload.value(kEvent).toString();
        p.why = event.payload.value(kWhy).toString();
        if (!Reinforcement::eventFromName(p.event))
            return invalid(event, QStringLiteral("unknown reinforcement \"%1\"").arg(p.event.left(80)));
    } else {
        return invalid(event, QStringLiteral("unknown action \"%1\"").arg(action.left(80)));
    }
    return p;
}

Result<DecisionOutcome> Proposals::proposeCreate(Decisions &decisions, Memory memory, Millis at, const QString &actor)
{
    if (at == 0)
        at = time::nowMs();
    memory.id = ids::newMemoryId(at);
    memory.createdAt = memory.updatedAt = memory.lastReinforcedAt = at;
    QJsonObject fields = MemoryFields::toJson(memory);
    return decisions.propose(memory.id, {{kAction, Proposal::actionName(Proposal::Action::Create)}, {kMemory, fields}}, at,
                             actor);
}

Result<DecisionOutcome> Proposals::proposeForget(Decisions &decisions, const QString &id, Millis at, const QString &actor)
{
    return decisions.propose(id, {{kAction, Proposal::actionName(Proposal::Action::Forget)}}, at, actor);
}

Result<DecisionOutcome> Proposals::proposeReinforce(Decisions &decisions, const QString &id, const QString &event,
                                                    const QString &why, Millis at, const QString &actor)
{
    QJsonObject payload{{kAction, Proposal::actionName(Proposal::Action::Reinforce)}, {kEvent, event}};
    if (!why.isEmpty())
        payload.insert(kWhy, why);
    return decisions.propose(id, payload, at, actor);
}

Result<DecisionOutcome> Proposals::accept(Decisions &decisions, const Proposal &proposal, Millis at, const QString &actor)
{
    decisions.accepting(proposal.eventId, proposal.memoryId);
    switch (proposal.action) {
    case Proposal::Action::Create:
        return decisions.create(proposal.memory, at, actor);
    case Proposal::Action::Forget:
        return decisions.softDelete(proposal.memoryId, at, actor);
    case Proposal::Action::Reinforce:
        return decisions.reinforce(proposal.memoryId, *Reinforcement::eventFromName(proposal.event), at, actor);
    }
    return Error::make(Error::Code::Validation, QStringLiteral("unknown proposal"));
}

Result<DecisionOutcome> Proposals::reject(Decisions &decisions, const Proposal &proposal, Millis at, const QString &actor)
{
    return decisions.rejectProposal(proposal.eventId, proposal.memoryId, at, actor);
}

bool Proposals::isBookkeeping(const Event &event)
{
    if (event.kind == events::kProposal || event.kind == events::kProposalAnswer)
        return true;
    if (event.kind != events::kRevert)
        return false;
    const QString reverts = event.payload.value(QStringLiteral("revertsKind")).toString();
    return reverts == events::kProposal || reverts == events::kProposalAnswer;
}

// Decisions' part of approval mode: the proposal and the rejection are decisions that change
// no memory row (docs/scoring.md#approval-mode).

Result<DecisionOutcome> Decisions::propose(const QString &memoryId, const QJsonObject &proposal, Millis at,
                                           const QString &actor)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis) { return rec.note(events::kProposal, memoryId, proposal); });
}

Result<DecisionOutcome> Decisions::rejectProposal(qint64 proposalEventId, const QString &memoryId, Millis at,
                                                  const QString &actor)
{
    return run(at, actor, [&](DecisionRecorder &rec, Millis) {
        return rec.note(events::kProposalAnswer, memoryId,
                        {{kAnswerOf, double(proposalEventId)}, {QStringLiteral("answer"), QStringLiteral("rejected")}});
    });
}

} // namespace recollector::core
