#include "synthetic/SyntheticCorpus.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <unordered_set>

namespace recollector::core::synth {

namespace {

// Salts for the per-item streams, so content, ids and fields never share random numbers.
constexpr std::uint64_t kSaltVocabulary = 1;
constexpr std::uint64_t kSaltBursts = 2;
constexpr std::uint64_t kSaltFields = 3;
constexpr std::uint64_t kSaltShares = 4;
constexpr std::uint64_t kSaltContent = 5;

// Words real memories are made of; they take the most frequent Zipf ranks so a search for
// "typescript" or "数据库" behaves like one on a real store.
const char *const kSeedWords[] = {
    "typescript", "testing", "vitest", "jest", "python", "rust", "docker", "kubernetes", "git", "sql",
    "sqlite", "postgres", "react", "vue", "css", "html", "api", "rest", "graphql", "auth", "oauth", "token",
    "cache", "redis", "build", "ci", "deploy", "lint", "format", "refactor", "bug", "crash", "memory", "thread",
    "async", "promise", "error", "logging", "config", "yaml", "json", "csv", "import", "export", "backup",
    "release", "branch", "merge", "review", "unit", "integration", "benchmark", "profile", "latency", "index",
    "query", "schema", "migration", "vim", "vscode", "terminal", "shell", "bash", "linux", "macos", "windows",
    "npm", "pnpm", "cargo", "cmake", "qt", "widget", "chart", "layout", "font", "theme", "dark", "coffee",
    "meeting", "morning", "deadline", "travel", "tea", "music", "数据库", "测试", "部署", "偏好", "项目", "会议",
    "咖啡", "代码", "文档", "用户"};

const char *const kOnsets[] = {"b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v",
                               "w", "z", "br", "ch", "cl", "dr", "fl", "gr", "pl", "pr", "sh", "sl", "st", "th", "tr"};
const char *const kVowels[] = {"a", "e", "i", "o", "u", "ai", "ea", "io", "ou"};
const char *const kCodas[] = {"", "", "", "n", "r", "s", "t", "l", "x", "nd", "st"};

// Glue words between keywords so content reads like a sentence.
const char *const kGlue[] = {"the", "with", "for", "and", "in", "when", "over", "after", "before", "uses",
                             "prefers", "about", "on", "from", "to", "via", "because", "during"};
const char *const kLeads[] = {"Remember that", "User prefers", "Lesson:", "Pitfall:", "Observed", "Decided to use",
                              "When working on", "Note:", "Always check", "Team agreed on"};
const char *const kNegations[] = {"no longer", "does not", "never", "don't", "不再"};

constexpr const char *kCategoryNames[] = {"fact", "identity", "stable_preference", "short_term_preference", "skill",
                                          "temporary", "system", "core", "episode", "pattern", "lesson",
                                          "preference", "pitfall", "tool"};
// Shares per category (sum 1): the development categories (docs/scoring.md#decay-rate) and the episodes (#importance)
// dominate, identity / core / system are rare, as in an assistant's real memory.
const std::vector<double> kCategoryWeights = {0.16, 0.03, 0.06, 0.05, 0.07, 0.05, 0.01,
                                              0.02, 0.15, 0.07, 0.07, 0.10, 0.07, 0.09};
enum : std::uint8_t { kFact = 0, kIdentity = 1, kSystem = 6, kCore = 7, kEpisode = 8, kPitfall = 12, kTemporary = 5 };

// Per burst: source mix, burst size range, gap between its memories (minutes), share that is
// scoped to a project.
struct BurstShape
{
    SourceKind source;
    double weight;
    int minSize, maxSize;
    double gapMinutes;
    double projectShare;
};
const BurstShape kBursts[] = {
    {SourceKind::Task, 0.42, 2, 8, 6, 0.85},        {SourceKind::Chat, 0.22, 1, 4, 2, 0.35},
    {SourceKind::Manual, 0.10, 1, 1, 0, 0.60},      {SourceKind::User, 0.08, 1, 1, 0, 0.30},
    {SourceKind::BackgroundAi, 0.12, 1, 3, 20, 0.60}, {SourceKind::System, 0.02, 1, 1, 0, 0.0},
    {SourceKind::Import, 0.04, 1, 6, 0.02, 0.50},
};

int poisson(Rng &rng, double mean)
{
    if (mean <= 0)
        return 0;
    if (mean > 30) // normal approximation; exactness does not matter this far out
        return std::max(0, int(std::lround(mean + std::sqrt(mean) * rng.normal())));
    const double limit = std::exp(-mean);
    int k = 0;
    double p = rng.uniform();
    while (p > limit) {
        ++k;
        p *= rng.uniform();
    }
    return k;
}

float round2(double v) { return float(std::round(v * 100.0) / 100.0); }

std::size_t utf8Chars(const std::string &s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

} // namespace

const std::vector<std::string> &SyntheticCorpus::categoryNames()
{
    static const std::vector<std::string> names(std::begin(kCategoryNames), std::end(kCategoryNames));
    return names;
}

const char *SyntheticCorpus::sourceName(SourceKind kind)
{
    switch (kind) {
    case SourceKind::Task: return "task";
    case SourceKind::Chat: return "chat";
    case SourceKind::Manual: return "manual";
    case SourceKind::User: return "user";
    case SourceKind::BackgroundAi: return "background_ai";
    case SourceKind::System: return "system";
    case SourceKind::Import: return "import";
    }
    return "manual";
}

const char *SyntheticCorpus::levelName(std::uint8_t level)
{
    switch (level) {
    case 1: return "summary";
    case 2: return "trace";
    case 3: return "archive";
    default: return "full";
    }
}

SyntheticCorpus::SyntheticCorpus(const CorpusOptions &options) : m_options(options)
{
    m_options.memories = std::max<std::int64_t>(0, m_options.memories);
    m_options.vocabulary = std::max(int(std::size(kSeedWords)) + 10, m_options.vocabulary);
    m_options.projects = std::max(1, m_options.projects);
    Rng vocabularyRng(streamSeed(m_options.seed, kSaltVocabulary, 0));
    buildVocabulary(vocabularyRng);
    Rng burstRng(streamSeed(m_options.seed, kSaltBursts, 0));
    planBursts(burstRng);
    orderByCreation();
    Rng fieldRng(streamSeed(m_options.seed, kSaltFields, 0));
    planFields(fieldRng);
    Rng shareRng(streamSeed(m_options.seed, kSaltShares, 0));
    planShares(shareRng);
}

void SyntheticCorpus::buildVocabulary(Rng &rng)
{
    std::unordered_set<std::string> seen;
    m_words.reserve(std::size_t(m_options.vocabulary));
    auto add = [&](std::string w) {
        if (seen.insert(w).second)
            m_words.push_back(std::move(w));
    };
    // Made-up words take the top Zipf ranks (the "the / of / and" of this vocabulary); the
    // real words sit every 40 ranks from rank 30 on, so "typescript" is in about one memory
    // in a hundred, as a topic word is in a real store, not in half of them.
    std::size_t nextSeed = 0;
    while (int(m_words.size()) < m_options.vocabulary) {
        const std::size_t rank = m_words.size();
        if (nextSeed < std::size(kSeedWords) && rank >= 30 && (rank - 30) % 40 == 0) {
            add(kSeedWords[nextSeed++]);
            continue;
        }
        std::string w;
        const int syllables = 2 + int(rng.below(2));
        for (int s = 0; s < syllables; ++s) {
            w += kOnsets[rng.below(std::size(kOnsets))];
            w += kVowels[rng.below(std::size(kVowels))];
        }
        w += kCodas[rng.below(std::size(kCodas))];
        add(std::move(w));
    }
    m_wordZipf = ZipfSampler(m_words.size(), 1.0);

    // Project folders: two made-up words each, Zipf-popular (a few big projects, many small).
    // Drawn from the 5,000 most common words, or the whole vocabulary when it is smaller.
    const std::size_t pool = std::min<std::size_t>(5000, m_words.size());
    std::unordered_set<std::string> paths;
    while (int(m_projectPaths.size()) < m_options.projects) {
        const std::string path = "/home/dev/projects/" + m_words[rng.below(pool)] + "-" + m_words[rng.below(pool)];
        if (paths.insert(path).second)
            m_projectPaths.push_back(path);
    }
}

void SyntheticCorpus::planBursts(Rng &rng)
{
    const std::size_t n = std::size_t(m_options.memories);
    m_memories.reserve(n);
    m_topicCount = std::uint32_t(std::max<std::int64_t>(1, m_options.memories / 25));
    m_topicWords.resize(m_topicCount);
    for (auto &words : m_topicWords) {
        for (std::size_t k = 0; k < words.size(); ++k) {
            std::uint32_t w;
            do {
                w = std::uint32_t(m_wordZipf.sample(rng));
            } while (std::find(words.begin(), words.begin() + long(k), w) != words.begin() + long(k));
            words[k] = w;
        }
    }
    std::vector<double> weights;
    for (const auto &b : kBursts)
        weights.push_back(b.weight);
    const WeightedChoice burstChoice(weights);
    const ZipfSampler projectZipf(m_projectPaths.size(), 1.1);

    while (m_memories.size() < n) {
        const BurstShape &shape = kBursts[burstChoice.sample(rng)];
        const int size = int(rng.between(shape.minSize, shape.maxSize));
        // Age in days: a recent-heavy exponential part plus a flat tail back to the span.
        double ageDays = rng.chance(0.55) ? rng.exponential(30) : rng.uniform() * m_options.spanDays;
        ageDays = std::clamp(ageDays, 0.02, m_options.spanDays);
        Millis at = m_options.anchor - Millis(ageDays * double(kMsPerDay));
        const std::int16_t project =
            rng.chance(shape.projectShare) ? std::int16_t(projectZipf.sample(rng)) : std::int16_t(-1);
        const std::uint32_t topic = std::uint32_t(rng.below(m_topicCount));
        std::uint32_t task = kNone, chat = kNone;
        if (shape.source == SourceKind::Task)
            task = m_taskCount++;
        if (shape.source == SourceKind::Chat)
            chat = m_chatCount++;
        for (int k = 0; k < size && m_memories.size() < n; ++k) {
            PlannedMemory m;
            m.source = shape.source;
            m.createdAt = std::min(at, m_options.anchor - 1000);
            m.project = project;
            // Single memories pick their own topic; a burst's memories talk about one thing.
            m.topic = size == 1 ? std::uint32_t(rng.below(m_topicCount)) : topic;
            m.task = task;
            m.chat = chat;
            m_memories.push_back(m);
            at += Millis(rng.exponential(shape.gapMinutes * 60000.0)) + 1000;
        }
    }
}

void SyntheticCorpus::orderByCreation()
{
    std::stable_sort(m_memories.begin(), m_memories.end(),
                     [](const PlannedMemory &x, const PlannedMemory &y) { return x.createdAt < y.createdAt; });
    // Strictly increasing, at least 1 ms apart and before the anchor, so ULIDs (time first)
    // sort exactly in index order: association pairs can then be ordered by index.
    Millis next = m_options.anchor - 1000;
    for (std::size_t i = m_memories.size(); i-- > 0;) {
        m_memories[i].createdAt = std::min(m_memories[i].createdAt, next);
        next = m_memories[i].createdAt - 1;
    }
}

void SyntheticCorpus::planKeywords(PlannedMemory &m, Rng &rng) const
{
    static const WeightedChoice countChoice({0.20, 0.30, 0.25, 0.15, 0.10}); // 2..6 keywords
    const int count = 2 + int(countChoice.sample(rng));
    const int fromTopic = count >= 4 ? 3 : 2;
    const auto &topic = m_topicWords[m.topic];
    int n = 0;
    auto has = [&](std::uint32_t w) { return std::find(m.keywords.begin(), m.keywords.begin() + n, w) != m.keywords.begin() + n; };
    // A few of the topic's words (this is what makes same-topic memories keyword-similar) …
    std::uint32_t start = std::uint32_t(rng.below(topic.size()));
    for (int k = 0; k < fromTopic; ++k)
        m.keywords[std::size_t(n++)] = topic[(start + std::uint32_t(k)) % topic.size()];
    // … and the rest from the whole Zipf vocabulary.
    int guard = 0;
    while (n < count && guard++ < 64) {
        const auto w = std::uint32_t(m_wordZipf.sample(rng));
        if (!has(w))
            m.keywords[std::size_t(n++)] = w;
    }
    std::sort(m.keywords.begin(), m.keywords.begin() + n);
    m.keywordCount = std::uint8_t(n);
}

void SyntheticCorpus::planReinforcement(PlannedMemory &m, Rng &rng) const
{
    const Millis anchor = m_options.anchor;
    const double ageDays = time::daysBetween(m.createdAt, anchor);
    // Activity: reinforcements per day, log-normal (median once a month, a long busy tail).
    double rate = std::exp(std::log(0.03) + 1.4 * rng.normal());
    if (m.category == kEpisode || m.category == kTemporary)
        rate *= 0.5;
    if (m.category == kIdentity || m.category == kCore)
        rate *= 2.0;
    rate = std::clamp(rate, 1e-4, 20.0);
    m.reinforceCount = std::min(400, poisson(rng, rate * ageDays));
    if (m.reinforceCount > 0) {
        const double sinceLastDays = std::min(ageDays, rng.exponential(1.0 / rate));
        m.lastReinforcedAt = std::max(m.createdAt, anchor - Millis(sinceLastDays * double(kMsPerDay)));
    } else {
        m.lastReinforcedAt = m.createdAt;
    }
    m.accessCount = m.reinforceCount + rng.geometric(1.0);
    if (m.accessCount > 0) {
        const double sinceAccessDays = std::min(ageDays, rng.exponential(0.7 / rate));
        m.lastAccessedAt = std::max({m.createdAt, m.lastReinforcedAt, anchor - Millis(sinceAccessDays * double(kMsPerDay))});
    }

    // Stability (hours): the initial stability of docs/scoring.md, "Reinforcement", multiplied
    // per reinforcement by its event's factor (access 1.2, task_success 2.0, manual 1.5,
    // association_hit 1.1, task_failure 0.8).
    static const WeightedChoice eventChoice({0.55, 0.15, 0.12, 0.14, 0.04});
    static const double kFactors[] = {1.2, 2.0, 1.5, 1.1, 0.8};
    double stability = m.source == SourceKind::Manual ? 168.0 : 24.0;
    for (int k = 0; k < std::min(m.reinforceCount, 80); ++k)
        stability = std::min(8760.0, stability * kFactors[eventChoice.sample(rng)]);
    m.stability = float(std::round(stability * 10.0) / 10.0);
}

void SyntheticCorpus::planFields(Rng &rng)
{
    const WeightedChoice categoryChoice(kCategoryWeights);
    for (PlannedMemory &m : m_memories) {
        m.category = std::uint8_t(categoryChoice.sample(rng));
        if (m.source == SourceKind::System && rng.chance(0.6))
            m.category = kSystem;
        m.idEntropy = rng.next();
        m.idEntropyHigh = std::uint16_t(rng.next());
        planKeywords(m, rng);
        planReinforcement(m, rng);

        // Confidence by source: people state things surely, chats are vaguer; a quarter were
        // never given one (the 0.5 default).
        if (rng.chance(0.25)) {
            m.confidence = 0.5f;
        } else {
            switch (m.source) {
            case SourceKind::User:
            case SourceKind::Manual: m.confidence = round2(0.6 + 0.4 * rng.uniform()); break;
            case SourceKind::Task: m.confidence = round2(0.4 + 0.5 * rng.uniform()); break;
            default: m.confidence = round2(0.3 + 0.6 * rng.uniform()); break;
            }
        }
        // The decay rate (docs/scoring.md, "Decay rate") from confidence, reinforcement count and category.
        double rate = 1.0;
        if (m.confidence >= 0.8f)
            rate *= 0.7;
        if (m.reinforceCount >= 5)
            rate *= 0.8;
        if (m.category == kPitfall)
            rate *= 0.9;
        m.decayRate = float(std::max(0.5, rate));
        // Importance (docs/scoring.md#importance): core ≥ 3 never decays, system 3, identity high, the rest near 1.
        if (m.category == kCore)
            m.importance = round2(3.0 + 0.5 * rng.uniform());
        else if (m.category == kSystem)
            m.importance = 3.0f;
        else if (m.category == kIdentity)
            m.importance = round2(1.5 + 1.1 * rng.uniform());
        else
            m.importance = round2(std::clamp(std::exp(0.35 * rng.normal()), 0.05, 2.95));
    }
}

void SyntheticCorpus::planShares(Rng &rng)
{
    const Millis anchor = m_options.anchor;
    const std::size_t n = m_memories.size();
    for (std::size_t i = 0; i < n; ++i) {
        PlannedMemory &m = m_memories[i];
        const bool personal = m.source == SourceKind::User || m.source == SourceKind::Manual;
        m.verified = rng.chance(personal ? 0.30 : 0.08);
        m.permanent = rng.chance(m.category == kIdentity || m.category == kCore ? 0.15 : 0.01);
        if (rng.chance(0.02)) {
            m.negated = true;
            m.negatedAt = m.lastReinforcedAt + Millis(rng.uniform() * double(anchor - m.lastReinforcedAt));
        }
        const double s = rng.uniform();
        m.sensitivity = s < 0.015 ? 2 : s < 0.065 ? 1 : 0;
        m.multimodal = rng.chance(0.01);
        // Old, rarely used memories get archived by cleanup.
        if (time::daysBetween(m.createdAt, anchor) > 180 && rng.chance(0.015))
            m.level = 3;
        // A compression summary replaces an earlier full memory, which is archived.
        if (i > 0 && rng.chance(0.02)) {
            const auto j = std::uint32_t(rng.below(i));
            if (m_memories[j].level == 0 && !m_memories[j].compressed) {
                m_memories[j].level = 3;
                m.level = 1;
                m.compressed = true;
                m.compressedFrom = j;
            }
        }
        if (!m.permanent && rng.chance(0.004))
            m.deletedAt = anchor - Millis(rng.uniform() * 40.0 * double(kMsPerDay));
        m.deletedAt = m.deletedAt ? std::max(m.deletedAt, m.lastReinforcedAt) : 0;
        m.updatedAt = std::max({m.createdAt, m.lastReinforcedAt, m.negatedAt, m.deletedAt});
    }
}

double SyntheticCorpus::cachedStrength(std::size_t i) const
{
    const PlannedMemory &m = m_memories[i];
    if (m.permanent)
        return 100;
    const Millis anchor = m_options.anchor;
    const double hours = time::hoursBetween(m.lastReinforcedAt, anchor);
    double strength = 100.0 * std::exp(-hours / (double(m.stability) / double(m.decayRate)));
    if (m.negated) // docs/scoring.md, "Conflict factor C(t)": C(Δt) = 1 − (1 − 0.3)·e^(−0.01·days)
        strength *= 1.0 - 0.7 * std::exp(-0.01 * time::daysBetween(m.negatedAt, anchor));
    return std::round(strength);
}

std::string SyntheticCorpus::id(std::size_t i) const
{
    static constexpr char kCrockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    const PlannedMemory &m = m_memories[i];
    char out[30] = {'m', 'e', 'm', '_'};
    std::uint64_t ms = std::uint64_t(m.createdAt);
    for (int k = 9; k >= 0; --k) {
        out[4 + k] = kCrockford[ms & 31];
        ms >>= 5;
    }
    // 80 random bits: 16 high bits then 64, most significant first.
    std::uint64_t lo = m.idEntropy;
    std::uint64_t hi = m.idEntropyHigh;
    for (int k = 15; k >= 0; --k) {
        out[14 + k] = kCrockford[lo & 31];
        lo = (lo >> 5) | ((hi & 31) << 59);
        hi >>= 5;
    }
    return std::string(out, 30);
}

std::string SyntheticCorpus::content(std::size_t i) const
{
    const PlannedMemory &m = m_memories[i];
    Rng rng(streamSeed(m_options.seed, kSaltContent, i));
    // Target length in characters: 40–200, most near 60–120.
    const std::size_t target = 40 + std::size_t(160.0 * std::pow(rng.uniform(), 1.6));
    std::string text;
    std::size_t chars = 0;
    auto append = [&](const std::string &word) {
        if (!text.empty()) {
            text += ' ';
            ++chars;
        }
        text += word;
        chars += utf8Chars(word);
    };
    append(kLeads[rng.below(std::size(kLeads))]);
    if (m.contradicts)
        append(kNegations[rng.below(std::size(kNegations))]);
    int nextKeyword = 0;
    while (chars < target) {
        const double u = rng.uniform();
        if (nextKeyword < m.keywordCount && u < 0.45)
            append(m_words[m.keywords[std::size_t(nextKeyword++)]]);
        else if (u < 0.75)
            append(kGlue[rng.below(std::size(kGlue))]);
        else
            append(m_words[m_wordZipf.sample(rng)]);
    }
    // Trim to at most 200 characters at a word boundary (CJK words are 3 bytes a character).
    while (chars > 200) {
        const auto cut = text.rfind(' ');
        const std::string tail = text.substr(cut + 1);
        text.resize(cut);
        chars -= utf8Chars(tail) + 1;
    }
    return text;
}

std::string SyntheticCorpus::keywordsJson(std::size_t i) const
{
    const PlannedMemory &m = m_memories[i];
    std::string out = "[";
    for (int k = 0; k < m.keywordCount; ++k) {
        if (k)
            out += ',';
        out += '"';
        out += m_words[m.keywords[std::size_t(k)]]; // generated words need no JSON escaping
        out += '"';
    }
    out += ']';
    return out;
}

std::string SyntheticCorpus::taskId(std::size_t i) const
{
    if (m_memories[i].task == kNone)
        return {};
    char buf[24];
    std::snprintf(buf, sizeof buf, "task-%06u", m_memories[i].task);
    return buf;
}

std::string SyntheticCorpus::chatId(std::size_t i) const
{
    if (m_memories[i].chat == kNone)
        return {};
    char buf[24];
    std::snprintf(buf, sizeof buf, "chat-%06u", m_memories[i].chat);
    return buf;
}

std::string SyntheticCorpus::messageId(std::size_t i) const
{
    if (m_memories[i].chat == kNone)
        return {};
    char buf[24];
    std::snprintf(buf, sizeof buf, "msg-%08zx", i);
    return buf;
}

std::string SyntheticCorpus::projectPath(std::size_t i) const
{
    const auto p = m_memories[i].project;
    return p < 0 ? std::string() : m_projectPaths[std::size_t(p)];
}

double SyntheticCorpus::jaccard(std::size_t i, std::size_t j) const
{
    const PlannedMemory &x = m_memories[i];
    const PlannedMemory &y = m_memories[j];
    int a = 0, b = 0, common = 0;
    while (a < x.keywordCount && b < y.keywordCount) {
        const auto ka = x.keywords[std::size_t(a)], kb = y.keywords[std::size_t(b)];
        if (ka == kb) {
            ++common, ++a, ++b;
        } else if (ka < kb) {
            ++a;
        } else {
            ++b;
        }
    }
    const int unionSize = x.keywordCount + y.keywordCount - common;
    return unionSize > 0 ? double(common) / double(unionSize) : 0.0;
}

} // namespace recollector::core::synth
