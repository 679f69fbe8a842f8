#pragma once

#include "io/FormatAdapter.h"

namespace recollector::core::io::formats {

/// Claude Code's auto-memory folder (`~/.claude/projects/<slug>/memory/`; docs/formats.md,
/// "Claude Code memory folders") as an import and export format, `--format claude-memory`.
/// It reads and writes each file through the same code as the folder attached in place
/// (attach::ClaudeMemoryFormat): type → category, body → content, name and description kept
/// as the memory's own fields, the file time → created/updated. The index's problems (a file
/// it does not list, a line whose file is missing, more than 200 lines) are the set's
/// problems. Export writes one `<id>.md` per memory that is not deleted (the type is the
/// category when it is one of user, feedback, project, reference, else `reference` with the
/// category kept as a `category` key) and adds a line to `MEMORY.md` for each file it does
/// not list yet, keeping the index's lines, order and style; the file of a deleted memory
/// already in the folder moves to the trash folder beside it and its index line goes.
class ClaudeMemoryAdapter final : public FormatAdapter
{
public:
    static constexpr int kMaxFiles = 10000;

    QString name() const override { return QStringLiteral("claude-memory"); }
    QString title() const override { return QStringLiteral("Claude Code memory folder (MEMORY.md)"); }
    /// A folder holding a `MEMORY.md` (or a project folder whose `memory/` does).
    bool detect(const FormatProbe &probe) const override;
    [[nodiscard]] Result<MemorySet> read(const QString &path, const AdapterReadOptions &options) const override;
    bool canWrite() const override { return true; }
    [[nodiscard]] Result<AdapterWriteReport> write(const QString &path, const MemorySet &set) const override;
};

} // namespace recollector::core::io::formats
