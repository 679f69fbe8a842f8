#include "dialogs/ImportJob.h"

#include "io/ImportOperation.h"
#include "formats/FormatRegistry.h"
#include "store/Store.h"
#include "support/JobControl.h"

#include <QCoreApplication>

namespace recollector::ui {

using namespace recollector::core;

namespace {

Error cancelled(const QString &source, const QString &what)
{
    return Error::make(Error::Code::Cancelled, QStringLiteral("%1: %2").arg(source, what));
}

} // namespace

Result<ImportReading> ImportJob::read(const QString &inputPath, const QString &storePath, const Config &config,
                                      JobControl &control)
{
    control.setPhase(tr("Reading the file…"));
    control.report(0, 0);
    io::AdapterReadOptions options; // any format Recollector knows, recognised by content
    options.initialStability = config.decay.initialStability;
    auto set = io::formats::FormatRegistry::instance().read(inputPath, options);
    if (!set)
        return set.error();
    const QString source = set->sourceName;
    if (!control.report(0, 0))
        return cancelled(source, tr("reading cancelled; nothing was written"));

    control.setPhase(tr("Comparing with the store…"));
    Database::Options readOnly; // reading only: never migrate or create
    readOnly.readOnly = true;
    readOnly.createIfMissing = false;
    auto store = Store::open(storePath, readOnly);
    if (!store)
        return store.error();
    auto plan = io::ImportOperation(**store, config, time::nowMs()).preview(*set);
    if (!plan)
        return plan.error();
    if (!control.report(0, 0))
        return cancelled(source, tr("reading cancelled; nothing was written"));

    ImportReading out;
    auto stored = (*store)->memories().byIds(plan->preview.changedIds + plan->preview.conflictingIds);
    if (!stored)
        return stored.error();
    for (Memory &m : *stored)
        out.stored.insert(m.id, std::move(m));
    out.plan = std::move(*plan);
    out.set = std::make_shared<const io::MemorySet>(std::move(*set));
    return out;
}

Result<io::ImportOutcome> ImportJob::apply(const QString &storePath, const Config &config,
                                           const io::MemorySet &set, const io::ImportPlan &plan,
                                           const io::ImportPolicy &policy, JobControl &control)
{
    control.setPhase(tr("Importing…"));
    auto opened = Store::open(storePath);
    if (!opened)
        return opened.error();
    const io::ImportOperation operation(**opened, config, time::nowMs());
    return operation.apply(set, plan, policy, [&control](io::ImportPhase phase, int done, int total) {
        if (phase == io::ImportPhase::RecordingContradictions)
            control.setPhase(tr("Recording contradictions…"));
        return control.report(done, total);
    });
}

} // namespace recollector::ui
