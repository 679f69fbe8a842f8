#include "io/ImportRun.h"

#include "io/Importer.h"
#include "io/SealedCopy.h"

#include "model/Event.h"
#include "model/Ids.h"
#include "model/MemoryFields.h"
#include "model/MemoryJson.h"
#include "scoring/ScoringProfile.h"
#include "store/DeferredTextIndex.h"
#include "store/MemoryRow.h"
#include "store/SealedRow.h"
#include "store/Store.h"

namespace recollector::core::io {

namespace {

// Rows on their way to the writer, handed over many at a time (ImportWriter::appendEvents and
// putLinksIfStronger write a hundred to a statement): when a thousand wait, before anything
// reads the table they go to, and at the end.
constexpr std::size_t kPendingRows = 1000;

class PendingEvents
{
public:
    /// `json`: the payload as compact JSON, or null to write it here.
    Status add(Event event, QByteArray json, ImportWriter &writer)
    {
        m_json.push_back(json.isNull() ? row::toJsonUtf8(event.payload) : std::move(json));
        m_events.push_back(std::move(event));
        return m_events.size() < kPendingRows ? Status {} : handOver(writer);
    }
    Status handOver(ImportWriter &writer)
    {
        auto written = writer.appendEvents(m_events, m_json);
        m_events.clear();
        m_json.clear();
        return written ? Status {} : Status(written.error());
    }

private:
    std::vector<Event> m_events;
    std::vector<QByteArray> m_json;
};

class PendingLinks
{
public:
    Status add(Association link, ImportWriter &writer)
    {
        m_links.push_back(std::move(link));
        return m_links.size() < kPendingRows ? Status {} : handOver(writer);
    }
    Status handOver(ImportWriter &writer)
    {
        const Status written = writer.putLinksIfStronger(m_links);
        m_links.clear();
        return written;
    }

private:
    std::vector<Association> m_links;
};

bool sameEvent(const Event &x, const Event &y)
{
    return x.kind == y.kind && x.actor == y.actor && x.at == y.at && x.payload == y.payload;
}

} // namespace

ImportRun::ImportRun(Store &store, const MemorySet &set, Millis at, ImportProgress progress, int total)
    : m_store(store)
    , m_set(set)
    , m_at(at)
    , m_progress(std::move(progress))
    , m_total(total)
    , m_writer(store.database())
    , m_ids(set.memories)
    , m_target(set.memories.size())
    , m_positions(set, m_ids)
    , m_decision(QStringLiteral("dec_") + ids::newUlid(at))
{
    m_report.decisionId = m_decision;
}

QJsonObject ImportRun::undoPayload() const
{
    return QJsonObject { { QStringLiteral("decision"), m_decision }, { QStringLiteral("source"), m_set.sourceName } };
}

Status ImportRun::step()
{
    ++m_done;
    // Report every 256 steps and at the end: cheap enough for 100k memories.
    if (!m_progress || (m_done % 256 != 0 && m_done != m_total) || m_progress(m_done, m_total))
        return {};
    return Error::make(Error::Code::Cancelled,
        QStringLiteral("%1: import cancelled; nothing was written").arg(m_set.sourceName));
}

Status ImportRun::finish()
{
    if (!m_progress || m_total != 0 || m_progress(0, 0))
        return {};
    return Error::make(Error::Code::Cancelled,
        QStringLiteral("%1: import cancelled; nothing was written").arg(m_set.sourceName));
}

Result<QHash<QString, Memory>> ImportRun::storedVersions(Store &store, const MemorySet &set)
{
    QStringList ids;
    ids.reserve(qsizetype(set.memories.size()));
    for (const Memory &m : set.memories)
        ids.append(m.id);
    auto found = store.memories().byIds(ids);
    if (!found)
        return found.error();
    QHash<QString, Memory> out;
    out.reserve(qsizetype(found->size()));
    for (Memory &m : *found)
        out.insert(m.id, std::move(m));
    return out;
}

Status ImportRun::loadStored()
{
    auto stored = storedVersions(m_store, m_set);
    if (!stored)
        return stored.error();
    m_stored = std::move(*stored);
    auto none = m_writer.hasNoMemories();
    if (!none)
        return none.error();
    m_storeWasEmpty = *none;
    return {};
}

void ImportRun::startKeywordIndex()
{
    // Only for a store that held no memory: the index is then the written memories', in the
    // order they were written (the store's row order). A sealed memory's keywords are read
    // from the store, with its key: that index is left to AfterChange.
    if (!m_buildKeywordIndex || !m_storeWasEmpty || m_report.withoutSetLinks.isEmpty())
        return;
    std::vector<KeywordIndex::Record> records;
    records.reserve(m_set.memories.size());
    for (std::size_t position = 0; position < m_set.memories.size(); ++position) {
        const Target &target = m_target[position];
        if (!target.written)
            continue;
        const Memory &m = m_set.memories[position];
        if (m.sensitivity >= 3)
            return;
        records.push_back(KeywordIndex::Record::from(m));
        records.back().id = storeIdOf(&target, m.id);
    }
    m_keywordIndex.emplace(std::move(records));
}

std::optional<KeywordIndex> ImportRun::takeKeywordIndex()
{
    if (!m_keywordIndex)
        return std::nullopt;
    return m_keywordIndex->take();
}

Status ImportRun::writeMemories(const ImportPolicy &policy)
{
    // Many memories: the text index is filled once after them rather than by the insert
    // trigger row by row (DeferredTextIndex; docs/scoring.md, "Text index"), and before
    // anything later in the import (links, restatements, contradictions, AfterChange) can
    // change a row it wrote.
    DeferredTextIndex textIndex(m_store.database());
    if (auto deferred = textIndex.deferFor(m_set.memories.size()); !deferred)
        return deferred.error();
    m_importEvents.reserve(m_set.memories.size());
    for (std::size_t position = 0; position < m_set.memories.size(); ++position) {
        const Memory &incoming = m_set.memories[position];
        const auto it = m_stored.constFind(incoming.id);
        const ImportKind kind = it == m_stored.constEnd() ? ImportKind::New : Importer::classify(*it, incoming);
        if (kind == ImportKind::Conflicting)
            ++m_report.conflicts;
        if (const Status st = writeMemory(position, kind, policy.actionFor(incoming.id, kind)); !st)
            return st;
        if (const Status st = step(); !st)
            return st;
    }
    return textIndex.finish();
}

Status ImportRun::writeMemory(std::size_t position, ImportKind kind, ImportAction action)
{
    const Memory &incoming = m_set.memories[position];
    if (action == ImportAction::Skip) {
        ++m_report.skipped;
        return {};
    }
    QString actionText;
    Memory written = incoming;
    Status st;
    if (kind == ImportKind::New) {
        st = m_writer.insertMemory(written);
        actionText = QStringLiteral("added");
        ++m_report.added;
    } else if (action == ImportAction::Overwrite) {
        st = m_store.memories().update(written);
        actionText = QStringLiteral("updated");
        ++m_report.updated;
        m_report.overwritten << written.id;
    } else {
        // A sealed entry's text is sealed again under its new id (or the copy is refused).
        auto copy = SealedCopy::renamed(m_store, incoming, ids::newMemoryId(m_at), m_set.sourceName);
        if (!copy)
            return copy.error();
        written = *copy;
        if (!written.sourceIds.contains(incoming.id))
            written.sourceIds.append(incoming.id);
        st = m_writer.insertMemory(written);
        actionText = QStringLiteral("kept_both");
        ++m_report.added;
        ++m_report.keptBoth;
        m_report.renamed.insert(incoming.id, written.id);
    }
    if (!st)
        return st;
    const bool overwrote = action == ImportAction::Overwrite && kind != ImportKind::New;
    // A repeated id: the first is the one found (a set read from a file has none: its readers
    // refuse that, and the lookup, a cache miss per memory, is skipped).
    if (!m_ids.hasRepeatedIds() || m_ids.find(incoming.id) == qsizetype(position))
        m_target[position] = Target { written.id, true, !overwrote, false, written.id != incoming.id };
    m_report.written << incoming.id;
    // What an undo of the whole import needs (docs/formats.md, "Import"): a memory the import
    // created goes again; an overwritten one gets its stored fields back, unless it changed since.
    // Every new memory's payload is the same: built once and shared.
    const bool plainAdd = !overwrote && written.id == incoming.id;
    if (plainAdd && !m_addedPayload.isEmpty()) {
        m_importEvents.push_back(Event { 0, written.id, events::kImport, QStringLiteral("import"), m_at, m_addedPayload });
        return {};
    }
    QJsonObject payload = undoPayload();
    payload.insert(QStringLiteral("action"), actionText);
    if (overwrote) {
        payload.insert(QStringLiteral("before"), MemoryFields::toJson(m_stored.value(incoming.id)));
        payload.insert(QStringLiteral("after"), MemoryFields::toJson(written));
    } else {
        payload.insert(QStringLiteral("created"), true);
    }
    if (written.id != incoming.id)
        payload.insert(QStringLiteral("originalId"), incoming.id);
    if (plainAdd)
        m_addedPayload = payload;
    m_importEvents.push_back(Event { 0, written.id, events::kImport, QStringLiteral("import"), m_at, payload });
    return {};
}

Result<bool> ImportRun::exists(const QString &id)
{
    if (writtenTarget(id))
        return true;
    return existsUnwritten(id);
}

Result<bool> ImportRun::existsUnwritten(const QString &id)
{
    if (m_stored.contains(id))
        return true;
    const auto cached = m_existsCache.constFind(id);
    if (cached != m_existsCache.constEnd())
        return *cached;
    auto found = m_writer.memoryExists(id);
    if (!found)
        return found.error();
    m_existsCache.insert(id, *found);
    return *found;
}

Result<bool> ImportRun::existsAfter(const QString &id, const QString *&storeId, Target **written)
{
    return existsAt(m_ids.find(id), id, storeId, written);
}

Result<bool> ImportRun::existsAt(qsizetype position, const QString &id, const QString *&storeId, Target **written)
{
    // The common case, a memory this import wrote: it exists, under its target id (what
    // exists(mapped(id)) gives, without the second and third lookups).
    Target *target = writtenAt(position);
    if (written)
        *written = target;
    storeId = &storeIdOf(target, id);
    return target ? Result<bool>(true) : existsUnwritten(id);
}

Result<bool> ImportRun::bothExist(const QString &a, const QString &b, QString *missing)
{
    const QString *storeId = nullptr;
    for (const QString *end : { &a, &b }) {
        auto has = existsAfter(*end, storeId);
        if (!has)
            return has.error();
        if (!*has) {
            *missing = *end;
            return false;
        }
    }
    return true;
}

Status ImportRun::writeLinks()
{
    // A large set of links into a store without any (a first import): the index on `b` is
    // built once after them (BulkWriter::deferLinkIndex), in this transaction.
    constexpr std::size_t kDeferIndexAtLeast = 20000;
    // The other core writes the events' payloads meanwhile (it has nothing else to do).
    if (!m_set.events.empty())
        m_payloadTexts.emplace(m_set.events);
    bool deferred = false;
    if (m_set.associations.size() >= kDeferIndexAtLeast) {
        auto dropped = m_writer.deferLinkIndex();
        if (!dropped)
            return dropped.error();
        deferred = *dropped;
    }
    if (const Status st = writeLinkRows(); !st)
        return st;
    for (const Target &written : m_target) {
        if (written.written && !written.linked)
            m_report.withoutSetLinks << written.storeId;
    }
    startKeywordIndex(); // on the other core while SQLite builds the link index
    return deferred ? m_writer.restoreLinkIndex() : Status {};
}

Status ImportRun::writeLinkRows()
{
    // A set's links come ordered by their first end (an export writes them so): each run of
    // links from one memory looks that memory up once.
    const QString *lastA = nullptr;
    const QString *storeA = nullptr;
    Target *writtenA = nullptr;
    bool hasA = false;
    PendingLinks pending;
    const SetPositions::Positions &at = m_positions.positions();
    for (std::size_t i = 0; i < m_set.associations.size(); ++i) {
        const Association &link = m_set.associations[i];
        if (!lastA || *lastA != link.a) {
            auto found = existsAt(at.linkA[i], link.a, storeA, &writtenA);
            if (!found)
                return found.error();
            hasA = *found;
            lastA = &link.a;
        }
        const QString *storeB = nullptr;
        Target *writtenB = nullptr;
        const Result<bool> both = hasA ? existsAt(at.linkB[i], link.b, storeB, &writtenB) : Result<bool>(false);
        if (!both)
            return both.error();
        if (!*both) {
            m_report.warnings << QStringLiteral("%1: link %2 – %3 left out: %4 is not in the store or the set")
                                     .arg(m_set.sourceName, link.a, link.b, hasA ? link.b : link.a);
        } else {
            // Both ends under their ids in the set (not renamed): the link's own strings.
            const bool asInSet = !(writtenA && writtenA->renamed) && !(writtenB && writtenB->renamed);
            Association a = link;
            if (!asInSet) {
                auto [x, y] = orderedPair(*storeA, *storeB);
                a.a = std::move(x);
                a.b = std::move(y);
            } else if (link.b < link.a) {
                std::swap(a.a, a.b);
            }
            // A link with a memory the import created goes with that memory on undo (the
            // revert keeps it for a redo): no event of its own.
            const bool withCreated = (writtenA && writtenA->created) || (writtenB && writtenB->created);
            if (!withCreated) {
                // noteLink reads the pair's stored link: the links before it are written first.
                if (const Status st = pending.handOver(m_writer); !st)
                    return st;
                if (const Status st = noteLink(a); !st)
                    return st;
            }
            if (const Status st = pending.add(std::move(a), m_writer); !st)
                return st;
            for (Target *end : { writtenA, writtenB }) {
                if (end)
                    end->linked = true;
            }
            ++m_report.associations;
        }
        if (const Status st = step(); !st)
            return st;
    }
    return pending.handOver(m_writer);
}

Status ImportRun::noteLink(const Association &link)
{
    // A link between two memories that were there before needs an event of its own, with
    // the link it replaced.
    auto prior = m_store.associations().get(link.a, link.b);
    if (!prior)
        return prior.error();
    if (*prior && !(link.weight > (*prior)->weight))
        return {}; // the stored one is kept (putLinkIfStronger)
    QJsonObject payload = undoPayload();
    payload.insert(QStringLiteral("other"), link.b);
    payload.insert(QStringLiteral("linkAdded"), io::associationToJson(link));
    if (*prior)
        payload.insert(QStringLiteral("linkRemoved"), io::associationToJson(**prior));
    m_importEvents.push_back(Event { 0, link.a, events::kAssociate, QStringLiteral("import"), m_at, payload });
    return {};
}

Result<bool> ImportRun::inHistory(const Event &event)
{
    auto cached = m_history.find(event.memoryId);
    if (cached == m_history.end()) {
        auto loaded = m_store.events().forMemory(event.memoryId);
        if (!loaded)
            return loaded.error();
        cached = m_history.insert(event.memoryId, std::move(*loaded));
    }
    for (const Event &old : *cached) {
        if (sameEvent(old, event))
            return true;
    }
    return false;
}

Status ImportRun::writeEvents()
{
    // The bulk writer writes payloads as they are: text of a level-3 memory (a Recollector set
    // exported in plain text) is sealed here, like EventLog::append does (docs/formats.md,
    // "Encryption at rest"). Only a store with a key can hold sealed text.
    const auto key = m_store.database().sealKey();
    PendingEvents pending;
    const SetPositions::Positions &at = m_positions.positions();
    const std::vector<QByteArray> *texts = m_payloadTexts ? &m_payloadTexts->texts() : nullptr;
    if (texts && texts->size() != m_set.events.size())
        texts = nullptr;
    for (std::size_t i = 0; i < m_set.events.size(); ++i) {
        const Event &incoming = m_set.events[i];
        const Target *target = writtenAt(at.eventMemory[i]);
        const bool memoryWritten = target != nullptr;
        // A memory of the set left as stored: its incoming history does not apply.
        if (memoryWritten || at.eventMemory[i] < 0) {
            const QString &storeId = storeIdOf(target, incoming.memoryId);
            auto moved = SealedCopy::moved(m_store, incoming, storeId, m_set.sourceName);
            if (!moved)
                return moved.error();
            Event e = std::move(*moved);
            e.id = 0;
            // Its payload's text as written beforehand, unless the payload is sealed (a copy's
            // sealed text is sealed again under the new id) or is sealed below.
            bool asRead = texts && !sealed_row::isSealedPayload(incoming.payload);
            // Only a history the store already had can hold this event.
            const bool newInStore = memoryWritten && !m_stored.contains(incoming.memoryId);
            Result<bool> duplicate = false;
            if (!newInStore && e.memoryId == incoming.memoryId) {
                if (const Status st = pending.handOver(m_writer); !st) // inHistory reads what is written
                    return st;
                duplicate = inHistory(e);
            }
            if (!duplicate)
                return duplicate.error();
            if (!*duplicate && key && !sealed_row::isSealedPayload(e.payload)) {
                auto seal = m_store.events().concernsSealed(e);
                if (!seal)
                    return seal.error();
                if (*seal) {
                    e.payload = sealed_row::sealPayload(e.payload, e.memoryId, *key);
                    asRead = false;
                }
            }
            if (!*duplicate) {
                if (const Status st = pending.add(std::move(e), asRead ? (*texts)[i] : QByteArray(), m_writer); !st)
                    return st;
                ++m_report.events;
            }
        }
        if (const Status st = step(); !st)
            return st;
    }
    return pending.handOver(m_writer);
}

Status ImportRun::recordConflict(Conflict c, int &counter)
{
    c.id = 0;
    c.a = mapped(c.a);
    c.b = mapped(c.b);
    auto known = m_store.conflicts().between(c.a, c.b);
    if (!known)
        return known.error();
    for (const Conflict &k : *known) {
        if (k.type == c.type)
            return {};
    }
    const Status st = m_store.conflicts().insert(c);
    if (!st)
        return st;
    ++counter;
    QJsonObject payload = undoPayload();
    payload.insert(QStringLiteral("other"), c.b);
    payload.insert(QStringLiteral("conflictCreated"), io::conflictToJson(c));
    m_importEvents.push_back(Event { 0, c.a, events::kConflictDetected, QStringLiteral("import"), m_at, payload });
    return {};
}

Status ImportRun::writeConflicts()
{
    for (std::size_t index = 0; index < m_set.conflicts.size(); ++index) {
        const Conflict &c = m_set.conflicts[index];
        // Like a link: only between memories that are in the store after this import.
        QString missing;
        auto both = bothExist(c.a, c.b, &missing);
        if (!both)
            return both.error();
        if (!*both) {
            m_report.warnings << QStringLiteral("%1: conflict %2 (%3 – %4) left out: %5 is not in the store or the set")
                                     .arg(m_set.sourceName, QString::number(index), c.a, c.b, missing);
        } else if (const Status st = recordConflict(c, m_report.conflictsRecorded); !st) {
            return st;
        }
        if (const Status st = step(); !st)
            return st;
    }
    return {};
}

Status ImportRun::writeContradictions(const std::vector<Conflict> &contradictions)
{
    for (Conflict c : contradictions) {
        // Only between memories that are in the store after this import.
        QString missing;
        auto both = bothExist(c.a, c.b, &missing);
        if (!both)
            return both.error();
        if (*both) {
            c.status = ConflictStatus::Open;
            if (c.detectedAt == 0)
                c.detectedAt = m_at;
            if (const Status st = recordConflict(c, m_report.contradictionsRecorded); !st)
                return st;
        }
        if (const Status st = step(); !st)
            return st;
    }
    return {};
}

Status ImportRun::writeImportEvents()
{
    // Appended last and together, so the import's events are one decision with contiguous
    // ids (Reverter::decisionOf). The before/after text of a level-3 memory is sealed, like
    // EventLog::append does.
    const auto key = m_store.database().sealKey();
    // Most payloads are alike (every new memory's is the same): each is written once.
    QJsonObject lastPayload;
    QByteArray lastText;
    std::vector<QByteArray> texts;
    texts.reserve(m_importEvents.size());
    for (Event &e : m_importEvents) {
        m_store.events().nameRole(e.payload);
        if (key && e.payload.contains(QStringLiteral("before"))) {
            auto seal = m_store.events().concernsSealed(e);
            if (!seal)
                return seal.error();
            if (*seal)
                e.payload = sealed_row::sealPayload(e.payload, e.memoryId, *key);
        }
        if (lastText.isEmpty() || e.payload != lastPayload) {
            lastPayload = e.payload;
            lastText = row::toJsonUtf8(e.payload);
        }
        texts.push_back(lastText);
    }
    auto last = m_writer.appendEvents(m_importEvents, texts);
    if (!last)
        return last.error();
    if (!m_importEvents.empty()) {
        if (m_report.firstEventId == 0)
            m_report.firstEventId = *last - std::int64_t(m_importEvents.size()) + 1;
        m_report.lastEventId = *last;
    }
    return {};
}

Status ImportRun::adoptProfile()
{
    if (!profileNames().contains(m_set.profile))
        return {};
    auto current = m_store.meta().value(MetaRepository::kProfile);
    if (!current)
        return current.error();
    if (!current->isEmpty())
        return {};
    return m_store.meta().setValue(MetaRepository::kProfile, m_set.profile);
}

} // namespace recollector::core::io
