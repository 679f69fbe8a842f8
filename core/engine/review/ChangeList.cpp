#include "engine/review/ChangeList.h"

#include "model/Event.h"
#include "model/VectorState.h"
#include "scoring/ScoringProfile.h"
#include "snapshot/MemorySnapshot.h"
#include "store/Store.h"

#include <QHash>

#include <algorithm>
#include <atomic>
#include <bit>
#include <latch>
#include <limits>
#include <optional>
#include <thread>

namespace recollector::core {

namespace {

constexpr std::uint32_t bit(ChangeKind k) { return std::uint32_t(k); }
int indexOf(ChangeKind k) { return std::countr_zero(std::uint32_t(k)); }

const std::array<ChangeKind, kChangeKindCount> kOrder {
    ChangeKind::New,       ChangeKind::Deleted,   ChangeKind::Restored,   ChangeKind::Negated,   ChangeKind::Merged,
    ChangeKind::Edited,    ChangeKind::Archived,  ChangeKind::Unarchived, ChangeKind::Permanent, ChangeKind::Confirmed,
    ChangeKind::Reinforced, ChangeKind::Undone,   ChangeKind::Tier };

const std::array<ChangeActor, 5> kActors { ChangeActor::User, ChangeActor::Assistant, ChangeActor::File,
                                           ChangeActor::Import, ChangeActor::System };

// The words for each of the fields a person edits (ChangeScan::editedFields(), in its order).
constexpr std::array<QLatin1StringView, 7> kFieldWords { QLatin1StringView("text"),       QLatin1StringView("keywords"),
                                                         QLatin1StringView("category"),   QLatin1StringView("confidence"),
                                                         QLatin1StringView("importance"), QLatin1StringView("project"),
                                                         QLatin1StringView("sensitivity") };
static_assert(kFieldWords.size() == std::tuple_size_v<std::remove_cvref_t<decltype(ChangeScan::editedFields())>>);

QString joinWords(const QStringList &words)
{
    if (words.size() <= 1)
        return words.value(0);
    return words.mid(0, words.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" and ") + words.last();
}

QString actorPhrase(ChangeActor actor)
{
    switch (actor) {
    case ChangeActor::User: return QStringLiteral(" by you");
    case ChangeActor::Assistant: return QStringLiteral(" by the assistant");
    case ChangeActor::File: return QStringLiteral(" by the assistant in its file");
    case ChangeActor::Import: return QStringLiteral(" by an import");
    case ChangeActor::System: return QStringLiteral(" by Recollector");
    }
    return {};
}

QString kindWords(const ChangeRow &row, ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::New: return QStringLiteral("New");
    case ChangeKind::Deleted: return QStringLiteral("Deleted");
    case ChangeKind::Restored: return QStringLiteral("Restored");
    case ChangeKind::Negated: return QStringLiteral("Marked wrong");
    case ChangeKind::Merged: return QStringLiteral("Merged");
    case ChangeKind::Edited: {
        QStringList words;
        for (std::size_t i = 0; i < kFieldWords.size(); ++i) {
            if (row.editedFields & (1u << i))
                words << kFieldWords[i];
        }
        return words.isEmpty() ? QStringLiteral("Edited") : QStringLiteral("Edited ") + joinWords(words);
    }
    case ChangeKind::Archived: return QStringLiteral("Archived");
    case ChangeKind::Unarchived: return QStringLiteral("Brought back");
    case ChangeKind::Permanent: return QStringLiteral("Permanence changed");
    case ChangeKind::Confirmed: return QStringLiteral("Confirmed");
    case ChangeKind::Reinforced:
        return row.reinforcements > 1 ? QStringLiteral("Reinforced %1 times").arg(row.reinforcements)
                                      : QStringLiteral("Reinforced");
    case ChangeKind::Undone: return QStringLiteral("Undone");
    case ChangeKind::Tier:
        if (row.tierBefore && row.tierNow && *row.tierNow > *row.tierBefore)
            return QStringLiteral("Fell to ") + tierName(*row.tierNow);
        return QStringLiteral("Rose to ") + tierName(row.tierNow.value_or(Tier::Active));
    }
    return {};
}

void addEvent(ChangeRow &row, const ChangeEventRow &e, ChangeActor actor, std::uint32_t kinds)
{
    row.lastEventId = std::max(row.lastEventId, e.id);
    row.at = std::max(row.at, e.at);
    ++row.events;
    row.kinds |= kinds;
    row.actors |= std::uint8_t(actor);
    for (ChangeKind k : kOrder) {
        if (kinds & bit(k))
            row.actorOf[std::size_t(indexOf(k))] = actor;
    }
    if (kinds & bit(ChangeKind::Edited))
        row.editedFields |= e.fields;
    if (kinds & bit(ChangeKind::Reinforced))
        ++row.reinforcements;
    if (actor == ChangeActor::Assistant && e.decided && e.kind != events::kRevert)
        row.fromAssistant = true;
}

struct Crossing
{
    std::uint32_t row;
    std::uint32_t index; ///< among the crossings, in the store's order
    Tier before;
    Tier now;
    Millis at;
};

// The snapshot rows whose tier differs between the range's start and now, with the instant
// each crossed its line when `timed` (a count needs none). Scoring only, no string work:
// string work would leave the vector registers' upper state dirty and slow every exp()
// (core/model/VectorState.h). Runs on its own thread while the events are read
// (ChangeList::build), so it reads only const state.
std::vector<Crossing> findCrossings(const ChangeQuery &query, const MemorySnapshot &snapshot,
                                    const ScoringProfile &profile, bool timed)
{
    std::vector<Crossing> crossings;
    resetVectorState();
    for (std::size_t r = 0; r < snapshot.size(); ++r) {
        if (snapshot.has(r, MemorySnapshot::Removed) || snapshot.deletedAt(r) != 0)
            continue;
        const auto [before, now] = profile.tiersAt(snapshot.input(r), query.tiersFrom, query.now);
        if (before != now)
            crossings.push_back({ std::uint32_t(r), std::uint32_t(crossings.size()), before, now, 0 });
    }
    if (timed) {
        for (Crossing &c : crossings)
            c.at = profile.tierLeftAt(snapshot.input(c.row), c.before, query.tiersFrom, query.now);
    }
    resetVectorState();
    return crossings;
}

// The snapshot rows of the memories the person marked seen, sorted: a tier crossing is seen
// by its snapshot row (its row may have no id: tierRows).
std::vector<std::uint32_t> seenRows(const ChangeQuery &query, const MemorySnapshot *snapshot)
{
    std::vector<std::uint32_t> out;
    if (!query.review || !snapshot)
        return out;
    for (auto it = query.review->seen.cbegin(); it != query.review->seen.cend(); ++it) {
        if (const std::uint32_t r = snapshot->rowOf(it.key()); r != MemorySnapshot::kNoRow)
            out.push_back(r);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// `r`: the row's snapshot row (kNoRow when none: no category, no project); `seen`: seenRows().
bool keep(const ChangeRow &row, std::uint32_t r, const MemorySnapshot *snapshot, const ChangeQuery &query,
          const std::vector<std::uint32_t> &seen)
{
    const ChangeFilter &f = query.filter;
    if (f.kinds && !(row.kinds & f.kinds))
        return false;
    const bool inSnapshot = snapshot && r != MemorySnapshot::kNoRow;
    if (f.category && (inSnapshot ? snapshot->category(r) : QString()) != *f.category)
        return false;
    if (f.project && (inSnapshot ? snapshot->project(r) : QString()) != *f.project)
        return false;
    if (query.review && row.lastEventId == 0) // a tier crossing: seen whenever its memory was
        return !std::binary_search(seen.begin(), seen.end(), r);
    if (query.review) {
        const auto it = query.review->seen.constFind(row.memoryId);
        if (it != query.review->seen.constEnd() && *it >= row.lastEventId)
            return false;
    }
    return true;
}

// The crossings' rows the query keeps, newest first (when `timed`), without their ids;
// crossings of one minute keep the store's order. After them, `room` empty rows: the events'
// rows are merged into this list (newestFirst), and a list made here, on the tier pass's
// thread, spares the reading thread a fresh one as long as both, whose every page the kernel
// would first have to hand over on that thread.
struct TierRows
{
    static constexpr std::uint32_t kLeftOut = std::numeric_limits<std::uint32_t>::max();

    std::vector<ChangeRow> rows;
    std::vector<std::uint32_t> rowsOf; ///< each crossing's snapshot row: rows past its size are room
    /// Each crossing in the store's order: its place in `rows`, kLeftOut when the query left it
    /// out. Ids named in this order read the snapshot's strings front to back.
    std::vector<std::uint32_t> placeOf;
};

TierRows tierRows(const ChangeQuery &query, const MemorySnapshot &snapshot, const ScoringProfile &profile,
                  const std::vector<std::uint32_t> &seen, bool timed, std::size_t room)
{
    std::vector<Crossing> crossings = findCrossings(query, snapshot, profile, timed);
    const auto newer = [](const Crossing &a, const Crossing &b) { return a.at > b.at; };
    if (timed)
        std::stable_sort(crossings.begin(), crossings.end(), newer);
    TierRows out;
    out.rows.reserve(crossings.size() + room);
    out.rowsOf.reserve(crossings.size());
    out.placeOf.assign(crossings.size(), TierRows::kLeftOut);
    for (const Crossing &c : crossings) {
        ChangeRow row;
        row.kinds = bit(ChangeKind::Tier);
        row.actorOf[std::size_t(indexOf(ChangeKind::Tier))] = ChangeActor::System;
        row.tierBefore = c.before;
        row.tierNow = c.now;
        row.at = c.at;
        if (!keep(row, c.row, &snapshot, query, seen))
            continue;
        out.placeOf[c.index] = std::uint32_t(out.rows.size());
        out.rows.push_back(std::move(row));
        out.rowsOf.push_back(c.row);
    }
    out.rows.resize(out.rows.size() + room);
    return out;
}

// The tier crossings' rows, made on a thread of their own while the caller's reads the events
// (the store's connection stays with the caller), so they come already in order, with room for
// `room` more. Their ids (`named`; a count needs none) cost most: once the rows are made, both
// threads name them a block at a time, the caller's from when it is done with the events, in
// the store's order (TierRows::placeOf), not the list's.
class TierPass
{
public:
    TierPass(const ChangeQuery &query, const MemorySnapshot &snapshot, const ScoringProfile &profile,
             const std::vector<std::uint32_t> &seen, bool named, std::size_t room)
        : m_snapshot(snapshot), m_named(named), m_thread([this, &query, &profile, &seen, room] {
              m_rows = tierRows(query, m_snapshot, profile, seen, m_named, room);
              m_made.count_down();
              name();
          })
    {
    }

    /// The rows, named: helps name them, then waits for the thread.
    TierRows take()
    {
        m_made.wait();
        name();
        m_thread.join();
        return std::move(m_rows);
    }

private:
    void name()
    {
        constexpr std::size_t kBlock = 4096;
        const std::size_t n = m_named ? m_rows.placeOf.size() : 0;
        for (std::size_t from = m_next.fetch_add(kBlock); from < n; from = m_next.fetch_add(kBlock)) {
            for (std::size_t i = from; i < std::min(n, from + kBlock); ++i) {
                if (const std::uint32_t place = m_rows.placeOf[i]; place != TierRows::kLeftOut)
                    m_rows.rows[place].memoryId = m_snapshot.id(m_rows.rowsOf[place]);
            }
        }
    }

    const MemorySnapshot &m_snapshot;
    const bool m_named;
    TierRows m_rows;
    std::latch m_made { 1 };
    std::atomic<std::size_t> m_next { 0 };
    std::jthread m_thread; // last: it starts once the rest is made, and is joined first
};

} // namespace

Result<qint64> ChangeList::countSince(Store &store, qint64 afterEventId, qint64 cap)
{
    return ChangeScan(store.database()).countMemories(afterEventId, cap);
}

ChangeActor ChangeList::actorOf(const ChangeEventRow &e)
{
    if (e.actor == QLatin1String("assistant"))
        return e.fromFile.isEmpty() ? ChangeActor::Assistant : ChangeActor::File;
    if (e.actor == QLatin1String("user"))
        return ChangeActor::User;
    if (e.actor == QLatin1String("import"))
        return ChangeActor::Import;
    return ChangeActor::System;
}

std::uint32_t ChangeList::kindsOf(const ChangeEventRow &e)
{
    const QString &k = e.kind;
    if (e.created || e.change == QLatin1String("added") || e.change == QLatin1String("kept_both"))
        return bit(ChangeKind::New);
    if (k == events::kDelete || k == events::kPurge || e.removed)
        return bit(ChangeKind::Deleted);
    if (k == events::kRestore)
        return bit(ChangeKind::Restored);
    if (k == events::kNegate)
        return bit(ChangeKind::Negated);
    if (k == events::kMerge)
        return bit(ChangeKind::Merged);
    if (k == events::kEdit || k == events::kImport || k == QLatin1String("review"))
        return bit(ChangeKind::Edited);
    if (k == events::kArchive || k == events::kCompress)
        return bit(ChangeKind::Archived);
    if (k == events::kUnarchive)
        return bit(ChangeKind::Unarchived);
    if (k == events::kPermanent)
        return bit(ChangeKind::Permanent);
    if (k == events::kConfirm)
        return bit(ChangeKind::Confirmed);
    if (k == events::kReinforce)
        return bit(ChangeKind::Reinforced);
    if (k == events::kRevert)
        return bit(ChangeKind::Undone);
    return 0;
}

namespace {

// Each memory's row, found by its snapshot row when the snapshot holds the memory (a list as
// long as the snapshot), else by its id (no snapshot, or a memory purged since): a hash of
// a hundred thousand ids cost more to fill and to free than the rest of the grouping.
class RowsByMemory
{
public:
    explicit RowsByMemory(const MemorySnapshot *snapshot)
    {
        if (snapshot)
            m_bySnapshotRow.assign(snapshot->size(), kNone);
    }

    /// The index in `rows` of `memoryId`'s row, added (with its snapshot row `r`, kNoRow when
    /// none, in `rowsOf`) when new.
    std::size_t rowFor(const QString &memoryId, std::uint32_t r, std::vector<ChangeRow> &rows,
                       std::vector<std::uint32_t> &rowsOf)
    {
        if (r != MemorySnapshot::kNoRow) {
            std::uint32_t &slot = m_bySnapshotRow[r];
            if (slot == kNone) {
                slot = std::uint32_t(rows.size());
                add(memoryId, r, rows, rowsOf);
            }
            return slot;
        }
        if (const auto it = m_byId.constFind(memoryId); it != m_byId.constEnd())
            return *it;
        m_byId.insert(memoryId, rows.size());
        add(memoryId, r, rows, rowsOf);
        return rows.size() - 1;
    }

    /// Whether the memory at `snapshotRow` has a row already.
    bool listed(std::uint32_t snapshotRow) const { return m_bySnapshotRow[snapshotRow] != kNone; }

private:
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

    static void add(const QString &memoryId, std::uint32_t r, std::vector<ChangeRow> &rows, std::vector<std::uint32_t> &rowsOf)
    {
        rows.emplace_back().memoryId = memoryId;
        rowsOf.push_back(r);
    }

    std::vector<std::uint32_t> m_bySnapshotRow;
    QHash<QString, std::size_t> m_byId;
};

constexpr std::size_t kSortOnTwoThreadsFrom = 50'000;

// Each event's memory's snapshot row (kNoRow when none), looked up many at a time
// (MemorySnapshot::rowsOf): one by one, each lookup would wait on memory three times in turn.
std::vector<std::uint32_t> snapshotRowsOf(const std::vector<ChangeEventRow> &events,
                                          const MemorySnapshot *snapshot)
{
    if (!snapshot)
        return std::vector<std::uint32_t>(events.size(), MemorySnapshot::kNoRow);
    std::vector<const QString *> ids;
    ids.reserve(events.size());
    for (const ChangeEventRow &e : events)
        ids.push_back(&e.memoryId);
    return snapshot->rowsOf(ids);
}

// Every memory's row before the order: the rows events gave, each one's snapshot row and the
// indexes of those the query keeps; then the tier crossings' rows, in order, and the indexes
// of those kept whose memory has no row of its own (a memory an event lists shows that).
struct Collected
{
    std::vector<ChangeRow> rows;
    std::vector<std::uint32_t> rowsOf;
    std::vector<std::uint32_t> kept;
    TierRows tier;
    std::vector<std::uint32_t> tierKept;

    std::size_t size() const { return kept.size() + tierKept.size(); }
};

// The kept rows, newest first. The events' rows are ordered by keys apart from the rows (a row
// is large, a key is not), then merged from the back into the tier crossings' list, which
// comes in order with room for them (TierRows), so each row is moved at most twice and no text
// is copied. At one instant an event's row goes first.
std::vector<ChangeRow> newestFirst(Collected &c)
{
    struct Key
    {
        Millis at;
        qint64 lastEventId; ///< an event's row has its own newest event: no two keys are equal
        std::uint32_t index;
    };
    std::vector<Key> keys;
    keys.reserve(c.kept.size());
    for (const std::uint32_t i : c.kept)
        keys.push_back({ c.rows[i].at, c.rows[i].lastEventId, i });
    const auto before = [](const Key &a, const Key &b) {
        return a.at != b.at ? a.at > b.at : a.lastEventId > b.lastEventId;
    };
    // A long list in two halves on two threads, then merged (the comparison only reads).
    const auto middle = keys.begin() + std::ptrdiff_t(keys.size() / 2);
    if (keys.size() >= kSortOnTwoThreadsFrom) {
        {
            std::jthread firstHalf([&] { std::sort(keys.begin(), middle, before); });
            std::sort(middle, keys.end(), before);
        }
        std::inplace_merge(keys.begin(), middle, keys.end(), before);
    } else {
        std::sort(keys.begin(), keys.end(), before);
    }
    std::vector<ChangeRow> &out = c.tier.rows;
    // The kept crossings to the front, in order (each index is at or past its new place).
    std::size_t tiers = 0;
    for (const std::uint32_t i : c.tierKept) {
        if (i != tiers)
            out[tiers] = std::move(out[i]);
        ++tiers;
    }
    const std::size_t total = tiers + keys.size();
    // Room short: events were recorded between the count and the read, or no tier pass ran.
    if (out.size() < total)
        out.resize(total);
    // From the oldest: the place written is always past the crossing read, so none is lost.
    std::size_t at = total;
    for (std::size_t key = keys.size(); key > 0;) {
        if (tiers > 0 && out[tiers - 1].at <= keys[key - 1].at)
            out[--at] = std::move(out[--tiers]);
        else
            out[--at] = std::move(c.rows[keys[--key].index]);
    }
    out.resize(total);
    return std::move(out);
}

Result<Collected> collect(Store &store, const ChangeQuery &query, const MemorySnapshot *snapshot,
                          const ScoringProfile *profile, bool named)
{
    // Tier crossings have no actor: a filter by actor leaves them out.
    const bool tiers = snapshot && profile && query.tiersFrom != 0 && !query.filter.actors;
    const std::vector<std::uint32_t> seen = seenRows(query, snapshot);
    const ChangeScan scan(store.database());
    // The events' count (the index alone) sizes the room the tier pass makes for their rows (a
    // count of the rows needs none).
    qint64 expected = -1;
    if (!query.range.isDated()) {
        auto n = scan.countEvents(query.range.afterEventId);
        if (!n)
            return n.error();
        expected = *n;
    }
    const std::size_t room = named ? std::size_t(std::max<qint64>(expected, 0)) : 0;
    std::optional<TierPass> tierPass;
    if (tiers)
        tierPass.emplace(query, *snapshot, *profile, seen, named, room);
    auto scanned = scan.read(query.range, expected);
    if (!scanned)
        return scanned.error();
    // Room for every row at once (a row per event at most): growing the list would move each
    // row several times.
    Collected out;
    out.rows.reserve(scanned->size());
    out.rowsOf.reserve(scanned->size());
    RowsByMemory byMemory(snapshot);
    const std::vector<std::uint32_t> snapshotRows = snapshotRowsOf(*scanned, snapshot);
    for (std::size_t i = 0; i < scanned->size(); ++i) {
        const ChangeEventRow &e = (*scanned)[i];
        const ChangeActor actor = ChangeList::actorOf(e);
        if (query.filter.actors && !(query.filter.actors & std::uint8_t(actor)))
            continue;
        addEvent(out.rows[byMemory.rowFor(e.memoryId, snapshotRows[i], out.rows, out.rowsOf)], e, actor,
                 ChangeList::kindsOf(e));
    }
    out.kept.reserve(out.rows.size());
    for (std::uint32_t i = 0; i < out.rows.size(); ++i) {
        if (keep(out.rows[i], out.rowsOf[i], snapshot, query, seen))
            out.kept.push_back(i);
    }
    if (tierPass) {
        out.tier = tierPass->take();
        out.tierKept.reserve(out.tier.rowsOf.size());
        for (std::uint32_t i = 0; i < out.tier.rowsOf.size(); ++i) {
            if (!byMemory.listed(out.tier.rowsOf[i]))
                out.tierKept.push_back(i);
        }
    }
    return out;
}

} // namespace

Result<std::vector<ChangeRow>> ChangeList::build(Store &store, const ChangeQuery &query,
                                                 const MemorySnapshot *snapshot, const ScoringProfile *profile)
{
    auto collected = collect(store, query, snapshot, profile, /*named=*/true);
    if (!collected)
        return collected.error();
    // The texts are not copied (ChangeList::texts, or the window's model for the rows on screen).
    return newestFirst(*collected);
}

Result<qint64> ChangeList::count(Store &store, const ChangeQuery &query, const MemorySnapshot *snapshot,
                                 const ScoringProfile *profile)
{
    auto collected = collect(store, query, snapshot, profile, /*named=*/false);
    if (!collected)
        return collected.error();
    return qint64(collected->size());
}

std::vector<ChangeTexts> ChangeList::texts(const std::vector<ChangeRow> &rows, const MemorySnapshot &snapshot)
{
    std::vector<ChangeTexts> out(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::uint32_t r = snapshot.rowOf(rows[i].memoryId);
        if (r == MemorySnapshot::kNoRow)
            continue;
        out[i] = { snapshot.category(r), snapshot.project(r), snapshot.contentPreview(r) };
    }
    return out;
}

QString ChangeList::actorName(ChangeActor actor)
{
    switch (actor) {
    case ChangeActor::User: return QStringLiteral("user");
    case ChangeActor::Assistant: return QStringLiteral("mcp");
    case ChangeActor::File: return QStringLiteral("file");
    case ChangeActor::Import: return QStringLiteral("import");
    case ChangeActor::System: return QStringLiteral("system");
    }
    return {};
}

QString ChangeList::kindName(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::New: return QStringLiteral("new");
    case ChangeKind::Deleted: return QStringLiteral("deleted");
    case ChangeKind::Restored: return QStringLiteral("restored");
    case ChangeKind::Negated: return QStringLiteral("negated");
    case ChangeKind::Merged: return QStringLiteral("merged");
    case ChangeKind::Edited: return QStringLiteral("edited");
    case ChangeKind::Archived: return QStringLiteral("archived");
    case ChangeKind::Unarchived: return QStringLiteral("unarchived");
    case ChangeKind::Permanent: return QStringLiteral("permanent");
    case ChangeKind::Confirmed: return QStringLiteral("confirmed");
    case ChangeKind::Reinforced: return QStringLiteral("reinforced");
    case ChangeKind::Undone: return QStringLiteral("undone");
    case ChangeKind::Tier: return QStringLiteral("tier");
    }
    return {};
}

std::optional<std::uint8_t> ChangeList::actorsFromName(const QString &name)
{
    if (name == QLatin1String("assistant"))
        return std::uint8_t(std::uint8_t(ChangeActor::Assistant) | std::uint8_t(ChangeActor::File));
    for (ChangeActor a : kActors) {
        if (actorName(a) == name)
            return std::uint8_t(a);
    }
    return std::nullopt;
}

std::optional<ChangeKind> ChangeList::kindFromName(const QString &name)
{
    for (ChangeKind k : kOrder) {
        if (kindName(k) == name)
            return k;
    }
    return std::nullopt;
}

QStringList ChangeList::kindNames(std::uint32_t kinds)
{
    QStringList out;
    for (ChangeKind k : kOrder) {
        if (kinds & bit(k))
            out << kindName(k);
    }
    return out;
}

QStringList ChangeList::fieldNames(std::uint8_t fields)
{
    QStringList out;
    const auto &names = ChangeScan::editedFields();
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (fields & (1u << i))
            out << names[i];
    }
    return out;
}

QStringList ChangeList::actorNames(std::uint8_t actors)
{
    QStringList out;
    for (ChangeActor a : kActors) {
        if (actors & std::uint8_t(a))
            out << actorName(a);
    }
    return out;
}

QString ChangeList::describe(const ChangeRow &row)
{
    QStringList parts;
    ChangeActor previous = ChangeActor::System;
    int shown = 0;
    int more = 0;
    for (ChangeKind k : kOrder) {
        if (!row.has(k))
            continue;
        // A new memory's later edits and reinforcements are part of its being new.
        if (row.has(ChangeKind::New) && k != ChangeKind::New && k != ChangeKind::Deleted && k != ChangeKind::Tier)
            continue;
        if (shown == 2) {
            ++more;
            continue;
        }
        const ChangeActor actor = row.actorOf[std::size_t(indexOf(k))];
        QString words = kindWords(row, k);
        if (shown > 0)
            words = words.left(1).toLower() + words.mid(1);
        if (k != ChangeKind::Tier && (shown == 0 || actor != previous))
            words += actorPhrase(actor);
        parts << words;
        previous = actor;
        ++shown;
    }
    QString text = parts.join(QStringLiteral(", "));
    if (more > 0)
        text += QStringLiteral(" (and %1 more)").arg(more);
    return text;
}

} // namespace recollector::core
