#include "io/DemoStore.h"

#include "config/Config.h"
#include "io/ImportOperation.h"
#include "model/InputLimits.h"
#include "io/MemorySetJson.h"
#include "store/Store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace recollector::core::io {

namespace {
void shift(Millis &ms, Millis delta)
{
    if (ms != 0)
        ms += delta;
}
} // namespace

void shiftInstants(MemorySet &set, Millis delta)
{
    shift(set.exportedAt, delta);
    for (Memory &m : set.memories) {
        shift(m.createdAt, delta);
        shift(m.updatedAt, delta);
        shift(m.lastAccessedAt, delta);
        shift(m.lastReinforcedAt, delta);
        shift(m.negatedAt, delta);
        shift(m.deletedAt, delta);
        QJsonArray history;
        for (const QJsonValue &entry : std::as_const(m.correctionHistory)) {
            QJsonObject o = entry.toObject();
            if (const auto t = time::fromIso(o.value(QStringLiteral("time")).toString())) {
                o.insert(QStringLiteral("time"), time::toIso(*t + delta));
                history.append(o);
            } else {
                history.append(entry);
            }
        }
        m.correctionHistory = history;
    }
    for (Association &a : set.associations)
        shift(a.createdAt, delta);
    for (Event &e : set.events)
        shift(e.at, delta);
    for (Conflict &c : set.conflicts) {
        shift(c.detectedAt, delta);
        shift(c.resolvedAt, delta);
    }
}

Status createDemoStore(const QString &storePath, const QString &memorySetPath, Millis now)
{
    if (QFileInfo::exists(storePath))
        return Error::make(Error::Code::Conflict,
            QStringLiteral("%1: already exists; the demo goes into a new store only").arg(storePath));
    // Works for a ":/" resource path as for a file.
    auto data = readBoundedFile(memorySetPath, limits::kMaxSetFileBytes, QFileInfo(memorySetPath).fileName());
    if (!data)
        return data.error();
    auto set = MemorySetJson::fromBytes(*data, QFileInfo(memorySetPath).fileName());
    if (!set)
        return set.error();
    const Millis at = now != 0 ? now : time::nowMs();
    if (set->exportedAt != 0)
        shiftInstants(*set, at - set->exportedAt);

    QDir().mkpath(QFileInfo(storePath).absolutePath());
    {
        auto store = Store::open(storePath);
        if (!store)
            return store.error();
        // The one way in for a set of memories (docs/architecture.md#one-way-in-for-each-write):
        // the demo is imported as any set is, its links, history and contradictions with it.
        const ImportOperation operation(**store, Config::defaults(), at);
        auto plan = operation.preview(*set);
        auto outcome = plan ? operation.apply(*set, *plan, ImportPolicy::all(ImportAction::Skip))
                            : Result<ImportOutcome>(plan.error());
        if (outcome)
            return {};
        const Error error = outcome.error();
        store->reset();
        // Leave no half-made store behind: the next run tries again.
        for (const QString &suffix : { QString(), QStringLiteral("-wal"), QStringLiteral("-shm") })
            QFile::remove(storePath + suffix);
        return error;
    }
}

} // namespace recollector::core::io
