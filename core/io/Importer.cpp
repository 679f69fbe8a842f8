#include "io/Importer.h"

#include "io/ImportWriter.h"

#include "model/Event.h"
#include "model/Ids.h"
#include "scoring/ScoringProfile.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QSet>

namespace engram::core::io {

QString actionName(ImportAction action)
{
    switch (action) {
    case ImportAction::Skip:
        return QStringLiteral("skip");
    case ImportAction::Overwrite:
        return QStringLiteral("overwrite");
    case ImportAction::KeepBoth:
        return QStringLiteral("keep-both");
    }
    return {};
}

std::optional<ImportAction> actionFromName(const QString &name)
{
    for (auto a : { ImportAction::Skip, ImportAction::Overwrite, ImportAction::KeepBoth }) {
        if (actionName(a) == name)
            return a;
    }
    return std::nullopt;
}

QString kindName(ImportKind kind)
{
    switch (kind) {
    case ImportKind::New:
        return QStringLiteral("new");
    case ImportKind::Identical:
        return QStringLiteral("identical");
    case ImportKind::Changed:
        return QStringLiteral("changed");
    case ImportKind::Conflicting:
        return QStringLiteral("conflicting");
    }
    return {};
}

ImportAction ImportPolicy::actionFor(const QString &id, ImportKind kind) const
{
    const auto chosen = overrides.constFind(id);
    switch (kind) {
    case ImportKind::New:
        // i.e. write it, unless the user unticked it
        return chosen != overrides.constEnd() && *chosen == ImportAction::Skip ? ImportAction::Skip
                                                                               : ImportAction::Overwrite;
    case ImportKind::Identical:
        return ImportAction::Skip;
    case ImportKind::Changed:
        return chosen != overrides.constEnd() ? *chosen : changed;
    case ImportKind::Conflicting:
        return chosen != overrides.constEnd() ? *chosen : conflicting;
    }
    return ImportAction::Skip;
}

ImportKind Importer::classify(const Memory &stored, const Memory &incoming)
{
    if (stored == incoming)
        return ImportKind::Identical;
    if (stored.createdAt != incoming.createdAt || stored.updatedAt > incoming.updatedAt)
        return ImportKind::Conflicting;
    return ImportKind::Changed;
}

Millis Importer::now() const
{
    return m_now != 0 ? m_now : time::nowMs();
}

namespace {

QStringList idsOf(const MemorySet &set)
{
    QStringList ids;
    ids.reserve(qsizetype(set.memories.size()));
    for (const Memory &m : set.memories)
        ids.append(m.id);
    return ids;
}

Result<QHash<QString, Memory>> storedByIds(Store &store, const QStringList &ids)
{
    auto found = store.memories().byIds(ids);
    if (!found)
        return found.error();
    QHash<QString, Memory> out;
    out.reserve(qsizetype(found->size()));
    for (Memory &m : *found)
        out.insert(m.id, std::move(m));
    return out;
}

bool sameEvent(const Event &x, const Event &y)
{
    return x.kind == y.kind && x.actor == y.actor && x.at == y.at && x.payload == y.payload;
}

} // namespace

Result<ImportPreview> Importer::preview(const MemorySet &set) const
{
    ImportPreview p;
    p.sourceName = set.sourceName;
    p.problems = set.problems;
    p.notes = set.notes;
    p.associations = int(set.associations.size());
    p.events = int(set.events.size());
    p.conflicts = int(set.conflicts.size());
    auto stored = storedByIds(m_store, idsOf(set));
    if (!stored)
        return stored.error();
    for (const Memory &m : set.memories) {
        const auto it = stored->constFind(m.id);
        const ImportKind kind = it == stored->constEnd() ? ImportKind::New : classify(*it, m);
        switch (kind) {
        case ImportKind::New:
            p.newIds << m.id;
            break;
        case ImportKind::Identical:
            p.identicalIds << m.id;
            break;
        case ImportKind::Changed:
            p.changedIds << m.id;
            break;
        case ImportKind::Conflicting:
            p.conflictingIds << m.id;
            break;
        }
    }
    if (m_detector)
        p.contradictions = m_detector(set.memories);
    return p;
}

Result<ImportReport> Importer::apply(const MemorySet &set, const ImportPolicy &policy)
{
    const Millis at = now();
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();

    const std::vector<Conflict> contradictions
        = m_detector && m_recordContradictions ? m_detector(set.memories) : std::vector<Conflict> {};
    const int total = int(set.memories.size() + set.associations.size() + set.events.size()
        + set.conflicts.size() + contradictions.size());
    int done = 0;
    auto step = [&]() -> bool {
        ++done;
        // Report every 256 steps and at the end: cheap enough for 100k memories.
        if (!m_progress || (done % 256 != 0 && done != total))
            return true;
        return m_progress(done, total);
    };
    const Error cancelled = Error::make(Error::Code::Cancelled,
        QStringLiteral("%1: import cancelled; nothing was written").arg(set.sourceName));

    auto storedResult = storedByIds(m_store, idsOf(set));
    if (!storedResult)
        return storedResult.error();
    const QHash<QString, Memory> &stored = *storedResult;

    ImportWriter writer(m_store.database());
    ImportReport report;
    QSet<QString> incomingIds; // every id the set carries
    QHash<QString, QString> target; // incoming id → id in the store, for memories written
    std::vector<Event> importEvents;
    importEvents.reserve(set.memories.size());

    for (const Memory &incoming : set.memories) {
        incomingIds.insert(incoming.id);
        const auto it = stored.constFind(incoming.id);
        const ImportKind kind = it == stored.constEnd() ? ImportKind::New : classify(*it, incoming);
        const ImportAction action = policy.actionFor(incoming.id, kind);
        if (kind == ImportKind::Conflicting)
            ++report.conflicts;

        QString actionText;
        Memory written = incoming;
        Status st;
        if (action == ImportAction::Skip) {
            ++report.skipped;
        } else if (kind == ImportKind::New) {
            st = writer.insertMemory(written);
            actionText = QStringLiteral("added");
            ++report.added;
        } else if (action == ImportAction::Overwrite) {
            st = m_store.memories().update(written);
            actionText = QStringLiteral("updated");
            ++report.updated;
        } else {
            written.id = ids::newMemoryId(at);
            if (!written.sourceIds.contains(incoming.id))
                written.sourceIds.append(incoming.id);
            st = writer.insertMemory(written);
            actionText = QStringLiteral("kept_both");
            ++report.added;
            ++report.keptBoth;
            report.renamed.insert(incoming.id, written.id);
        }
        if (!st)
            return st.error();
        if (!actionText.isEmpty()) {
            target.insert(incoming.id, written.id);
            report.written << incoming.id;
            QJsonObject payload { { QStringLiteral("source"), set.sourceName },
                { QStringLiteral("action"), actionText } };
            if (written.id != incoming.id)
                payload.insert(QStringLiteral("originalId"), incoming.id);
            importEvents.push_back(
                Event { 0, written.id, events::kImport, QStringLiteral("import"), at, payload });
        }
        if (!step())
            return cancelled;
    }

    // An id as the store knows it after the import: a keep-both copy's new id, else the same.
    auto mapped = [&](const QString &id) { return target.value(id, id); };
    QHash<QString, bool> existsCache;
    auto exists = [&](const QString &id) -> Result<bool> {
        if (target.contains(id) || stored.contains(id))
            return true;
        const auto cached = existsCache.constFind(id);
        if (cached != existsCache.constEnd())
            return *cached;
        auto found = writer.memoryExists(id);
        if (!found)
            return found.error();
        existsCache.insert(id, *found);
        return *found;
    };

    for (const Association &link : set.associations) {
        Association a = link;
        a.a = mapped(link.a);
        a.b = mapped(link.b);
        auto hasA = exists(a.a);
        auto hasB = hasA ? exists(a.b) : Result<bool>(false);
        if (!hasA)
            return hasA.error();
        if (!hasB)
            return hasB.error();
        if (!*hasA || !*hasB) {
            report.warnings << QStringLiteral("%1: link %2 – %3 left out: %4 is not in the store or the set")
                                   .arg(set.sourceName, link.a, link.b, *hasA ? link.b : link.a);
        } else {
            const auto [x, y] = orderedPair(a.a, a.b);
            a.a = x;
            a.b = y;
            const Status st = writer.putLinkIfStronger(a);
            if (!st)
                return st.error();
            ++report.associations;
        }
        if (!step())
            return cancelled;
    }

    QHash<QString, std::vector<Event>> history; // stored histories, loaded on first need
    for (const Event &incoming : set.events) {
        const bool memoryInSet = incomingIds.contains(incoming.memoryId);
        const bool memoryWritten = target.contains(incoming.memoryId);
        if (memoryInSet && !memoryWritten) {
            // The memory was left as stored: its incoming history does not apply.
        } else {
            Event e = incoming;
            e.id = 0;
            e.memoryId = mapped(incoming.memoryId);
            bool duplicate = false;
            const bool newInStore = memoryWritten && !stored.contains(incoming.memoryId);
            if (!newInStore && e.memoryId == incoming.memoryId) {
                auto cached = history.find(e.memoryId);
                if (cached == history.end()) {
                    auto loaded = m_store.events().forMemory(e.memoryId);
                    if (!loaded)
                        return loaded.error();
                    cached = history.insert(e.memoryId, std::move(*loaded));
                }
                for (const Event &old : *cached)
                    duplicate = duplicate || sameEvent(old, e);
            }
            if (!duplicate) {
                const Status st = writer.appendEvent(e);
                if (!st)
                    return st.error();
                ++report.events;
            }
        }
        if (!step())
            return cancelled;
    }

    auto recordConflict = [&](Conflict c, int &counter) -> Status {
        c.id = 0;
        // The column is NOT NULL and a null QString binds as SQL NULL: store "" for "none".
        if (c.resolution.isNull())
            c.resolution = QStringLiteral("");
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
        if (st)
            ++counter;
        return st;
    };
    for (std::size_t index = 0; index < set.conflicts.size(); ++index) {
        const Conflict &c = set.conflicts[index];
        // Like a link: only between memories that are in the store after this import.
        auto hasA = exists(mapped(c.a));
        auto hasB = hasA ? exists(mapped(c.b)) : Result<bool>(false);
        if (!hasA)
            return hasA.error();
        if (!hasB)
            return hasB.error();
        if (!*hasA || !*hasB) {
            report.warnings << QStringLiteral(
                "%1: conflict %2 (%3 – %4) left out: %5 is not in the store or the set")
                                   .arg(set.sourceName, QString::number(index), c.a, c.b, *hasA ? c.b : c.a);
        } else {
            const Status st = recordConflict(c, report.conflictsRecorded);
            if (!st)
                return st.error();
        }
        if (!step())
            return cancelled;
    }
    for (Conflict c : contradictions) {
        // Only between memories that are in the store after this import.
        auto hasA = exists(mapped(c.a));
        auto hasB = exists(mapped(c.b));
        if (!hasA)
            return hasA.error();
        if (!hasB)
            return hasB.error();
        if (*hasA && *hasB) {
            c.status = QStringLiteral("open");
            if (c.detectedAt == 0)
                c.detectedAt = at;
            const Status st = recordConflict(c, report.contradictionsRecorded);
            if (!st)
                return st.error();
        }
        if (!step())
            return cancelled;
    }

    for (Event &e : importEvents) {
        const Status st = writer.appendEvent(e);
        if (!st)
            return st.error();
    }

    if (profileNames().contains(set.profile)) {
        auto current = m_store.meta().value(MetaRepository::kProfile);
        if (!current)
            return current.error();
        if (current->isEmpty()) {
            const Status st = m_store.meta().setValue(MetaRepository::kProfile, set.profile);
            if (!st)
                return st.error();
        }
    }

    if (m_progress && total == 0 && !m_progress(0, 0))
        return cancelled;
    const Status committed = tx.commit();
    if (!committed)
        return committed.error();
    return report;
}

std::vector<ConflictCandidate> Importer::candidatesAfter(const MemorySet &set, const ImportReport &report,
                                                        const std::vector<ConflictCandidate> &candidates)
{
    QSet<QString> inSet;
    for (const Memory &m : set.memories)
        inSet.insert(m.id);
    const QSet<QString> written(report.written.cbegin(), report.written.cend());
    std::vector<ConflictCandidate> out;
    for (ConflictCandidate c : candidates) {
        if ((inSet.contains(c.older) && !written.contains(c.older))
            || (inSet.contains(c.newer) && !written.contains(c.newer)))
            continue;
        c.older = report.renamed.value(c.older, c.older);
        c.newer = report.renamed.value(c.newer, c.newer);
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace engram::core::io
