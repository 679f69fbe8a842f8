#pragma once

#include "model/Result.h"

#include <QByteArray>
#include <QString>
#include <QStringView>

namespace recollector::core::crypto {

class StoreKey;

/// Seals and opens one piece of text with XChaCha20-Poly1305 (IETF AEAD) under a StoreKey
/// (docs/formats.md, "Encryption at rest"). Every seal draws a fresh random 24-byte nonce;
/// the additional data (the memory's id) binds the ciphertext to its row, so a ciphertext
/// copied onto another row does not open. The envelope is text, versioned:
/// "enc1:" + base64(nonce | ciphertext with its 16-byte tag).
class Sealer final
{
public:
    static inline const QString kPrefix = QStringLiteral("enc1:");

    [[nodiscard]] static QString seal(const StoreKey &key, const QByteArray &plain, const QByteArray &associated);
    /// The plain bytes; a wrong key, a changed byte or another row's id (`associated`) is one
    /// clear error (Code::Validation) naming `what`.
    [[nodiscard]] static Result<QByteArray> open(const StoreKey &key, QStringView envelope, const QByteArray &associated,
                                                 const QString &what);
    static bool isSealed(QStringView text) { return text.startsWith(kPrefix); }
};

} // namespace recollector::core::crypto
