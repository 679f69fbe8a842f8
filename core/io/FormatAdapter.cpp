#include "io/FormatAdapter.h"

#include <QFile>

namespace recollector::core::io {

FormatProbe FormatProbe::of(const QString &path)
{
    FormatProbe p;
    p.path = path;
    p.info = QFileInfo(path);
    if (p.info.isFile()) { // never a FIFO: the read would block
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            p.head = file.read(kHeadBytes);
    }
    return p;
}

QByteArray FormatProbe::trimmedHead() const
{
    qsizetype i = head.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    while (i < head.size() && (head[i] == ' ' || head[i] == '\t' || head[i] == '\n' || head[i] == '\r'))
        ++i;
    return head.mid(i);
}

Result<AdapterWriteReport> FormatAdapter::write(const QString &path, const MemorySet &) const
{
    return Error::make(Error::Code::Usage,
        QStringLiteral("%1: Recollector cannot write %2 files (the format is import only)").arg(path, title()));
}

} // namespace recollector::core::io
