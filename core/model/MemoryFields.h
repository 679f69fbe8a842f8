#pragma once

#include "model/Memory.h"
#include "model/Result.h"

#include <QJsonObject>

namespace recollector::core {

/// Every field of a Memory as JSON, exactly: what decision events store as "before" and
/// "after", so a revert can put a memory back field for field (Memory == holds). Keys are
/// the camelCase names of docs/formats.md#a-memorys-fields, as in the memory object; instants are ISO-8601 with
/// milliseconds, `null` when unset; `extra` is kept as one object.
class MemoryFields final
{
public:
    /// All fields.
    static QJsonObject toJson(const Memory &memory);
    /// The fields whose values differ, as {before, after} objects holding only those keys.
    static std::pair<QJsonObject, QJsonObject> diff(const Memory &before, const Memory &after);
    /// Sets the fields present in `fields`; unknown keys or wrong types are an error naming
    /// the key (the memory is left unchanged then).
    [[nodiscard]] static Status apply(Memory &memory, const QJsonObject &fields);
    /// A whole memory from toJson()'s output.
    [[nodiscard]] static Result<Memory> fromJson(const QJsonObject &fields);
    /// The keys toJson() writes, in order.
    static QStringList keys();
};

} // namespace recollector::core
