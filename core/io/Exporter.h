#pragma once

#include "io/MemorySet.h"
#include "model/Result.h"

#include <QStringList>

#include <functional>

namespace recollector::core {
class ScoringProfile;
class Store;
} // namespace recollector::core

namespace recollector::core::io {

struct ExportOptions
{
    SetFormat format = SetFormat::RecollectorJson;
    QStringList ids; ///< empty = the whole store (deleted memories included)
    /// false leaves the store's own import events out (round-trip comparisons): `import` and
    /// the link and conflict records an import keeps for its undo (actor `import`).
    bool includeImportEvents = true;
    Millis exportedAt = 0; ///< recorded in the set; now when 0
    const ScoringProfile *profile = nullptr; ///< CSV only: adds score / currentStrength / tier at exportedAt
    /// Level-3 memories in plain text (docs/formats.md, "Encryption at rest"): the store must
    /// be unlocked. Otherwise a Recollector set keeps them sealed and CSV / agent folders leave
    /// them out.
    bool includeLevel3Plain = false;
    /// Another program's format, by its adapter's name ("mcp-memory", ...): written by
    /// formats::AdapterExport, which collects through this exporter. Level 3 follows the rule of
    /// every format that cannot carry a sealed envelope: left out unless includeLevel3Plain.
    QString adapter;
    /// Called by write() once the set is collected (with its memory count), before any file
    /// is touched; false cancels the export (Error::Code::Cancelled, nothing written). Runs on
    /// the thread that calls write(). Writing itself is not interruptible.
    std::function<bool(int memories)> beforeWrite;
    /// A whole-store Recollector JSON export is written straight from the rows
    /// (MemorySetStreamWriter) unless this is set; true forces the collecting path
    /// (collect() + MemorySetJson::toBytes), which the tests compare it with byte for byte.
    bool collectingWriter = false;
};

struct ExportReport
{
    int memories = 0;
    int associations = 0;
    int events = 0;
    int conflicts = 0;
    QStringList skipped; ///< agent folder entries not written, one line each naming it and why
    int level3Sealed = 0;  ///< level-3 memories written sealed (Recollector sets)
    int level3Plain = 0;   ///< level-3 memories written in plain text (includeLevel3Plain)
    int level3LeftOut = 0; ///< level-3 memories not written
    bool streamed = false; ///< written straight from the rows (MemorySetStreamWriter)
};

/// Writes the store, or some of its memories, as a Recollector set (JSON / YAML), CSV or an agent
/// memory folder. Output is deterministic: memories sorted by id, links by (a, b), events and
/// conflicts by id, object keys sorted, so the same store always gives the same bytes and an
/// export → import into an empty store → export gives the same file (leave the second store's
/// own import events out with includeImportEvents = false). For an id list, links and
/// conflicts are kept when both ends are in it, events when their memory is.
class Exporter final
{
public:
    explicit Exporter(Store &store)
        : m_store(store)
    {
    }

    [[nodiscard]] Result<MemorySet> collect(const ExportOptions &options) const;
    [[nodiscard]] Result<ExportReport> write(const QString &path, const ExportOptions &options) const;

    /// The format a path asks for: .json, .yaml / .yml, .csv, or a folder (an existing one, or
    /// a path ending in '/'). nullopt when it cannot tell.
    static std::optional<SetFormat> formatForPath(const QString &path);

private:
    [[nodiscard]] Result<QString> profileName() const;
    /// The streamed whole-store JSON export; nullopt when it does not apply (the caller collects).
    [[nodiscard]] Result<std::optional<ExportReport>> writeStreamed(const QString &path, const ExportOptions &options) const;

    Store &m_store;
};

} // namespace recollector::core::io
