#include "crypto/PassphraseFile.h"

#include "crypto/StoreKey.h"

#include <QFile>

namespace recollector::core::crypto {

Result<QByteArray> readPassphraseFile(const QString &path)
{
    constexpr qint64 kMaxBytes = 4096;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::make(Error::Code::Io, QStringLiteral("passphrase file %1: %2").arg(path, file.errorString()));
    QByteArray bytes = file.read(kMaxBytes + 1);
    if (bytes.size() > kMaxBytes) {
        wipe(bytes);
        return Error::make(Error::Code::Validation, QStringLiteral("passphrase file %1: longer than %2 bytes").arg(path).arg(kMaxBytes));
    }
    if (bytes.endsWith('\n')) {
        bytes[bytes.size() - 1] = '\0';
        bytes.chop(1);
        if (bytes.endsWith('\r')) {
            bytes[bytes.size() - 1] = '\0';
            bytes.chop(1);
        }
    }
    if (bytes.isEmpty())
        return Error::make(Error::Code::Validation, QStringLiteral("passphrase file %1: empty").arg(path));
    return bytes;
}

} // namespace recollector::core::crypto
