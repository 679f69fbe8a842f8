#pragma once

#include "config/Config.h"
#include "engine/review/Cleanup.h"
#include "model/Memory.h"
#include "scoring/ScoringProfile.h"

#include <optional>

namespace recollector::core {

class EnhancedProfile;

/// The per-memory rules of Cleanup::plan (docs/scoring.md, "Cleanup"), on the few fields they
/// read, so that the same rules run on a full Memory (Cleanup) and on a snapshot row
/// (LiveReviewQueue). `reason`, when given, receives the line for people; without it nothing
/// is formatted (a million rows are judged faster than their reasons are written).
namespace cleanup_rules {

/// What the rules read of one memory.
struct Facts
{
    Millis deletedAt = 0;
    bool permanent = false;
    int sensitivity = 0;
    const QString *category = nullptr; ///< the category's name (never null when judged)
    double importance = 1;
    MemoryLevel level = MemoryLevel::Full;
    bool compressed = false;
    bool awaitsEvidence = false; ///< awaitsEvidenceOfUse

    static Facts of(const Memory &m);
};

/// A soft-deleted memory past its retention: purge.
std::optional<CleanupKind> purge(const Facts &f, const Config &config, Millis now, QString *reason);
/// Permanent memories, sensitivity ≥ 2 and a memory whose use nothing has recorded yet
/// (awaitsEvidenceOfUse) are never touched automatically.
inline bool isProtected(const Facts &f) { return f.permanent || f.sensitivity >= 2 || f.awaitsEvidence; }
/// System and core memories, and importance ≥ core, are never deleted by a cleanup (docs/scoring.md#cleanup).
bool isNeverDeleted(const Facts &f, const Config &config);
/// What the rule of `profile` plans for a live, unprotected memory, if anything.
std::optional<CleanupKind> profileRule(const QString &profile, const Facts &f, const ScoreInput &in, const Score &s,
                                       Millis now, const Config &config, const EnhancedProfile &enhanced,
                                       QString *reason);

/// The storage budget a memory counts in (docs/scoring.md#cleanup), given its own rule's action.
enum class BudgetGroup { None, ActiveEpisode, CompressedEpisode, SemanticRule };
BudgetGroup budgetGroup(const Facts &f, std::optional<CleanupKind> action);
/// The reason of a budget action.
QString budgetReason(BudgetGroup group, std::size_t groupSize, int budget, double score, int excess);

} // namespace cleanup_rules

} // namespace recollector::core
