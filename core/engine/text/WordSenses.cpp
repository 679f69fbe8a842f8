#include "engine/text/WordSenses.h"

#include <QHash>

#include <algorithm>
#include <iterator>

namespace recollector::core::text {

namespace {

struct Row
{
    std::vector<std::uint32_t> own;
    std::vector<std::uint32_t> up;
};

std::vector<std::uint32_t> numbersOf(const char *from, const char *to)
{
    std::vector<std::uint32_t> out;
    std::uint32_t n = 0;
    bool any = false;
    for (const char *p = from; p <= to; ++p) {
        if (p < to && *p >= '0' && *p <= '9') {
            n = n * 10 + std::uint32_t(*p - '0');
            any = true;
        } else if (any) {
            out.push_back(n);
            n = 0;
            any = false;
        }
    }
    return out;
}

// The generated table, read once: a line per word, "lemma\town\tup".
const QHash<QString, Row> &rows(const char *table)
{
    static const QHash<QString, Row> parsed = [table] {
        QHash<QString, Row> h;
        h.reserve(16000);
        const char *p = table;
        while (*p) {
            const char *tab1 = p;
            while (*tab1 != '\t')
                ++tab1;
            const char *tab2 = tab1 + 1;
            while (*tab2 != '\t')
                ++tab2;
            const char *end = tab2 + 1;
            while (*end && *end != '\n')
                ++end;
            h.insert(QString::fromLatin1(p, tab1 - p),
                Row { numbersOf(tab1 + 1, tab2), numbersOf(tab2 + 1, end) });
            p = *end ? end + 1 : end;
        }
        return h;
    }();
    return parsed;
}

// WordNet's morphy: the suffix rules of nouns, verbs and adjectives (wn's morph.c), each
// ending and what replaces it.
constexpr const char *kDetachments[][2] = {
    { "s", "" },
    { "ses", "s" },
    { "xes", "x" },
    { "zes", "z" },
    { "ches", "ch" },
    { "shes", "sh" },
    { "men", "man" },
    { "ies", "y" },
    { "es", "e" },
    { "es", "" },
    { "ed", "e" },
    { "ed", "" },
    { "ing", "e" },
    { "ing", "" },
    { "er", "" },
    { "est", "" },
    { "er", "e" },
    { "est", "e" },
};

void add(std::vector<std::uint32_t> &to, const std::vector<std::uint32_t> &from)
{
    std::vector<std::uint32_t> merged;
    std::set_union(to.cbegin(), to.cend(), from.cbegin(), from.cend(), std::back_inserter(merged));
    to.swap(merged);
}

bool meets(const std::vector<std::uint32_t> &a, const std::vector<std::uint32_t> &b)
{
    auto x = a.cbegin();
    auto y = b.cbegin();
    while (x != a.cend() && y != b.cend()) {
        if (*x == *y)
            return true;
        *x < *y ? ++x : ++y;
    }
    return false;
}

} // namespace

WordSenses::Senses WordSenses::of(const QString &word)
{
    // A store's words repeat: each thread keeps what it looked up (the whole-store duplicate
    // search asks for every word of every memory), up to a bound that keeps it small.
    thread_local QHash<QString, Senses> known;
    if (const auto it = known.constFind(word); it != known.cend())
        return *it;
    Senses out = lookUp(word);
    if (known.size() >= kKnownWords)
        known.clear();
    known.insert(word, out);
    return out;
}

WordSenses::Senses WordSenses::lookUp(const QString &word)
{
    const QHash<QString, Row> &table = rows(WordSenses::table());
    Senses out;
    const auto take = [&](const QString &form) {
        const auto found = table.constFind(form);
        if (found == table.cend())
            return;
        add(out.own, found->own);
        add(out.up, found->up);
    };
    take(word);
    for (const auto &[ending, replacement] : kDetachments) {
        const QLatin1String e(ending);
        if (word.size() > e.size() + 1 && word.endsWith(e))
            take(word.chopped(e.size()) + QLatin1String(replacement));
    }
    return out;
}

bool WordSenses::near(const QString &a, const QString &b)
{
    const Senses x = of(a);
    const Senses y = of(b);
    return meets(x.own, y.own) || meets(x.own, y.up) || meets(x.up, y.own);
}

int WordSenses::words()
{
    return int(rows(WordSenses::table()).size());
}

} // namespace recollector::core::text
