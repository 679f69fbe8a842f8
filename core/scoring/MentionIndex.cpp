#include "scoring/MentionIndex.h"

#include "model/RevertChain.h"
#include "store/EventLog.h"

#include <algorithm>
#include <limits>
#include <map>
#include <string>

namespace recollector::core {

MentionIndex::MentionIndex(const Config &config) : m_params(config.enhanced) {}

bool MentionIndex::isMention(const Event &event)
{
    return (event.kind == events::kReinforce || event.kind == events::kConfirm)
           && event.payload.value(QStringLiteral("mention")).toBool();
}

void MentionIndex::add(const QString &memoryId, Millis at)
{
    std::vector<Millis> &times = m_times[memoryId];
    times.insert(std::upper_bound(times.begin(), times.end(), at), at);
}

void MentionIndex::addEvents(const std::vector<Event> &events)
{
    const RevertChain chain(events);
    for (const Event &e : events) {
        if (isMention(e) && !chain.isReversed(e.id))
            add(e.memoryId, e.at);
    }
}

MentionSummary MentionIndex::summary(const QString &memoryId, Millis asOf) const
{
    const auto it = m_times.constFind(memoryId);
    if (it == m_times.cend())
        return {};
    return summarize(*it, asOf, m_params);
}

int MentionIndex::countBetween(const QString &memoryId, Millis from, Millis to) const
{
    const auto it = m_times.constFind(memoryId);
    if (it == m_times.cend() || to < from)
        return 0;
    return int(std::upper_bound(it->begin(), it->end(), to) - std::lower_bound(it->begin(), it->end(), from));
}

MentionSummary MentionIndex::summarize(const std::vector<Millis> &times, Millis asOf, const Config::Enhanced &p)
{
    MentionSummary s;
    const auto end = std::upper_bound(times.begin(), times.end(), asOf);
    if (end == times.begin())
        return s;
    s.lastAt = *(end - 1);
    const Millis windowStart = asOf - Millis(p.momentumWindowDays * double(kMsPerDay));
    const auto first = std::lower_bound(times.begin(), end, windowStart);
    s.inWindow = std::uint16_t(std::min<std::ptrdiff_t>(end - first, std::numeric_limits<std::uint16_t>::max()));
    s.firstInWindowAt = s.inWindow ? *first : 0;
    // docs/scoring.md#mentions-enhanced-profile, "frequent reinforcement": ≥ 3 mentions within 24 h, the latest included.
    const Millis frequentStart = s.lastAt - Millis(p.frequentWindowHours * double(kMsPerHour));
    s.frequent = (end - std::lower_bound(times.begin(), end, frequentStart)) >= p.frequentMentions;
    return s;
}

Status MentionIndex::forEachMention(const EventLog &log, const MemoryMentionsVisitor &visit)
{
    // Every revert, which may cancel a mention (or cancel the revert of one).
    auto reverts = log.since(std::numeric_limits<Millis>::min(), events::kRevert);
    if (!reverts)
        return reverts.error();
    const RevertChain chain(*reverts);
    // The sealed mentions first (few), each merged into its memory's run of plain ones below.
    std::map<std::string, std::vector<Millis>, std::less<>> sealed;
    Status st = log.scanSealedMentions([&](qint64 eventId, std::string_view memoryId, Millis at) {
        if (!chain.isReversed(eventId))
            sealed[std::string(memoryId)].push_back(at);
    });
    if (!st)
        return st;
    // The plain ones arrive by memory and then time: one run per memory, already sorted.
    std::string current;
    std::vector<Millis> times;
    const auto endOfRun = [&] {
        if (const auto it = sealed.find(current); it != sealed.end()) {
            times.insert(times.end(), it->second.begin(), it->second.end());
            std::sort(times.begin(), times.end());
            sealed.erase(it);
        }
        if (!times.empty())
            visit(current, times);
    };
    st = log.scanMentionsByMemory([&](qint64 eventId, std::string_view memoryId, Millis at) {
        if (memoryId != current) {
            endOfRun();
            current.assign(memoryId);
            times.clear();
        }
        if (!chain.isReversed(eventId))
            times.push_back(at);
    });
    if (!st)
        return st;
    endOfRun();
    for (auto &[memoryId, sealedTimes] : sealed) {
        std::sort(sealedTimes.begin(), sealedTimes.end());
        visit(memoryId, sealedTimes);
    }
    return {};
}

Result<MentionIndex> MentionIndex::load(const EventLog &log, const Config &config)
{
    MentionIndex index(config);
    const Status st = forEachMention(log, [&](std::string_view memoryId, const std::vector<Millis> &times) {
        index.m_times.insert(QString::fromUtf8(memoryId.data(), qsizetype(memoryId.size())), times);
    });
    if (!st)
        return st.error();
    return index;
}

Result<std::optional<MentionIndex>> MentionIndex::loadFor(const QString &profileName, const EventLog &log,
                                                         const Config &config)
{
    if (profileName != QLatin1String("enhanced"))
        return std::optional<MentionIndex>();
    auto loaded = load(log, config);
    if (!loaded)
        return loaded.error();
    return std::optional<MentionIndex>(std::move(*loaded));
}

} // namespace recollector::core
