#include "formats/Mem0Adapter.h"

#include "formats/ArchiveReader.h"
#include "formats/Mem0Backup.h"

#include <QDateTime>

namespace recollector::core::io::formats {

namespace {

const QString kManifest = QStringLiteral("memories.json");
const QString kRecords = QStringLiteral("memories.jsonl.gz");

} // namespace

bool Mem0Adapter::detect(const FormatProbe &probe) const
{
    // A zip (local file header) that names the backup's manifest among its first entries.
    return probe.head.startsWith("PK\x03\x04")
        && (probe.head.contains(kManifest.toLatin1()) || probe.suffix() == QLatin1String("zip"));
}

Result<MemorySet> Mem0Adapter::read(const QString &path, const AdapterReadOptions &options) const
{
    const QFileInfo info(path);
    const QString name = info.fileName();
    auto members = ArchiveReader::readZip(path, { { kManifest, kMaxManifestBytes }, { kRecords, kMaxRecordsGzipBytes } });
    if (!members)
        return members.error();
    if (!members->contains(kManifest))
        return Error::make(Error::Code::Validation,
            QStringLiteral("%1: entry \"memories.json\" is missing: not a Mem0 / OpenMemory backup").arg(name));
    QByteArray records;
    if (members->contains(kRecords)) {
        auto expanded = ArchiveReader::gunzip(members->value(kRecords), kMaxRecordsBytes,
            QStringLiteral("%1: entry \"%2\"").arg(name, kRecords));
        if (!expanded)
            return expanded.error();
        records = std::move(*expanded);
    }
    auto set = Mem0Backup::toSet(members->value(kManifest), records, name, info.lastModified().toMSecsSinceEpoch(),
        options.initialStability);
    if (!set)
        return set.error();
    set->mapping.format = this->name();
    set->mapping.title = title();
    return set;
}

} // namespace recollector::core::io::formats
