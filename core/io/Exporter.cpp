#include "io/Exporter.h"

#include "io/AgentFolder.h"
#include "io/AtomicFile.h"
#include "io/CsvWriter.h"
#include "io/Level3Export.h"
#include "io/MemorySetJson.h"
#include "io/MemorySetStreamWriter.h"
#include "io/MemorySetYaml.h"
#include "io/SiblingWrite.h"
#include "store/Store.h"

#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace recollector::core::io {

std::optional<SetFormat> Exporter::formatForPath(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir() || path.endsWith(QLatin1Char('/')))
        return SetFormat::AgentFolder;
    const QString suffix = info.suffix().toLower();
    if (suffix == QLatin1String("json"))
        return SetFormat::RecollectorJson;
    if (suffix == QLatin1String("yaml") || suffix == QLatin1String("yml"))
        return SetFormat::RecollectorYaml;
    if (suffix == QLatin1String("csv"))
        return SetFormat::Csv;
    return std::nullopt;
}

Result<QString> Exporter::profileName() const
{
    auto profile = m_store.meta().value(MetaRepository::kProfile, QStringLiteral("ebbinghaus"));
    if (!profile)
        return profile.error();
    return profile->isEmpty() ? QStringLiteral("ebbinghaus") : *profile;
}

Result<MemorySet> Exporter::collect(const ExportOptions &options) const
{
    MemorySet set;
    set.exportedAt = options.exportedAt != 0 ? options.exportedAt : time::nowMs();
    auto profile = profileName();
    if (!profile)
        return profile.error();
    set.profile = *profile;

    const bool subset = !options.ids.isEmpty();
    if (subset) {
        auto found = m_store.memories().byIds(options.ids);
        if (!found)
            return found.error();
        set.memories = std::move(*found);
        if (set.memories.size() != size_t(QSet<QString>(options.ids.cbegin(), options.ids.cend()).size())) {
            QSet<QString> have;
            for (const Memory &m : set.memories)
                have.insert(m.id);
            for (const QString &id : options.ids) {
                if (!have.contains(id))
                    return Error::make(Error::Code::NotFound,
                        QStringLiteral("%1: no memory with id %2; nothing exported").arg(m_store.path(), id));
            }
        }
    } else {
        auto all = m_store.memories().all(true);
        if (!all)
            return all.error();
        set.memories = std::move(*all);
    }
    std::sort(set.memories.begin(), set.memories.end(),
        [](const Memory &x, const Memory &y) { return x.id < y.id; });
    QSet<QString> ids;
    if (subset) {
        for (const Memory &m : set.memories)
            ids.insert(m.id);
    }

    const Status links = m_store.associations().forEach([&](const Association &a) {
        if (!subset || (ids.contains(a.a) && ids.contains(a.b)))
            set.associations.push_back(a);
        return true;
    });
    if (!links)
        return links.error();
    std::sort(set.associations.begin(), set.associations.end(),
        [](const Association &x, const Association &y) { return std::tie(x.a, x.b) < std::tie(y.a, y.b); });

    auto events = m_store.events().all();
    if (!events)
        return events.error();
    for (Event &e : *events) {
        // The store's own import events: `import`, and the import's records for its undo (actor import).
        if (!options.includeImportEvents && (e.kind == events::kImport || e.actor == QLatin1String("import")))
            continue;
        if (subset && !ids.contains(e.memoryId))
            continue;
        set.events.push_back(std::move(e));
    }
    std::sort(
        set.events.begin(), set.events.end(), [](const Event &x, const Event &y) { return x.id < y.id; });

    auto conflicts = m_store.conflicts().list();
    if (!conflicts)
        return conflicts.error();
    for (Conflict &c : *conflicts) {
        if (!subset || (ids.contains(c.a) && ids.contains(c.b)))
            set.conflicts.push_back(std::move(c));
    }
    std::sort(set.conflicts.begin(), set.conflicts.end(),
        [](const Conflict &x, const Conflict &y) { return x.id < y.id; });
    return set;
}

Result<std::optional<ExportReport>> Exporter::writeStreamed(const QString &path, const ExportOptions &options) const
{
    if (options.collectingWriter || options.format != SetFormat::RecollectorJson || !options.ids.isEmpty()
        || options.includeLevel3Plain)
        return std::optional<ExportReport>();
    auto profile = profileName();
    if (!profile)
        return profile.error();
    const Millis exportedAt = options.exportedAt != 0 ? options.exportedAt : time::nowMs();
    return MemorySetStreamWriter(m_store, options, exportedAt, *profile).write(path);
}

Result<ExportReport> Exporter::write(const QString &path, const ExportOptions &givenOptions) const
{
    if (!givenOptions.adapter.isEmpty()) // another program's format: formats::AdapterExport writes it
        return Error::make(Error::Code::Usage,
                           QStringLiteral("%1: %2 is written by its format adapter").arg(path, givenOptions.adapter));
    // beforeWrite is asked once, also when the streamed export hands over to collecting.
    ExportOptions options = givenOptions;
    std::optional<bool> answer;
    if (givenOptions.beforeWrite) {
        options.beforeWrite = [&](int memories) {
            if (!answer)
                answer = givenOptions.beforeWrite(memories);
            return *answer;
        };
    }
    auto streamed = writeStreamed(path, options);
    if (!streamed)
        return streamed.error();
    if (*streamed)
        return **streamed;
    auto set = collect(options);
    if (!set)
        return set.error();
    ExportReport report;
    if (const Status sealed = Level3Export::prepare(*set, m_store, options, report); !sealed)
        return sealed.error();
    if (options.beforeWrite && !options.beforeWrite(int(set->memories.size())))
        return Error::make(Error::Code::Cancelled, QStringLiteral("%1: export cancelled; nothing was written").arg(path));
    report.memories = int(set->memories.size());
    report.associations = int(set->associations.size());
    report.events = int(set->events.size());
    report.conflicts = int(set->conflicts.size());
    Status st;
    switch (options.format) {
    case SetFormat::RecollectorJson:
        st = MemorySetJson::writeFile(path, *set);
        break;
    case SetFormat::RecollectorYaml:
        st = MemorySetYaml::writeFile(path, *set);
        break;
    case SetFormat::Csv:
        st = AtomicFile::write(path, CsvWriter::toBytes(set->memories, options.profile, set->exportedAt));
        break;
    case SetFormat::AgentFolder: {
        // Into a temporary sibling first: a failure leaves no file of this export behind.
        std::optional<AgentFolder::WriteReport> written;
        st = SiblingWrite::run(path, [&](const QString &staging) -> Status {
            auto report = AgentFolder::write(staging, *set);
            if (!report)
                return report.error();
            written = std::move(*report);
            return {};
        });
        if (!st)
            return st.error();
        report.skipped = written->skipped;
        report.memories -= int(written->skipped.size()) + written->deleted;
        report.events = 0; // a folder holds memories and their links only
        report.conflicts = 0;
        break;
    }
    case SetFormat::LegacyArray:
        return Error::make(Error::Code::Usage,
            QStringLiteral("%1: the legacy note-000 array is read only; export JSON instead").arg(path));
    }
    if (!st)
        return st.error();
    return report;
}

} // namespace recollector::core::io
