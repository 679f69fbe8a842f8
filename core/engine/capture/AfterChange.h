#pragma once

#include "config/Config.h"
#include "engine/decisions/DecisionOutcome.h"
#include "engine/decisions/Decisions.h"
#include "model/Conflict.h"
#include "model/Result.h"
#include "model/Time.h"

#include <QStringList>

#include <functional>
#include <vector>

namespace recollector::core {

class KeywordIndex;
class Store;

/// What the follow-up of a decision did.
struct FollowUpOutcome
{
    QStringList relinked;            ///< memories whose derived links were recomputed
    int links = 0;                   ///< derived links those memories have afterwards
    std::vector<Conflict> conflicts; ///< contradictions raised (open, or handled automatically)
    /// One per conflict raised: the detector's own decision (actor "system", events
    /// `conflict_detected`), so an undo can revert it with the decision that caused it.
    std::vector<DecisionOutcome> detections;
};

/// The step after a decision that makes the derived state follow the memories it wrote
/// (docs/scoring.md, "Associations" and "Detection"): a memory that was created, or whose
/// keywords, project or task changed, gets its keyword / co-task / temporal / co-project
/// links recomputed at once (AssociationBuilder::updateFor); a memory added (a `create`
/// decision that is not a negation's correction), or one whose content or keywords were
/// edited, is checked for contradictions (ConflictDetector::detectFor, whose record() applies
/// the automatic handling). A merge's summary and a correction get links only.
///
/// The window's undo commands and recollector-cli both go through runAll / revertAll, so a memory
/// gets the same links and checks whichever way it was written. Everything runs inside the
/// decision's transaction: a failing follow-up rolls the decision back too.
///
/// Undo: revertAll reverts the detector's decisions with the decision (they are outcomes of
/// the command), and then recomputes the links of every memory whose keywords, project or
/// task the revert put back, from its restored state. A created memory that an undo removes
/// loses its links with it (the revert event keeps them, so a redo puts them back).
class AfterChange final
{
public:
    AfterChange(Store &store, const Config &config);

    /// Recomputes the links of `relink` and runs the contradiction check for `detect`, with
    /// one keyword index of the store's current state (built once per call; `storeIndex`, when
    /// given, is that index of the whole store, built by the caller: an import's). Ids no
    /// longer in the store are skipped.
    [[nodiscard]] Result<FollowUpOutcome> apply(const QStringList &relink, const QStringList &detect, Millis at,
                                                const KeywordIndex *storeIndex = nullptr);

    /// What a follow-up looks for: after a decision, links and the contradiction check; after
    /// a revert (undo, redo), links only (the detector's decisions are reverted with it); after
    /// a conflict's resolution (LinksOnly), which settles the contradiction itself, links only:
    /// a merge strategy's summary is linked at once.
    enum class Mode { Decision, Revert, LinksOnly };
    /// One or more decisions or reverts as one core call (each joins the transaction).
    using Call = std::function<Result<std::vector<DecisionOutcome>>()>;
    /// Runs `call`, then the follow-up of what it wrote, in ONE transaction; the outcomes are
    /// the call's followed by the detector's decisions. `followUp`, when given, receives what
    /// the follow-up did.
    [[nodiscard]] Result<std::vector<DecisionOutcome>> run(const Call &call, Mode mode, Millis at = 0,
                                                           FollowUpOutcome *followUp = nullptr);

    /// Decisions::runAll, then the follow-up of what the decisions wrote, in ONE transaction.
    /// The outcomes are the decisions' (in step order) followed by the detector's decisions;
    /// `followUp`, when given, receives what the follow-up did.
    [[nodiscard]] Result<std::vector<DecisionOutcome>> runAll(Decisions &decisions, std::size_t count,
                                                              const Decisions::Step &step, Millis at = 0,
                                                              FollowUpOutcome *followUp = nullptr);
    /// Decisions::revertAll, then the links of what the reverts put back, in ONE transaction.
    [[nodiscard]] Result<std::vector<DecisionOutcome>> revertAll(Decisions &decisions,
                                                                 const std::vector<qint64> &eventIds, Millis at = 0);

private:
    struct Targets
    {
        QStringList relink;
        QStringList detect;
    };
    /// Reads the events of `outcomes` and sorts their memories into what needs links and
    /// what needs the contradiction check (`detect` false: links only).
    [[nodiscard]] Result<Targets> targetsOf(const std::vector<DecisionOutcome> &outcomes, bool detect) const;
    /// The detector's decision that raised `conflict` (its `conflict_detected` events).
    [[nodiscard]] Result<DecisionOutcome> detectionOf(const Conflict &conflict) const;

    Store &m_store;
    Config m_config;
};

} // namespace recollector::core
