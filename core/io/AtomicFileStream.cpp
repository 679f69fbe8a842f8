#include "io/AtomicFileStream.h"

#include "io/AtomicFile.h"

namespace recollector::core::io {

AtomicFileStream::AtomicFileStream(QString path)
    : m_path(std::move(path))
{
}

AtomicFileStream::~AtomicFileStream() { cancel(); }

Error AtomicFileStream::fail(const QString &reason)
{
    cancel();
    return Error::make(Error::Code::Io, QStringLiteral("%1: cannot write: %2").arg(m_path, reason));
}

void AtomicFileStream::cancel()
{
    if (!m_file)
        return;
    m_file->cancelWriting();
    m_file.reset();
}

Status AtomicFileStream::open()
{
    if (const QString reason = AtomicFile::notRegularReason(m_path); !reason.isEmpty())
        return fail(reason + QStringLiteral("; not written through it"));
    m_file = std::make_unique<QSaveFile>(m_path);
    // Unbuffered: QSaveFile keeps a failed flush of its write buffer to itself (commit() can
    // then succeed with a short file), so every byte goes through a checked write() instead.
    if (!m_file->open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(m_file->errorString());
    // QSaveFile resolved the target when it opened: a link planted since the check above
    // would be written through.
    if (const QString reason = AtomicFile::notRegularReason(m_path); !reason.isEmpty())
        return fail(reason + QStringLiteral("; not written through it"));
    return {};
}

Status AtomicFileStream::append(const char *data, qint64 size)
{
    if (!m_file)
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot write: not open").arg(m_path));
    while (size > 0) {
        // A short write is not an error yet; the next attempt says why (ENOSPC, EFBIG, EIO).
        const qint64 written = m_file->write(data, size);
        if (written <= 0)
            return fail(m_file->errorString()); // read before cancelWriting() replaces it
        data += written;
        size -= written;
    }
    return {};
}

Status AtomicFileStream::commit()
{
    if (!m_file)
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot write: not open").arg(m_path));
    if (!m_file->flush())
        return fail(m_file->errorString());
    const bool committed = m_file->commit();
    const QString reason = m_file->errorString();
    m_file.reset();
    if (!committed)
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot write: %2").arg(m_path, reason));
    return {};
}

} // namespace recollector::core::io
