#pragma once

// Zip archives and gzip streams for the tests, written through libarchive (the library the
// Mem0 adapter reads them with): the fixtures' text zipped as a backup, and broken variants
// (a member missing, a "../" entry, a member that expands far past the reader's caps).
#include <QByteArray>
#include <QString>

#include <archive.h>
#include <archive_entry.h>

#include <utility>
#include <vector>

namespace recollector::test {

struct ZipMember
{
    QString name;
    QByteArray bytes;
    qint64 repeat = 1; ///< the bytes written this many times (a large, very compressible member)
};

/// Writes a deflated zip of `members` at `path`; false on any failure.
inline bool writeZip(const QString &path, const std::vector<ZipMember> &members)
{
    struct archive *a = archive_write_new();
    bool ok = archive_write_set_format_zip(a) == ARCHIVE_OK && archive_write_zip_set_compression_deflate(a) == ARCHIVE_OK
        && archive_write_open_filename(a, path.toLocal8Bit().constData()) == ARCHIVE_OK;
    for (const ZipMember &m : members) {
        if (!ok)
            break;
        struct archive_entry *e = archive_entry_new();
        archive_entry_set_pathname(e, m.name.toUtf8().constData());
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        archive_entry_set_size(e, m.bytes.size() * m.repeat);
        archive_entry_set_mtime(e, 1767225600, 0);
        ok = archive_write_header(a, e) == ARCHIVE_OK;
        for (qint64 i = 0; ok && i < m.repeat; ++i)
            ok = archive_write_data(a, m.bytes.constData(), std::size_t(m.bytes.size())) == m.bytes.size();
        archive_entry_free(e);
    }
    ok = archive_write_close(a) == ARCHIVE_OK && ok;
    archive_write_free(a);
    return ok;
}

/// `bytes` (written `repeat` times) as one gzip stream.
inline QByteArray gzip(const QByteArray &bytes, qint64 repeat = 1)
{
    struct archive *a = archive_write_new();
    archive_write_add_filter_gzip(a);
    archive_write_set_format_raw(a);
    archive_write_set_bytes_in_last_block(a, 1);
    std::vector<char> buffer(std::size_t(bytes.size() * repeat / 100 + 1024 * 1024));
    std::size_t used = 0;
    archive_write_open_memory(a, buffer.data(), buffer.size(), &used);
    struct archive_entry *e = archive_entry_new();
    archive_entry_set_filetype(e, AE_IFREG);
    archive_write_header(a, e);
    for (qint64 i = 0; i < repeat; ++i)
        archive_write_data(a, bytes.constData(), std::size_t(bytes.size()));
    archive_entry_free(e);
    archive_write_close(a);
    archive_write_free(a);
    return QByteArray(buffer.data(), qsizetype(used));
}

} // namespace recollector::test
