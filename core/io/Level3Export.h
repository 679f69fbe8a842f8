#pragma once

#include "io/Exporter.h"

namespace recollector::core::io {

/// What an export does with level-3 memories (docs/formats.md, "Encryption at rest"), on the
/// collected set before it is written: with ExportOptions::includeLevel3Plain their text in
/// plain (the store must be unlocked); otherwise a Recollector set (JSON, YAML) carries them
/// sealed, their events' text sealed too, with the store's salt, KDF parameters and key check
/// in the set's "seal", so a store with the same passphrase opens them; every other format (CSV,
/// agent folders, other programs' formats) leaves them out (with their links, events and
/// conflicts), locked or not: never an entry with empty text. The counts go into `report`.
class Level3Export final
{
public:
    [[nodiscard]] static Status prepare(MemorySet &set, Store &store, const ExportOptions &options, ExportReport &report);
    /// On import, inside its transaction: a set with sealed entries gives a store without a
    /// passphrase its "seal" (the same passphrase then opens them); a store with one must
    /// have the same salt, or the import is refused naming the set.
    [[nodiscard]] static Status adoptSeal(const MemorySet &set, Store &store);
};

} // namespace recollector::core::io
