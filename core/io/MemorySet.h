#pragma once

#include "io/MappingReport.h"
#include "model/Association.h"
#include "model/Conflict.h"
#include "model/Event.h"
#include "model/Memory.h"

#include <QStringList>

#include <QJsonObject>

#include <vector>

namespace recollector::core::io {

/// The formats Recollector reads and writes (docs/formats.md, "Recollector memory set").
enum class SetFormat {
    RecollectorJson, ///< {format: recollector-memory-set, version: 1, ...} as JSON
    RecollectorYaml, ///< the same document as YAML
    AgentFolder, ///< a folder of <id>.json files, one memory each
    LegacyArray, ///< docs/formats.md#legacy-note-000-arrays: one JSON array of MemoryEntry
    Csv, ///< export only: one row per memory
};

QString formatName(SetFormat format);
/// "json", "yaml", "csv", "folder" (and "legacy" for reading only).
std::optional<SetFormat> formatFromName(const QString &name);

/// A memory set in memory: what one file or folder holds, plus what reading it found.
struct MemorySet
{
    /// The format id this program writes.
    static inline const QString kFormat = QStringLiteral("recollector-memory-set");
    /// The id of the sets Engram wrote: read as they are (docs/formats.md, "Files written under
    /// the name Engram").
    static inline const QString kLegacyFormat = QStringLiteral("engram-memory-set");
    static bool isKnownFormat(QStringView id) { return id == kFormat || id == kLegacyFormat; }
    static constexpr int kVersion = 1;

    Millis exportedAt = 0;
    QString profile;
    std::vector<Memory> memories;
    std::vector<Association> associations;
    std::vector<Event> events;
    std::vector<Conflict> conflicts;
    /// How its sealed level-3 entries were sealed (docs/formats.md, "Encryption at rest"):
    /// {"salt", "kdf", "check"} from the exporting store's meta; empty when none is sealed.
    QJsonObject seal;

    // Not part of the document: what reading it found.
    QString sourceName; ///< file or folder name, for messages and the import events
    QStringList problems; ///< parts that were skipped (an agent folder's unparsable files), one line each
    QStringList notes; ///< values that migration had to guess (createdAt from the file time, ...)
    MappingReport mapping; ///< another program's file: how its fields were mapped (empty for Recollector's own)
};

} // namespace recollector::core::io
