#pragma once

// Whole-file reads and writes for tests, and finding a memory by its text: the small helpers
// every format and folder test needs. Header-only, for any test executable.
#include "model/Memory.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

#include <vector>

namespace recollector::test {

/// The file's bytes; empty when it cannot be read.
inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Replaces the file with `bytes` (a plain write, as another program's editor would do),
/// creating its folder when missing.
inline bool writeAll(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

/// The memory whose content is exactly `content`, or null.
inline const core::Memory *byContent(const std::vector<core::Memory> &memories, const QString &content)
{
    for (const core::Memory &m : memories) {
        if (m.content == content)
            return &m;
    }
    return nullptr;
}

} // namespace recollector::test
