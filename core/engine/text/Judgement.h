#pragma once

#include "engine/text/StatementFacts.h"

#include <QString>

#include <optional>

namespace recollector::core::text {

/// The judgement rules on two statements of one subject, older first (docs/scoring.md#judgement-rules):
///  - **plan → outcome**: the older plans something ("is considering Nike") and the newer
///    reports it done ("signed with Nike"): an update, the newer replaces the older;
///  - **status change**: "lives in A" → "moved to B", "works at A" → "left A" / "lost his
///    job", "is single" → "is dating" / "got married": an update when the words say which
///    state came after which, else a contradiction;
///  - **values**: the same frame with one value changed, where the values cannot both hold
///    (numbers, "tabs" / "spaces", the value after "prefers" / "favorite" / "is his"): a
///    contradiction, or an update when the newer says it changed ("now has 7 engineers").
/// Each verdict says why in words, quoting both texts.
class Judgement final
{
public:
    enum class Kind { Update, Contradiction };
    struct Verdict
    {
        Kind kind = Kind::Contradiction;
        bool supersede = false; ///< the rule says the newer replaced the older
        QString why;            ///< "the newer says 'signed with Nike', the older 'considering Nike'"
    };

    /// All three rules.
    static std::optional<Verdict> judge(const StatementFacts &older, const StatementFacts &newer);
    /// Plan → outcome alone: it holds whatever moment each statement is about ("went camping
    /// last week" carries out "considering going camping next month").
    static std::optional<Verdict> byPlan(const StatementFacts &older, const StatementFacts &newer);
    /// Status changes and values alone.
    static std::optional<Verdict> byValue(const StatementFacts &older, const StatementFacts &newer);

    /// Whether `b` puts one or two words in the place of one or two of `a`'s, the rest the
    /// same ("likes coffee" / "likes tea", 喝咖啡 / 喝茶): a different value, not a restatement.
    static bool substitutes(const QStringList &a, const QStringList &b);

private:
    static std::optional<Verdict> byFrame(const StatementFacts &older, const StatementFacts &newer);
    static std::optional<Verdict> byStatus(const StatementFacts &older, const StatementFacts &newer);
};

} // namespace recollector::core::text
