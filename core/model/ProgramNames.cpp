#include "model/ProgramNames.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace recollector::core::names {

namespace {
const QString kLegacyName = QStringLiteral("Engram");

QString legacyLocation(QStandardPaths::StandardLocation generic)
{
    const QString base = QStandardPaths::writableLocation(generic);
    return base.isEmpty() ? QString() : QDir(base).filePath(kLegacyName + QLatin1Char('/') + kLegacyName);
}
} // namespace

bool hasStoreSuffix(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix();
    return suffix.compare(kStoreSuffix, Qt::CaseInsensitive) == 0
        || suffix.compare(kLegacyStoreSuffix, Qt::CaseInsensitive) == 0;
}

QString environment(const char *name)
{
    const QString value = qEnvironmentVariable((QByteArrayLiteral("RECOLLECTOR_") + name).constData());
    if (!value.isEmpty())
        return value;
    return qEnvironmentVariable((QByteArrayLiteral("ENGRAM_") + name).constData());
}

QString dataDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

QString legacyDataDir()
{
    const QString dir = legacyLocation(QStandardPaths::GenericDataLocation);
    return !dir.isEmpty() && QFileInfo(dir).isDir() ? dir : QString();
}

QString defaultStorePath()
{
    const QString path = QDir(dataDir()).filePath(QStringLiteral("default.") + kStoreSuffix);
    if (QFileInfo::exists(path))
        return path;
    if (const QString legacy = legacyDataDir(); !legacy.isEmpty()) {
        const QString old = QDir(legacy).filePath(QStringLiteral("default.") + kLegacyStoreSuffix);
        if (QFileInfo::exists(old))
            return old;
    }
    return path;
}

bool isInLegacyDataDir(const QString &path)
{
    const QString legacy = legacyDataDir();
    if (legacy.isEmpty())
        return false;
    const QString dir = QDir::cleanPath(QFileInfo(legacy).absoluteFilePath()) + QLatin1Char('/');
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath()).startsWith(dir);
}

bool importLegacySettings()
{
    QSettings current;
    if (!current.allKeys().isEmpty())
        return false;
    const QString configDir = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
    const QString file = QDir(configDir).filePath(kLegacyName + QLatin1Char('/') + kLegacyName + QStringLiteral(".conf"));
    if (configDir.isEmpty() || !QFileInfo::exists(file))
        return false;
    const QSettings legacy(file, QSettings::IniFormat);
    const QStringList keys = legacy.allKeys();
    for (const QString &key : keys)
        current.setValue(key, legacy.value(key));
    current.sync();
    return !keys.isEmpty();
}

} // namespace recollector::core::names
