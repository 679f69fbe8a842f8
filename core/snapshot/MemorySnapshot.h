#pragma once

#include "config/Config.h"
#include "model/Memory.h"
#include "model/Result.h"
#include "scoring/ScoringProfile.h"
#include "snapshot/StringColumn.h"

#include <QHash>
#include <QStringList>

#include <cstdint>
#include <span>
#include <string_view>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace recollector::core {

class Store;

/// One memory as the snapshot takes it in: what the loader reads from a row, or what
/// recordFrom() takes from a Memory. Strings are UTF-8; buffers are reused row to row.
struct SnapshotRecord
{
    std::int64_t rowid = 0;
    std::string id;
    std::string content;
    std::string category;
    std::string keywords;    ///< display form: "a, b, c"
    std::string sourceType;
    std::string project;
    std::string name;        ///< the memory's own title (an assistant's file names it), mostly empty
    std::string description; ///< its one-line description, mostly empty
    ScoreInput input;
    Millis updatedAt = 0;
    Millis deletedAt = 0;
    std::uint16_t flags = 0;
    MemoryLevel level = MemoryLevel::Full;
    std::uint8_t sensitivity = 0;
};

/// A compact, columnar, read-mostly copy of every memory of a store, for the table and the
/// status bar: numbers in arrays (one ScoreInput per row + flags), strings in shared buffers,
/// category / project / source interned. Rows keep their index for the snapshot's life
/// (a purged memory is marked Removed, never erased), so views can hold row numbers.
/// Not thread-safe: build it on one thread, then hand it over (it is movable).
class MemorySnapshot final
{
public:
    enum Flag : std::uint16_t {
        Verified = 1 << 0,
        Negated = 1 << 1,
        Permanent = 1 << 2,
        Deleted = 1 << 3,
        Superseded = 1 << 4,
        Compressed = 1 << 5,
        Removed = 1 << 6, ///< purged from the store after this snapshot was loaded
        /// Level 3, text sealed and the store locked: no content, no keywords, shown "locked"
        /// (docs/formats.md, "Encryption at rest").
        Locked = 1 << 7,
    };

    /// Longest content kept for display, in bytes (the search text keeps all of it).
    static constexpr std::size_t kPreviewBytes = 320;
    static constexpr std::uint32_t kNoRow = 0xffffffffu;

    MemorySnapshot() = default;
    MemorySnapshot(MemorySnapshot &&) noexcept = default;
    MemorySnapshot &operator=(MemorySnapshot &&) noexcept = default;
    MemorySnapshot(const MemorySnapshot &) = delete;
    MemorySnapshot &operator=(const MemorySnapshot &) = delete;

    std::size_t size() const { return m_inputs.size(); }
    bool isEmpty() const { return m_inputs.empty(); }

    QString id(std::size_t row) const { return m_ids.toQString(row); }
    std::string_view idBytes(std::size_t row) const { return m_ids.view(row); }
    /// The content, cut to kPreviewBytes (on a character boundary).
    QString contentPreview(std::size_t row) const;
    QString keywords(std::size_t row) const;
    /// Lower-cased content + "\n" + keywords, for the text filter.
    std::string_view searchText(std::size_t row) const { return m_search.view(row); }
    /// The memory's own title and description (Claude Code's `name` / `description`); empty
    /// for most memories, so they are kept only for the rows that have one.
    QString name(std::size_t row) const;
    QString description(std::size_t row) const;
    std::string_view nameBytes(std::size_t row) const;
    /// Whether any row has a name or a description (the table shows those columns then).
    bool hasTitles() const { return !m_titles.empty(); }
    const QString &category(std::size_t row) const { return m_categoryNames[m_category[row]]; }
    std::uint16_t categoryKey(std::size_t row) const { return m_category[row]; }
    const QString &project(std::size_t row) const { return m_projectNames[m_project[row]]; }
    std::uint32_t projectKey(std::size_t row) const { return m_project[row]; }
    const QString &sourceType(std::size_t row) const { return m_sourceNames[m_source[row]]; }
    std::uint8_t sourceKey(std::size_t row) const { return m_source[row]; }

    const ScoreInput &input(std::size_t row) const { return m_inputs[row]; }
    const std::vector<ScoreInput> &inputs() const { return m_inputs; }
    Millis updatedAt(std::size_t row) const { return m_updatedAt[row]; }
    Millis deletedAt(std::size_t row) const { return m_deletedAt[row]; }
    std::uint16_t flags(std::size_t row) const { return m_flags[row]; }
    bool has(std::size_t row, Flag flag) const { return (m_flags[row] & flag) != 0; }
    MemoryLevel level(std::size_t row) const { return MemoryLevel(m_level[row]); }
    int sensitivity(std::size_t row) const { return m_sensitivity[row]; }
    std::int64_t rowid(std::size_t row) const { return m_rowids[row]; }

    /// Interned values, in first-seen order; the *Key() accessors index these.
    const QStringList &categoryNames() const { return m_categoryNames; }
    const QStringList &projectNames() const { return m_projectNames; }
    const QStringList &sourceNames() const { return m_sourceNames; }

    /// Row of a memory id, or kNoRow.
    std::uint32_t rowOf(const QString &id) const;
    std::uint32_t rowOf(std::string_view id) const;
    /// rowOf() of many ids at once, into `rows` (as many): each lookup in a table of a million
    /// rows waits on memory three times, and in a group those waits overlap.
    void rowsOf(std::span<const std::string_view> ids, std::span<std::uint32_t> rows) const;
    /// The same for ids as the store reads them, one row each (kNoRow for an id not here).
    std::vector<std::uint32_t> rowsOf(std::span<const QString *const> ids) const;

    void reserve(std::size_t rows, std::size_t contentBytes);
    /// Adds a row (the id must not be present yet); returns its index.
    std::uint32_t append(const SnapshotRecord &record);
    /// Replaces a row's values in place (same id).
    void replace(std::size_t row, const SnapshotRecord &record);
    void markRemoved(std::size_t row);
    /// Rows not marked Removed.
    std::size_t liveCount() const { return size() - m_removedCount; }
    std::int64_t maxRowid() const { return m_maxRowid; }

    /// Highest event id when this snapshot was read (for noticing later events), -1 = unknown.
    qint64 lastEventId() const { return m_lastEventId; }
    void setLastEventId(qint64 id) { m_lastEventId = id; }

    /// Approximate bytes held (for the RSS budget of docs/architecture.md, "Performance budget").
    std::size_t memoryUse() const;

    /// Converts a full Memory (e.g. after a decision) to a record, as the loader would.
    static void recordFrom(const Memory &memory, const Config &config, SnapshotRecord &out);
    /// Builds the lower-cased search text the filter matches against.
    static void buildSearchText(std::string_view content, std::string_view keywords, std::string &out);
    /// Lower-cases a query term exactly as buildSearchText lower-cases the data.
    static std::string lowerUtf8(std::string_view text);

    /// Re-reads the given ids from the store: rows that exist are replaced, new ids are
    /// appended, ids no longer in the store are marked Removed. Returns the rows touched.
    [[nodiscard]] Result<std::vector<std::uint32_t>> refresh(Store &store, const Config &config,
                                                            const QStringList &ids);

private:
    /// `from` .. `from + length` of the row's shown text (content preview, then keywords).
    QString shownPart(std::size_t row, std::size_t from, std::size_t length) const;
    std::uint16_t internCategory(const std::string &name);
    std::uint32_t internProject(const std::string &name);
    std::uint8_t internSource(const std::string &name);
    std::uint16_t internCategorySlow(const std::string &name);
    std::uint32_t internProjectSlow(const std::string &name);
    std::uint8_t internSourceSlow(const std::string &name);
    void setStrings(std::size_t row, const SnapshotRecord &record, bool appending);
    void indexInsert(std::uint32_t row);
    /// The row of `id`, probing the index from slot `first` (its hash's slot).
    std::uint32_t probe(std::string_view id, std::size_t first) const;
    void rebuildIndex(std::size_t capacity);

    StringColumn m_ids;
    /// Content and keywords as shown. A row all ASCII is shown from its search text (the same
    /// bytes lower-cased) with its capitals put back: m_shown holds only their positions
    /// (2 bytes each), so its text is kept once (about 140 MB less at a million generated
    /// memories). Any other row keeps preview + '\n' + keywords here as stored.
    StringColumn m_shown;
    std::vector<std::uint8_t> m_shownAsCapitals; ///< 1: m_shown holds capital positions
    std::vector<std::uint16_t> m_previewBytes;   ///< the preview's length in bytes
    std::vector<std::uint32_t> m_keywordsAt;     ///< where the keywords start (search or shown text)
    StringColumn m_search;
    std::vector<ScoreInput> m_inputs;
    std::vector<Millis> m_updatedAt;
    std::vector<Millis> m_deletedAt;
    std::vector<std::int64_t> m_rowids;
    std::vector<std::uint16_t> m_flags;
    std::vector<std::uint16_t> m_category;
    std::vector<std::uint32_t> m_project;
    std::vector<std::uint8_t> m_source;
    std::vector<std::uint8_t> m_level;
    std::vector<std::uint8_t> m_sensitivity;
    /// Row → (name, description), only for rows that have either (a sparse column: a store of
    /// a million generated memories has none).
    std::unordered_map<std::uint32_t, std::pair<std::string, std::string>> m_titles;

    QStringList m_categoryNames;
    QStringList m_projectNames;
    QStringList m_sourceNames;
    QHash<QByteArray, std::uint16_t> m_categoryIndex;
    QHash<QByteArray, std::uint32_t> m_projectIndex;
    QHash<QByteArray, std::uint8_t> m_sourceIndex;
    std::string m_lastCategoryName, m_lastProjectName, m_lastSourceName;
    std::uint16_t m_lastCategory = 0;
    std::uint32_t m_lastProject = 0;
    std::uint8_t m_lastSource = 0;
    bool m_lastCategoryValid = false, m_lastProjectValid = false, m_lastSourceValid = false;

    // Open-addressing id → row table (slots hold row + 1; 0 = empty). A QHash<QString,int> of
    // a million ids would cost ~100 MB; this costs 8 bytes a row.
    std::vector<std::uint32_t> m_slots;
    std::size_t m_removedCount = 0;
    std::int64_t m_maxRowid = 0;
    qint64 m_lastEventId = -1;
};

} // namespace recollector::core
