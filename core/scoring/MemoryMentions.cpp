#include "scoring/MemoryMentions.h"

#include "model/RevertChain.h"
#include "store/EventLog.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace recollector::core {

namespace {

/// What MentionIndex leaves out of one memory's mentions: the events its reverts undid (a
/// revert is an event on the memory of the event it undoes).
Result<std::vector<qint64>> undoneEvents(const EventLog &log, const QString &memoryId, RevertChain &chain)
{
    auto reverts = log.forMemory(memoryId, {events::kRevert});
    if (!reverts)
        return reverts.error();
    chain.add(*reverts);
    std::vector<qint64> undone;
    for (const Event &r : *reverts) {
        if (const qint64 target = RevertChain::revertTarget(r); target != 0 && chain.isReversed(target))
            undone.push_back(target);
    }
    return undone;
}

} // namespace

Result<MemoryMentions> MemoryMentions::load(const EventLog &log, const Config &config, const QString &memoryId,
                                            Millis at)
{
    RevertChain chain;
    auto undone = undoneEvents(log, memoryId, chain);
    if (!undone)
        return undone.error();
    // The sealed mentions (level 3) only the reader can open: few, read whole.
    std::vector<Millis> sealed;
    const Status st = log.scanSealedMentionsOf(memoryId, [&](qint64 eventId, std::string_view, Millis when) {
        if (!chain.isReversed(eventId))
            sealed.push_back(when);
    });
    if (!st)
        return st.error();
    auto span = [&](Millis from, Millis to) -> Result<Span> {
        auto plain = log.plainMentionSpan(memoryId, from, to, *undone);
        if (!plain)
            return plain.error();
        Span out{plain->count, plain->first, plain->last};
        for (const Millis when : sealed) {
            if (when < from || when > to)
                continue;
            out.first = out.count ? std::min(out.first, when) : when;
            out.last = out.count ? std::max(out.last, when) : when;
            ++out.count;
        }
        return out;
    };
    MemoryMentions mentions(config, at);
    auto upTo = span(std::numeric_limits<Millis>::min(), at);
    if (!upTo)
        return upTo.error();
    mentions.m_upTo = *upTo;
    if (upTo->count == 0)
        return mentions; // nothing in any window either
    const Config::Enhanced &p = mentions.m_params;
    // The windows as MentionIndex::summarize() and DecisionRecorder draw them.
    const Millis frequent = Millis(p.frequentWindowHours * double(kMsPerHour));
    auto window = span(at - Millis(p.momentumWindowDays * double(kMsPerDay)), at);
    auto beforeLast = span(upTo->last - frequent, upTo->last);
    auto recent = span(at - frequent, at);
    for (const auto *r : {&window, &beforeLast, &recent}) {
        if (!*r)
            return r->error();
    }
    mentions.m_window = *window;
    mentions.m_beforeLast = beforeLast->count;
    mentions.m_recent = recent->count;
    return mentions;
}

MentionSummary MemoryMentions::summary() const
{
    // MentionIndex::summarize() on the memory's mention instants, from the counts.
    MentionSummary s;
    if (m_upTo.count + m_added == 0)
        return s;
    s.lastAt = m_added > 0 ? m_at : m_upTo.last;
    const qint64 inWindow = m_window.count + m_added;
    s.inWindow = std::uint16_t(std::min<qint64>(inWindow, std::numeric_limits<std::uint16_t>::max()));
    s.firstInWindowAt = m_window.count > 0 ? m_window.first : (inWindow > 0 ? m_at : 0);
    // The frequent window ends at the last mention: the instant itself once one is added.
    const qint64 frequent = m_added > 0 ? m_recent + m_added : m_beforeLast;
    s.frequent = frequent >= m_params.frequentMentions;
    return s;
}

} // namespace recollector::core
