#include "formats/RecollectorAdapter.h"

#include "io/MemorySetReader.h"

namespace recollector::core::io::formats {

bool RecollectorAdapter::detect(const FormatProbe &probe) const
{
    if (probe.isDir())
        return true;
    const QString suffix = probe.suffix();
    if (suffix == QLatin1String("yaml") || suffix == QLatin1String("yml"))
        return true;
    const QByteArray head = probe.trimmedHead();
    if (head.startsWith('['))
        return true;
    if (head.startsWith('{'))
        return head.contains("\"format\"") || head.contains("\"memories\"") || head.contains("\"content\"");
    return head.startsWith("---") || head.startsWith("format:") || head.contains("\nformat:");
}

Result<MemorySet> RecollectorAdapter::read(const QString &path, const AdapterReadOptions &options) const
{
    return MemorySetReader::read(path, options.strict, options.initialStability);
}

} // namespace recollector::core::io::formats
