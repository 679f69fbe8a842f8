#pragma once

#include <QString>
#include <QStringList>

namespace recollector::core {

/// Keywords for a memory given without any (docs/scoring.md, "Associations"): the word tokens
/// of its text (text::wordTokens, so "node.js" and "c++" stay whole) that are not common
/// function words, not numbers and at least three characters long, in order of first
/// appearance, at most
/// kMaxKeywords. Text without spaces (CJK) gives its runs of two to four characters. No
/// model, no network: the same text always gives the same keywords.
class KeywordExtractor final
{
public:
    static constexpr int kMaxKeywords = 8;
    static QStringList extract(const QString &text);
};

} // namespace recollector::core
