#include "formats/FormatRegistry.h"

#include "formats/BasicMemoryAdapter.h"
#include "formats/ClaudeMemoryAdapter.h"
#include "formats/RecollectorAdapter.h"
#include "formats/LettaAdapter.h"
#include "formats/McpMemoryAdapter.h"
#include "formats/McpMemoryServiceAdapter.h"
#include "formats/Mem0Adapter.h"
#include "formats/Mem0HistoryAdapter.h"

namespace recollector::core::io::formats {

FormatRegistry::FormatRegistry()
{
    // Other programs' formats first: each recognises its own content precisely. Recollector's own
    // sets last, since its JSON reader takes any object and explains what it lacks.
    m_adapters.push_back(std::make_unique<LettaAdapter>());
    m_adapters.push_back(std::make_unique<McpMemoryAdapter>());
    m_adapters.push_back(std::make_unique<Mem0Adapter>());
    m_adapters.push_back(std::make_unique<Mem0HistoryAdapter>());
    m_adapters.push_back(std::make_unique<McpMemoryServiceAdapter>());
    m_adapters.push_back(std::make_unique<ClaudeMemoryAdapter>());
    m_adapters.push_back(std::make_unique<BasicMemoryAdapter>());
    m_adapters.push_back(std::make_unique<RecollectorAdapter>());
}

const FormatRegistry &FormatRegistry::instance()
{
    static const FormatRegistry registry;
    return registry;
}

const FormatAdapter *FormatRegistry::byName(const QString &name) const
{
    // "engram": the native set's name before the rename, in scripts written for Engram.
    const QString wanted = name == QLatin1String("engram") ? QStringLiteral("recollector") : name;
    for (const auto &a : m_adapters) {
        if (a->name() == wanted)
            return a.get();
    }
    return nullptr;
}

const FormatAdapter *FormatRegistry::detect(const FormatProbe &probe) const
{
    for (const auto &a : m_adapters) {
        if (a->detect(probe))
            return a.get();
    }
    return nullptr;
}

QString FormatRegistry::knownFormats() const
{
    QStringList names;
    for (const auto &a : m_adapters)
        names << QStringLiteral("%1 [%2]").arg(a->title(), a->name());
    return names.join(QStringLiteral("; "));
}

QStringList FormatRegistry::writableNames() const
{
    QStringList names;
    for (const auto &a : m_adapters) {
        if (a->canWrite())
            names << a->name();
    }
    return names;
}

Result<MemorySet> FormatRegistry::read(const QString &path, const AdapterReadOptions &options,
                                       const QString &formatName) const
{
    if (!formatName.isEmpty()) {
        const FormatAdapter *chosen = byName(formatName);
        if (!chosen)
            return Error::make(Error::Code::Usage,
                QStringLiteral("no format called '%1'; Recollector reads: %2").arg(formatName, knownFormats()));
        return chosen->read(path, options);
    }
    const FormatProbe probe = FormatProbe::of(path);
    if (const FormatAdapter *found = detect(probe))
        return found->read(path, options);
    // None recognises it: Recollector's reader says what is wrong with it as a memory set (an empty,
    // truncated or double-encoded file, a missing "format"), and the line names every format.
    auto set = byName(QStringLiteral("recollector"))->read(path, options);
    if (set)
        return set;
    Error e = set.error();
    // An empty file, or one JSON string (double-encoded or not), already has its own precise
    // line; any other content no format took gets the list.
    const QByteArray head = probe.trimmedHead();
    if ((e.code == Error::Code::Parse || e.code == Error::Code::Validation) && !head.isEmpty() && !head.startsWith('"'))
        e.message = QStringLiteral("%1; no format Recollector knows recognises it (Recollector reads: %2)")
                        .arg(e.message, knownFormats());
    return e;
}

} // namespace recollector::core::io::formats
