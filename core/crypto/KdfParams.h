#pragma once

#include "model/Result.h"

#include <QString>

#include <cstddef>
#include <cstdint>

namespace recollector::core::crypto {

/// The Argon2id cost of a store key (docs/formats.md, "Encryption at rest"). Stored in the
/// store's meta beside the salt, so the key can be derived again with the same cost.
struct KdfParams
{
    std::uint64_t opsLimit = 0;
    std::size_t memLimit = 0; ///< bytes

    /// libsodium's MODERATE limits (the default for a user's store).
    static KdfParams moderate();
    /// libsodium's INTERACTIVE limits (quicker; the tests use them).
    static KdfParams interactive();
    /// "argon2id13;ops=N;mem=M", the form kept in meta.
    QString toText() const;
    /// Reads toText()'s form; anything else, or limits libsodium refuses, is a Parse error.
    [[nodiscard]] static Result<KdfParams> fromText(const QString &text);
    bool operator==(const KdfParams &) const = default;
};

} // namespace recollector::core::crypto
