#include "crypto/Sealer.h"

#include "crypto/StoreKey.h"

#include <sodium.h>

namespace recollector::core::crypto {

namespace {
constexpr int kNonce = crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
constexpr int kTag = crypto_aead_xchacha20poly1305_ietf_ABYTES;
const unsigned char *u(const QByteArray &b) { return reinterpret_cast<const unsigned char *>(b.constData()); }
} // namespace

QString Sealer::seal(const StoreKey &key, const QByteArray &plain, const QByteArray &associated)
{
    QByteArray out(kNonce + plain.size() + kTag, Qt::Uninitialized);
    auto *nonce = reinterpret_cast<unsigned char *>(out.data());
    randombytes_buf(nonce, kNonce);
    unsigned long long written = 0;
    crypto_aead_xchacha20poly1305_ietf_encrypt(nonce + kNonce, &written, u(plain), plain.size(), u(associated),
                                               associated.size(), nullptr, nonce, key.bytes());
    out.truncate(kNonce + int(written));
    return kPrefix + QString::fromLatin1(out.toBase64());
}

Result<QByteArray> Sealer::open(const StoreKey &key, QStringView envelope, const QByteArray &associated,
                                const QString &what)
{
    if (!isSealed(envelope))
        return Error::make(Error::Code::Parse, QStringLiteral("%1 is not sealed text (no \"%2\")").arg(what, kPrefix));
    const auto decoded = QByteArray::fromBase64Encoding(envelope.mid(kPrefix.size()).toLatin1(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.size() < kNonce + kTag)
        return Error::make(Error::Code::Parse, QStringLiteral("%1: the sealed text is damaged (not base64 of a nonce and a tag)").arg(what));
    const QByteArray &c = decoded.decoded;
    QByteArray plain(c.size() - kNonce - kTag, Qt::Uninitialized);
    unsigned long long length = 0;
    if (crypto_aead_xchacha20poly1305_ietf_decrypt(reinterpret_cast<unsigned char *>(plain.data()), &length, nullptr,
                                                   u(c) + kNonce, c.size() - kNonce, u(associated), associated.size(),
                                                   u(c), key.bytes())
        != 0)
        return Error::make(Error::Code::Validation,
                           QStringLiteral("%1 does not open: wrong passphrase, or the sealed text was changed or "
                                          "belongs to another memory").arg(what));
    plain.truncate(int(length));
    return plain;
}

} // namespace recollector::core::crypto
