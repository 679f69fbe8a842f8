#pragma once

// Shared by the fuzz targets: the input as a reader gets it from a file, and how a broken
// property is reported (libFuzzer keeps the input that aborts as a crash artifact).
#include <QByteArray>
#include <QString>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace recollector::fuzz {

/// A copy, NUL-terminated like every QByteArray a file read gives (fromRawData is not).
inline QByteArray input(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

[[noreturn]] inline void fail(const char *property, const QString &detail)
{
    std::fprintf(stderr, "fuzz property broken: %s: %s\n", property, qUtf8Printable(detail));
    std::abort();
}

} // namespace recollector::fuzz
