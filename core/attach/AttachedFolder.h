#pragma once

#include "model/Result.h"

#include <QString>

namespace recollector::core {
class Store;
}

namespace recollector::core::attach {

/// An assistant's memory folder opened in place (docs/formats.md, "Attached folders"): where
/// it is, what kind it is, where its side store and its trash live.
///
/// The folder's files are the source of truth. The side store is a normal Recollector store in the
/// user's data folder (`<data>/attached/<hash>.recollector`, the hash of the folder's canonical
/// path), holding the memories as last read plus events, history, links and conflicts, so
/// undo, history, the decay chart and the review queue work as on any store. The trash is
/// the folder `.recollector-trash` beside the attached folder (a sibling).
class AttachedFolder final
{
public:
    enum class Kind {
        AgentFolder,  ///< one `<id>.json` per memory (the agent hub's layout)
        ClaudeMemory, ///< Claude Code's auto memory: `MEMORY.md` plus Markdown files
        PlainFiles,   ///< any other folder of memory files (a memory tool's `/memories`)
        ClaudeProjects, ///< `~/.claude/projects`: every project's Claude Code memory at once
    };

    /// The folder the files are in (an agent hub's data folder resolves to its `memory/`),
    /// canonical (symbolic links in its own path resolved); an error when it is not a folder.
    [[nodiscard]] static Result<QString> canonicalFolder(const QString &path);
    static Kind kindOf(const QString &folder);
    /// The kind a side store mirrors: the one pinned at its first sync that saw files (so that
    /// a plain folder which later receives a `.json` file is not read as another kind), else
    /// kindOf(folder).
    static Kind kindFor(Store &store, const QString &folder);
    static QString kindName(Kind kind);
    /// `<dataDir>/attached/<first 16 hex of sha-256 of the canonical folder>.recollector`.
    static QString sideStorePath(const QString &canonicalFolder, const QString &dataDir);
    /// The default data folder (QStandardPaths::AppDataLocation).
    static QString defaultDataDir();
    /// `<folder>/../.recollector-trash` (io::AgentFolder::trashFolder).
    static QString trashFolder(const QString &canonicalFolder);

    /// "size:mtime-ms" of a file (empty when it is missing): what a rescan compares before it
    /// reads a file again; `modifiedMs` receives the modification time.
    static QString stampOf(const QString &path, qint64 *modifiedMs = nullptr);

    /// True when `store` is an attached folder's side store. Its memories' text lives in the
    /// folder's plain files, so it cannot hold sealed (encrypted) text: callers that would seal
    /// sensitivity-3 text must refuse or keep it plain for such a store.
    static bool isAttached(Store &store);
    /// The folder a side store mirrors (empty for a normal store).
    static QString folderOf(Store &store);

    /// Meta keys of a side store: which folder and kind it mirrors; the last event the
    /// write-back has handled.
    static inline const QString kMetaFolder = QStringLiteral("attached_folder");
    static inline const QString kMetaKind = QStringLiteral("attached_kind");
    static inline const QString kMetaWrittenThrough = QStringLiteral("attached_written_through");
    static inline const QString kMetaProblems = QStringLiteral("attached_problems");
};

} // namespace recollector::core::attach
