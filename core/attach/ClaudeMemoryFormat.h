#pragma once

#include "attach/EntryFormat.h"

namespace recollector::core::attach {

/// Claude Code's auto memory (`~/.claude/projects/<slug>/memory/`; docs/formats.md,
/// "Claude Code memory folders"): `MEMORY.md`, an index with one line per memory linking its
/// file (only its first 200 lines and 25,000 characters reach the assistant), and one
/// Markdown file per memory with front matter (ClaudeFrontMatter: `name`, `description`,
/// `metadata.type` user | feedback | project | reference) and the memory as the body. A
/// memory's id is the file's base name; type (or the category Recollector kept beside it) →
/// category, body → content, name and description kept as extra fields; strength comes from
/// Recollector's own events (the files carry none).
class ClaudeMemoryFormat final : public EntryFormat
{
public:
    static constexpr int kIndexLinesRead = 200;
    static constexpr qsizetype kIndexBytesRead = 25000;
    static constexpr qsizetype kIndexLineLength = 150;

    /// The Claude Code type a category is written as (docs/formats.md, "Claude Code memory
    /// folders"): the category itself when it is one, else the type whose kind of memory it is.
    static QString typeFor(const QString &category);
    static bool isClaudeType(const QString &type);
    /// The category a file's fields give.
    static QString categoryOf(const QJsonObject &fields);
    /// A short kebab-case name and a one-line description taken from a memory's text.
    static QString nameFor(const QString &content);
    static QString descriptionFor(const QString &content);
    /// `- [name](file.md) — description`, the description cut so the line stays within
    /// kIndexLineLength characters.
    static QString indexLine(const QString &name, const QJsonObject &fields);

    /// `project`: the project slug the folder belongs to (ClaudeProjects::projectOf), given
    /// to every memory as its project (the table's project column); empty for none.
    explicit ClaudeMemoryFormat(QString project = {}) : m_project(std::move(project)) { }

    QStringList nameFilters() const override { return { QStringLiteral("*.md") }; }
    bool isEntryName(const QString &name) const override { return name != QLatin1String("MEMORY.md"); }
    /// Every `*.md` but the index, in subfolders too (Claude Code scans the folder
    /// recursively), by path relative to the folder; hidden folders and links to folders
    /// are not entered.
    QStringList entryNames(const QString &folder) const override;
    QString extension() const override { return QStringLiteral(".md"); }
    Result<Parsed> parse(const QByteArray &bytes, const QString &name, Millis modified,
                         double initialStability) const override;
    std::optional<QJsonObject> fieldsOf(const QByteArray &bytes) const override;
    QJsonObject projection(const Memory &memory) const override;
    QByteArray rewrite(const QByteArray &original, const QJsonObject &target) const override;
    QByteArray fresh(const QJsonObject &target) const override;
    QStringList folderProblems(const QString &folder, const QStringList &entryNames) const override;
    std::optional<std::pair<QString, QByteArray>> indexWithout(const QString &folder, const QString &name) const override;
    std::optional<std::pair<QString, QByteArray>> indexWith(const QString &folder, const QString &name,
                                                            const QJsonObject &fields) const override;

    /// A memory marked wrong or replaced leaves the folder: the files have no field that says so.
    bool keepsNegated() const override { return false; }

private:
    static QString shortened(const QString &text, qsizetype most);

    QString m_project;
};

} // namespace recollector::core::attach
