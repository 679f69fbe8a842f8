#pragma once

#include "attach/EntryFormat.h"

namespace recollector::core::attach {

/// Claude Code's auto memory (`~/.claude/projects/<slug>/memory/`; docs/formats.md,
/// "Claude Code memory folders"): `MEMORY.md`, an index with one line per memory linking its
/// file (only its first 200 lines reach the assistant), and one Markdown file per memory with
/// front matter `name`, `description`, `type` (user | feedback | project | reference) and the
/// memory as the body. Fields: the front matter's keys and `body`. A memory's id is the file's
/// base name; type → category, body → content, name and description kept as extra fields;
/// strength comes from Recollector's own events (the files carry none). A rewrite keeps the front
/// matter's order, quoting and unknown keys and changes only the lines whose value changed.
class ClaudeMemoryFormat final : public EntryFormat
{
public:
    static constexpr int kIndexLinesRead = 200;

    /// `project`: the project slug the folder belongs to (ClaudeProjects::projectOf), given
    /// to every memory as its project (the table's project column); empty for none.
    explicit ClaudeMemoryFormat(QString project = {}) : m_project(std::move(project)) { }

    QStringList nameFilters() const override { return { QStringLiteral("*.md") }; }
    bool isEntryName(const QString &name) const override { return name != QLatin1String("MEMORY.md"); }
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

private:
    QString m_project;
};

} // namespace recollector::core::attach
