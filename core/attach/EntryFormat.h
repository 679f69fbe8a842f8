#pragma once

#include "model/Memory.h"
#include "model/Result.h"
#include "model/Time.h"

#include <QByteArray>
#include <QJsonObject>
#include <QStringList>

#include <memory>

namespace recollector::core {
class Store;
}

namespace recollector::core::attach {

/// How one kind of attached folder stores a memory in a file (docs/formats.md, "Attached
/// folders"): which files are memories, what a file's fields are, what a memory's fields
/// should be in that file, and how a file is rewritten keeping its own layout. FolderSync and
/// WriteBack work on these fields only, so the three-way check is the same for every kind.
class EntryFormat
{
public:
    virtual ~EntryFormat() = default;

    struct Parsed
    {
        QJsonObject fields; ///< the file's fields, as compared by the three-way check
        Memory memory;
    };

    /// The format for a folder (by AttachedFolder::kindOf).
    static std::unique_ptr<EntryFormat> forFolder(const QString &folder);
    /// The format for the folder a side store mirrors (by AttachedFolder::kindFor).
    static std::unique_ptr<EntryFormat> forStore(Store &store, const QString &folder);

    virtual QStringList nameFilters() const = 0;
    /// The entry files of `folder`, by name relative to it, sorted: by default the files at
    /// its top level matching nameFilters() and isEntryName() (links, FIFOs and unreadable
    /// ones included: FolderSync reports them by name).
    virtual QStringList entryNames(const QString &folder) const;
    /// The file name (relative to the folder) for a memory Recollector creates (a correction, a
    /// merge): `<id><extension>` by default; empty when the kind has no place for it.
    virtual QString newFileName(const Memory &memory) const { return memory.id + extension(); }
    /// Files matching the filters that are not memories (Claude Code's MEMORY.md).
    virtual bool isEntryName(const QString &name) const { Q_UNUSED(name); return true; }
    virtual QString extension() const = 0;
    [[nodiscard]] virtual Result<Parsed> parse(const QByteArray &bytes, const QString &name, Millis modified,
                                               double initialStability) const = 0;
    /// The file's fields, or nothing when the bytes do not parse.
    virtual std::optional<QJsonObject> fieldsOf(const QByteArray &bytes) const = 0;
    /// What the file should say about `memory`.
    virtual QJsonObject projection(const Memory &memory) const = 0;
    /// `original` changed to hold `target` (its other bytes kept).
    virtual QByteArray rewrite(const QByteArray &original, const QJsonObject &target) const = 0;
    /// A new file for `target`.
    virtual QByteArray fresh(const QJsonObject &target) const = 0;
    /// Whether a file can say that its memory is wrong or replaced (`superseded`). When it
    /// cannot, a negated, superseded or merged memory's file goes to the trash, as a deleted
    /// one's does, so the assistant stops reading the fact (docs/formats.md, "Attached folders").
    virtual bool keepsNegated() const { return true; }
    /// Fields whose change by both sides is not a clash (derived or clock values).
    virtual QStringList clashFree() const { return {}; }
    /// Problems of the folder as a whole (an index), one line each.
    virtual QStringList folderProblems(const QString &folder, const QStringList &entryNames) const
    {
        Q_UNUSED(folder);
        Q_UNUSED(entryNames);
        return {};
    }
    /// The folder's index after the entry `name` left it / came back or changed the fields
    /// its line tells; nothing when the kind has no index or it does not change. `fields` are
    /// the entry's fields.
    virtual std::optional<std::pair<QString, QByteArray>> indexWithout(const QString &folder, const QString &name) const
    {
        Q_UNUSED(folder);
        Q_UNUSED(name);
        return std::nullopt;
    }
    virtual std::optional<std::pair<QString, QByteArray>> indexWith(const QString &folder, const QString &name,
                                                                    const QJsonObject &fields) const
    {
        Q_UNUSED(folder);
        Q_UNUSED(name);
        Q_UNUSED(fields);
        return std::nullopt;
    }
};

} // namespace recollector::core::attach
