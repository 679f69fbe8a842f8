#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace recollector::core {

/// Finds negation in a memory's text, in English and Chinese (docs/scoring.md, "Detection"):
/// "not", "no longer", "never", "don't" / "doesn't" / any "n't", "stopped", … and 不, 没, 别, 不再,
/// 不要, 从不, ….
///
/// English is matched on whole word tokens (text::wordTokens), so "note", "knot" or
/// "another" never read as "not". Chinese has no spaces, so it is scanned character by
/// character with a list of words that contain a negation character without negating
/// (不错 "not bad" = good, 不过 "but", 非常 "very", 未来 "future", 特别 "especially",
/// 别人 "others", 差不多 "almost", 不得不 "must", …), longest match first.
class NegationCues final
{
public:
    struct Analysis
    {
        QStringList cues;             ///< the negations found, in order
        bool isNegative() const { return !cues.isEmpty(); }
    };

    static Analysis analyse(QStringView text);
    static bool isNegative(QStringView text) { return analyse(text).isNegative(); }

    /// The cue lists, for documentation and the settings dialog.
    static const QStringList &englishCues();
    static const QStringList &chineseCues();
};

} // namespace recollector::core
