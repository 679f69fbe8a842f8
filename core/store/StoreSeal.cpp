#include "store/StoreSeal.h"

#include "crypto/Sealer.h"
#include "crypto/StoreKey.h"
#include "store/SealKeys.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QSqlQuery>

namespace recollector::core {

namespace {
// The key check every sealed store holds, under the program's first name: these bytes are part
// of the stored format, so they stay as they are (docs/formats.md, "Encryption at rest").
const QByteArray kCheckText = "engram-store-key";
const QByteArray kCheckAd = "engram:key-check";

struct Stored
{
    QByteArray salt;
    crypto::KdfParams params;
    QString check;
};

Result<Stored> readStored(Store &store)
{
    auto salt = store.meta().value(StoreSeal::kSaltKey);
    auto kdf = store.meta().value(StoreSeal::kKdfKey);
    auto check = store.meta().value(StoreSeal::kCheckKey);
    if (!salt || !kdf || !check)
        return !salt ? salt.error() : !kdf ? kdf.error() : check.error();
    if (salt->isEmpty())
        return Error::make(Error::Code::NotFound,
                           QStringLiteral("%1: the store has no passphrase yet (recollector-cli passphrase --new-file FILE sets one)")
                               .arg(store.path()));
    auto params = crypto::KdfParams::fromText(*kdf);
    if (!params)
        return Error::make(Error::Code::Parse, QStringLiteral("%1: meta %2: %3").arg(store.path(), StoreSeal::kKdfKey, params.error().message));
    Stored out{QByteArray::fromBase64(salt->toLatin1()), *params, *check};
    return out;
}

/// The key from `passphrase` checked against the stored check value.
Result<std::shared_ptr<const crypto::StoreKey>> keyFor(Store &store, const Stored &stored, const QByteArray &passphrase)
{
    auto key = crypto::StoreKey::derive(passphrase, stored.salt, stored.params);
    if (!key)
        return Error::make(key.error().code, QStringLiteral("%1: %2").arg(store.path(), key.error().message));
    auto opened = crypto::Sealer::open(**key, stored.check, kCheckAd, QStringLiteral("the key check"));
    if (!opened || *opened != kCheckText)
        return Error::make(Error::Code::Validation, QStringLiteral("%1: wrong passphrase").arg(store.path()));
    return std::shared_ptr<const crypto::StoreKey>(std::move(*key));
}

struct NewKey
{
    std::shared_ptr<const crypto::StoreKey> key;
    QByteArray salt;
};

Result<NewKey> newKey(const QByteArray &passphrase, const crypto::KdfParams &params)
{
    NewKey out{nullptr, crypto::StoreKey::newSalt()};
    auto key = crypto::StoreKey::derive(passphrase, out.salt, params);
    if (!key)
        return key.error();
    out.key = std::move(*key);
    return out;
}

Status writeMeta(Store &store, const NewKey &k, const crypto::KdfParams &params)
{
    if (const Status st = store.meta().setValue(StoreSeal::kSaltKey, QString::fromLatin1(k.salt.toBase64())); !st)
        return st;
    if (const Status st = store.meta().setValue(StoreSeal::kKdfKey, params.toText()); !st)
        return st;
    return store.meta().setValue(StoreSeal::kCheckKey, crypto::Sealer::seal(*k.key, kCheckText, kCheckAd));
}

/// Every level-3 memory as read now (opened with the key SealKeys holds).
Result<std::vector<Memory>> level3(Store &store)
{
    std::vector<Memory> out;
    const Status st = store.memories().forEach([&](const Memory &m) {
        if (m.sensitivity >= 3)
            out.push_back(m);
        return true;
    });
    if (!st)
        return st.error();
    return out;
}
} // namespace

Result<bool> StoreSeal::hasPassphrase(Store &store)
{
    auto salt = store.meta().value(kSaltKey);
    if (!salt)
        return salt.error();
    return !salt->isEmpty();
}

bool StoreSeal::isUnlocked(Store &store) { return store.database().sealKey() != nullptr; }

Result<crypto::KdfParams> StoreSeal::kdfParams(Store &store)
{
    auto stored = readStored(store);
    if (!stored)
        return stored.error();
    return stored->params;
}

Result<qint64> StoreSeal::sealedCount(Store &store)
{
    qint64 n = 0;
    const Status st = store.memories().scanSealedIds([&](std::string_view) {
        ++n;
        return true;
    });
    if (!st)
        return st.error();
    return n;
}

Status StoreSeal::unlock(Store &store, const QByteArray &passphrase)
{
    auto stored = readStored(store);
    if (!stored)
        return stored.error();
    auto key = keyFor(store, *stored, passphrase);
    if (!key)
        return key.error();
    SealKeys::put(store.path(), *key);
    return {};
}

void StoreSeal::lock(Store &store) { SealKeys::remove(store.path()); }

Status StoreSeal::setPassphrase(Store &store, const QByteArray &passphrase, const crypto::KdfParams &params)
{
    auto has = hasPassphrase(store);
    if (!has)
        return has.error();
    if (*has)
        return Error::make(Error::Code::Conflict,
                           QStringLiteral("%1: the store has a passphrase already (change it with --old-file and --new-file)")
                               .arg(store.path()));
    auto k = newKey(passphrase, params);
    if (!k)
        return Error::make(k.error().code, QStringLiteral("%1: %2").arg(store.path(), k.error().message));
    if (const Status st = store.database().enableSecureDelete(); !st)
        return st;
    Transaction tx(store.database());
    if (!tx.isActive())
        return tx.error();
    if (const Status st = writeMeta(store, *k, params); !st)
        return st;
    SealKeys::put(store.path(), k->key);
    auto memories = level3(store);
    Status st = memories ? Status{} : Status(memories.error());
    for (std::size_t i = 0; st && memories && i < memories->size(); ++i)
        st = store.memories().update((*memories)[i]); // seals it and its history (MemoryRepository)
    if (st)
        st = tx.commit();
    if (!st)
        SealKeys::remove(store.path());
    return st;
}

Status StoreSeal::changePassphrase(Store &store, const QByteArray &oldPassphrase, const QByteArray &newPassphrase,
                                   const crypto::KdfParams &params, const Step &step)
{
    auto hit = [&](const char *name) {
        if (step)
            step(name);
    };
    auto stored = readStored(store);
    if (!stored)
        return stored.error();
    auto oldKey = keyFor(store, *stored, oldPassphrase);
    if (!oldKey)
        return oldKey.error();
    auto k = newKey(newPassphrase, params);
    if (!k)
        return Error::make(k.error().code, QStringLiteral("%1: %2").arg(store.path(), k.error().message));
    const auto before = store.database().sealKey();
    auto restore = [&]() {
        if (before)
            SealKeys::put(store.path(), before);
        else
            SealKeys::remove(store.path());
    };
    (void)store.database().enableSecureDelete();
    Transaction tx(store.database());
    if (!tx.isActive())
        return tx.error();
    SealKeys::put(store.path(), *oldKey);
    auto memories = level3(store);
    if (!memories) {
        restore();
        return memories.error();
    }
    for (const Memory &m : *memories) {
        if (m.isLocked()) {
            restore();
            return Error::make(Error::Code::Validation,
                               QStringLiteral("%1: memory %2 does not open with the current passphrase (%3); nothing was changed")
                                   .arg(store.path(), m.id, m.sealError));
        }
    }
    hit("passphrase_read");
    SealKeys::put(store.path(), k->key);
    Status st;
    for (std::size_t i = 0; st && i < memories->size(); ++i) {
        st = store.memories().update((*memories)[i]);
        if (i == memories->size() / 2)
            hit("passphrase_half_memories");
    }
    if (st)
        st = store.events().reseal(**oldKey, *k->key);
    hit("passphrase_events");
    if (st)
        st = writeMeta(store, *k, params);
    hit("passphrase_meta");
    if (st)
        st = tx.commit();
    if (!st) {
        restore();
        return st;
    }
    // Old ciphertexts are gone from the file; empty the WAL of them too.
    (void)store.database().checkpointAndTruncate();
    return {};
}

} // namespace recollector::core
