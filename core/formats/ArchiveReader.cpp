#include "formats/ArchiveReader.h"

#include "model/InputLimits.h"

#include <QFile>
#include <QFileInfo>

#include <archive.h>
#include <archive_entry.h>

#include <memory>

namespace recollector::core::io::formats {

namespace {

struct ArchiveFree
{
    void operator()(struct archive *a) const { archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<struct archive, ArchiveFree>;

constexpr std::size_t kChunk = 64 * 1024;

QString reason(struct archive *a)
{
    const char *text = archive_error_string(a);
    return text ? QString::fromUtf8(text) : QStringLiteral("unreadable");
}

/// Whether an entry name would leave the folder it is unpacked into.
bool escapes(const QString &name)
{
    if (name.startsWith(QLatin1Char('/')) || name.startsWith(QLatin1Char('\\')) || (name.size() > 1 && name[1] == QLatin1Char(':')))
        return true;
    QString normal = name;
    normal.replace(QLatin1Char('\\'), QLatin1Char('/'));
    const QStringList parts = normal.split(QLatin1Char('/'));
    return parts.contains(QStringLiteral(".."));
}

/// The current entry's data, at most `maxBytes`; an error when there is more.
Result<QByteArray> readBounded(struct archive *a, qint64 maxBytes, const QString &where)
{
    QByteArray out;
    QByteArray chunk(qsizetype(kChunk), Qt::Uninitialized);
    while (true) {
        const la_ssize_t n = archive_read_data(a, chunk.data(), kChunk);
        if (n == 0)
            return out;
        if (n < 0)
            return Error::make(Error::Code::Parse, QStringLiteral("%1: cannot be read: %2").arg(where, reason(a)));
        if (out.size() + n > maxBytes)
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: expands past %2, more than such a file holds (a zip bomb?); not read")
                    .arg(where, limits::describeBytes(maxBytes)));
        out.append(chunk.constData(), n);
    }
}

} // namespace

Result<QHash<QString, QByteArray>> ArchiveReader::readZip(const QString &path, const QHash<QString, qint64> &wanted)
{
    const QString fileName = QFileInfo(path).fileName();
    if (!QFileInfo(path).isFile())
        return Error::make(Error::Code::Io, QStringLiteral("%1: not a regular file; not read").arg(fileName));
    ArchivePtr a(archive_read_new());
    if (!a)
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot start reading a zip").arg(fileName));
    archive_read_support_format_zip(a.get());
    if (archive_read_open_filename(a.get(), QFile::encodeName(path).constData(), kChunk) != ARCHIVE_OK)
        return Error::make(Error::Code::Parse,
            QStringLiteral("%1: not a readable zip archive: %2").arg(fileName, reason(a.get())));
    QHash<QString, QByteArray> found;
    for (int count = 0;; ++count) {
        struct archive_entry *entry = nullptr;
        const int r = archive_read_next_header(a.get(), &entry);
        if (r == ARCHIVE_EOF)
            break;
        if (r != ARCHIVE_OK && r != ARCHIVE_WARN)
            return Error::make(Error::Code::Parse,
                QStringLiteral("%1: entry %2: the archive is damaged or truncated: %3").arg(fileName).arg(count).arg(reason(a.get())));
        if (count >= kMaxEntries)
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: more than %2 entries; a backup holds two; not read").arg(fileName).arg(kMaxEntries));
        const char *utf8 = archive_entry_pathname_utf8(entry);
        const char *raw = archive_entry_pathname(entry);
        const QString name = QString::fromUtf8(utf8 ? utf8 : (raw ? raw : ""));
        const QString where = QStringLiteral("%1: entry \"%2\"").arg(fileName, name.left(200));
        if (name.isEmpty() || escapes(name))
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: a path that leaves the archive's folder; the archive is not read").arg(where));
        const QString base = name.section(QLatin1Char('/'), -1);
        if (!wanted.contains(base) || archive_entry_filetype(entry) != AE_IFREG)
            continue;
        if (found.contains(base))
            return Error::make(Error::Code::Validation, QStringLiteral("%1: a second %2; not read").arg(where, base));
        const qint64 cap = wanted.value(base);
        if (archive_entry_size_is_set(entry) && archive_entry_size(entry) > cap)
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: claims %2, more than such a file holds (%3); not read")
                    .arg(where, limits::describeBytes(archive_entry_size(entry)), limits::describeBytes(cap)));
        auto data = readBounded(a.get(), cap, where);
        if (!data)
            return data.error();
        found.insert(base, std::move(*data));
    }
    return found;
}

Result<QByteArray> ArchiveReader::gunzip(const QByteArray &data, qint64 maxBytes, const QString &where)
{
    ArchivePtr a(archive_read_new());
    if (!a)
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot start reading gzip").arg(where));
    archive_read_support_filter_gzip(a.get());
    archive_read_support_format_raw(a.get());
    if (archive_read_open_memory(a.get(), data.constData(), std::size_t(data.size())) != ARCHIVE_OK)
        return Error::make(Error::Code::Parse, QStringLiteral("%1: not gzip data: %2").arg(where, reason(a.get())));
    struct archive_entry *entry = nullptr;
    if (archive_read_next_header(a.get(), &entry) != ARCHIVE_OK)
        return Error::make(Error::Code::Parse, QStringLiteral("%1: not gzip data: %2").arg(where, reason(a.get())));
    if (archive_filter_code(a.get(), 0) != ARCHIVE_FILTER_GZIP)
        return Error::make(Error::Code::Parse, QStringLiteral("%1: not gzip data").arg(where));
    return readBounded(a.get(), maxBytes, where);
}

} // namespace recollector::core::io::formats
