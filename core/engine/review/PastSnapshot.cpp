#include "engine/review/PastSnapshot.h"

#include "snapshot/SnapshotLoader.h"
#include "store/Database.h"
#include "store/ReadTransaction.h"
#include "store/Store.h"

namespace recollector::core {

Result<PastSnapshot> PastSnapshot::loadFile(const QString &path, const Config &config, Millis at,
                                            const std::function<bool(std::size_t)> &progress)
{
    Database::Options readOnly;
    readOnly.readOnly = true;
    auto store = Store::open(path, readOnly);
    if (!store)
        return store.error();
    // One state of the file for both reads: the rows and the events taken back from them.
    const ReadTransaction read((*store)->database());
    if (const Status st = read.status(); !st)
        return st.error();
    SnapshotLoader::Options options;
    options.progress = progress;
    auto snapshot = SnapshotLoader::load(**store, config, options);
    if (!snapshot)
        return snapshot.error();
    auto contents = ContentsAsOf::rebuild(**store, at);
    if (!contents)
        return contents.error();
    PastSnapshot out { std::move(*snapshot), std::move(*contents) };
    apply(out.snapshot, out.contents, config);
    return out;
}

void PastSnapshot::apply(MemorySnapshot &snapshot, const ContentsAsOf &contents, const Config &config)
{
    for (const QString &id : contents.absent) {
        if (const auto row = snapshot.rowOf(id); row != MemorySnapshot::kNoRow)
            snapshot.markRemoved(row);
    }
    SnapshotRecord record;
    for (auto it = contents.past.cbegin(); it != contents.past.cend(); ++it) {
        MemorySnapshot::recordFrom(it.value(), config, record);
        if (const auto row = snapshot.rowOf(it.key()); row != MemorySnapshot::kNoRow)
            snapshot.replace(row, record);
        else
            snapshot.append(record);
    }
}

} // namespace recollector::core
