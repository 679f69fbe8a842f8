#pragma once

#include "model/Association.h"
#include "model/Conflict.h"
#include "model/Event.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <QJsonObject>

namespace recollector::core::io {

/// A memory as a JSON object with its camelCase names
/// (docs/formats.md, "A memory's fields"), unknown imported fields (`extra`) merged back in at
/// top level so they survive a round trip. Unset instants are omitted. Keys come out in a fixed
/// order when written with QJsonDocument (sorted).
QJsonObject memoryToJson(const Memory &memory);

/// Parses one memory object. Missing forgetting fields are filled by lazy migration
/// (docs/formats.md, "Lazy migration"); unknown keys go to `extra`. The error names `where`
/// (file + entry) and the field.
[[nodiscard]] Result<Memory> memoryFromJson(const QJsonObject &object, const QString &where);

struct MemoryParseOptions
{
    /// createdAt for an entry that has neither createdAt nor updatedAt (an agent folder passes
    /// the file's modification time); 0 = such an entry is an error.
    Millis fallbackCreatedAt = 0;
    /// What fallbackCreatedAt is, for the note, e.g. "the file's modification time".
    QString fallbackCreatedAtName;
    /// When set, receives one line for each value that had to be guessed (not a plain default).
    QStringList *notes = nullptr;
    /// Hours: memory.decay.initialStability, the base of the legacy stability.
    double initialStability = kDefaultInitialStability;
};

/// memoryFromJson with the migration rules spelled out (`where` = "memories.json: entry 3"):
/// - id, content, category: required, non-empty;
/// - createdAt ?? updatedAt ?? options.fallbackCreatedAt, else an error (a guess is noted);
/// - updatedAt ?? createdAt; lastReinforcedAt ?? updatedAt ?? createdAt;
/// - strength ?? 50; stability ?? legacyStability(accessCount, confidence, options.initialStability) (hours);
///   reinforceCount ?? accessCount ?? 0; decayRate ?? 1.0;
/// - confidence ?? 0.5; importance ?? 1.0; level ?? full; modalities ?? ["text"];
///   source ?? {type: "import"}, source.type ?? "import"; keywords normalised;
/// - every other key is kept verbatim in `extra`.
[[nodiscard]] Result<Memory> memoryFromJson(
    const QJsonObject &object, const QString &where, const MemoryParseOptions &options);

QJsonObject eventToJson(const Event &event);
[[nodiscard]] Result<Event> eventFromJson(const QJsonObject &object, const QString &where);
QJsonObject associationToJson(const Association &association);
[[nodiscard]] Result<Association> associationFromJson(const QJsonObject &object, const QString &where);
QJsonObject conflictToJson(const Conflict &conflict);
[[nodiscard]] Result<Conflict> conflictFromJson(const QJsonObject &object, const QString &where);

/// The camelCase keys memoryToJson writes (everything else is `extra`).
const QStringList &knownMemoryKeys();

} // namespace recollector::core::io
