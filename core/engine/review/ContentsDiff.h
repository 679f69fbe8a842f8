#pragma once

#include "engine/review/ContentsAsOf.h"

#include <QJsonObject>

#include <optional>
#include <vector>

namespace recollector::core {

/// One memory's difference between two instants (`recollector-cli changes --between`;
/// docs/scoring.md#contents-as-of), from the contents rebuilt at each: added (not there, or
/// deleted, at the first; there at the second), removed (the other way round) or changed.
struct ContentsDiff
{
    enum class Kind { Added, Removed, Changed };
    Kind kind = Kind::Changed;
    /// The fields that differ, by their JSON names (docs/formats.md#a-memorys-fields), as they
    /// were at the first instant and at the second; the whole memory on the side where it
    /// was not in the store at all.
    QJsonObject before;
    QJsonObject after;
    /// False when either side could not be rebuilt field for field (ContentsAsOf::inexact) or
    /// rests on the memory's creation date alone (ContentsAsOf::undated).
    bool exact = true;

    /// nullopt when the memory is the same at both (or at neither), or differs only in the two
    /// fields every write moves (updatedAt, the cached strength): changed and changed back.
    [[nodiscard]] static Result<std::optional<ContentsDiff>> of(Store &store, const ContentsAsOf &from,
                                                                const ContentsAsOf &to, const QString &memoryId);
    /// of() for many memories, in the order of `ids`: the memories unchanged since each
    /// instant are read in one go instead of one by one.
    [[nodiscard]] static Result<std::vector<std::optional<ContentsDiff>>> ofAll(Store &store, const ContentsAsOf &from,
                                                                                const ContentsAsOf &to, const QStringList &ids);
    /// One memory as it was at each instant (nullopt: not in the store).
    static std::optional<ContentsDiff> compare(const std::optional<Memory> &a, const std::optional<Memory> &b, bool exact);
};

} // namespace recollector::core
