#pragma once

#include <QString>

#include <memory>

namespace recollector::core {

namespace crypto {
class StoreKey;
}

/// The unlocked store keys of this process, by store file (docs/formats.md, "Encryption at
/// rest"). A store is unlocked for the session: every connection to the file in this process
/// (the window's, its workers', a command's) seals and opens with the same key, and locking
/// drops it for all of them. Thread-safe. Keys are shared so a worker that holds one keeps it
/// valid until it is done; the last holder zeroes it.
class SealKeys final
{
public:
    static void put(const QString &storePath, std::shared_ptr<const crypto::StoreKey> key);
    /// The key of the store at `storePath`, or null when it is locked.
    static std::shared_ptr<const crypto::StoreKey> find(const QString &storePath);
    static void remove(const QString &storePath);
};

} // namespace recollector::core
