#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace recollector::core::text {

/// Word-level rules on statements (docs/scoring.md, "Same statement" and "Denied words").
class StatementWords final
{
public:
    /// The content words a negation denies, sorted: in each clause (cut at . , ; : ! ? and
    /// "but"), the words after its first negation cue, stop words and cues left out.
    /// "Use pnpm for installs, never npm" → [npm]; "Do not use pnpm for installs; use npm"
    /// → [installs, pnpm, use].
    static QStringList deniedWords(QStringView text);

    /// What a statement denies and what it affirms: the denied words as above and the other
    /// content words, each less the words in both ("use" in "do not use pnpm; use npm").
    struct Polarity
    {
        QStringList denied;
        QStringList affirmed;
    };
    static Polarity polarityOf(QStringView text);
    /// The denied-words rule: one statement affirms a word the other denies. "Use pnpm for
    /// installs, never npm" / "Do not use pnpm for installs; use npm" (npm); not "Don't use
    /// `any`; use `unknown`" / "Never turn off strict; fix the types".
    static bool affirmsWhatTheOtherDenies(const Polarity &a, const Polarity &b);

    /// The same-statement rule: `a` and `b` say the same thing when they have the same
    /// content words (every word but the Snowball stop words) in the same order and deny the
    /// same words. "The user prefers dark mode" = "User prefers dark mode."; not "… light
    /// mode", not "… never dark mode", not "Do not use pnpm; use npm" after "Use pnpm, never npm".
    static bool sameStatement(const QString &a, const QString &b);
};

} // namespace recollector::core::text
