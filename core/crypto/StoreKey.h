#pragma once

#include "crypto/KdfParams.h"
#include "model/Result.h"

#include <QByteArray>
#include <QtGlobal>

#include <array>
#include <memory>

namespace recollector::core::crypto {

/// The 32-byte key that seals a store's level-3 text (docs/formats.md, "Encryption at rest"):
/// derived from the user's passphrase with Argon2id (crypto_pwhash) and the store's salt.
/// The bytes live in memory locked against swapping where the system allows it
/// (sodium_mlock) and are zeroed when the key goes (sodium_memzero / sodium_munlock).
/// Neither copyable nor movable: hold it by pointer.
class StoreKey final
{
public:
    static constexpr int kBytes = 32;
    static constexpr int kSaltBytes = 16;

    /// Derives the key. `passphrase` is the user's text as bytes (not kept); an empty one is
    /// refused (Validation). Takes a second or so at moderate limits.
    [[nodiscard]] static Result<std::unique_ptr<StoreKey>> derive(const QByteArray &passphrase, const QByteArray &salt,
                                                                  const KdfParams &params);
    /// A fresh random salt of kSaltBytes.
    static QByteArray newSalt();
    /// Whether sodium_init() succeeded (it is called once, by the first use).
    static bool available();

    ~StoreKey();
    StoreKey(const StoreKey &) = delete;
    StoreKey &operator=(const StoreKey &) = delete;

    const unsigned char *bytes() const { return m_bytes.data(); }
    /// Whether the bytes could be locked in memory (sodium_mlock); best effort.
    bool isLocked() const { return m_locked; }

private:
    StoreKey();
    std::array<unsigned char, kBytes> m_bytes{};
    bool m_locked = false;
};

/// Zeroes a passphrase buffer in place (sodium_memzero): callers clear what they read.
void wipe(QByteArray &secret);

} // namespace recollector::core::crypto
