#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace recollector::core::text {

/// The word lists the judgement rules read (docs/scoring.md#judgement-rules, where each list's
/// source is given). Lower case; an English entry of several words is matched word by word, a
/// Chinese entry as a run of characters.
class JudgementWords final
{
public:
    /// "planning", "considering", "looking forward", "wants to", 打算, 考虑 …: the clause is about
    /// something not done yet.
    static const std::vector<QStringList> &planCues();
    /// "attended", "signed", "adopted", "moved", "is now", 已经 …: the clause says it was done.
    static const std::vector<QStringList> &outcomeCues();
    /// "now", "switched", "no longer", 现在, 改用 …: the newer statement says its value
    /// replaced another one.
    static const std::vector<QStringList> &changeCues();
    /// Words a plan and an outcome may share without being about the same thing.
    static bool isGeneric(const QString &stem);

    /// The first word of `stem`'s group of near-synonyms ("enjoy" for "love", "like", "fan"), or
    /// `stem` itself.
    static QString synonym(const QString &stem);

    /// Sets of values that exclude each other ("tabs" / "spaces", 浅色 / 深色): the set's index,
    /// or -1.
    static int exclusiveSet(const QString &word);
    /// The other values of `word`'s set (what a neighbour search looks for).
    static QStringList partnersOf(const QString &word);
    /// Words after which the next value is the one value of an attribute: "prefers",
    /// "favorite", "is his" … (`previous` is the word before `word`, or empty).
    static bool isExclusivePredicate(const QString &previous, const QString &word);

    /// Every word of the exclusive sets; every word an exclusive predicate ends with; every
    /// number word (what a tokenizer marks with one lookup).
    static QStringList exclusiveWords();
    static QStringList predicateWords();
    static QStringList numberWords();

    /// A number written as a word ("two", 三, 二十): its value, or -1.
    static int numberWord(const QString &word);

    /// The status domains of docs/scoring.md#status-changes and their states.
    enum class Domain { None, Residence, Job, Relationship };
    struct StatusWord
    {
        QStringList words;
        Domain domain = Domain::None;
        int state = 0;       ///< residence: 0 lives, 1 moved; job: 0 employed, 1 without; relationship: the order
        bool change = false; ///< the words say the state changed ("moved to", "lost his job", "got married")
        bool takesValue = false; ///< the words that follow name the value ("lives in Berlin", "works at Google")
    };
    static const std::vector<StatusWord> &statusWords();

    /// Every Chinese entry of the lists above, longest first (the tokenizer keeps each whole).
    static const QStringList &chinesePhrases();
};

} // namespace recollector::core::text
