#include "io/SealedCopy.h"

#include "store/SealedRow.h"
#include "store/Store.h"

namespace recollector::core::io {

namespace {
Error lockedError(Store &store, const QString &source, const QString &id)
{
    return Error::make(Error::Code::Locked,
                       QStringLiteral("%1: entry %2 is sealed (level 3) and %3 is locked: keeping both gives the copy a "
                                      "new id, and its text must be sealed again under it; unlock the store, or choose "
                                      "skip or overwrite for it")
                           .arg(source, id, store.path()));
}
} // namespace

Result<Memory> SealedCopy::renamed(Store &store, const Memory &incoming, const QString &newId, const QString &source)
{
    Memory out = incoming;
    out.id = newId;
    if (!incoming.isLocked())
        return out;
    const auto key = store.database().sealKey();
    if (!key)
        return lockedError(store, source, incoming.id);
    // Opened as the row it was sealed for (memory:<old id>).
    Memory opened = incoming;
    opened.content = incoming.sealed;
    opened.sealed.clear();
    opened.sealError.clear();
    sealed_row::fromRow(opened, key.get());
    if (opened.isLocked())
        return Error::make(Error::Code::Validation,
                           QStringLiteral("%1: entry %2 does not open with %3's passphrase (%4); nothing was imported")
                               .arg(source, incoming.id, store.path(), opened.sealError));
    opened.id = newId;
    return opened;
}

Result<Event> SealedCopy::moved(Store &store, const Event &incoming, const QString &newMemoryId, const QString &source)
{
    Event out = incoming;
    out.memoryId = newMemoryId;
    if (!sealed_row::isSealedPayload(incoming.payload) || newMemoryId == incoming.memoryId)
        return out;
    const auto key = store.database().sealKey();
    if (!key)
        return lockedError(store, source, incoming.memoryId);
    Event opened = incoming;
    opened.payload = QJsonObject{{QStringLiteral("sealed"), incoming.payload.value(QStringLiteral("sealed"))}};
    sealed_row::openPayload(opened, key.get());
    if (opened.payload.value(QStringLiteral("locked")).toBool())
        return Error::make(Error::Code::Validation,
                           QStringLiteral("%1: an event of entry %2 does not open with %3's passphrase (%4); nothing was "
                                          "imported")
                               .arg(source, incoming.memoryId, store.path(),
                                    opened.payload.value(QStringLiteral("error")).toString()));
    out.payload = sealed_row::sealPayload(opened.payload, newMemoryId, *key);
    return out;
}

} // namespace recollector::core::io
