#include "CliUnlock.h"

#include "crypto/PassphraseFile.h"
#include "crypto/StoreKey.h"
#include "store/Store.h"
#include "store/StoreSeal.h"

namespace recollector::cli {

using namespace recollector::core;

Status unlockStore(Store &store, const QString &passphraseFile)
{
    if (passphraseFile.isEmpty())
        return {};
    auto has = StoreSeal::hasPassphrase(store);
    if (!has)
        return has.error();
    if (!*has)
        return {};
    auto passphrase = crypto::readPassphraseFile(passphraseFile);
    if (!passphrase)
        return passphrase.error();
    const Status st = StoreSeal::unlock(store, *passphrase);
    crypto::wipe(*passphrase);
    return st;
}

} // namespace recollector::cli
