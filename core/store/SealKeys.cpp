#include "store/SealKeys.h"

#include "crypto/StoreKey.h"

#include <QFileInfo>
#include <QHash>

#include <mutex>

namespace recollector::core {

namespace {
std::mutex &guard()
{
    static std::mutex m;
    return m;
}
QHash<QString, std::shared_ptr<const crypto::StoreKey>> &keys()
{
    static QHash<QString, std::shared_ptr<const crypto::StoreKey>> k;
    return k;
}
QString normal(const QString &path) { return QFileInfo(path).absoluteFilePath(); }
} // namespace

void SealKeys::put(const QString &storePath, std::shared_ptr<const crypto::StoreKey> key)
{
    const std::lock_guard lock(guard());
    keys().insert(normal(storePath), std::move(key));
}

std::shared_ptr<const crypto::StoreKey> SealKeys::find(const QString &storePath)
{
    const std::lock_guard lock(guard());
    return keys().value(normal(storePath));
}

void SealKeys::remove(const QString &storePath)
{
    const std::lock_guard lock(guard());
    keys().remove(normal(storePath));
}

} // namespace recollector::core
