#pragma once

#include "model/Result.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace recollector::core::attach {

/// One file of an attached folder replaced by compare-and-swap (docs/formats.md, "Writing
/// back"), so that a version the assistant wrote while Recollector was writing is never lost:
///
/// - stage(): the new bytes go to `.<file name>.recollector-<tag>` beside the file (tag: the
///   first 12 hex digits of their SHA-256) and are synced: a full disk fails here, with
///   nothing in the folder changed;
/// - swapIf(): the file is read again and compared with the bytes the decision was made on
///   (or must still be absent); when it changed, nothing is written and it says so (false).
///   Otherwise the staged file and the file trade places in one renameat2(RENAME_EXCHANGE):
///   the version that was displaced is compared once more, and when the assistant renamed a
///   new version in between the two, that version is put back (false). With an exchange
///   there is no window for an assistant that writes by renaming; where the file system
///   cannot exchange, a plain rename follows the compare, and the window is that rename;
/// - finish(), after the side store committed: the displaced version goes. undo() (and the
///   destructor, when neither ran) puts it back, unless the assistant wrote the file since.
///
/// A process killed between the two leaves the temporary file: recoverLeftovers() settles it
/// at the next attach, by the tag and the side store's record of the file.
class FileSwap final
{
public:
    FileSwap(FileSwap &&other) noexcept;
    FileSwap &operator=(FileSwap &&other) noexcept;
    FileSwap(const FileSwap &) = delete;
    FileSwap &operator=(const FileSwap &) = delete;
    ~FileSwap();

    [[nodiscard]] static Result<FileSwap> stage(const QString &target, const QByteArray &bytes);
    /// `expected`: what the file must hold now; nullopt: it must not exist.
    [[nodiscard]] Result<bool> swapIf(const std::optional<QByteArray> &expected);
    void finish();
    void undo();

    const QString &target() const { return m_target; }

    /// The tag of a name this class gives a temporary file, and the file it was for (in the
    /// same folder); nullopt for any other name.
    static std::optional<std::pair<QString, QString>> leftover(const QString &fileName);
    /// "sha-256 hex" of bytes, as the side store records a file (AttachedFileRepository).
    static QByteArray hashOf(const QByteArray &bytes);
    /// A leftover `temp` of `target`, settled: `recorded` is the side store's hash of the file
    /// (empty when it records none). The write that left it committed when the record is the
    /// tag's bytes; when it did not and the file still holds the tag's bytes, the file gets
    /// back what it held before (or goes, when it was new). A file with no record (an index)
    /// keeps what it holds. The temporary file is removed either way.
    static void recover(const QString &temp, const QString &target, const QByteArray &recorded);

private:
    FileSwap() = default;
    enum class State { None, Staged, Exchanged, Renamed, Linked };
    QString m_target;
    QString m_temp;
    QByteArray m_bytes;
    QByteArray m_old; ///< what the file held when swapped (empty when it was absent)
    State m_state = State::None;
    bool m_existed = false; ///< the file existed when swapped (undo puts back m_old, not nothing)
};

} // namespace recollector::core::attach
