#include "engine/review/CleanupSchedule.h"

#include "store/MetaRepository.h"
#include "store/Store.h"

#include <cmath>

namespace recollector::core {

Millis CleanupSchedule::interval(const Config &config)
{
    return Millis(std::llround(config.decay.cleanupIntervalHours * double(kMsPerHour)));
}

bool CleanupSchedule::isAutomatic(const Config &config)
{
    return config.decay.scheduledCleanup == QLatin1String("automatic");
}

Result<CleanupSchedule> CleanupSchedule::at(Store &store, const Config &config, Millis now)
{
    auto last = store.meta().value(MetaRepository::kLastCleanupAt);
    if (!last)
        return last.error();
    CleanupSchedule s;
    s.scheduled = interval(config) > 0;
    if (!last->isEmpty()) {
        const auto parsed = time::fromIso(*last);
        if (!parsed)
            return Error::make(Error::Code::Validation,
                               QStringLiteral("%1: meta last_cleanup_at: '%2' is not an ISO-8601 instant")
                                   .arg(store.path(), *last));
        s.lastAt = *parsed;
        s.dueAt = s.lastAt + interval(config);
    }
    s.due = s.scheduled && (s.lastAt == 0 || now >= s.dueAt);
    return s;
}

} // namespace recollector::core
