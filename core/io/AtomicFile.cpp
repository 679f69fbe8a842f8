#include "io/AtomicFile.h"

#include <QFileInfo>
#include <QSaveFile>

namespace engram::core::io {

namespace {
Error writeError(const QString &path, const QString &reason)
{
    return Error::make(Error::Code::Io, QStringLiteral("%1: cannot write: %2").arg(path, reason));
}
} // namespace

QString AtomicFile::notRegularReason(const QString &path)
{
    const QFileInfo info(path);
    if (info.isSymLink())
        return QStringLiteral("is a symbolic link");
    if (!info.exists())
        return {};
    if (info.isDir())
        return QStringLiteral("is a folder");
    if (!info.isFile())
        return QStringLiteral("is not a regular file");
    return {};
}

Status AtomicFile::write(const QString &path, const QByteArray &bytes)
{
    if (const QString reason = notRegularReason(path); !reason.isEmpty())
        return writeError(path, reason + QStringLiteral("; not written through it"));
    QSaveFile file(path);
    // Unbuffered: QSaveFile keeps a failed flush of its write buffer to itself (commit() can
    // then succeed with a short file), so every byte goes through a checked write() instead.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return writeError(path, file.errorString());
    // QSaveFile resolved the target when it opened: a link planted since the check above
    // would be written through.
    if (const QString reason = notRegularReason(path); !reason.isEmpty()) {
        file.cancelWriting();
        return writeError(path, reason + QStringLiteral("; not written through it"));
    }
    const char *data = bytes.constData();
    qint64 left = bytes.size();
    while (left > 0) {
        // A short write is not an error yet; the next attempt says why (ENOSPC, EFBIG, EIO).
        const qint64 written = file.write(data, left);
        if (written <= 0) {
            const QString reason = file.errorString(); // before cancelWriting() replaces it
            file.cancelWriting();
            return writeError(path, reason);
        }
        data += written;
        left -= written;
    }
    if (!file.flush()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return writeError(path, reason);
    }
    if (!file.commit())
        return writeError(path, file.errorString());
    return {};
}

} // namespace engram::core::io
