#include "dialogs/ImportJob.h"

#include "io/Importer.h"
#include "io/MemorySetReader.h"
#include "store/Store.h"
#include "store/Transaction.h"
#include "support/JobControl.h"

#include <QCoreApplication>
#include <QSet>

namespace engram::ui {

using namespace engram::core;

namespace {

QString tr(const char *text) { return QCoreApplication::translate("ImportJob", text); }

Error cancelled(const QString &source, const char *what)
{
    return Error::make(Error::Code::Cancelled, QStringLiteral("%1: %2").arg(source, tr(what)));
}

} // namespace

Result<ImportReading> ImportJob::read(const QString &inputPath, const QString &storePath, const Config &config,
                                      JobControl &control)
{
    control.setPhase(tr("Reading the file…"));
    control.report(0, 0);
    auto set = io::MemorySetReader::read(inputPath);
    if (!set)
        return set.error();
    const QString source = set->sourceName;
    if (!control.report(0, 0))
        return cancelled(source, "reading cancelled; nothing was written");

    control.setPhase(tr("Comparing with the store…"));
    Database::Options readOnly; // reading only: never migrate or create
    readOnly.readOnly = true;
    readOnly.createIfMissing = false;
    auto store = Store::open(storePath, readOnly);
    if (!store)
        return store.error();
    ImportReading out;
    ConflictDetector detector(**store, config);
    io::Importer importer(**store);
    out.detectionSkipped = set->memories.size() > kDetectAtMost;
    if (!out.detectionSkipped) {
        importer.setContradictionDetector([&](const std::vector<Memory> &incoming) {
            std::vector<Conflict> found;
            auto candidates = detector.findIncoming(incoming);
            if (!candidates) {
                out.detectionSkipped = true; // the preview says so; the import itself can go on
                return found;
            }
            out.candidates = std::move(*candidates);
            for (const ConflictCandidate &c : out.candidates)
                found.push_back(Conflict{0, c.older, c.newer, c.type, QStringLiteral("open"), QString(), 0, 0});
            return found;
        });
    }
    auto preview = importer.preview(*set);
    if (!preview)
        return preview.error();
    if (!control.report(0, 0))
        return cancelled(source, "reading cancelled; nothing was written");

    auto stored = (*store)->memories().byIds(preview->changedIds + preview->conflictingIds);
    if (!stored)
        return stored.error();
    for (Memory &m : *stored)
        out.stored.insert(m.id, std::move(m));
    out.preview = std::move(*preview);
    out.set = std::make_shared<const io::MemorySet>(std::move(*set));
    return out;
}

Result<ImportResult> ImportJob::apply(const QString &storePath, const Config &config, const io::MemorySet &set,
                                      const io::ImportPolicy &policy,
                                      const std::vector<ConflictCandidate> &candidates, JobControl &control)
{
    control.setPhase(tr("Importing…"));
    auto opened = Store::open(storePath);
    if (!opened)
        return opened.error();
    Store &store = **opened;
    const Millis now = time::nowMs();

    // The import and the contradictions it raises commit together: the importer's own
    // transaction joins this one, and a cancel up to the commit rolls both back.
    Transaction tx(store.database());
    if (!tx.isActive())
        return tx.error();
    io::Importer importer(store);
    importer.setNow(now);
    importer.setRecordContradictions(false);
    importer.setProgress([&control](int done, int total) { return control.report(done, total); });
    auto report = importer.apply(set, policy);
    if (!report)
        return report.error();

    const std::vector<ConflictCandidate> toRecord = io::Importer::candidatesAfter(set, *report, candidates);
    ImportResult out;
    if (!toRecord.empty()) {
        control.setPhase(tr("Recording contradictions…"));
        auto recorded = ConflictDetector(store, config).record(toRecord, now);
        if (!recorded)
            return recorded.error();
        out.recorded = std::move(*recorded);
    }
    // The last chance to stop: after this the import is in the store.
    if (!control.report(control.total(), control.total())) {
        tx.rollback();
        return cancelled(set.sourceName, "import cancelled; nothing was written");
    }
    if (const Status committed = tx.commit(); !committed)
        return committed.error();
    out.report = std::move(*report);
    return out;
}

} // namespace engram::ui
