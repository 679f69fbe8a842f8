#pragma once

// Another memory system's file imported as the window and recollector-cli import it: the format
// registry reads it (detected by content), then the one ImportOperation previews and applies it.
#include "config/Config.h"
#include "io/ImportOperation.h"
#include "formats/FormatRegistry.h"
#include "store/Store.h"

namespace recollector::test {

inline core::Result<core::io::MemorySet> readAnyFormat(const QString &path)
{
    return core::io::formats::FormatRegistry::instance().read(path, core::io::AdapterReadOptions {});
}

/// Reads `path` and imports it into `store` with the default policy; the outcome, or the
/// first error (nothing written then).
inline core::Result<core::io::ImportOutcome> importAnyFormat(core::Store &store, const QString &path,
                                                              core::Millis now = 1767225600000 /* 2026-01-01 */)
{
    auto set = readAnyFormat(path);
    if (!set)
        return set.error();
    const core::Config config = core::Config::defaults();
    const core::io::ImportOperation operation(store, config, now);
    auto plan = operation.preview(*set);
    if (!plan)
        return plan.error();
    return operation.apply(*set, *plan, core::io::ImportPolicy {});
}

} // namespace recollector::test
