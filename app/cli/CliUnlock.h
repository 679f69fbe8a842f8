#pragma once

#include "model/Result.h"

#include <QString>

namespace recollector::core {
class Store;
}

namespace recollector::cli {

/// Unlocks `store` with the passphrase in `passphraseFile` (--passphrase-file or
/// RECOLLECTOR_PASSPHRASE_FILE) when both are there: a store without a passphrase, or no file,
/// is left as it is. A wrong passphrase is one line and nothing changes (docs/cli.md,
/// "Encryption at rest").
[[nodiscard]] core::Status unlockStore(core::Store &store, const QString &passphraseFile);

} // namespace recollector::cli
