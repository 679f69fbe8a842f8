#include "scoring/MentionIndex.h"

#include "model/RevertChain.h"
#include "store/EventLog.h"

#include <algorithm>
#include <limits>

namespace engram::core {

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
    // note 001 "frequent reinforcement": ≥ 3 mentions within 24 h, the latest included.
    const Millis frequentStart = s.lastAt - Millis(p.frequentWindowHours * double(kMsPerHour));
    s.frequent = (end - std::lower_bound(times.begin(), end, frequentStart)) >= p.frequentMentions;
    return s;
}

Result<MentionIndex> MentionIndex::load(const EventLog &log, const Config &config)
{
    // The events that may be mentions (indexed; not every reinforcement), and every revert,
    // which may cancel one (or cancel the revert of one).
    auto all = log.mentionCandidates();
    if (!all)
        return all.error();
    auto reverts = log.since(std::numeric_limits<Millis>::min(), events::kRevert);
    if (!reverts)
        return reverts.error();
    all->insert(all->end(), std::make_move_iterator(reverts->begin()), std::make_move_iterator(reverts->end()));
    MentionIndex index(config);
    index.addEvents(*all);
    return index;
}

} // namespace engram::core
