#include "dialogs/ConflictDetectionJob.h"

#include "engine/conflicts/QueuedDetection.h"
#include "store/Store.h"
#include "support/JobControl.h"

#include <QCoreApplication>

namespace recollector::ui {

using namespace recollector::core;

namespace {

QString tr(const char *text, int n = -1)
{
    return QCoreApplication::translate("recollector::ui::ConflictDetectionJob", text, nullptr, n);
}

} // namespace

Result<ConflictDetectionJob> ConflictDetectionJob::run(const QString &storePath, const Config &config,
                                                       JobControl &control)
{
    control.setPhase(tr("Reading the keywords…"));
    auto store = Store::open(storePath); // this thread's own connection
    if (!store)
        return store.error();
    ConflictDetector detector(**store, config);
    ConflictDetector::Phase shown = ConflictDetector::Phase::Finding;
    bool sized = false;
    detector.setStep([&](ConflictDetector::Phase phase, int done, int total) {
        if (phase != shown || (total > 0 && !sized)) {
            shown = phase;
            sized = total > 0;
            control.setPhase(phase == ConflictDetector::Phase::Finding ? tr("Comparing memories…")
                             : phase == ConflictDetector::Phase::Recording
                                 ? QCoreApplication::translate("recollector::ui::ConflictDetectionJob", "Recording %n conflicts…", nullptr, total)
                                 : tr("Committing…"));
        }
        return control.report(done, total);
    });
    // One transaction: the conflicts and the cleared queue flag; a cancel writes nothing.
    auto recorded = QueuedDetection::detectAll(**store, detector, time::nowMs());
    if (!recorded)
        return recorded.error();
    return ConflictDetectionJob{std::move(*recorded), detector.lastStats()};
}

} // namespace recollector::ui
