#pragma once

#include "config/Config.h"
#include "engine/decisions/DecisionOutcome.h"
#include "engine/decisions/MemoryEdit.h"
#include "engine/decisions/Reinforcement.h"
#include "model/Association.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <QHash>
#include <QJsonObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace recollector::core {

class DecisionRecorder;
class EnhancedProfile;
class Store;

/// The importance profile's reviews (docs/scoring.md, "Review queue"): a promote review (importance reached
/// 2.5) and a decay review (importance fell below 0.5), and what the user answered.
enum class ReviewKind { Promote, Decay };
enum class ReviewAnswer { Promote, Keep, Delete };

/// Event kind of a review answer (not among the kinds of docs/formats.md, "Table `events`",
/// which it extends).
inline const QString kReviewEventKind = QStringLiteral("review");

/// The user's (and the assistant's) decisions (docs/architecture.md, "The way of a decision").
/// Each is ONE transaction that appends its event(s) and writes the row(s): a failing step
/// rolls the whole decision back, and a crash leaves the store as before or as after. Every
/// event payload carries the decision id and the changed fields "before" and "after" (enough to
/// restore them exactly) and the weight change entry (docs/scoring.md#weight-change-log), under every profile. `at` is the instant recorded (the CLI's --at; 0 = now). Errors are values; nothing is
/// written then.
///
/// Per-profile effects are all applied, so switching profiles never loses a decision:
/// confirm = verified + reinforce `manual` (stability × 1.5 for ebbinghaus, a mention for
/// enhanced, BOOST +0.3 for importance, a recall — accessCount + 1 — for lifecycle).
class Decisions final
{
public:
    /// `profileName` (the store's active profile) is no longer read: the weight change log
    /// is written under every profile (docs/scoring.md, "Weight change log").
    Decisions(Store &store, const Config &config, const QString &profileName = {});
    ~Decisions();

    /// Reinforce with one of the events of docs/scoring.md#reinforcement (a `reinforce` event with its type).
    [[nodiscard]] Result<DecisionOutcome> reinforce(const QString &id, ReinforceEvent event, Millis at = 0,
                                                    const QString &actor = QStringLiteral("assistant"));
    /// The assistant said a memory again in other words (docs/scoring.md#restatements): a
    /// `reinforce` event of type `manual` (a mention) whose payload also keeps the new text
    /// (`restatement`) and why it is the same fact (`restates`).
    [[nodiscard]] Result<DecisionOutcome> reinforceRestated(const QString &id, const QString &text, const QString &why,
                                                            Millis at = 0,
                                                            const QString &actor = QStringLiteral("assistant"));
    /// verified = true + reinforce manual: events `reinforce` (a mention) then `confirm`; when
    /// the memory's latest recall reached it by spreading activation, also the confirmed-hit
    /// boost (+0.1) of the link it was reached over: a `link_boost` event (docs/scoring.md#learned-weights); an
    /// archived or compressed memory is also unarchived (event `unarchive`, "trigger": "confirm").
    [[nodiscard]] Result<DecisionOutcome> confirm(const QString &id, Millis at = 0,
                                                  const QString &actor = QStringLiteral("user"));
    /// negated = true, C(t) starts at `at`, a correction history entry. A non-empty
    /// `correction` also creates the corrected memory (supersedesId = id) and a conflict
    /// row resolved `version_keep`: events `negate`, `create`, `conflict_resolved`. The
    /// corrected memory has confidence 1.0 (the user said it) and the keywords
    /// `correctionKeywords` (those of its own text, which the caller extracts) followed by
    /// the original's.
    [[nodiscard]] Result<DecisionOutcome> negate(const QString &id, const QString &correction = {}, Millis at = 0,
                                                 const QString &actor = QStringLiteral("user"),
                                                 const QStringList &correctionKeywords = {});
    /// A new memory (docs/architecture.md#what-each-decision-writes), written as given except what a decision owns: the id
    /// (ids::newMemoryId unless set), createdAt / updatedAt / lastReinforcedAt = `at`, the
    /// decay rate and the cached strength. Event `create` with the whole memory as "after";
    /// a revert removes it again (with the links it got since). The caller checks the fields
    /// (capture::MemoryCapture does, and adds the links and the contradiction check).
    [[nodiscard]] Result<DecisionOutcome> create(const Memory &memory, Millis at = 0,
                                                 const QString &actor = QStringLiteral("user"));
    [[nodiscard]] Result<DecisionOutcome> setPermanent(const QString &id, bool permanent, Millis at = 0,
                                                       const QString &actor = QStringLiteral("user"));
    [[nodiscard]] Result<DecisionOutcome> edit(const QString &id, const MemoryEdit &edit, Millis at = 0,
                                               const QString &actor = QStringLiteral("user"));
    /// Brings an archived or compressed memory back (docs/scoring.md, "Unarchive"): level
    /// full, not compressed, the original text of a compression restored, the decay clock
    /// restarted (lastReinforcedAt = at). Event `unarchive` (payload "trigger": "decision",
    /// "restoredOriginal"). Refused (Conflict) when it is neither archived nor compressed.
    [[nodiscard]] Result<DecisionOutcome> unarchive(const QString &id, Millis at = 0,
                                                    const QString &actor = QStringLiteral("user"));
    /// Soft delete (deletedAt = at); purged after budgets.purgeAfterDays.
    [[nodiscard]] Result<DecisionOutcome> softDelete(const QString &id, Millis at = 0,
                                                     const QString &actor = QStringLiteral("user"));
    [[nodiscard]] Result<DecisionOutcome> restore(const QString &id, Millis at = 0,
                                                  const QString &actor = QStringLiteral("user"));
    /// Hard delete of a soft-deleted memory once the retention period is over (or at once
    /// with `ignoreRetention`). Its events stay; the `purge` event keeps the whole memory
    /// and its associations so the purge itself can be reverted.
    [[nodiscard]] Result<DecisionOutcome> purge(const QString &id, Millis at = 0,
                                                const QString &actor = QStringLiteral("user"),
                                                bool ignoreRetention = false);
    /// A new memory from ≥ 2 others (docs/architecture.md#what-each-decision-writes): mergedFrom / sourceIds /
    /// originalContents; `content` empty = the sources' contents, one per line. The
    /// sources get mergedInto and are archived. `merge` events on all of them.
    [[nodiscard]] Result<DecisionOutcome> merge(const QStringList &ids, const QString &content = {}, Millis at = 0,
                                                const QString &actor = QStringLiteral("user"));
    /// The answer to a review: promote → category core; keep (promote) → recorded only;
    /// keep (decay) → importance reset to 0.5 and the access clock restarted; delete → soft
    /// delete. A `review` event records the question and the answer either way.
    [[nodiscard]] Result<DecisionOutcome> answerReview(const QString &id, ReviewKind kind, ReviewAnswer answer,
                                                       Millis at = 0, const QString &actor = QStringLiteral("user"));
    /// A user-drawn (`manual`) association between two live memories
    /// (docs/scoring.md, "Associations"), weight in (0, 1]; it replaces whatever link the pair
    /// had. Events `associate` on both memories (payload "other", "weightBefore" (null when
    /// unlinked), "weightAfter", "typeBefore"); the first also carries "linkAdded" and, when a
    /// link was replaced, "linkRemoved", so a revert puts the pair's prior link back exactly.
    /// Refused for a self-link or when the pair already has this very manual link.
    [[nodiscard]] Result<DecisionOutcome> link(const QString &a, const QString &b, double weight = 1.0, Millis at = 0,
                                               const QString &actor = QStringLiteral("user"));
    /// Removes the link between two memories, whatever its type: events `associate` with
    /// "linkRemoved" (and "weightAfter": null). NotFound when the pair has no link.
    [[nodiscard]] Result<DecisionOutcome> unlink(const QString &a, const QString &b, Millis at = 0,
                                                 const QString &actor = QStringLiteral("user"));
    /// Approval mode (Proposals, docs/scoring.md#approval-mode): the assistant's proposal, a
    /// `proposal` event on `memoryId` holding `proposal`; no memory row changes.
    [[nodiscard]] Result<DecisionOutcome> propose(const QString &memoryId, const QJsonObject &proposal, Millis at = 0,
                                                  const QString &actor = QStringLiteral("assistant"));
    /// The next decision of this object also records that it accepts the proposal
    /// `proposalEventId` on `memoryId`: a `proposal_answer` event in the same decision, so
    /// undoing the decision makes the proposal pending again.
    void accepting(qint64 proposalEventId, const QString &memoryId) { m_accepting = {proposalEventId, memoryId}; }
    /// The next decision of this object is made on what a person saw: memory `id` had
    /// `updatedAt` in their view. When the stored memory has changed since, the decision is
    /// refused with who changed it and how (StaleView), and nothing is written; the check runs
    /// inside the decision's transaction, on the locked row (docs/team-store.md#many-writers).
    void expecting(const QString &id, Millis updatedAt) { m_expected.insert(id, updatedAt); }
    /// Rejects the proposal `proposalEventId` on `memoryId`: a decision holding only the answer.
    [[nodiscard]] Result<DecisionOutcome> rejectProposal(qint64 proposalEventId, const QString &memoryId, Millis at = 0,
                                                         const QString &actor = QStringLiteral("user"));
    /// Reverts the decision that `eventId` belongs to (Reverter); revert the revert to redo.
    /// The memories expecting() named are checked as they are for any decision.
    [[nodiscard]] Result<DecisionOutcome> revert(qint64 eventId, Millis at = 0,
                                                 const QString &actor = QStringLiteral("user"));

    /// One decision of a batch: the one on the `index`th item (a call of this object).
    using Step = std::function<Result<DecisionOutcome>(std::size_t index)>;
    /// Runs `count` decisions, step(0) first, as ONE transaction (one undoable step of the
    /// window: every memory of a command, or a decision and its merge): each decision's own
    /// transaction joins it. The first failing step rolls them all back and its error is
    /// returned; nothing is written then. The outcomes are in step order.
    [[nodiscard]] Result<std::vector<DecisionOutcome>> runAll(std::size_t count, const Step &step);
    /// Reverts the decisions that `eventIds` belong to, in this order, as ONE transaction
    /// (runAll of revert): an undo or redo of a whole command. An id of 0 reverts nothing and
    /// gives an empty outcome at its place. What expecting() named is checked by the first
    /// revert that writes each memory.
    [[nodiscard]] Result<std::vector<DecisionOutcome>> revertAll(const std::vector<qint64> &eventIds, Millis at = 0,
                                                                 const QString &actor = QStringLiteral("user"));

    const Reinforcement &reinforcement() const { return m_reinforcement; }

private:
    using Body = std::function<Status(DecisionRecorder &, Millis at)>;
    Result<DecisionOutcome> run(Millis at, const QString &actor, const Body &body);
    /// The memory, which must exist and not be soft-deleted.
    Result<Memory> live(const QString &id) const;
    /// StaleView's check of `m` when the running decision was told what was seen of it.
    Status asSeen(const Memory &m) const;
    Status reinforceIn(DecisionRecorder &recorder, Memory &memory, ReinforceEvent event, Millis at,
                       const QJsonObject &more = {});
    /// Unarchives `memory` (Unarchive) and records the `unarchive` event with `trigger`.
    Status unarchiveIn(DecisionRecorder &recorder, Memory &memory, const QString &trigger, bool restartClock,
                       Millis at);
    /// Inside confirm: the confirmed associative hit's link boost (+0.1), when the memory's
    /// latest recall reached it by activation and that recall has not taught it yet.
    Status boostConfirmedHit(DecisionRecorder &recorder, const QString &id);
    /// Replaces the pair's link by `added` (none: removes it) and records `associate` events.
    Status changeLink(DecisionRecorder &recorder, const QString &x, const QString &y,
                      const std::optional<Association> &added);

    struct Accepting
    {
        qint64 proposalEventId = 0;
        QString memoryId;
    };
    Store &m_store;
    Config m_config;
    Reinforcement m_reinforcement;
    std::optional<Accepting> m_accepting; ///< taken by the next run()
    QHash<QString, Millis> m_expected;    ///< taken by the next run()
    QHash<QString, Millis> m_seen;        ///< the running decision's, checked by live()
    std::unique_ptr<EnhancedProfile> m_weights;
};

} // namespace recollector::core
