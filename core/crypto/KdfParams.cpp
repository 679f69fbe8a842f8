#include "crypto/KdfParams.h"

#include <sodium.h>

#include <QStringList>

namespace recollector::core::crypto {

KdfParams KdfParams::moderate()
{
    return {crypto_pwhash_OPSLIMIT_MODERATE, crypto_pwhash_MEMLIMIT_MODERATE};
}

KdfParams KdfParams::interactive()
{
    return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}

QString KdfParams::toText() const
{
    return QStringLiteral("argon2id13;ops=%1;mem=%2").arg(opsLimit).arg(quint64(memLimit));
}

Result<KdfParams> KdfParams::fromText(const QString &text)
{
    const QStringList parts = text.split(QLatin1Char(';'));
    auto bad = [&]() {
        return Error::make(Error::Code::Parse, QStringLiteral("key derivation parameters \"%1\" are not Argon2id's").arg(text));
    };
    if (parts.size() != 3 || parts[0] != QLatin1String("argon2id13") || !parts[1].startsWith(QLatin1String("ops="))
        || !parts[2].startsWith(QLatin1String("mem=")))
        return bad();
    bool okOps = false;
    bool okMem = false;
    KdfParams p;
    p.opsLimit = parts[1].mid(4).toULongLong(&okOps);
    p.memLimit = std::size_t(parts[2].mid(4).toULongLong(&okMem));
    // Bounds: libsodium's own limits below, and no more than 4 GiB of memory above (a file
    // cannot make Recollector allocate without end).
    if (!okOps || !okMem || p.opsLimit < crypto_pwhash_OPSLIMIT_MIN || p.opsLimit > 64
        || p.memLimit < crypto_pwhash_MEMLIMIT_MIN || p.memLimit > (std::size_t(4) << 30))
        return bad();
    return p;
}

} // namespace recollector::core::crypto
