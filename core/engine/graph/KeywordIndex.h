#pragma once

#include "engine/graph/IdIndex.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace recollector::core {

class Store;
struct KeywordRow;

/// The inverted keyword index and the other groupings associations, retrieval and conflict
/// detection look memories up by, so none of them ever compares all pairs (docs/scoring.md, "Associations"):
/// keyword → memories, source.taskId → memories, projectPath → memories, and every memory
/// in creation order. Every list is sorted by (createdAt, entry), so "the k memories created
/// just before this one that share keyword w" is a slice.
///
/// Entries are dense indices (see IdIndex). Deleted memories stay indexed (debug-mode
/// retrieval finds them) and are skipped by callers through isLive(); purged ones are
/// taken out of every list. Keywords are lower-cased and trimmed here whatever the row holds.
/// Not thread-safe; build it on the thread that uses it.
class KeywordIndex final
{
public:
    static constexpr std::uint32_t kNone = IdIndex::kNone;
    static constexpr std::int32_t kNoGroup = -1;

    /// What the index keeps of a memory.
    struct Record
    {
        QString id;
        QStringList keywords;
        QString taskId;
        QString projectPath;
        Millis createdAt = 0;
        bool deleted = false;
        static Record from(const Memory &memory);
    };

    /// One pass over the store's `memories` (id, keywords, task, project, created, deleted).
    [[nodiscard]] static Result<KeywordIndex> build(Store &store);
    static KeywordIndex fromMemories(const std::vector<Memory> &memories);
    /// The index of exactly these memories, built at once as build() builds it (the same
    /// index build() gives for a store holding them, in this order). A repeated id keeps its
    /// first place and its last record, as upsert() keeps it.
    static KeywordIndex fromRecords(const std::vector<Record> &records);
    /// The part of the store `centres` can reach: every memory that shares a keyword, a task
    /// or a project with one of them, or was created within `hours` of one (and the centres
    /// themselves), read in one filtered pass (MemoryRepository::scanNeighbourRows) instead of
    /// the whole table. For a centre, every list it is in is complete, so the association
    /// windows and the contradiction search see exactly what they would in build()'s index;
    /// the entries are in the store's row order as there. Falls back to build() when the
    /// centres have too many keywords for one query, or a keyword the JSON column escapes.
    [[nodiscard]] static Result<KeywordIndex> buildAround(Store &store, const QStringList &centres, double hours);

    /// Adds a memory or replaces what the index holds for it (after an edit). O(list length)
    /// per keyword / group it joins or leaves; never touches other memories.
    void upsert(const Record &record);
    void upsert(const Memory &memory) { upsert(Record::from(memory)); }
    /// Takes a purged memory out of every list.
    void remove(const QString &id);

    /// Entry slots, purged ones included (indices are never reused).
    std::size_t size() const { return m_createdAt.size(); }
    std::uint32_t find(const QString &id) const;
    std::uint32_t find(std::string_view id) const;
    QString id(std::uint32_t e) const { return m_ids.id(e); }
    std::string_view idBytes(std::uint32_t e) const { return m_ids.view(e); }
    Millis createdAt(std::uint32_t e) const { return m_createdAt[e]; }
    /// Present and not soft-deleted.
    bool isLive(std::uint32_t e) const { return m_flags[e] == 0; }
    bool isDeleted(std::uint32_t e) const { return (m_flags[e] & kDeleted) != 0; }
    bool isRemoved(std::uint32_t e) const { return (m_flags[e] & kRemoved) != 0; }
    /// Keyword ids of an entry, ascending, no duplicates.
    std::span<const std::uint32_t> keywordsOf(std::uint32_t e) const
    {
        return {m_keywordData.data() + m_keywordStart[e], m_keywordCount[e]};
    }
    std::int32_t taskOf(std::uint32_t e) const { return m_task[e]; }
    std::int32_t projectOf(std::uint32_t e) const { return m_project[e]; }

    std::size_t keywordCount() const { return m_keywordNames.size(); }
    std::size_t taskCount() const { return m_taskMembers.size(); }
    std::size_t projectCount() const { return m_projectMembers.size(); }
    QString keywordName(std::uint32_t keyword) const { return QString::fromStdString(m_keywordNames[keyword]); }
    /// kNone for a keyword no memory has.
    std::uint32_t keywordId(const QString &keyword) const;
    QString projectName(std::int32_t project) const;

    const std::vector<std::uint32_t> &posting(std::uint32_t keyword) const { return m_postings[keyword]; }
    const std::vector<std::uint32_t> &taskMembers(std::int32_t task) const { return m_taskMembers[size_t(task)]; }
    const std::vector<std::uint32_t> &projectMembers(std::int32_t project) const
    {
        return m_projectMembers[size_t(project)];
    }
    const std::vector<std::uint32_t> &timeOrder() const { return m_timeOrder; }

    /// (createdAt, entry) order, the order of every list.
    bool before(std::uint32_t x, std::uint32_t y) const
    {
        return m_createdAt[x] < m_createdAt[y] || (m_createdAt[x] == m_createdAt[y] && x < y);
    }
    /// Where `e` is (or would go) in a list sorted by before().
    std::size_t positionIn(const std::vector<std::uint32_t> &list, std::uint32_t e) const;
    /// Where a memory created at `at` would go in such a list (before any created then).
    std::size_t positionAt(const std::vector<std::uint32_t> &list, Millis at) const;

    /// Keyword ids the query mentions: a word of the query equal to a keyword, or a
    /// multi-word / CJK keyword found in the query text. Unknown words are not keywords.
    std::vector<std::uint32_t> matchQuery(const QString &query) const;

    /// |x ∩ y| of two ascending id lists.
    static std::size_t intersectionSize(std::span<const std::uint32_t> x, std::span<const std::uint32_t> y);
    /// Jaccard coefficient of two entries' keyword sets (0 when both are empty).
    double jaccard(std::uint32_t x, std::uint32_t y) const;
    /// Jaccard of two keyword lists as docs/scoring.md, "Associations" computes it (on normalised keywords).
    static double jaccard(const QStringList &x, const QStringList &y);

private:
    enum : std::uint8_t { kDeleted = 1, kRemoved = 2 };
    struct StringHash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    using Interner = std::unordered_map<std::string, std::uint32_t, StringHash, std::equal_to<>>;

    void addRow(const KeywordRow &row, std::vector<std::string> &words, std::vector<std::uint32_t> &keywordIds);
    /// After addRow for every row: the time order and every list, each sorted.
    void finishRows();
    std::uint32_t internKeyword(std::string_view keyword);
    std::int32_t internGroup(Interner &names, std::vector<std::vector<std::uint32_t>> &members,
                             std::vector<std::string> *keep, std::string_view name);
    void setKeywords(std::uint32_t e, std::vector<std::uint32_t> &keywords);
    /// Everything of entry `e` but its lists (link() or finishRows() puts it in them).
    void setEntry(std::uint32_t e, std::vector<std::uint32_t> &keywordIds, std::string_view taskId,
                  std::string_view projectPath, Millis createdAt, bool deleted);
    /// `keywords` normalised and interned, into `keywordIds`.
    void internKeywords(const QStringList &keywords, std::vector<std::uint32_t> &keywordIds);
    void link(std::uint32_t e);
    void unlink(std::uint32_t e);
    void insertSorted(std::vector<std::uint32_t> &list, std::uint32_t e);
    void eraseSorted(std::vector<std::uint32_t> &list, std::uint32_t e);
    std::uint32_t addEntry(std::string_view id);

    IdIndex m_ids;
    std::vector<Millis> m_createdAt;
    std::vector<std::int32_t> m_task;
    std::vector<std::int32_t> m_project;
    std::vector<std::uint8_t> m_flags;
    std::vector<std::uint64_t> m_keywordStart;
    std::vector<std::uint16_t> m_keywordCount;
    std::vector<std::uint32_t> m_keywordData; ///< append-only; an edit appends the new set

    Interner m_keywordIds;
    std::vector<std::string> m_keywordNames;
    std::vector<std::uint32_t> m_phraseKeywords; ///< CJK or multi-word: matched as substrings
    std::vector<std::vector<std::uint32_t>> m_postings;

    Interner m_taskIds;
    std::vector<std::vector<std::uint32_t>> m_taskMembers;
    Interner m_projectIds;
    std::vector<std::string> m_projectNames;
    std::vector<std::vector<std::uint32_t>> m_projectMembers;

    std::vector<std::uint32_t> m_timeOrder;
};

} // namespace recollector::core
