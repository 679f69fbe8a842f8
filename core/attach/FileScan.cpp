#include "attach/FileScan.h"

#include "attach/AgentProjection.h"
#include "model/InputLimits.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <thread>

namespace recollector::core::attach {

namespace {
// Below this many files one thread is as fast as starting others.
constexpr int kFilesPerThread = 64;
constexpr int kMaxThreads = 4;
} // namespace

FileScan::File FileScan::scanOne(const QString &folder, const QString &name, const EntryFormat &format,
                                 const QHash<QString, Known> &known, Millis now, Millis settledMs,
                                 double initialStability)
{
    File f;
    f.name = name;
    const QString path = QDir(folder).filePath(name);
    // One lstat/stat for the kind and the stamp (QFileInfo caches what it read).
    const QFileInfo info(path);
    if (info.isSymLink()) {
        f.problem = QStringLiteral("%1: is a symbolic link; not followed").arg(name);
        return f;
    }
    if (info.exists() && !info.isFile()) {
        f.problem = QStringLiteral("%1: %2; not followed")
                        .arg(name, info.isDir() ? QStringLiteral("is a folder") : QStringLiteral("is not a regular file"));
        return f;
    }
    qint64 modified = 0;
    if (info.exists()) {
        modified = info.lastModified().toMSecsSinceEpoch();
        f.stamp = QStringLiteral("%1:%2").arg(info.size()).arg(modified);
    }
    const auto was = known.constFind(name);
    // A file whose size and time are as recorded is not read again, unless it was modified in
    // the last seconds (a second write within the same millisecond would keep both).
    if (was != known.constEnd() && !was->stamp.isEmpty() && was->stamp == f.stamp && modified < now - settledMs) {
        f.outcome = File::Outcome::SameStamp;
        return f;
    }
    auto bytes = io::readBoundedFile(path, io::limits::kMaxEntryFileBytes, name, io::SymLinks::Refuse);
    if (!bytes) {
        f.problem = bytes.error().message;
        return f;
    }
    f.hash = QCryptographicHash::hash(*bytes, QCryptographicHash::Sha256).toHex();
    if (was != known.constEnd() && was->hash == f.hash) {
        f.outcome = File::Outcome::SameBytes;
        return f;
    }
    auto parsed = format.parse(*bytes, name, modified, initialStability);
    if (!parsed) {
        f.outcome = File::Outcome::Broken;
        f.problem = parsed.error().message + QStringLiteral("; shown as it was, never written");
        return f;
    }
    f.outcome = File::Outcome::Parsed;
    f.base = AgentProjection::compact(parsed->fields);
    f.proj = AgentProjection::compact(format.projection(parsed->memory));
    f.parsed = std::move(*parsed);
    return f;
}

std::vector<FileScan::File> FileScan::run(const QString &folder, const QStringList &names, const EntryFormat &format,
                                          const QHash<QString, Known> &known, Millis now, Millis settledMs,
                                          double initialStability)
{
    std::vector<File> files(std::size_t(names.size()));
    std::atomic<qsizetype> next { 0 };
    // Each worker takes the next name until none is left; each result goes to its own slot.
    const auto work = [&]() {
        for (qsizetype i = next.fetch_add(1); i < names.size(); i = next.fetch_add(1))
            files[std::size_t(i)] = scanOne(folder, names[i], format, known, now, settledMs, initialStability);
    };
    const int threads = int(std::clamp<qsizetype>(names.size() / kFilesPerThread, 1,
                                                   std::min(kMaxThreads, std::max(1, QThread::idealThreadCount()))));
    std::vector<std::thread> helpers;
    helpers.reserve(std::size_t(threads - 1));
    for (int t = 1; t < threads; ++t)
        helpers.emplace_back(work);
    work();
    for (std::thread &h : helpers)
        h.join();
    return files;
}

} // namespace recollector::core::attach
