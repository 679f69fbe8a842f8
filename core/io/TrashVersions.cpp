#include "io/TrashVersions.h"

#include <QDir>
#include <QFileInfo>

namespace recollector::core::io::trash_versions {

namespace {

QString version(const QString &trash, const QString &name, int n)
{
    if (n == 1)
        return QDir(trash).filePath(name);
    const QFileInfo info(name);
    const QString dir = info.path() == QLatin1String(".") ? QString() : info.path() + QLatin1Char('/');
    const QString file = info.fileName();
    const qsizetype dot = file.indexOf(QLatin1Char('.'), 1); // `x.json` → `x.2.json`; a dot file keeps its dot
    const QString numbered = dot < 0 ? QStringLiteral("%1.%2").arg(file).arg(n)
                                     : QStringLiteral("%1.%2%3").arg(file.left(dot)).arg(n).arg(file.mid(dot));
    return QDir(trash).filePath(dir + numbered);
}

bool present(const QString &path)
{
    const QFileInfo info(path);
    return info.exists() || info.isSymLink();
}

} // namespace

QString next(const QString &trash, const QString &name)
{
    int n = 1;
    while (present(version(trash, name, n)))
        ++n;
    return version(trash, name, n);
}

QString latest(const QString &trash, const QString &name)
{
    if (!present(version(trash, name, 1)))
        return {};
    int n = 1;
    while (present(version(trash, name, n + 1)))
        ++n;
    return version(trash, name, n);
}

} // namespace recollector::core::io::trash_versions
