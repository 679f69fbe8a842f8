#include "dialogs/ExportTargets.h"

#include <QCoreApplication>

namespace recollector::ui {

namespace {

QString tr(const char *text) { return QCoreApplication::translate("ExportTargets", text); }

} // namespace

const std::vector<ExportTarget> &ExportTargets::all()
{
    static const std::vector<ExportTarget> targets{
        {QStringLiteral("claude-memory"), tr("Claude Code memory folder"),
         tr("One Markdown file per memory with its front matter, listed in MEMORY.md; a deleted memory's file "
            "moves to .recollector-trash beside the folder."),
         ExportTarget::Pick::Folder, QString(), QStringLiteral("memory"), QString()},
        {QStringLiteral("mcp-memory"), tr("MCP memory server (memory.jsonl)"),
         tr("The knowledge graph of the reference MCP memory server: each memory an observation of its entity, "
            "manual links as relations."),
         ExportTarget::Pick::SaveFile, QStringLiteral("jsonl"), QStringLiteral("memory.jsonl"),
         tr("MCP memory graph (*.jsonl *.json)")},
        {QStringLiteral("mcp-memory-service"), tr("mcp-memory-service export (JSON)"),
         tr("The JSON document mcp-memory-service imports: every live memory with its tags, type and times."),
         ExportTarget::Pick::SaveFile, QStringLiteral("json"), QString(), tr("mcp-memory-service export (*.json)")},
        {QStringLiteral("letta"), tr("Letta agent file (.af): update its memory blocks"),
         tr("Writes each memory's text back into its block of an existing agent file; every other byte of the "
            "file stays as it was."),
         ExportTarget::Pick::ExistingFile, QStringLiteral("af"), QString(), tr("Letta Agent File (*.af)")},
    };
    return targets;
}

const ExportTarget *ExportTargets::byAdapter(const QString &adapter)
{
    for (const ExportTarget &t : all()) {
        if (t.adapter == adapter)
            return &t;
    }
    return nullptr;
}

} // namespace recollector::ui
