// The tools that write (docs/cli.md, "mcp"): remember, reinforce, forget. Each is a decision
// with actor `assistant` and its follow-up in ONE transaction, the same calls the window
// and recollector-cli make, so the window's history shows them and its undo reverts them.
#include "mcp/McpTools.h"

#include "engine/capture/AfterChange.h"
#include "engine/capture/MemoryCapture.h"
#include "engine/capture/Restatements.h"
#include "engine/decisions/Decisions.h"
#include "engine/decisions/Proposals.h"
#include "engine/decisions/Reinforcement.h"
#include "engine/conflicts/ConflictReason.h"
#include "mcp/NearDuplicate.h"
#include "mcp/ToolArguments.h"
#include "mcp/MemoryView.h"
#include "model/MemoryJson.h"
#include "model/Time.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QJsonArray>

namespace recollector::core::mcp {

namespace {

const QString kAssistant = QStringLiteral("assistant");

/// The sentence telling the assistant about the contradictions a new memory raised, each with
/// why it was raised (docs/scoring.md#judgement-rules).
QString conflictSentence(Store &store, const QString &id, const std::vector<Conflict> &conflicts)
{
    QStringList parts;
    for (const Conflict &c : conflicts) {
        const QString other = c.a == id ? c.b : c.a;
        auto why = ConflictReason::of(store, c);
        const QString because = why && !why->isEmpty() ? QStringLiteral(" because %1").arg(*why) : QString();
        parts << (c.isOpen() ? QStringLiteral("it contradicts %1 (%2): recorded as open conflict #%3 for the user to resolve")
                                   .arg(other, conflictTypeName(c.type))
                                   .arg(c.id)
                             : QStringLiteral("it contradicts %1 (%2): conflict #%3 resolved automatically (%4)")
                                   .arg(other, conflictTypeName(c.type))
                                   .arg(c.id)
                                   .arg(conflictResolutionName(c.resolution)))
            + because;
    }
    return parts.isEmpty() ? QString() : QStringLiteral(" Note: ") + parts.join(QStringLiteral("; ")) + QLatin1Char('.');
}

/// What the assistant is told of a proposal (docs/scoring.md#approval-mode), to relay.
QString pendingSentence(const QString &what)
{
    return QStringLiteral("%1, pending the user's approval: the store is in approval mode, so nothing changes until "
                          "the user accepts it in Recollector (Review > Changes). Tell the user it is waiting for their approval.")
        .arg(what);
}

QJsonObject pendingData(const QString &action, const QString &id)
{
    return {{QStringLiteral("action"), QStringLiteral("proposed")},
            {QStringLiteral("proposal"), action},
            {QStringLiteral("id"), id},
            {QStringLiteral("pendingApproval"), true}};
}

/// The `seen` argument of a decision tool: the memory's updatedAt as recall or get showed it
/// (docs/team-store.md#many-writers). Sets `seen` when given; an answer that says what to send
/// when it cannot be read.
std::optional<ToolOutcome> readSeen(const QString &tool, const std::optional<QString> &text, std::optional<Millis> &seen)
{
    if (!text)
        return std::nullopt;
    seen = time::fromIso(*text);
    if (seen)
        return std::nullopt;
    return ToolOutcome::invalidParams(QStringLiteral("%1: seen must be the memory's updatedAt as recall or get gave it "
                                                     "(like 2024-01-01T09:30:00.000Z), not '%2'")
                                          .arg(tool, text->left(80)));
}

} // namespace

Result<bool> McpTools::approvalOn()
{
    return Proposals::approvalOn(m_store);
}

ToolOutcome McpTools::propose(const QString &action, const QString &id, const QString &event, const QString &why)
{
    const Millis now = m_clock();
    Decisions decisions(m_store, m_config, m_profileName);
    if (auto live = m_store.memories().get(id); !live || live->isDeleted())
        return ToolOutcome::toolError(live ? QStringLiteral("%1: memory %2 is deleted").arg(action, id) : live.error().message);
    auto done = action == QLatin1String("forget") ? Proposals::proposeForget(decisions, id, now, kAssistant)
                                                  : Proposals::proposeReinforce(decisions, id, event, why, now, kAssistant);
    if (!done)
        return ToolOutcome::toolError(done.error().message);
    QJsonObject data = pendingData(action, id);
    if (!event.isEmpty())
        data.insert(QStringLiteral("event"), event);
    const QString what = action == QLatin1String("forget") ? QStringLiteral("Proposed forgetting %1").arg(id)
                                                           : QStringLiteral("Proposed reinforcing %1 (%2)").arg(id, event);
    return memoryResult(id, pendingSentence(what) + QStringLiteral(" Until then the memory stays as it is."), data);
}

ToolOutcome McpTools::proposeNew(const Memory &draft)
{
    const Millis now = m_clock();
    Decisions decisions(m_store, m_config, m_profileName);
    auto done = Proposals::proposeCreate(decisions, draft, now, kAssistant);
    if (!done)
        return ToolOutcome::toolError(done.error().message);
    auto events = m_store.events().between(done->firstEventId(), done->firstEventId());
    if (!events || events->empty())
        return ToolOutcome::toolError(events ? QStringLiteral("remember: the proposal was not recorded") : events.error().message);
    auto proposal = Proposals::fromEvent(events->front());
    if (!proposal)
        return ToolOutcome::toolError(proposal.error().message);
    QJsonObject data = pendingData(QStringLiteral("create"), proposal->memoryId);
    data.insert(QStringLiteral("memory"), view(proposal->memory, now));
    return ToolOutcome::ok(pendingSentence(QStringLiteral("Proposed as %1").arg(proposal->memoryId))
                               + QStringLiteral(" It is not remembered or recalled until then."),
                           data);
}

ToolOutcome McpTools::proposeRemember(const Memory &draft, const std::optional<NearDuplicate::Match> &duplicate)
{
    // Approval mode: a proposal, and nothing else written (docs/scoring.md#approval-mode); what
    // repeats or restates a memory held is proposed as its reinforcement, as remember does.
    if (duplicate)
        return propose(QStringLiteral("reinforce"), duplicate->memory.id, QStringLiteral("manual"),
                       QStringLiteral("keyword overlap %1").arg(duplicate->jaccard, 0, 'f', 2));
    auto restated = Restatements::find(m_store, draft);
    if (!restated)
        return ToolOutcome::toolError(restated.error().message);
    if (*restated)
        return propose(QStringLiteral("reinforce"), (*restated)->memory.id, QStringLiteral("manual"), (*restated)->why);
    return proposeNew(draft);
}

ToolOutcome McpTools::remember(ToolArguments &args)
{
    NewMemory input;
    input.actor = kAssistant;
    input.content = args.requiredString(QStringLiteral("content")).value_or(QString());
    input.keywords = args.optionalStringList(QStringLiteral("keywords"));
    input.category = args.optionalString(QStringLiteral("category")).value_or(QString());
    input.projectPath = args.optionalString(QStringLiteral("project")).value_or(QString());
    input.importance = args.optionalNumber(QStringLiteral("importance"));
    if (!args.ok())
        return ToolOutcome::invalidParams(args.error());
    if (const QString invalid = input.invalidReason(); !invalid.isEmpty())
        return ToolOutcome::toolError(QString(invalid).replace(QStringLiteral("add:"), QStringLiteral("remember:")));

    const Millis now = m_clock();
    // The duplicate check and the write in one transaction: no other writer slips between.
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return ToolOutcome::toolError(tx.error().message);
    const Memory draft = MemoryCapture::draft(input, m_config);
    auto duplicate = NearDuplicate::find(m_store, draft);
    if (!duplicate)
        return ToolOutcome::toolError(duplicate.error().message);
    auto approval = approvalOn();
    if (!approval)
        return ToolOutcome::toolError(approval.error().message);
    if (*approval) {
        ToolOutcome proposed = proposeRemember(draft, *duplicate);
        if (proposed.kind == ToolOutcome::Kind::Ok) {
            if (const Status st = tx.commit(); !st)
                return ToolOutcome::toolError(st.error().message);
        }
        return proposed;
    }
    if (*duplicate) {
        const QString id = (*duplicate)->memory.id;
        Decisions decisions(m_store, m_config, m_profileName);
        AfterChange after(m_store, m_config);
        auto done = after.runAll(
            decisions, 1, [&](std::size_t) { return decisions.reinforce(id, ReinforceEvent::Manual, now, kAssistant); },
            now);
        if (!done)
            return ToolOutcome::toolError(done.error().message);
        if (const Status st = tx.commit(); !st)
            return ToolOutcome::toolError(st.error().message);
        return memoryResult(id,
                            QStringLiteral("Already remembered as %1 (keyword overlap %2): reinforced it instead of adding a copy.")
                                .arg(id)
                                .arg((*duplicate)->jaccard, 0, 'f', 2),
                            {{QStringLiteral("action"), QStringLiteral("reinforced")},
                             {QStringLiteral("id"), id},
                             {QStringLiteral("keywordOverlap"), (*duplicate)->jaccard},
                             {QStringLiteral("conflicts"), QJsonArray()}});
    }
    MemoryCapture capture(m_store, m_config, m_profileName);
    auto added = capture.add(input, now);
    if (!added)
        return ToolOutcome::toolError(added.error().message);
    if (const Status st = tx.commit(); !st)
        return ToolOutcome::toolError(st.error().message);
    const QString id = added->memory.id;
    QJsonArray conflicts;
    for (const Conflict &c : added->followUp.conflicts)
        conflicts.append(io::conflictToJson(c));
    if (!added->restates.isEmpty())
        return memoryResult(id,
                            QStringLiteral("Already remembered as %1: the text %2. Reinforced it instead of adding a copy.")
                                .arg(id, added->restates),
                            {{QStringLiteral("action"), QStringLiteral("reinforced")},
                             {QStringLiteral("id"), id},
                             {QStringLiteral("restates"), added->restates},
                             {QStringLiteral("conflicts"), QJsonArray()}});
    return ToolOutcome::ok(QStringLiteral("Remembered as %1.").arg(id)
                               + conflictSentence(m_store, id, added->followUp.conflicts),
                           {{QStringLiteral("action"), QStringLiteral("created")},
                            {QStringLiteral("id"), id},
                            {QStringLiteral("memory"), view(added->memory, now)},
                            {QStringLiteral("conflicts"), conflicts}});
}

ToolOutcome McpTools::reinforce(ToolArguments &args)
{
    const auto id = args.requiredString(QStringLiteral("id"));
    const auto eventName = args.requiredString(QStringLiteral("event"));
    const auto seenText = args.optionalString(QStringLiteral("seen"));
    if (!args.ok())
        return ToolOutcome::invalidParams(args.error());
    const auto event = Reinforcement::eventFromName(*eventName);
    if (!event)
        return ToolOutcome::invalidParams(QStringLiteral("reinforce: event must be one of %1, not '%2'")
                                              .arg(Reinforcement::eventNames().join(QStringLiteral(", ")), eventName->left(80)));
    // A use of the memory as the assistant saw it: one someone changed since is not credited
    // with a use of its new text.
    std::optional<Millis> seen;
    if (auto invalid = readSeen(QStringLiteral("reinforce"), seenText, seen))
        return std::move(*invalid);
    auto approval = approvalOn();
    if (!approval)
        return ToolOutcome::toolError(approval.error().message);
    if (*approval)
        return propose(QStringLiteral("reinforce"), *id, *eventName, {});
    const Millis now = m_clock();
    Decisions decisions(m_store, m_config, m_profileName);
    if (seen)
        decisions.expecting(*id, *seen);
    AfterChange after(m_store, m_config);
    auto done = after.runAll(decisions, 1, [&](std::size_t) { return decisions.reinforce(*id, *event, now, kAssistant); }, now);
    if (!done)
        return ToolOutcome::toolError(done.error().message);
    return memoryResult(*id, QStringLiteral("Reinforced %1 (%2).").arg(*id, *eventName),
                        {{QStringLiteral("id"), *id}, {QStringLiteral("event"), *eventName}});
}

ToolOutcome McpTools::forget(ToolArguments &args)
{
    const auto id = args.requiredString(QStringLiteral("id"));
    const auto seenText = args.optionalString(QStringLiteral("seen"));
    if (!args.ok())
        return ToolOutcome::invalidParams(args.error());
    // A memory someone changed since the assistant saw it is not forgotten on the strength of
    // its old text.
    std::optional<Millis> seen;
    if (auto invalid = readSeen(QStringLiteral("forget"), seenText, seen))
        return std::move(*invalid);
    auto approval = approvalOn();
    if (!approval)
        return ToolOutcome::toolError(approval.error().message);
    if (*approval)
        return propose(QStringLiteral("forget"), *id, {}, {});
    const Millis now = m_clock();
    Decisions decisions(m_store, m_config, m_profileName);
    if (seen)
        decisions.expecting(*id, *seen);
    AfterChange after(m_store, m_config);
    auto done = after.runAll(decisions, 1, [&](std::size_t) { return decisions.softDelete(*id, now, kAssistant); }, now);
    if (!done)
        return ToolOutcome::toolError(done.error().message);
    return memoryResult(*id, QStringLiteral("Forgot %1 (the user can restore it).").arg(*id), {{QStringLiteral("id"), *id}});
}

} // namespace recollector::core::mcp
