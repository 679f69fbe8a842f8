#include "engine/review/ContentsAsOf.h"

#include "model/Event.h"
#include "model/MemoryFields.h"
#include "store/CreationRecords.h"
#include "store/EventLog.h"
#include "store/MemoryRepository.h"
#include "store/ReadTransaction.h"
#include "store/Store.h"

#include <algorithm>

namespace recollector::core {

namespace {

const QString kBefore = QStringLiteral("before");
const QString kChange = QStringLiteral("change");
const QString kFromFile = QStringLiteral("fromFile");

using State = std::optional<Memory>;

/// Takes one event back from `state` (the memory just after it). False when the event does
/// not keep what going back needs (docs/scoring.md#contents-as-of).
bool takeBack(const Event &e, State &state)
{
    const QJsonObject &p = e.payload;
    if (p.value(QStringLiteral("locked")).toBool())
        return false; // sealed and the store locked: its fields cannot be read
    if (p.value(QStringLiteral("created")).toBool()) {
        state.reset();
        return true;
    }
    if (p.value(QStringLiteral("removed")).toBool()) {
        auto before = MemoryFields::fromJson(p.value(kBefore).toObject());
        if (!before)
            return false;
        state = std::move(*before);
        return true;
    }
    const bool fromFile = p.contains(kFromFile);
    if (fromFile && p.value(kChange).toString() == QLatin1String("added")) {
        state.reset();
        return true;
    }
    if (fromFile && e.kind == events::kDelete && p.value(kChange).toString() == QLatin1String("removed")) {
        // A folder sync's removal sets the deletion instant only (attach::FolderSync).
        if (!state)
            return false;
        state->deletedAt = 0;
        return true;
    }
    if (p.value(kBefore).isObject()) {
        if (!state)
            return false;
        return bool(MemoryFields::apply(*state, p.value(kBefore).toObject()));
    }
    // A sync that read a changed file, or an import of an older Recollector, changed the row
    // without keeping it as it was.
    if (fromFile || e.kind == events::kImport)
        return false;
    return true; // a note: it changed no field (a link, a conflict's bookkeeping)
}

} // namespace

Result<ContentsAsOf> ContentsAsOf::rebuild(Store &store, Millis at, const QSet<QString> *only)
{
    const ReadTransaction read(store.database());
    if (const Status st = read.status(); !st)
        return st.error();
    ContentsAsOf c;
    c.at = at;
    auto last = store.events().lastId();
    if (!last)
        return last.error();
    c.lastEventId = *last;
    auto later = store.events().since(at);
    if (!later)
        return later.error();
    // Every memory an event since names, as it is now (nullopt: not in the store).
    QHash<QString, State> states;
    QStringList ids;
    const auto wanted = [only](const QString &id) { return !only || only->contains(id); };
    for (const Event &e : *later) {
        if (wanted(e.memoryId) && !states.contains(e.memoryId)) {
            states.insert(e.memoryId, std::nullopt);
            ids << e.memoryId;
        }
    }
    auto rows = store.memories().byIds(ids);
    if (!rows)
        return rows.error();
    for (Memory &m : *rows)
        states[m.id] = m;
    QHash<QString, Memory> now;
    for (Memory &m : *rows)
        now.insert(m.id, std::move(m));
    // Events are taken back newest first: the order they were recorded in, by id.
    for (auto it = later->rbegin(); it != later->rend(); ++it) {
        if (!wanted(it->memoryId))
            continue;
        if (!takeBack(*it, states[it->memoryId]))
            c.inexact.insert(it->memoryId, it->id); // the oldest such event wins: it is met last
        ++c.eventsTakenBack;
    }
    for (auto it = states.cbegin(); it != states.cend(); ++it) {
        const auto current = now.constFind(it.key());
        if (!it.value()) {
            if (current != now.cend())
                c.absent.insert(it.key());
        } else if (current == now.cend() || !(*current == *it.value())) {
            c.past.insert(it.key(), *it.value());
        }
    }
    CreationRecords creations(store.database());
    auto unrecorded = creations.unrecordedFrom(at);
    if (!unrecorded)
        return unrecorded.error();
    for (const QString &id : std::as_const(*unrecorded)) {
        if (!wanted(id))
            continue;
        c.past.remove(id);
        c.absent.insert(id);
        ++c.unrecordedLeftOut;
    }
    auto before = creations.countUnrecordedBefore(at);
    if (!before)
        return before.error();
    c.unrecordedCreations = *before;
    return c;
}

Result<std::optional<Memory>> ContentsAsOf::memory(Store &store, const QString &id) const
{
    if (absent.contains(id))
        return std::optional<Memory> {};
    if (const auto it = past.constFind(id); it != past.cend())
        return std::optional<Memory> { *it };
    auto row = store.memories().get(id);
    if (!row) {
        if (row.error().code == Error::Code::NotFound)
            return std::optional<Memory> {};
        return row.error();
    }
    return std::optional<Memory> { std::move(*row) };
}

Result<std::vector<std::optional<Memory>>> ContentsAsOf::memories(Store &store, const QStringList &ids) const
{
    QStringList unchanged;
    for (const QString &id : ids) {
        if (!absent.contains(id) && !past.contains(id))
            unchanged << id;
    }
    auto rows = store.memories().byIds(unchanged);
    if (!rows)
        return rows.error();
    QHash<QString, Memory> now;
    now.reserve(qsizetype(rows->size()));
    for (Memory &m : *rows)
        now.insert(m.id, std::move(m));
    std::vector<std::optional<Memory>> out;
    out.reserve(std::size_t(ids.size()));
    for (const QString &id : ids) {
        if (absent.contains(id))
            out.emplace_back();
        else if (const auto it = past.constFind(id); it != past.cend())
            out.emplace_back(*it);
        else if (const auto found = now.constFind(id); found != now.cend())
            out.emplace_back(*found);
        else
            out.emplace_back();
    }
    return out;
}

Result<QSet<QString>> ContentsAsOf::undated(Store &store, const QStringList &ids) const
{
    return CreationRecords(store.database()).undatedAmong(ids, at);
}

Result<std::vector<Memory>> ContentsAsOf::all(Store &store) const
{
    std::vector<Memory> out;
    QSet<QString> seen;
    const Status st = store.memories().forEach([&](const Memory &m) {
        if (absent.contains(m.id))
            return true;
        const auto it = past.constFind(m.id);
        out.push_back(it == past.cend() ? m : *it);
        seen.insert(m.id);
        return true;
    });
    if (!st)
        return st.error();
    for (auto it = past.cbegin(); it != past.cend(); ++it) {
        if (!seen.contains(it.key()))
            out.push_back(it.value()); // purged since
    }
    std::sort(out.begin(), out.end(), [](const Memory &a, const Memory &b) { return a.id < b.id; });
    return out;
}

} // namespace recollector::core
