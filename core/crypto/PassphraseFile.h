#pragma once

#include "model/Result.h"

#include <QByteArray>
#include <QString>

namespace recollector::core::crypto {

/// A passphrase read from a file (recollector-cli --passphrase-file, RECOLLECTOR_PASSPHRASE_FILE): the
/// whole file, without one trailing line break; at most 4 KiB. A passphrase is never taken
/// from the command line, where other users of the machine could read it.
/// The caller wipes the returned bytes (crypto::wipe) when done.
[[nodiscard]] Result<QByteArray> readPassphraseFile(const QString &path);

} // namespace recollector::core::crypto
