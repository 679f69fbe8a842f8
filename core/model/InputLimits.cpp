#include "model/InputLimits.h"

#include <QFile>
#include <QFileInfo>

namespace engram::core::io {

QString limits::describeBytes(qint64 bytes)
{
    constexpr qint64 kKiB = 1024;
    constexpr qint64 kMiB = 1024 * kKiB;
    if (bytes >= kMiB)
        return QStringLiteral("%1 MiB").arg(QString::number(double(bytes) / double(kMiB), 'g', 4));
    if (bytes >= kKiB)
        return QStringLiteral("%1 KiB").arg(QString::number(double(bytes) / double(kKiB), 'g', 4));
    return QStringLiteral("%1 bytes").arg(bytes);
}

Result<QByteArray> readBoundedFile(const QString &path, qint64 maxBytes, const QString &displayName)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error::make(Error::Code::Io, QStringLiteral("%1: no such file").arg(displayName));
    if (info.isDir())
        return Error::make(Error::Code::Io, QStringLiteral("%1: is a folder, not a file").arg(displayName));
    if (info.size() > maxBytes)
        return Error::make(Error::Code::Validation,
            QStringLiteral("%1: file is %2, larger than the %3 import limit")
                .arg(displayName, limits::describeBytes(info.size()), limits::describeBytes(maxBytes)));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::make(
            Error::Code::Io, QStringLiteral("%1: cannot read: %2").arg(displayName, file.errorString()));
    // Read at most one byte past the limit: the file may have grown since the size check.
    QByteArray data = file.read(maxBytes + 1);
    if (data.size() > maxBytes)
        return Error::make(Error::Code::Validation,
            QStringLiteral("%1: file is larger than the %2 import limit")
                .arg(displayName, limits::describeBytes(maxBytes)));
    if (file.error() != QFile::NoError)
        return Error::make(
            Error::Code::Io, QStringLiteral("%1: cannot read: %2").arg(displayName, file.errorString()));
    return data;
}

} // namespace engram::core::io
