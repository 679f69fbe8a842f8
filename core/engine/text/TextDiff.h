#pragma once

#include <QList>
#include <QString>
#include <QStringView>

namespace recollector::core {

/// A run of characters in one text: [start, start + length) in UTF-16 code units, the
/// indices QString and QTextCursor use.
struct TextSpan
{
    qsizetype start = 0;
    qsizetype length = 0;
    bool operator==(const TextSpan &) const = default;
};

/// What differs between two texts, word by word: the spans of each text whose words the
/// other text does not have in the same order (longest common subsequence of words).
struct TextDifference
{
    QList<TextSpan> left;   ///< in the first text: words not in the second
    QList<TextSpan> right;  ///< in the second text: words not in the first
    int commonWords = 0;    ///< words both share, in order
    bool identical() const { return left.isEmpty() && right.isEmpty(); }
};

/// Word-level diff for the conflict dialog (docs/architecture.md, "The window": "differences highlighted").
///
/// Words are runs of letters and digits (with the inner connectors of technical words:
/// "node.js", "don't", "no-op", "pnpm-lock.yaml"), each CJK character on its own (Chinese is
/// written without spaces), and each other visible character (punctuation). Whitespace is
/// never a word: it only separates, and it is never highlighted, except between two changed
/// words, where the span runs on so a changed phrase reads as one mark. Words compare
/// case-insensitively. Texts too long for the quadratic comparison (more than kMaxCells
/// word pairs after the common head and tail are taken off) mark their whole differing
/// middle as changed.
class TextDiff final
{
public:
    static constexpr qsizetype kMaxCells = 4'000'000;

    /// The word spans of `text`, in order.
    static QList<TextSpan> words(QStringView text);
    static TextDifference compare(const QString &left, const QString &right);
    /// The texts of `spans` in `text`, for tests and tooltips.
    static QStringList pieces(const QString &text, const QList<TextSpan> &spans);
};

} // namespace recollector::core
