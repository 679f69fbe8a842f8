#pragma once

#include "model/Result.h"

#include <QByteArray>
#include <QString>

namespace recollector::core::io {

/// Caps on what an import reads, so a hostile or broken file gives a clear error instead of
/// exhausting memory or hanging. Sized for the 100,000-memory set of
/// docs/architecture.md, "Performance budget" (about 120 MB as pretty JSON) with room to spare.
namespace limits {
/// Largest memory-set file (JSON / YAML) read at all, in bytes (512 MiB).
inline constexpr qint64 kMaxSetFileBytes = 512LL * 1024 * 1024;
/// Largest single `<id>.json` file of an agent memory folder, in bytes (16 MiB).
inline constexpr qint64 kMaxEntryFileBytes = 16LL * 1024 * 1024;
/// Longest memory text (content, an original content), in characters (1 MiB of UTF-16).
inline constexpr int kMaxTextChars = 1024 * 1024;
/// Longest short string (id, category, keyword, path, source id, ...), in characters.
inline constexpr int kMaxShortChars = 4096;
/// Most items in one string list (keywords, mergedFrom, ...).
inline constexpr int kMaxListItems = 10000;
/// Largest importance a memory may hold (an import, an edit).
inline constexpr double kMaxImportance = 1e6;
/// Highest sensitivity level (3: secret).
inline constexpr int kMaxSensitivity = 3;

/// "1.5 MiB", "512 MiB", "300 bytes": sizes in messages.
QString describeBytes(qint64 bytes);
} // namespace limits

/// The spare capacity readBoundedFile() leaves after the bytes (simdjson's SIMDJSON_PADDING).
inline constexpr qsizetype kReadSpareBytes = 64;

/// Whether readBoundedFile() may follow a symbolic link at `path` itself.
enum class SymLinks { Follow, Refuse };

/// Reads a whole regular file, refusing one larger than `maxBytes` before reading it. The
/// error names the file (by `displayName`, usually its file name) and the limit. Anything but
/// a regular file (a FIFO, socket or device, directly or through a link) is refused without
/// being opened for reading, so it cannot block; with SymLinks::Refuse a link is refused too
/// (folder entries: a link planted in a folder must not pull in a file from elsewhere).
/// The bytes come with at least kReadSpareBytes of zeroed capacity after them, so a parser
/// that reads ahead (simdjson) can read them in place instead of copying the file.
[[nodiscard]] Result<QByteArray> readBoundedFile(
    const QString &path, qint64 maxBytes, const QString &displayName, SymLinks links = SymLinks::Follow);

} // namespace recollector::core::io
