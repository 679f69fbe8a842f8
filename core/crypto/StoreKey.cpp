#include "crypto/StoreKey.h"

#include <sodium.h>

namespace recollector::core::crypto {

bool StoreKey::available()
{
    static const bool ok = sodium_init() >= 0;
    return ok;
}

StoreKey::StoreKey()
{
    // Locked pages are not written to swap; a system that refuses (RLIMIT_MEMLOCK) still
    // gets a key, zeroed on the way out all the same.
    m_locked = sodium_mlock(m_bytes.data(), m_bytes.size()) == 0;
}

StoreKey::~StoreKey()
{
    if (m_locked)
        sodium_munlock(m_bytes.data(), m_bytes.size()); // zeroes, then unlocks
    else
        sodium_memzero(m_bytes.data(), m_bytes.size());
}

QByteArray StoreKey::newSalt()
{
    QByteArray salt(kSaltBytes, Qt::Uninitialized);
    if (available())
        randombytes_buf(salt.data(), size_t(salt.size()));
    return salt;
}

Result<std::unique_ptr<StoreKey>> StoreKey::derive(const QByteArray &passphrase, const QByteArray &salt,
                                                   const KdfParams &params)
{
    static_assert(kSaltBytes == crypto_pwhash_SALTBYTES);
    static_assert(kBytes == crypto_aead_xchacha20poly1305_ietf_KEYBYTES);
    if (!available())
        return Error::make(Error::Code::Io, QStringLiteral("libsodium could not be initialised"));
    if (passphrase.isEmpty())
        return Error::make(Error::Code::Validation, QStringLiteral("the passphrase is empty"));
    if (salt.size() != kSaltBytes)
        return Error::make(Error::Code::Parse, QStringLiteral("the store's salt is %1 bytes, not %2").arg(salt.size()).arg(kSaltBytes));
    std::unique_ptr<StoreKey> key(new StoreKey());
    if (crypto_pwhash(key->m_bytes.data(), key->m_bytes.size(), passphrase.constData(),
                      static_cast<unsigned long long>(passphrase.size()),
                      reinterpret_cast<const unsigned char *>(salt.constData()), params.opsLimit, params.memLimit,
                      crypto_pwhash_ALG_ARGON2ID13)
        != 0)
        return Error::make(Error::Code::Io, QStringLiteral("deriving the store key ran out of memory (%1 bytes asked)")
                                                .arg(quint64(params.memLimit)));
    return key;
}

void wipe(QByteArray &secret)
{
    if (!secret.isEmpty())
        sodium_memzero(secret.data(), size_t(secret.size()));
    secret.clear();
}

} // namespace recollector::core::crypto
