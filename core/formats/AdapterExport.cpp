#include "formats/AdapterExport.h"

#include "io/Level3Export.h"
#include "formats/FormatRegistry.h"

namespace recollector::core::io::formats {

Result<ExportReport> AdapterExport::write(Store &store, const QString &path, const ExportOptions &options)
{
    const FormatAdapter *adapter = FormatRegistry::instance().byName(options.adapter);
    if (!adapter || !adapter->canWrite())
        return Error::make(Error::Code::Usage,
                           QStringLiteral("%1: Recollector cannot write %2 files").arg(path, options.adapter));
    auto set = Exporter(store).collect(options);
    if (!set)
        return set.error();
    ExportReport report;
    if (const Status level3 = Level3Export::prepare(*set, store, options, report); !level3)
        return level3.error();
    if (options.beforeWrite && !options.beforeWrite(int(set->memories.size())))
        return Error::make(Error::Code::Cancelled, QStringLiteral("%1: export cancelled; nothing was written").arg(path));
    auto written = adapter->write(path, *set);
    if (!written)
        return written.error();
    report.memories = written->memories;
    report.associations = written->associations;
    report.skipped = written->skipped;
    return report;
}

} // namespace recollector::core::io::formats
