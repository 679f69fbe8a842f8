#pragma once

#include "config/Config.h"
#include "model/Result.h"
#include "scoring/ScoringProfile.h"

#include <QString>

namespace recollector::core {

class EventLog;

/// One memory's mentions as a decision at one instant needs them (docs/scoring.md, "Mentions
/// (enhanced profile)"): the summary as of that instant and the count in the frequent window
/// before it, with the mentions the decision adds. Read as a few counts over the mention
/// index, not as the list of every mention, so a decision costs the same on a memory
/// mentioned a thousand times as on a new one (docs/team-store.md#many-writers). Gives what
/// MentionIndex gives for the memory's whole history (core.memory_mentions compares them).
class MemoryMentions final
{
public:
    [[nodiscard]] static Result<MemoryMentions> load(const EventLog &log, const Config &config,
                                                     const QString &memoryId, Millis at);

    /// A mention at the instant, made by the decision.
    void addOne() { ++m_added; }
    /// As MentionIndex::summary(memory, at).
    MentionSummary summary() const;
    /// As MentionIndex::countBetween(memory, at − the frequent window, at).
    int recent() const { return int(m_recent) + m_added; }

private:
    /// Mentions in [from, to] that no revert undid: count, first, last.
    struct Span
    {
        qint64 count = 0;
        Millis first = 0;
        Millis last = 0;
    };
    MemoryMentions(const Config &config, Millis at) : m_params(config.enhanced), m_at(at) {}

    Config::Enhanced m_params;
    Millis m_at = 0;
    Span m_upTo;            ///< every mention at or before the instant (its last is lastAt)
    Span m_window;          ///< those in the momentum window ending at the instant
    qint64 m_beforeLast = 0; ///< those in the frequent window ending at the last one
    qint64 m_recent = 0;    ///< those in the frequent window ending at the instant
    int m_added = 0;
};

} // namespace recollector::core
