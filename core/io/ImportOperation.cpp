#include "io/ImportOperation.h"

#include "engine/capture/AfterChange.h"
#include "engine/conflicts/ConflictDetector.h"
#include "engine/conflicts/QueuedDetection.h"
#include "engine/decisions/CrashPoint.h"
#include "engine/graph/AssociationBuilder.h"
#include "io/ImportRestatements.h"
#include "io/Importer.h"
#include "store/CheckedWrites.h"
#include "store/LargeWriteJournal.h"
#include "store/PageCacheSize.h"
#include "store/Store.h"
#include "store/Transaction.h"
#include "io/Level3Export.h"
#include "model/MemoryJson.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QSet>

#include <optional>

namespace recollector::core::io {

namespace {

Q_LOGGING_CATEGORY(lcImport, "recollector.core.io.import", QtWarningMsg)

Error cancelled(const MemorySet &set)
{
    return Error::make(Error::Code::Cancelled,
        QStringLiteral("%1: import cancelled; nothing was written").arg(set.sourceName));
}

} // namespace

ImportOperation::ImportOperation(Store &store, const Config &config, Millis now)
    : m_store(store)
    , m_config(config)
    , m_now(now)
{
}

Result<std::vector<qint64>> ImportOperation::decisionsFrom(const ImportReport &report) const
{
    std::vector<qint64> out;
    if (report.firstEventId == 0)
        return out;
    // Inside apply()'s transaction: every event from the import's first one on is this
    // import's. Its own events, first to last, are its decision, and nothing else is between
    // them: the others (links of memories left without one, recorded contradictions) follow.
    out.push_back(report.firstEventId);
    QSet<QString> seen { report.decisionId };
    constexpr qint64 kPage = 1024;
    for (qint64 lo = report.lastEventId + 1;; lo += kPage) {
        auto page = m_store.events().between(lo, lo + kPage - 1);
        if (!page)
            return page.error();
        if (page->empty())
            break;
        for (const Event &e : *page) {
            const QString decision = e.payload.value(QStringLiteral("decision")).toString();
            if (!decision.isEmpty() && !seen.contains(decision)) {
                seen.insert(decision);
                out.push_back(e.id);
            }
        }
    }
    return out;
}

ImportDetection ImportOperation::detect(const std::vector<Memory> &incoming) const
{
    ImportDetection d;
    if (incoming.size() > m_detectAtMost) {
        d.skipped = true;
        return d;
    }
    ConflictDetector detector(m_store, m_config);
    auto found = detector.findIncoming(incoming);
    if (!found) {
        d.error = found.error().message;
        return d;
    }
    d.candidates = std::move(*found);
    d.capsNote = ConflictDetector::capsNote(detector.lastStats());
    return d;
}

Result<ImportPlan> ImportOperation::preview(const MemorySet &set) const
{
    auto preview = Importer(m_store).preview(set);
    if (!preview)
        return preview.error();
    ImportPlan plan { std::move(*preview), detect(set.memories) };
    for (const ConflictCandidate &c : plan.detection.candidates)
        plan.preview.contradictions.push_back(
            Conflict { 0, c.older, c.newer, c.type, ConflictStatus::Open, ConflictResolution::None, 0, 0 });
    return plan;
}

Status ImportOperation::linkWritten(const ImportReport &report, Millis at, const ImportStep &step, int total,
                                    const KeywordIndex *storeIndex) const
{
    if (report.written.isEmpty())
        return {};
    // A set that brings no links of its own and is large: one rebuild is cheaper.
    if (report.associations == 0 && report.written.size() > kLinkOneByOneAtMost) {
        auto rebuilt = AssociationBuilder(m_store, m_config).rebuildAll(nullptr, [&](qint64, qint64) {
            return !step || step(ImportPhase::Writing, total, total);
        });
        return rebuilt ? Status{} : Status(rebuilt.error());
    }
    // Otherwise the memories the set left without a link get theirs; the links a set brings
    // are kept as they are (an export imported again gives the same store). Only those the
    // set brought no link to can be without one (an overwritten memory may have its own).
    auto unlinked = m_store.associations().unlinked(report.withoutSetLinks);
    if (!unlinked)
        return unlinked.error();
    auto linked = AfterChange(m_store, m_config).apply(*unlinked, {}, at, storeIndex);
    if (!linked)
        return linked.error();
    return noteDerivedLinks(report, *unlinked, at);
}

Status ImportOperation::noteDerivedLinks(const ImportReport &report, const QStringList &unlinked, Millis at) const
{
    // A stored memory the import overwrote had no link before (it is in `unlinked`): every link
    // it has now is new. Those between two memories the store had before are recorded in the
    // import's decision (appended right after its events, so the ids stay contiguous), so its
    // undo removes them; a link with a memory the import created goes with that memory.
    if (report.decisionId.isEmpty() || report.overwritten.isEmpty())
        return {};
    const QSet<QString> overwritten(report.overwritten.cbegin(), report.overwritten.cend());
    QSet<QString> created;
    for (const QString &incoming : report.written) {
        const QString id = report.renamed.value(incoming, incoming);
        if (!overwritten.contains(id))
            created.insert(id);
    }
    QSet<QPair<QString, QString>> noted;
    for (const QString &id : unlinked) {
        if (!overwritten.contains(id))
            continue;
        auto links = m_store.associations().of(id);
        if (!links)
            return links.error();
        for (const Association &link : *links) {
            if (created.contains(link.a) || created.contains(link.b) || noted.contains({link.a, link.b}))
                continue;
            noted.insert({link.a, link.b});
            Event e{0, link.a, events::kAssociate, QStringLiteral("import"), at,
                    QJsonObject{{QStringLiteral("decision"), report.decisionId},
                                {QStringLiteral("derived"), true},
                                {QStringLiteral("other"), link.b},
                                {QStringLiteral("linkAdded"), associationToJson(link)}}};
            if (const Status st = m_store.events().append(e); !st)
                return st;
        }
    }
    return {};
}

namespace {

void prepare(Importer &importer, const MemorySet &set, Millis at, const ImportStep &step, int &total)
{
    importer.setNow(at);
    importer.setRecordContradictions(false); // recorded by apply(), with the automatic handling
    // For linkWritten(), when the store was empty; a large set without links is linked by one
    // rebuild there instead.
    importer.setBuildKeywordIndex(!set.associations.empty()
                                  || qsizetype(set.memories.size()) <= ImportOperation::kLinkOneByOneAtMost);
    if (step) {
        importer.setProgress([&step, &total](int done, int stepsTotal) {
            total = stepsTotal;
            return step(ImportPhase::Writing, done, stepsTotal);
        });
    }
}

} // namespace

Result<ImportOutcome> ImportOperation::apply(const MemorySet &set, const ImportPlan &plan,
                                             const ImportPolicy &policy, const ImportStep &step) const
{
    const Millis at = m_now != 0 ? m_now : time::nowMs();
    // Every link's ends are looked up before it is written (ImportRun::writeLinkRows), so
    // SQLite's own lookups are off while the import writes; the guard outlives the transaction.
    CheckedWrites checked(m_store.database());
    // A large set changes more pages than the store's usual cache holds, and is written once
    // through a rollback journal rather than twice through the WAL, when the store is not shared.
    PageCacheSize cache(m_store.database(), PageCacheSize::kLargeWrite);
    const std::size_t rows = set.memories.size() + set.associations.size() + set.events.size() + set.conflicts.size();
    std::optional<LargeWriteJournal> journal;
    if (rows >= m_rollbackJournalFromRows)
        journal.emplace(m_store.database());
    // The importer's own transaction joins this one, and so does the recording's: one commit.
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();
    if (const Status sealed = Level3Export::adoptSeal(set, m_store); !sealed)
        return sealed.error();

    int total = 0; // the writing's steps, as the importer last reported them
    Importer importer(m_store);
    prepare(importer, set, at, step, total);
    QElapsedTimer phase;
    phase.start();
    // What restates a memory held is not added but reinforces it (ImportRestatements).
    auto restated = ImportRestatements::find(m_store, set, plan, policy, m_detectAtMost);
    if (!restated)
        return restated.error();
    ImportPolicy effective = policy;
    for (auto it = restated->cbegin(); it != restated->cend(); ++it)
        effective.overrides.insert(it.key(), ImportAction::Skip);
    auto report = importer.apply(set, effective);
    if (!report)
        return report.error();
    qCDebug(lcImport) << "importer:" << phase.restart() << "ms;" << report->withoutSetLinks.size() << "written without a link of the set";

    const std::optional<KeywordIndex> storeIndex = importer.takeKeywordIndex();
    if (const Status st = linkWritten(*report, at, step, total, storeIndex ? &*storeIndex : nullptr); !st)
        return st.error().code == Error::Code::Cancelled ? cancelled(set) : st.error();
    qCDebug(lcImport) << "links of the memories left without one:" << phase.restart() << "ms";
    if (const Status st = ImportRestatements::record(m_store, m_config, set, *restated, at, *report); !st)
        return st.error();

    ImportOutcome out;
    out.detection = plan.detection;
    out.detection.candidates = Importer::candidatesAfter(set, *report, plan.detection.candidates);
    if (!out.detection.candidates.empty()) {
        if (step && !step(ImportPhase::RecordingContradictions, total, total))
            return cancelled(set);
        auto recorded = ConflictDetector(m_store, m_config).record(out.detection.candidates, at);
        if (!recorded)
            return recorded.error();
        out.recorded = std::move(*recorded);
    }
    // Too many to check on the spot: queue the whole-store detection with the rows it covers.
    if (plan.detection.skipped && report->added + report->updated > 0) {
        if (const Status st = QueuedDetection::queue(m_store, at); !st)
            return st.error();
        out.detection.queued = true;
    }
    report->contradictionsRecorded = int(out.recorded.size());
    out.report = std::move(*report);
    if (auto decisions = decisionsFrom(out.report); decisions)
        out.decisionEvents = std::move(*decisions);
    else
        return decisions.error();
    qCDebug(lcImport) << "detection and decisions:" << phase.restart() << "ms";

    // The commit hook: the last chance to stop; after it the import is in the store.
    if (step && !step(ImportPhase::Committing, total, total))
        return cancelled(set);
    CrashPoint::hit("import.before-commit");
    if (const Status committed = tx.commit(); !committed)
        return committed.error();
    qCDebug(lcImport) << "commit:" << phase.restart() << "ms";
    return out;
}

} // namespace recollector::core::io
