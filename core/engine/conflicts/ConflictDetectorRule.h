#pragma once

// The contradiction rule of ConflictDetector (see its class comment) on statements prepared
// once per memory. Internal to the detector: ConflictDetector.cpp and ConflictDetectorSearch.cpp.
#include "config/Config.h"
#include "model/Conflict.h"
#include "model/Memory.h"

#include <QString>
#include <QStringList>

#include <cstddef>
#include <optional>

namespace recollector::core::conflict_rule {

// What the rule needs of one statement, computed once per memory.
struct Statement
{
    bool negative = false;
    bool past = false; ///< about a moment that is over (TimeAnchors::Kind::Past)
    bool dated = false; ///< about a named day / period
    std::size_t datedKey = 0; ///< which ones
    std::size_t textKey = 0;
    /// What it denies and affirms, when negative (docs/scoring.md, "Denied words").
    QStringList denied;
    QStringList affirmed;
    std::size_t scopeKey = 0; ///< 0 = global
    Millis createdAt = 0;
    QStringList negations; ///< kept only when a reason is wanted
    QStringList anchors; ///< past and dated ones, likewise
    /// What the judgement rules could act on (docs/scoring.md#judgement-rules), for the cheap
    /// filter of a whole-store search: the subject, the value frame, and which clauses it has.
    std::size_t subjectKey = 0;
    std::size_t ownerKey = 0;
    std::size_t frameKey = 0;
    bool plans = false;
    bool outcomes = false;
    bool statuses = false;
    bool change = false; ///< it says a value changed ("now", 现在 …)
};

Statement statementOf(const QString &content, const QString &project, Millis createdAt, bool keepWords);

/// The rule on two statements, older first: the conflict type, or nothing. `reason`, when
/// given, gets one line a person can read (the statements must have been made with keepWords).
std::optional<ConflictType> classifyStatements(
    const Statement &older, const Statement &newer, const Config::Conflicts &rules, QString *reason);

/// Whether the judgement rules might raise the pair (older first) whatever their keyword
/// overlap: the same value frame, or one subject with a plan then an outcome, or two statuses.
/// A superset of what ConflictDetector::classify raises by those rules.
bool mayJudge(const Statement &older, const Statement &newer);

/// Creation order, then id: which of two memories is the older.
bool olderFirst(const Memory &x, const Memory &y);
/// One key per unordered pair of ids.
QString pairKey(const QString &x, const QString &y);

} // namespace recollector::core::conflict_rule
