#pragma once

#include "config/Config.h"
#include "engine/capture/AfterChange.h"
#include "engine/capture/NewMemory.h"
#include "engine/capture/Restatements.h"
#include "engine/decisions/Decisions.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <vector>

namespace recollector::core {

class Store;

/// Adding a memory by hand (docs/architecture.md, "What each decision writes"):
/// the one operation behind the window's Memory → New… and `recollector-cli add`.
class MemoryCapture final
{
public:
    /// `profileName` as for Decisions (empty: the store's).
    MemoryCapture(Store &store, const Config &config, const QString &profileName = {});

    struct Added
    {
        Memory memory;                         ///< as written
        FollowUpOutcome followUp;              ///< its links and the contradictions it raised
        std::vector<DecisionOutcome> outcomes; ///< the `create` decision, then the detector's (undo reverts them all)
        /// Set when the assistant's text restated a memory already held (docs/scoring.md#restatements):
        /// `memory` is that memory, reinforced with the new text kept in the event; nothing was created.
        QString restates;
    };

    /// The memory built from `input` as add() would write it (no id, no instants yet).
    /// Keywords: the given ones normalised, or KeywordExtractor's from the content when none
    /// are given; category "fact" when empty; importance 1.0 and confidence 0.8 when unset;
    /// source "manual" for the user (stability memory.decay.manualStability) or
    /// "conversation" for the assistant (memory.decay.initialStability).
    static Memory draft(const NewMemory &input, const Config &config);

    /// The `create` decision alone (checked first: a Validation error naming the field), for
    /// a caller that runs it through AfterChange itself (the window's undo command).
    [[nodiscard]] static Result<DecisionOutcome> createIn(Decisions &decisions, const NewMemory &input,
                                                          const Config &config, Millis at = 0);

    /// Checks `input` (one message naming the field; nothing written), then in ONE
    /// transaction: the `create` decision (actor = input.actor), the new memory's derived
    /// links and its contradiction check (AfterChange). What the assistant adds that restates
    /// a memory it already has (Restatements) reinforces that memory instead (`restates`).
    [[nodiscard]] Result<Added> add(const NewMemory &input, Millis at = 0);

private:
    [[nodiscard]] Result<Added> restated(Restatements::Recorded recorded);

    Store &m_store;
    Config m_config;
    Decisions m_decisions;
};

} // namespace recollector::core
