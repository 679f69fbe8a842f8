#pragma once

#include <QString>

#include <cstdint>
#include <vector>

namespace recollector::core::text {

/// The senses of an English word in Princeton WordNet 3.0 (docs/scoring.md#restatements): the
/// synsets of its first few senses and their direct hypernyms, from a table generated at build
/// time (cmake/wordnet/WordNetTable.cpp reads Debian's wordnet-base; nothing is read at run
/// time). Two words are near in meaning when a sense of one is a sense of the other ("career" /
/// "calling") or its direct hypernym ("career" / "job", "puppy" / "dog"); two kinds of one thing
/// ("coffee" / "tea", both beverages) are not.
class WordSenses final
{
public:
    struct Senses
    {
        std::vector<std::uint32_t> own; ///< synset numbers of its first senses, sorted
        std::vector<std::uint32_t> up; ///< their direct hypernyms, sorted
    };

    /// The senses of a lower-case word, found as it is and as WordNet's morphology (morphy's
    /// suffix rules and exception lists) finds its base forms: "kids" → "kid", "went" → "go",
    /// "looking" → "look". Empty for a word WordNet lacks.
    static Senses of(const QString &word);
    /// Whether the two words are near in meaning as above.
    static bool near(const QString &a, const QString &b);
    /// Words in the table (its size, for the tests and the documentation).
    static int words();

private:
    /// Words each thread keeps the senses of (of() looks a word up once).
    static constexpr qsizetype kKnownWords = 100000;
    static Senses lookUp(const QString &word);
    /// The generated table: "lemma\town,…\tup,…\n" lines (core/…/WordNetTable.cpp, generated).
    static const char *table();
};

} // namespace recollector::core::text
