#pragma once

#include <QString>

namespace recollector::core::names {

/// The program's names on disk and in the environment, and the files and variables it still
/// reads under its first name, Engram (docs/formats.md, "Files written under the name Engram").
/// Engram's stores, memory sets, side stores, settings and variables are read as they are;
/// nothing here moves or rewrites them.

/// The suffix of a store this program creates (`default.recollector`).
inline constexpr QLatin1StringView kStoreSuffix { "recollector" };
/// The suffix of a store Engram created (`default.engram`): opened as it is.
inline constexpr QLatin1StringView kLegacyStoreSuffix { "engram" };

/// True for a file named like a store of either name (`*.recollector`, `*.engram`).
bool hasStoreSuffix(const QString &path);

/// The environment variable `RECOLLECTOR_<name>`, else Engram's `ENGRAM_<name>`, else empty.
QString environment(const char *name);

/// The folder of this user's own stores and the side stores of attached folders
/// (QStandardPaths::AppDataLocation).
QString dataDir();

/// Engram's data folder (`…/Engram/Engram` beside dataDir()) when it exists, else empty.
QString legacyDataDir();

/// The user's default store: `default.recollector` in dataDir(); Engram's `default.engram`
/// when that is there and the new one is not, so an upgrade keeps the user's memory.
QString defaultStorePath();

/// True when `path` lies in Engram's data folder.
bool isInLegacyDataDir(const QString &path);

/// Copies Engram's settings (recent stores, the last store, window layout, preferences) into
/// this program's settings once, on the first run that has none of its own; true when it did.
/// QSettings files are plain settings, never a store: reading them while Engram runs is safe.
bool importLegacySettings();

} // namespace recollector::core::names
