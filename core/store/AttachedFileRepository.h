#pragma once

#include "model/Result.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class QSqlQuery;

namespace recollector::core {

class Database;

/// What an attached folder's side store remembers about each file (docs/formats.md,
/// "Attached folders"): the file's name, the hash of the bytes last read or written, the
/// fields as they were then (the base of the three-way check) and Recollector's own projection of
/// the memory at that moment; and, per decision that rewrote a file, the bytes before and
/// after, so that undo puts the file back byte for byte. Tables `attached_files` and
/// `attached_file_versions` exist only in side stores: created on first use, never by a
/// migration, so a normal store never holds them.
class AttachedFileRepository final
{
public:
    struct FileState
    {
        QString memoryId;
        QString name;      ///< file name inside the folder
        QByteArray hash;   ///< sha-256 hex of the bytes last read or written
        QByteArray base;   ///< the file's top-level object then (compact JSON)
        QByteArray proj;   ///< Recollector's projection of the memory then (compact JSON)
        QString stamp;     ///< "size:mtime-ms" then, so that a rescan need not read an unchanged file
    };
    /// Where a file was before or after a decision: in the folder, in the trash, or nowhere.
    enum class Place { None, Folder, Trash };
    struct Version
    {
        QString memoryId;
        QString decision;
        QString name;
        Place beforePlace = Place::None;
        QByteArray before;
        Place afterPlace = Place::None;
        QByteArray after;
    };

    explicit AttachedFileRepository(Database &db);
    ~AttachedFileRepository();

    /// Creates the tables when they are missing (inside the caller's transaction).
    [[nodiscard]] Status ensureTables();
    [[nodiscard]] Result<std::vector<FileState>> all() const;
    [[nodiscard]] Result<std::optional<FileState>> get(const QString &memoryId) const;
    [[nodiscard]] Status put(const FileState &state);
    [[nodiscard]] Status remove(const QString &memoryId);
    [[nodiscard]] Status putVersion(const Version &version);
    [[nodiscard]] Result<std::optional<Version>> version(const QString &memoryId, const QString &decision) const;

private:
    Database &m_db;
    std::unique_ptr<QSqlQuery> m_put; ///< prepared once: a first attach puts every file
};

} // namespace recollector::core
