#include "model/InputLimits.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstring>
#include <thread>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace recollector::core::io {

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

namespace {

Error notRegular(const QString &displayName)
{
    return Error::make(Error::Code::Io,
        QStringLiteral("%1: is not a regular file (a pipe, socket or device); not read").arg(displayName));
}

Error symLink(const QString &displayName)
{
    return Error::make(
        Error::Code::Io, QStringLiteral("%1: is a symbolic link; not followed").arg(displayName));
}

// Opens `file` for reading. On Unix the descriptor is opened non-blocking and checked to be a
// regular file before anything is read: the path may have been swapped for a FIFO (whose
// open() would wait for a writer) or a link since QFileInfo looked at it.
Status openForReading(QFile &file, const QString &path, const QString &displayName, SymLinks links)
{
#ifdef Q_OS_UNIX
    if (!path.startsWith(QLatin1Char(':'))) { // not a Qt resource
        int flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK;
        if (links == SymLinks::Refuse)
            flags |= O_NOFOLLOW;
        const int fd = ::open(QFile::encodeName(path).constData(), flags);
        if (fd < 0) {
            const int err = errno;
            if (err == ELOOP && links == SymLinks::Refuse)
                return symLink(displayName);
            return Error::make(Error::Code::Io,
                QStringLiteral("%1: cannot read: %2")
                    .arg(displayName, QString::fromLocal8Bit(std::strerror(err))));
        }
        struct stat st = {};
        if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            ::close(fd);
            return notRegular(displayName);
        }
        if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
            ::close(fd);
            return Error::make(
                Error::Code::Io, QStringLiteral("%1: cannot read: %2").arg(displayName, file.errorString()));
        }
        return {};
    }
#else
    Q_UNUSED(links)
#endif
    file.setFileName(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::make(
            Error::Code::Io, QStringLiteral("%1: cannot read: %2").arg(displayName, file.errorString()));
    return {};
}

// Reads up to `count` bytes into `out` from the file's position on; the file is left positioned
// after them. A large read is split in two at once, the second half read with pread() on a
// thread of its own: copying out of the page cache and faulting in the buffer's fresh pages is
// most of a large read's time, and each core does half (docs/performance.md,
// import_100k_s). A file that shrank meanwhile gives fewer bytes, as one read()
// would.
Result<qint64> readSplit(QFile &file, char *out, qint64 count, const QString &displayName)
{
    const auto failed = [&](int err) {
        return Error::make(Error::Code::Io,
            QStringLiteral("%1: cannot read: %2").arg(displayName, QString::fromLocal8Bit(std::strerror(err))));
    };
#ifdef Q_OS_UNIX
    constexpr qint64 kSplitFrom = 16 * 1024 * 1024;
    const int fd = file.handle();
    if (count >= kSplitFrom && fd >= 0 && !file.isSequential()) {
        const qint64 start = file.pos();
        const qint64 half = count / 2;
        qint64 second = 0;
        int secondError = 0;
        std::thread reader([&] {
            while (second < count - half) {
                const ssize_t n = ::pread(fd, out + half + second, std::size_t(count - half - second),
                                          off_t(start + half + second));
                if (n < 0 && errno == EINTR)
                    continue;
                if (n < 0)
                    secondError = errno;
                if (n <= 0)
                    break;
                second += n;
            }
        });
        const qint64 first = file.read(out, half);
        reader.join();
        if (first < half) // shrank (or failed: the caller reads file.error())
            return std::max<qint64>(first, 0);
        if (secondError != 0)
            return failed(secondError);
        if (!file.seek(start + half + second))
            return failed(EIO);
        return half + second;
    }
#endif
    Q_UNUSED(failed)
    return std::max<qint64>(file.read(out, count), 0);
}

} // namespace

Result<QByteArray> readBoundedFile(
    const QString &path, qint64 maxBytes, const QString &displayName, SymLinks links)
{
    const QFileInfo info(path);
    if (links == SymLinks::Refuse && info.isSymLink())
        return symLink(displayName);
    if (!info.exists())
        return Error::make(Error::Code::Io, QStringLiteral("%1: no such file").arg(displayName));
    if (info.isDir())
        return Error::make(Error::Code::Io, QStringLiteral("%1: is a folder, not a file").arg(displayName));
    if (!info.isFile())
        return notRegular(displayName);
    if (info.size() > maxBytes)
        return Error::make(Error::Code::Validation,
            QStringLiteral("%1: file is %2, larger than the %3 import limit")
                .arg(displayName, limits::describeBytes(info.size()), limits::describeBytes(maxBytes)));
    QFile file;
    if (const Status opened = openForReading(file, path, displayName, links); !opened)
        return opened.error();
    // Read at most one byte past the limit: the file may have grown since the size check.
    // The first read asks for the size seen plus one byte, not the limit (a buffer of the
    // limit per file made reading a folder of 10,000 small files allocate and fault in
    // gigabytes); only a file that grew reads on.
    const qint64 seen = std::min(info.size(), maxBytes);
    QByteArray data(qsizetype(seen + 1 + kReadSpareBytes), Qt::Uninitialized);
    std::memset(data.data() + seen + 1, 0, std::size_t(kReadSpareBytes));
    const auto read = readSplit(file, data.data(), seen + 1, displayName);
    if (!read)
        return read.error();
    const qint64 got = *read;
    std::memset(data.data() + got, 0, std::size_t(seen + 1 - got)); // a file that shrank
    data.resize(qsizetype(got)); // a smaller size keeps the capacity
    if (data.size() > seen && data.size() <= maxBytes && file.error() == QFile::NoError)
        data += file.read(maxBytes + 1 - data.size());
    if (data.size() > maxBytes)
        return Error::make(Error::Code::Validation,
            QStringLiteral("%1: file is larger than the %2 import limit")
                .arg(displayName, limits::describeBytes(maxBytes)));
    if (file.error() != QFile::NoError)
        return Error::make(
            Error::Code::Io, QStringLiteral("%1: cannot read: %2").arg(displayName, file.errorString()));
    return data;
}

} // namespace recollector::core::io
