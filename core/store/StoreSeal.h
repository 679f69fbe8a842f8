#pragma once

#include "crypto/KdfParams.h"
#include "model/Result.h"

#include <QByteArray>

#include <functional>

namespace recollector::core {

class Store;

/// The passphrase of a store and its locked / unlocked state (docs/formats.md, "Encryption at
/// rest"). The store's meta holds the Argon2id salt (`seal_salt`, base64), the cost
/// (`seal_kdf`, KdfParams::toText) and a key check value (`seal_check`: a known text sealed
/// with the key), so a wrong passphrase is told at once and changes nothing. Unlocking puts
/// the key in SealKeys for the session; locking drops it.
class StoreSeal final
{
public:
    static inline const QString kSaltKey = QStringLiteral("seal_salt");
    static inline const QString kKdfKey = QStringLiteral("seal_kdf");
    static inline const QString kCheckKey = QStringLiteral("seal_check");

    /// Called between the steps of a passphrase change (the crash-safety test kills the
    /// process there; CrashPoint::hit in the programs).
    using Step = std::function<void(const char *name)>;

    [[nodiscard]] static Result<bool> hasPassphrase(Store &store);
    static bool isUnlocked(Store &store);
    /// The Argon2id cost the store's key is derived with (meta seal_kdf); the window keeps it
    /// when the passphrase changes.
    [[nodiscard]] static Result<crypto::KdfParams> kdfParams(Store &store);
    /// How many memories are level 3 with sealed text (deleted ones included).
    [[nodiscard]] static Result<qint64> sealedCount(Store &store);
    /// The key from `passphrase`; a wrong one is one line (Code::Validation), nothing changes.
    [[nodiscard]] static Status unlock(Store &store, const QByteArray &passphrase);
    static void lock(Store &store);
    /// The store's first passphrase: salt, cost and check value written, and every level-3
    /// memory whose text is still plain sealed (with the text of its events), in one
    /// transaction. Leaves the store unlocked. Refused when it has one already.
    [[nodiscard]] static Status setPassphrase(Store &store, const QByteArray &passphrase,
                                              const crypto::KdfParams &params = crypto::KdfParams::moderate());
    /// Re-seals every sealed memory and event under a key from `newPassphrase` (a new salt),
    /// in one transaction. `oldPassphrase` must open the store; a memory or event that does
    /// not open with it refuses the change.
    [[nodiscard]] static Status changePassphrase(Store &store, const QByteArray &oldPassphrase,
                                                 const QByteArray &newPassphrase,
                                                 const crypto::KdfParams &params = crypto::KdfParams::moderate(),
                                                 const Step &step = {});
};

} // namespace recollector::core
