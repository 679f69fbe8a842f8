#pragma once

#include "engine/review/ReviewPoint.h"
#include "model/Result.h"
#include "model/Tier.h"
#include "store/ChangeScan.h"

#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace recollector::core {

class MemorySnapshot;
class ScoringProfile;
class Store;

/// Who made a change (docs/scoring.md#review-inbox).
enum class ChangeActor : std::uint8_t {
    User = 1,      ///< the person, in the window or on the command line
    Assistant = 2, ///< the assistant over MCP
    File = 4,      ///< the assistant, in its own file of an attached folder
    Import = 8,    ///< an import
    System = 16,   ///< Recollector itself (cleanup, conflict handling)
};

/// What kind of change, as bits of ChangeRow::kinds.
enum class ChangeKind : std::uint32_t {
    New = 1u << 0,
    Deleted = 1u << 1,
    Restored = 1u << 2,
    Negated = 1u << 3,
    Merged = 1u << 4,
    Edited = 1u << 5,
    Archived = 1u << 6,
    Unarchived = 1u << 7,
    Permanent = 1u << 8,
    Confirmed = 1u << 9,
    Reinforced = 1u << 10,
    Undone = 1u << 11,
    Tier = 1u << 12, ///< crossed a tier line with no event (decay)
};
inline constexpr int kChangeKindCount = 13;

/// One memory's changes in a range: the inbox's row.
struct ChangeRow
{
    QString memoryId;
    Millis at = 0;            ///< the newest change (a tier crossing: when the line was crossed)
    qint64 lastEventId = 0;   ///< 0 for a tier crossing
    int events = 0;
    std::uint32_t kinds = 0;  ///< ChangeKind bits
    std::uint8_t actors = 0;  ///< ChangeActor bits
    /// The actor of the newest event of each kind, by the kind's bit index.
    std::array<ChangeActor, kChangeKindCount> actorOf {};
    std::uint8_t editedFields = 0; ///< the fields edits named, as bits (ChangeList::fieldNames)
    int reinforcements = 0;
    std::optional<Tier> tierBefore; ///< a tier crossing: the tier at the start of the range
    std::optional<Tier> tierNow;
    bool fromAssistant = false; ///< an assistant's decision over MCP is among them (Reject applies)

    bool has(ChangeKind k) const { return (kinds & std::uint32_t(k)) != 0; }
};

/// A row's memory as the snapshot has it now (ChangeList::texts): kept apart from the rows,
/// which the window words only for the rows on screen.
struct ChangeTexts
{
    QString category;
    QString project;
    QString preview; ///< empty: the memory is no longer in the store
};

/// Which rows to keep; empty = any.
struct ChangeFilter
{
    std::uint8_t actors = 0;  ///< ChangeActor bits: events by others are left out before grouping
    std::uint32_t kinds = 0;  ///< ChangeKind bits: a row with none of them is left out
    std::optional<QString> category;
    std::optional<QString> project;
};

struct ChangeQuery
{
    ChangeScanRange range;
    /// The instant tier crossings count from (the review's instant, the --since date); 0: none.
    Millis tiersFrom = 0;
    Millis now = 0;
    /// Rows the person accepted one by one (ReviewState::seen) are left out.
    const ReviewState *review = nullptr;
    ChangeFilter filter;
};

/// The review inbox's list (docs/scoring.md#review-inbox; `recollector-cli changes`): every
/// memory changed in a range, one row each, newest first, what changed and by whom. The
/// events come from ChangeScan; tier crossings (no event: the memory decayed past a line)
/// from scoring the snapshot's rows at the range's start and now, when a snapshot and a
/// profile are given; the filters by category and project read the snapshot.
class ChangeList final
{
public:
    [[nodiscard]] static Result<std::vector<ChangeRow>> build(Store &store, const ChangeQuery &query,
                                                              const MemorySnapshot *snapshot = nullptr,
                                                              const ScoringProfile *profile = nullptr);

    /// How many rows build() gives, without making the list (no order, no tier crossing's id):
    /// the status bar's count.
    [[nodiscard]] static Result<qint64> count(Store &store, const ChangeQuery &query,
                                              const MemorySnapshot *snapshot = nullptr,
                                              const ScoringProfile *profile = nullptr);

    /// Each row's category, project and text preview as the snapshot has them now, in step
    /// with `rows` (empty for memories no longer in it).
    static std::vector<ChangeTexts> texts(const std::vector<ChangeRow> &rows, const MemorySnapshot &snapshot);

    /// How many memories changed after `afterEventId`, counting at most `cap` (the status
    /// bar's count before a first review, when the whole history is new).
    [[nodiscard]] static Result<qint64> countSince(Store &store, qint64 afterEventId, qint64 cap);

    static ChangeActor actorOf(const ChangeEventRow &event);
    /// The kind bits an event adds to its row.
    static std::uint32_t kindsOf(const ChangeEventRow &event);

    // Names on the command line and in JSON.
    static QString actorName(ChangeActor actor);
    static QString kindName(ChangeKind kind);
    /// "assistant" is both the assistant over MCP and in its files; nullopt: unknown.
    static std::optional<std::uint8_t> actorsFromName(const QString &name);
    static std::optional<ChangeKind> kindFromName(const QString &name);
    static QStringList kindNames(std::uint32_t kinds);
    static QStringList actorNames(std::uint8_t actors);
    /// The fields of ChangeRow::editedFields' bits by their JSON names, in
    /// ChangeScan::editedFields()' order (text first).
    static QStringList fieldNames(std::uint8_t fields);

    /// The change in words (English; the window words it through tr()): "Edited text by the
    /// assistant", "New by an import", "Deleted by the assistant in its file", "Fell to weak".
    static QString describe(const ChangeRow &row);
};

} // namespace recollector::core
