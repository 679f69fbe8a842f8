#include "io/Importer.h"

#include "io/ImportRun.h"

#include "store/Store.h"
#include "store/Transaction.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QSet>

namespace recollector::core::io {

namespace {
Q_LOGGING_CATEGORY(lcImport, "recollector.core.io.import", QtWarningMsg)
} // namespace

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

Result<ImportPreview> Importer::preview(const MemorySet &set) const
{
    ImportPreview p;
    p.sourceName = set.sourceName;
    p.problems = set.problems;
    p.notes = set.notes;
    p.mapping = set.mapping.lines();
    p.associations = int(set.associations.size());
    p.events = int(set.events.size());
    p.conflicts = int(set.conflicts.size());
    auto stored = ImportRun::storedVersions(m_store, set);
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
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();

    const std::vector<Conflict> contradictions
        = m_detector && m_recordContradictions ? m_detector(set.memories) : std::vector<Conflict> {};
    const int total = int(set.memories.size() + set.associations.size() + set.events.size()
        + set.conflicts.size() + contradictions.size());
    m_keywordIndex.reset();
    ImportRun run(m_store, set, now(), m_progress, total);
    run.setBuildKeywordIndex(m_buildKeywordIndex);
    // In this order: links, events and conflicts name memories as they stand after the import.
    QElapsedTimer phase;
    phase.start();
    const auto timed = [&](const char *what, Status st) {
        qCDebug(lcImport) << what << phase.restart() << "ms";
        return st;
    };
    Status st = timed("stored versions:", run.loadStored());
    if (st)
        st = timed("memories:", run.writeMemories(policy));
    if (st)
        st = timed("links:", run.writeLinks());
    if (st)
        st = timed("events:", run.writeEvents());
    if (st)
        st = timed("conflicts:", run.writeConflicts());
    if (st)
        st = timed("contradictions:", run.writeContradictions(contradictions));
    if (st)
        st = timed("import events:", run.writeImportEvents());
    if (st)
        st = run.adoptProfile();
    if (st)
        st = run.finish();
    if (!st)
        return st.error();
    m_keywordIndex = run.takeKeywordIndex();
    if (const Status committed = tx.commit(); !committed)
        return committed.error();
    return run.report();
}

std::vector<ConflictCandidate> Importer::candidatesAfter(const MemorySet &set, const ImportReport &report,
                                                        const std::vector<ConflictCandidate> &candidates)
{
    if (candidates.empty()) // an import above the detection's cap has none: no id sets of 100k
        return {};
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

} // namespace recollector::core::io
