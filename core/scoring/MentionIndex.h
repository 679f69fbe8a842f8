#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include "config/Config.h"
#include "model/Event.h"
#include "model/Result.h"
#include "scoring/ScoringProfile.h"

#include <QHash>

#include <vector>

namespace recollector::core {

class EventLog;

/// Every memory's mention instants, gathered from the event log in one pass, so the enhanced
/// profile's S(t) and M(t) can be summarised for many memories at once (MentionSummary goes
/// into ScoreInput). A mention is a `reinforce` or `confirm` event with `"mention": true` in
/// its payload that has not been reverted.
class MentionIndex final
{
public:
    explicit MentionIndex(const Config &config);

    static bool isMention(const Event &event);

    /// Adds the mentions among `events`, leaving out those reverted by revert events in the
    /// same list (pass the reverts along with the mentions).
    void addEvents(const std::vector<Event> &events);
    void add(const QString &memoryId, Millis at);

    /// The summary as of `asOf`: only mentions at or before it count.
    MentionSummary summary(const QString &memoryId, Millis asOf) const;
    bool isEmpty() const { return m_times.isEmpty(); }
    /// The memories with at least one mention.
    QList<QString> ids() const { return m_times.keys(); }
    /// Mentions of one memory with from ≤ at ≤ to.
    int countBetween(const QString &memoryId, Millis from, Millis to) const;
    /// Every mention instant of one memory, oldest first.
    std::vector<Millis> mentionsOf(const QString &memoryId) const { return m_times.value(memoryId); }

    /// The summary of one sorted list of mention instants.
    static MentionSummary summarize(const std::vector<Millis> &sortedTimes, Millis asOf,
                                    const Config::Enhanced &params);

    /// Reads the store's reinforce, confirm and revert events.
    [[nodiscard]] static Result<MentionIndex> load(const EventLog &log, const Config &config);
    /// load() when `profileName` is the enhanced profile (the only one that scores mentions),
    /// otherwise nothing.
    [[nodiscard]] static Result<std::optional<MentionIndex>> loadFor(const QString &profileName, const EventLog &log,
                                                                     const Config &config);
    /// Every memory's mentions that no revert cancelled, as visit(memory id in UTF-8, its
    /// mention instants oldest first), once per memory with at least one; what load() gathers,
    /// for a caller that keys memories its own way. Both arguments live only for the call.
    using MemoryMentionsVisitor = std::function<void(std::string_view memoryIdUtf8, const std::vector<Millis> &sortedTimes)>;
    [[nodiscard]] static Status forEachMention(const EventLog &log, const MemoryMentionsVisitor &visit);

private:
    Config::Enhanced m_params;
    QHash<QString, std::vector<Millis>> m_times; ///< sorted
};

} // namespace recollector::core
