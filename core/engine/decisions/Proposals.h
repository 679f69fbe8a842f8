#pragma once

#include "engine/decisions/DecisionOutcome.h"
#include "model/Event.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace recollector::core {

class Decisions;
class Store;

namespace events {
/// The assistant's change written as a proposal under approval mode (docs/scoring.md#approval-mode).
inline const QString kProposal = QStringLiteral("proposal");
/// The person's answer to a proposal: accepted (in the same decision as the change it applies) or rejected.
inline const QString kProposalAnswer = QStringLiteral("proposal_answer");
} // namespace events

/// One of the assistant's proposals waiting for the person's answer.
struct Proposal
{
    enum class Action { Create, Forget, Reinforce };
    qint64 eventId = 0;  ///< the `proposal` event
    QString memoryId;    ///< the memory it changes; for Create the id reserved for it
    Action action = Action::Create;
    Millis at = 0;
    QString actor;       ///< who proposed it (the assistant)
    Memory memory;       ///< Create: the memory as accepting it writes it
    QString event;       ///< Reinforce: the reinforcement event's name (Reinforcement::eventFromName)
    QString why;         ///< Reinforce of a near-duplicate: why it is the same fact, in words

    static QString actionName(Action action);
};

/// Approval mode (docs/scoring.md#approval-mode): a store setting, off by default, under which
/// what the assistant adds or changes over MCP is written as a `proposal` event and nothing
/// else — no memory row, so it is never recalled, scored, exported or written to an attached
/// folder — until the person accepts it. Accept applies the change as the person's decision,
/// with a `proposal_answer` event in the same decision (undo of the decision takes both
/// back); Reject is a decision holding only the answer. A proposal is pending while no answer
/// to it stands (an undone answer does not).
class Proposals final
{
public:
    /// Meta key of the setting: {"on": bool, "at": ISO instant, "by": who switched it}.
    static inline const QString kMetaKey = QStringLiteral("approval_mode");

    /// Whether approval mode is on (false for a store that never set it).
    [[nodiscard]] static Result<bool> approvalOn(Store &store);
    /// Switches it (one transaction), recording when and by whom.
    [[nodiscard]] static Status setApproval(Store &store, bool on, Millis at, const QString &by);

    /// The pending proposals, oldest first.
    [[nodiscard]] static Result<std::vector<Proposal>> pending(Store &store);
    /// The pending proposals on `memoryId`, oldest first.
    [[nodiscard]] static Result<std::vector<Proposal>> pendingFor(Store &store, const QString &memoryId);

    /// The assistant proposes a new memory (`memory` as MemoryCapture::draft gives it, without
    /// an id): an id is reserved for it, which accepting it writes and the proposal event names.
    [[nodiscard]] static Result<DecisionOutcome> proposeCreate(Decisions &decisions, Memory memory, Millis at,
                                                               const QString &actor);
    [[nodiscard]] static Result<DecisionOutcome> proposeForget(Decisions &decisions, const QString &id, Millis at,
                                                               const QString &actor);
    [[nodiscard]] static Result<DecisionOutcome> proposeReinforce(Decisions &decisions, const QString &id,
                                                                  const QString &event, const QString &why, Millis at,
                                                                  const QString &actor);

    /// Accept: the change as a decision of `actor`, with the answer in the same decision.
    [[nodiscard]] static Result<DecisionOutcome> accept(Decisions &decisions, const Proposal &proposal, Millis at = 0,
                                                        const QString &actor = QStringLiteral("user"));
    /// Reject: a decision holding only the answer; the proposal stays in the log.
    [[nodiscard]] static Result<DecisionOutcome> reject(Decisions &decisions, const Proposal &proposal, Millis at = 0,
                                                        const QString &actor = QStringLiteral("user"));

    /// The proposal event read back (Validation error naming the event when it is not one).
    [[nodiscard]] static Result<Proposal> fromEvent(const Event &event);
    /// An event that only keeps the books of proposals (a proposal, an answer, the undo of an
    /// answer): it changes no memory row, so an attached folder's write-back passes it by.
    static bool isBookkeeping(const Event &event);
};

} // namespace recollector::core
