#pragma once

#include "model/Result.h"

#include <QByteArray>
#include <QJsonValue>
#include <QString>

namespace recollector::core::io {

/// Parses a JSON file's bytes into its top-level object or array. Every failure is one line
/// that names the file and, where the bytes allow, the entry and field the parser stopped in:
/// `memories.json: entry 3, field "content": JSON ends early (unterminated string) at line 40,
/// column 12: the file looks truncated`. Recognises a double-encoded document (a JSON string
/// whose text is itself JSON) and says so instead of a bare syntax error.
class JsonText final
{
public:
    [[nodiscard]] static Result<QJsonValue> parse(const QByteArray &data, const QString &fileName);

    /// Where in the document a byte offset falls, as "entry 3 (id \"x\"), field \"content\""
    /// (entries are the items of a top-level array or of the memories / associations / events /
    /// conflicts arrays, counted from 0). Empty when the offset is outside any entry.
    static QString locate(const QByteArray &data, qsizetype offset);
    /// 1-based line and column of a byte offset (columns count bytes).
    static std::pair<qsizetype, qsizetype> lineColumn(const QByteArray &data, qsizetype offset);
};

} // namespace recollector::core::io
