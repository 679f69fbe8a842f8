// Build-time generator of the word-sense table text::WordSenses reads (docs/scoring.md#restatements).
// Reads Princeton WordNet 3.0 as Debian's wordnet-base installs it (index.{noun,verb,adj,adv},
// data.* and *.exc) and writes a C++ source holding, for every single-word lemma tagged at least
// once in WordNet's semantic concordance (tagsense_cnt > 0: about 15,000 of WordNet's 150,000;
// a rarer word still meets itself by its stem), the synsets of its first `senses` senses
// ("own") and their direct hypernyms ("up"), renumbered densely.
// Only ids that can make two words meet are kept: a synset two words have as a sense, or one
// word has as a sense and another as a hypernym. Irregular forms (*.exc) get their base's ids.
//
//   wordnet-table DIR SENSES OUT.cpp
//
// Standard C++ only: it runs on the build machine before the text library is compiled.

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

const char *const kPos[] = { "noun", "verb", "adj", "adv" };

bool singleWord(const std::string &lemma)
{
    return !lemma.empty()
        && std::all_of(lemma.begin(), lemma.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

struct Word
{
    std::set<std::string> own; ///< "n00582388": part of speech and offset
    std::set<std::string> up;
};

// index.<pos>: lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…, senses in
// WordNet's order (most frequent in the tagged corpus first).
void readIndex(const std::string &dir, const char *pos, int senses, std::map<std::string, Word> &words,
    std::set<std::string> &wanted)
{
    std::ifstream in(dir + "/index." + pos);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == ' ')
            continue;
        std::istringstream f(line);
        std::string lemma, p;
        int synsets = 0, pointers = 0;
        f >> lemma >> p >> synsets >> pointers;
        if (!singleWord(lemma))
            continue;
        std::string skip;
        for (int i = 0; i < pointers + 1; ++i)
            f >> skip;
        int tagged = 0;
        f >> tagged;
        if (tagged == 0)
            continue; // never tagged in WordNet's semantic concordance: a rare word, kept out of the table
        const char letter = p == "a" || p == "s" ? 'a' : p[0];
        for (int i = 0; i < synsets && i < senses; ++i) {
            std::string offset;
            f >> offset;
            const std::string id = std::string(1, letter) + offset;
            words[lemma].own.insert(id);
            wanted.insert(id);
        }
    }
}

// data.<pos>: offset lex_filenum ss_type w_cnt(hex) [word lex_id]… p_cnt [ptr offset pos src/tgt]…
// The hypernyms (@, @i) of the synsets wanted.
std::unordered_map<std::string, std::vector<std::string>> readHypernyms(
    const std::string &dir, const char *pos, const std::set<std::string> &wanted)
{
    std::unordered_map<std::string, std::vector<std::string>> out;
    std::ifstream in(dir + "/data." + pos);
    std::string line;
    const char letter = pos[0];
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == ' ')
            continue;
        std::istringstream f(line);
        std::string offset, lexfile, type, hexCount;
        f >> offset >> lexfile >> type >> hexCount;
        const std::string id = std::string(1, letter) + offset;
        if (!wanted.count(id))
            continue;
        const int count = int(std::strtol(hexCount.c_str(), nullptr, 16));
        std::string skip;
        for (int i = 0; i < 2 * count; ++i)
            f >> skip;
        int pointers = 0;
        f >> pointers;
        for (int i = 0; i < pointers; ++i) {
            std::string symbol, target, targetPos, sourceTarget;
            f >> symbol >> target >> targetPos >> sourceTarget;
            if (symbol == "@" || symbol == "@i")
                out[id].push_back(std::string(1, targetPos == "s" ? 'a' : targetPos[0]) + target);
        }
    }
    return out;
}

// *.exc: "inflected base…"; the inflected form gets every base's ids.
void readExceptions(const std::string &dir, const char *pos, std::map<std::string, Word> &words)
{
    std::ifstream in(dir + "/" + pos + ".exc");
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream f(line);
        std::string form, base;
        f >> form;
        if (!singleWord(form))
            continue;
        while (f >> base) {
            const auto found = words.find(base);
            if (found == words.end())
                continue;
            const Word copy = found->second;
            words[form].own.insert(copy.own.begin(), copy.own.end());
            words[form].up.insert(copy.up.begin(), copy.up.end());
        }
    }
}

// Ids that can make two words meet, numbered densely in order of the synset names.
std::map<std::string, int> usefulIds(const std::map<std::string, Word> &words)
{
    std::map<std::string, std::pair<int, int>> uses; // own, up
    for (const auto &[lemma, w] : words) {
        for (const std::string &id : w.own)
            ++uses[id].first;
        for (const std::string &id : w.up)
            ++uses[id].second;
    }
    std::map<std::string, int> out;
    for (const auto &[id, n] : uses) {
        if (n.first >= 2 || (n.first >= 1 && n.second >= 1))
            out.emplace(id, 0);
    }
    int next = 0;
    for (auto &entry : out)
        entry.second = next++;
    return out;
}

std::string idsOf(const std::set<std::string> &ids, const std::map<std::string, int> &useful)
{
    std::vector<int> numbers;
    for (const std::string &id : ids) {
        const auto found = useful.find(id);
        if (found != useful.end())
            numbers.push_back(found->second);
    }
    std::sort(numbers.begin(), numbers.end());
    std::string out;
    for (const int n : numbers)
        out += (out.empty() ? "" : ",") + std::to_string(n);
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 4) {
        std::cerr << "usage: wordnet-table WORDNET_DIR SENSES OUT.cpp\n";
        return 2;
    }
    const std::string dir = argv[1];
    const int senses = std::atoi(argv[2]);
    std::map<std::string, Word> words;
    std::set<std::string> wanted;
    for (const char *pos : kPos)
        readIndex(dir, pos, senses, words, wanted);
    if (words.empty()) {
        std::cerr << "wordnet-table: no lemma read from " << dir << "/index.* (install wordnet-base)\n";
        return 1;
    }
    std::unordered_map<std::string, std::vector<std::string>> hypernyms;
    for (const char *pos : kPos)
        hypernyms.merge(readHypernyms(dir, pos, wanted));
    for (auto &[lemma, w] : words) {
        for (const std::string &id : w.own) {
            const auto found = hypernyms.find(id);
            if (found != hypernyms.end())
                w.up.insert(found->second.begin(), found->second.end());
        }
    }
    for (const char *pos : kPos)
        readExceptions(dir, pos, words);
    const std::map<std::string, int> useful = usefulIds(words);
    std::ostringstream table;
    std::size_t rows = 0;
    for (const auto &[lemma, w] : words) {
        const std::string own = idsOf(w.own, useful);
        const std::string up = idsOf(w.up, useful);
        if (own.empty() && up.empty())
            continue;
        table << lemma << '\t' << own << '\t' << up << '\n';
        ++rows;
    }
    std::ofstream out(argv[3]);
    out << "// Generated by cmake/wordnet/WordNetTable.cpp from Princeton WordNet 3.0 (" << dir << "), first "
        << senses << " senses: " << rows << " words, " << useful.size() << " synsets. Do not edit.\n"
        << "// WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved (the WordNet "
           "licence,\n"
        << "// wordnet.princeton.edu/license-and-commercial-use, allows use and redistribution with this "
           "notice).\n"
        << "#include \"engine/text/WordSenses.h\"\n\n"
        << "namespace recollector::core::text {\n\n"
        << "const char *WordSenses::table()\n{\n    return R\"wordnet(" << table.str() << ")wordnet\";\n}\n\n"
        << "} // namespace recollector::core::text\n";
    std::cout << "wordnet-table: " << rows << " words, " << useful.size() << " synsets, "
              << table.str().size() << " bytes\n";
    return out ? 0 : 1;
}
