#pragma once

#include "model/Result.h"
#include "model/Time.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <optional>
#include <vector>

namespace recollector::core::io::formats {

/// A Letta Agent File (`.af`) taken apart into what Recollector maps (docs/formats.md, "Letta Agent
/// File"), in either schema: the old one (one agent at the top level, its blocks in
/// `core_memory[]`, `version` like "0.6.47") and the AgentFileSchema (`agents[]` pointing at
/// `blocks[]` through `block_ids`, with `groups[]`, `tools[]`, ...). The adapter's reader and
/// writer both start here, so a block has the same memory id on the way in and out.
struct LettaDocument
{
    enum class Schema { CoreMemory, AgentFile };

    struct Block
    {
        int index = 0; ///< position in core_memory[] or blocks[]
        QString id; ///< the block's id (empty in the old schema)
        QString label;
        QString value;
        std::optional<qint64> limit; ///< characters
        bool readOnly = false;
        QString description;
        Millis createdAt = 0;
        Millis updatedAt = 0;
        QJsonObject raw; ///< the whole block object
        QStringList agents; ///< the agents that hold it, by name, in file order
        QString memoryId; ///< "letta-" + hash of (first agent, label): stable across exports
    };

    struct Agent
    {
        QString name;
        QJsonArray messages;
        std::vector<int> blocks; ///< indexes into blocks
    };

    Schema schema = Schema::CoreMemory;
    QString fileName;
    Millis createdAt = 0; ///< the file's or the agent's created_at; 0 when it has none
    std::vector<Block> blocks;
    std::vector<Agent> agents;
    QStringList topLevelKeys;

    /// Whether a top-level object is an agent file of either schema.
    static bool looksLike(const QJsonObject &top);
    /// Reads the blocks and agents; a field of the wrong type is one error naming the file,
    /// the entry ("blocks[2]") and the field.
    [[nodiscard]] static Result<LettaDocument> fromObject(const QJsonObject &top, const QString &fileName);
    /// The schema's block array: "core_memory" or "blocks".
    QByteArray blockArrayKey() const { return schema == Schema::CoreMemory ? "core_memory" : "blocks"; }
    /// Number of code points, as Letta counts a block's length against its limit.
    static qsizetype lengthOf(const QString &text);
};

} // namespace recollector::core::io::formats
