#pragma once

#include "engine/recall/Retrieval.h"

#include <QString>

#include <vector>

namespace recollector::ui {

/// The score of one retrieval result spelled out term by term (docs/scoring.md, "Recall
/// ranking" for the text ranking: each matched word with its weight, then the memory's own
/// terms and the spread; "Retrieval" for the keywords ranking),
/// for the retrieval playground: what each factor was, what it contributed, and how the terms
/// add up to the score. Direct hits:
/// keywordOverlap·2 + strength/100·0.5 + projectBonus + confidence·0.3; associative ones:
/// (keywordScore·0.6 + activation·0.4)·strength/100.
class RetrievalExplanation final
{
public:
    struct Term
    {
        QString label; ///< "keyword overlap 0.667 × 2"
        QString value; ///< "1.333" (what the term adds), or the total for the last term
        QString key;   ///< the factor's key in RetrievalResult::factors ("keywordOverlap"), or "score"
    };

    /// The terms in formula order, ending with the total ("= score").
    static std::vector<Term> terms(const core::RetrievalResult &result);
    /// The formula the terms follow, one line (keywords ranking).
    static QString formula(bool direct);
    /// The formula of `result`'s ranking (docs/scoring.md, "Recall ranking" or "Retrieval").
    static QString formula(const core::RetrievalResult &result);
    static bool isTextRanking(const core::RetrievalResult &result);
    static QString number(double value);

private:
    /// The text ranking's terms: each matched word, then the memory's own terms and the spread.
    static std::vector<Term> textTerms(const core::RetrievalResult &result);
};

} // namespace recollector::ui
