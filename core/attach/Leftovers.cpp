#include "attach/Leftovers.h"

#include "attach/FileSwap.h"
#include "attach/FolderLock.h"
#include "store/AttachedFileRepository.h"
#include "store/Store.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QSet>

namespace recollector::core::attach {

Result<int> Leftovers::settle(Store &store, const QString &folder, const QStringList &entryNames)
{
    QSet<QString> dirs{QString()};
    for (const QString &name : entryNames) {
        const QString dir = QFileInfo(name).path();
        dirs.insert(dir == QLatin1String(".") ? QString() : dir);
    }
    QStringList found; // names inside the folder
    for (const QString &dir : dirs) {
        const QDir d(dir.isEmpty() ? folder : QDir(folder).filePath(dir));
        for (const QString &file : d.entryList({QStringLiteral(".*.recollector-*")}, QDir::Files | QDir::Hidden | QDir::System)) {
            if (FileSwap::leftover(file))
                found << (dir.isEmpty() ? file : dir + QLatin1Char('/') + file);
        }
    }
    if (found.isEmpty())
        return 0;
    const FolderLock lock(folder);
    AttachedFileRepository files(store.database());
    if (const Status st = files.ensureTables(); !st)
        return st.error();
    auto states = files.all();
    if (!states)
        return states.error();
    QHash<QString, QByteArray> recorded;
    for (const auto &state : *states)
        recorded.insert(state.name, state.hash);
    for (const QString &name : found) {
        const QString dir = QFileInfo(name).path();
        const QString target = (dir == QLatin1String(".") ? QString() : dir + QLatin1Char('/'))
            + FileSwap::leftover(QFileInfo(name).fileName())->first;
        FileSwap::recover(QDir(folder).filePath(name), QDir(folder).filePath(target), recorded.value(target));
    }
    return int(found.size());
}

} // namespace recollector::core::attach
