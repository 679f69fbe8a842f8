#pragma once

#include "attach/EntryFormat.h"

namespace recollector::core::attach {

/// A plain folder of memory files, as Anthropic's memory tool keeps under `/memories`
/// (docs/formats.md, "Plain memory folders"): any text file (`.md`, `.txt`, `.xml`, ...) is
/// one memory, the whole file its text, with no index and no front matter. A memory's id is
/// the file's base name and its name (shown in the table) the file name; created/updated come
/// from the file's time; strength comes from Recollector's own events (the files carry none).
/// Fields: `body` only, so a confirm or a reinforcement writes nothing, an edit rewrites the
/// text, a delete moves the file to the trash. Hidden files (`.name`) and editor leftovers
/// (`name~`) are not memories; a file that is not UTF-8 text is a problem row.
class PlainFilesFormat final : public EntryFormat
{
public:
    QStringList nameFilters() const override { return { QStringLiteral("*") }; }
    bool isEntryName(const QString &name) const override;
    /// New memories (a correction, a merge) become Markdown files.
    QString extension() const override { return QStringLiteral(".md"); }
    /// A plain file is only its text: a memory marked wrong or replaced leaves the folder.
    bool keepsNegated() const override { return false; }
    Result<Parsed> parse(const QByteArray &bytes, const QString &name, Millis modified,
                         double initialStability) const override;
    std::optional<QJsonObject> fieldsOf(const QByteArray &bytes) const override;
    QJsonObject projection(const Memory &memory) const override;
    QByteArray rewrite(const QByteArray &original, const QJsonObject &target) const override;
    QByteArray fresh(const QJsonObject &target) const override;
};

} // namespace recollector::core::attach
