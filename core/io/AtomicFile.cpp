#include "io/AtomicFile.h"

#include "io/AtomicFileStream.h"

#include <QFileInfo>

namespace recollector::core::io {

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
    AtomicFileStream file(path);
    if (const Status st = file.open(); !st)
        return st;
    if (const Status st = file.append(bytes); !st)
        return st;
    return file.commit();
}

} // namespace recollector::core::io
