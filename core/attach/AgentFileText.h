#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace recollector::core::attach {

/// An agent memory file's text as its writer laid it out (docs/formats.md, "Attached
/// folders"): the top-level keys in the file's order, each with its value's bytes as they
/// stand. Rewriting keeps every member whose value does not change byte for byte (so nested
/// key order, number spelling and unknown fields survive), writes the changed ones in the
/// file's own indent (2 spaces when it has none), drops the removed ones and appends new keys
/// in the agent hub's MemoryEntry order. QJsonObject alone cannot do this: it sorts keys.
class AgentFileText final
{
public:
    struct Layout
    {
        QByteArray indent = "  ";
        std::vector<std::pair<QString, QByteArray>> members; ///< key, raw value bytes
        bool trailingNewline = true;
    };

    /// The layout of a file holding one JSON object; nothing when the bytes are not one.
    static std::optional<Layout> scan(const QByteArray &bytes);
    /// `original` (a file's bytes, which scan() accepts) changed to hold exactly `target`.
    static QByteArray rewrite(const QByteArray &original, const QJsonObject &target);
    /// A new file holding `target`, keys in MemoryEntry's order, 2-space indent.
    static QByteArray fresh(const QJsonObject &target);
    /// The agent hub's MemoryEntry keys in its declaration order, then what newer writers add.
    static const QStringList &entryOrder();
};

} // namespace recollector::core::attach
