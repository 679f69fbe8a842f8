#pragma once

#include "synthetic/SyntheticRandom.h"
#include "model/Time.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace recollector::core::synth {

/// What to plan. Everything derives from (seed, anchor): the same pair gives the same store.
struct CorpusOptions
{
    std::int64_t memories = 1000;
    std::uint64_t seed = 1;
    Millis anchor = 0;          ///< "now" of the synthetic history; every instant is at or before it
    int vocabulary = 50000;     ///< distinct keywords, drawn Zipf(1.0)
    int projects = 300;         ///< project paths, drawn Zipf(1.1)
    double spanDays = 730;      ///< oldest memory is about this many days before the anchor
};

/// Source types (docs/formats.md, "A memory's fields"), in the order PlannedMemory::source indexes them.
enum class SourceKind : std::uint8_t { Task, Chat, Manual, User, BackgroundAi, System, Import };

inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;
inline constexpr int kMaxKeywords = 6;

/// One planned memory, compact (≈ 120 bytes) so a million fit comfortably; text (id, content,
/// keywords JSON) is rendered when it is written. Instants are UTC ms; stability in hours.
struct PlannedMemory
{
    Millis createdAt = 0;
    Millis updatedAt = 0;
    Millis lastAccessedAt = 0;
    Millis lastReinforcedAt = 0;
    Millis negatedAt = 0;
    Millis deletedAt = 0;
    std::uint64_t idEntropy = 0;        ///< the ULID's random part (low 80 bits used: 64 here + 16 below)
    std::uint32_t task = kNone;         ///< task number (source.taskId) or kNone
    std::uint32_t chat = kNone;         ///< chat number (source.chatId) or kNone
    std::uint32_t topic = 0;            ///< keyword topic the memory belongs to
    std::uint32_t compressedFrom = kNone; ///< index of the memory this summary replaced
    std::array<std::uint32_t, kMaxKeywords> keywords{}; ///< vocabulary ranks, ascending
    float confidence = 0.5f;
    float stability = 24;               ///< hours
    float decayRate = 1;
    float importance = 1;
    std::int32_t accessCount = 0;
    std::int32_t reinforceCount = 0;
    std::int16_t project = -1;          ///< index into project paths, -1 = global
    std::uint16_t idEntropyHigh = 0;
    std::uint8_t category = 0;          ///< index into categoryNames()
    SourceKind source = SourceKind::Manual;
    std::uint8_t sensitivity = 0;       ///< 0..2 (level 3 would need real encryption at rest)
    std::uint8_t level = 0;             ///< 0 full, 1 summary, 3 archive (MemoryLevel order)
    std::uint8_t keywordCount = 0;
    bool verified = false;
    bool permanent = false;
    bool negated = false;
    bool compressed = false;
    bool contradicts = false;           ///< content carries a negation (one side of a conflict)
    bool multimodal = false;            ///< modalities text + image
};

/// Plans a realistic synthetic memory store: bursts of task / chat / manual memories over two
/// years (more recent than old), the four profiles' categories, Poisson reinforcement driven by
/// a per-memory activity rate, Zipf keywords grouped into topics, projects, and shares of
/// verified / permanent / negated / sensitive / archived / deleted memories. Memories are
/// ordered by createdAt (strictly increasing), so their ids sort in index order.
class SyntheticCorpus final
{
public:
    explicit SyntheticCorpus(const CorpusOptions &options);

    const CorpusOptions &options() const { return m_options; }
    std::size_t size() const { return m_memories.size(); }
    const PlannedMemory &at(std::size_t i) const { return m_memories[i]; }
    PlannedMemory &at(std::size_t i) { return m_memories[i]; }
    const std::vector<PlannedMemory> &memories() const { return m_memories; }

    std::uint32_t topicCount() const { return m_topicCount; }
    std::uint32_t taskCount() const { return m_taskCount; }
    int projectCount() const { return int(m_projectPaths.size()); }

    /// `mem_` + 26-char ULID of createdAt and the planned entropy.
    std::string id(std::size_t i) const;
    /// 40–200 characters of words (its keywords among them); deterministic per memory.
    std::string content(std::size_t i) const;
    /// Compact JSON array of the keywords, as the store keeps them.
    std::string keywordsJson(std::size_t i) const;
    std::string taskId(std::size_t i) const;
    std::string chatId(std::size_t i) const;
    std::string messageId(std::size_t i) const;
    std::string projectPath(std::size_t i) const;
    const std::string &word(std::uint32_t rank) const { return m_words[rank]; }

    static const std::vector<std::string> &categoryNames();
    static const char *sourceName(SourceKind kind);
    static const char *levelName(std::uint8_t level);

    /// The ebbinghaus strength a writer caches at the anchor (docs/scoring.md, "Ebbinghaus"):
    /// round(100·e^(−h/S_eff)·C), C the conflict factor of a negated memory; 100 when
    /// permanent. Call after conflicts are planned.
    double cachedStrength(std::size_t i) const;

    /// Keyword Jaccard of two memories (sets are sorted, so this is a merge).
    double jaccard(std::size_t i, std::size_t j) const;

private:
    void buildVocabulary(Rng &rng);
    void planBursts(Rng &rng);
    void orderByCreation();
    void planFields(Rng &rng);
    void planKeywords(PlannedMemory &m, Rng &rng) const;
    void planReinforcement(PlannedMemory &m, Rng &rng) const;
    void planShares(Rng &rng);

    CorpusOptions m_options;
    std::vector<PlannedMemory> m_memories;
    std::vector<std::string> m_words;
    std::vector<std::array<std::uint32_t, 4>> m_topicWords;
    std::vector<std::string> m_projectPaths;
    ZipfSampler m_wordZipf;
    std::uint32_t m_topicCount = 1;
    std::uint32_t m_taskCount = 0;
    std::uint32_t m_chatCount = 0;
};

} // namespace recollector::core::synth
