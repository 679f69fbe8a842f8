#pragma once

#include "model/Association.h"
#include "model/Conflict.h"
#include "model/Event.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <QJsonObject>

namespace engram::core::io {

/// A memory as a JSON object with note 000's camelCase names (SPEC §3), unknown imported
/// fields (`extra`) merged back in at top level so they survive a round trip. Unset instants
/// are omitted. Keys come out in a fixed order when written with QJsonDocument (sorted).
QJsonObject memoryToJson(const Memory &memory);

/// Parses one memory object. Missing forgetting fields are filled by lazy migration (note
/// 000 §3.3); unknown keys go to `extra`. The error names `where` (file + entry) and the field.
[[nodiscard]] Result<Memory> memoryFromJson(const QJsonObject &object, const QString &where);

QJsonObject eventToJson(const Event &event);
[[nodiscard]] Result<Event> eventFromJson(const QJsonObject &object, const QString &where);
QJsonObject associationToJson(const Association &association);
[[nodiscard]] Result<Association> associationFromJson(const QJsonObject &object, const QString &where);
QJsonObject conflictToJson(const Conflict &conflict);
[[nodiscard]] Result<Conflict> conflictFromJson(const QJsonObject &object, const QString &where);

/// The camelCase keys memoryToJson writes (everything else is `extra`).
const QStringList &knownMemoryKeys();

} // namespace engram::core::io
