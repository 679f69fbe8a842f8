#pragma once

#include <QCoreApplication>
#include "engine/conflicts/ConflictResolver.h"
#include "model/Conflict.h"

#include <QString>
#include <QStringList>

namespace recollector::core {
class ScoringProfile;
}

namespace recollector::ui {

/// The words the conflict dialogs use: a conflict's type and status explained, each
/// strategy's name and what it does, and a plan's preview. Plain text; pure functions, so
/// tests read them without a widget.
class ConflictText final
{
    Q_DECLARE_TR_FUNCTIONS(ConflictText)

public:
    /// "Direct contradiction", "Scope overlap", "Temporal shift".
    static QString typeLabel(core::ConflictType type);
    /// What the type means and what was done automatically when it was detected.
    static QString typeExplanation(core::ConflictType type);
    /// "Open since 2026-11-17 06:10 (6 days ago): waiting for your choice." / "Resolved … with
    /// latest wins." / "Resolved automatically …".
    static QString statusText(const core::Conflict &conflict, core::Millis now);
    /// "resolved (latest wins)" — short, for lists.
    static QString shortStatus(const core::Conflict &conflict);

    static QString strategyLabel(core::ResolutionStrategy strategy);
    static QString strategyExplanation(core::ResolutionStrategy strategy);
    /// A resolution in words ("latest wins", "latest wins, automatically").
    static QString resolutionLabel(core::ConflictResolution resolution);

    /// The preview of a plan: the resolver's change lines, then for A, B (and a merged
    /// memory) the fields that will change, with the score and tier under `profile` before
    /// and after, and the conflict's new status.
    /// A and B are named by the start of their text (masked under privacy mode, as the
    /// dialog's panes are), a link's ends as A, B or the new memory.
    static QString preview(const core::ResolutionPlan &plan, const core::ScoringProfile &profile,
                           bool privacyMode = false);
};

} // namespace recollector::ui
