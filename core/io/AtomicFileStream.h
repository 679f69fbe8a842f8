#pragma once

#include "model/Result.h"

#include <QByteArray>
#include <QSaveFile>
#include <QString>

#include <memory>

namespace recollector::core::io {

/// AtomicFile's all-or-nothing write, in pieces: open(), append() as often as needed, then
/// commit(). Every write() is checked (unbuffered, a short write retried so the second attempt
/// reports the system's reason); a target that is a symbolic link or not a regular file is
/// refused. Until commit() succeeds the target is untouched: cancel(), a failed append() or
/// destruction throws the temporary file away. Errors are one line naming the file and the
/// system's reason, as AtomicFile's.
class AtomicFileStream final
{
public:
    explicit AtomicFileStream(QString path);
    ~AtomicFileStream();
    AtomicFileStream(const AtomicFileStream &) = delete;
    AtomicFileStream &operator=(const AtomicFileStream &) = delete;

    [[nodiscard]] Status open();
    [[nodiscard]] Status append(const char *data, qint64 size);
    [[nodiscard]] Status append(const QByteArray &bytes) { return append(bytes.constData(), bytes.size()); }
    [[nodiscard]] Status commit();
    void cancel();

private:
    Error fail(const QString &reason);

    QString m_path;
    std::unique_ptr<QSaveFile> m_file;
};

} // namespace recollector::core::io
