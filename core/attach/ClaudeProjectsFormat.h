#pragma once

#include "attach/ClaudeMemoryFormat.h"

#include <QHash>

namespace recollector::core::attach {

/// Every project's Claude Code memory at once: `~/.claude/projects` attached as one folder
/// (docs/formats.md, "Claude Code memory folders", "All projects"). An entry is
/// `<slug>/memory/<file>.md`, read and written exactly as in its own project's folder
/// (ClaudeMemoryFormat); its id is `<slug>/<file base name>` (the same file name in two
/// projects is two memories), its project the path Claude Code recorded for the slug (else
/// the slug). The index of each project is its own
/// `MEMORY.md`; the trash mirrors the entry's folders under `~/.claude/.recollector-trash`. A memory
/// Recollector creates (a correction, a merge) goes to the project of the memory it comes from.
class ClaudeProjectsFormat final : public EntryFormat
{
public:
    /// `paths`: slug → project path (ClaudeProjects::recordedPaths).
    explicit ClaudeProjectsFormat(QHash<QString, QString> paths = {}) : m_paths(std::move(paths)) { }

    QStringList nameFilters() const override { return { QStringLiteral("*.md") }; }
    QStringList entryNames(const QString &folder) const override;
    QString newFileName(const Memory &memory) const override;
    QString extension() const override { return QStringLiteral(".md"); }
    Result<Parsed> parse(const QByteArray &bytes, const QString &name, Millis modified,
                         double initialStability) const override;
    std::optional<QJsonObject> fieldsOf(const QByteArray &bytes) const override { return m_one.fieldsOf(bytes); }
    QJsonObject projection(const Memory &memory) const override { return m_one.projection(memory); }
    QByteArray rewrite(const QByteArray &original, const QJsonObject &target) const override
    {
        return m_one.rewrite(original, target);
    }
    QByteArray fresh(const QJsonObject &target) const override { return m_one.fresh(target); }
    bool keepsNegated() const override { return m_one.keepsNegated(); }
    QStringList folderProblems(const QString &folder, const QStringList &entryNames) const override;
    std::optional<std::pair<QString, QByteArray>> indexWithout(const QString &folder, const QString &name) const override;
    std::optional<std::pair<QString, QByteArray>> indexWith(const QString &folder, const QString &name,
                                                            const QJsonObject &fields) const override;

private:
    ClaudeMemoryFormat m_one;
    QHash<QString, QString> m_paths;
};

} // namespace recollector::core::attach
