#pragma once

#include <QString>
#include <QStringList>

namespace recollector::core::text {

/// Compression's summary (docs/scoring.md, "Compression"): an extractive one,
/// chosen from the memory's own sentences, with no network and no model.
///
/// - Sentences end at . ! ? (followed by a space or the end of the text), at 。！？ and at
///   every line break.
/// - The length is counted in *units*: a word of a spaced script is one unit, and so is each
///   CJK character. Chinese text (more CJK characters than other words) may keep 400 units,
///   any other text 200 (kMaxCjkUnits, kMaxWordUnits).
/// - A text within its limit is returned exactly as it is.
/// - Otherwise the sentences carrying the most of the memory's keywords are taken first
///   (then the earlier one), each while it still fits; the chosen sentences are written in
///   their original order. When not even the first choice fits, it is cut at the limit.
class ExtractiveSummary final
{
public:
    static constexpr int kMaxWordUnits = 200;
    static constexpr int kMaxCjkUnits = 400;

    /// The sentences of `text`, trimmed, empty ones dropped, terminators kept.
    static QStringList sentences(const QString &text);
    /// Words of a spaced script plus CJK characters.
    static int units(const QString &text);
    /// True when the text has more CJK characters than other words.
    static bool isChinese(const QString &text);
    /// The limit that applies to `text` (400 for Chinese text, else 200).
    static int limitFor(const QString &text);
    /// The summary of `text` within its limit, sentences with `keywords` first.
    static QString summarize(const QString &text, const QStringList &keywords);
};

} // namespace recollector::core::text
