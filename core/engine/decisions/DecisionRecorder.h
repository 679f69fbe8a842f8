#pragma once

#include "config/Config.h"
#include "engine/decisions/DecisionOutcome.h"
#include "model/Memory.h"
#include "model/Result.h"
#include "scoring/MemoryMentions.h"

#include <QJsonObject>

#include <map>
#include <memory>
#include <optional>

namespace recollector::core {

class EnhancedProfile;
class Store;

/// Writes the parts of one decision inside the caller's transaction: each change of a
/// memory row goes with one appended event whose payload holds the decision id, the
/// changed fields "before" and "after" (MemoryFields, exact enough to restore), and note
/// 001's weight change log entry ({oldWeight, newWeight, delta, reason, factors,
/// factorsBefore}): the enhanced W before and after, under every profile, so switching
/// profiles never loses it (docs/scoring.md, "Weight change log").
class DecisionRecorder final
{
public:
    /// `weights`: the enhanced model W is computed with; nullptr = one built from `config`.
    DecisionRecorder(Store &store, const Config &config, const EnhancedProfile *weights, QString actor, Millis at);
    ~DecisionRecorder();

    const QString &decisionId() const { return m_outcome.decisionId; }
    Millis at() const { return m_at; }

    /// Appends `kind` for the change before → after and writes the row. `addsMention`: the
    /// event is a mention (payload "mention": true), counted from now on for S and M.
    [[nodiscard]] Status change(const QString &kind, const Memory &before, const Memory &after,
                                const QJsonObject &extra = {}, bool addsMention = false);
    /// Inserts a new memory and appends `kind` with "created": true and the whole memory as "after".
    [[nodiscard]] Status create(const QString &kind, const Memory &created, const QJsonObject &extra = {});
    /// Removes a memory for good and appends `kind` with "removed": true, the whole memory as
    /// "before" and its associations, so a revert can put everything back.
    [[nodiscard]] Status remove(const QString &kind, const Memory &removed, const QJsonObject &extra = {});
    /// Appends an event that changes no memory row (payload gets the decision id).
    [[nodiscard]] Status note(const QString &kind, const QString &memoryId, const QJsonObject &payload);
    void addConflict(qint64 conflictId) { m_outcome.conflictIds << conflictId; }
    /// A learned strengthening of the link between `memoryId` and `other` by `delta`, capped
    /// at 1.0 (docs/scoring.md, "Associations", "Learned weights"): the link row and a
    /// `link_boost` event on `memoryId` ({other, delta, reason, weightBefore, weightAfter,
    /// linkRemoved, linkAdded} plus `extra}), so a revert puts the link back and a rebuild of
    /// the links applies the boost again, and its copy on `other` (`mirror: true`, no link)
    /// for that memory's history. A pair without a link, or one already at 1.0, is
    /// left alone: nullopt, nothing written.
    [[nodiscard]] Result<std::optional<double>> boostLink(const QString &memoryId, const QString &other, double delta,
                                                          const QString &reason, const QJsonObject &extra = {});

    /// The memory's earlier mentions within the frequent window before `at`
    /// (docs/scoring.md, "Mentions (enhanced profile)").
    [[nodiscard]] Result<int> recentMentions(const QString &memoryId);

    const DecisionOutcome &outcome() const { return m_outcome; }

private:
    Status append(const QString &kind, const QString &memoryId, QJsonObject payload);
    /// The memory's mentions as of the decision, read once per decision.
    Result<MemoryMentions *> mentionsOf(const QString &memoryId);
    QJsonObject weightChange(const QString &reason, const Memory *before, const MentionSummary &mentionsBefore,
                             const Memory *after, const MentionSummary &mentionsAfter) const;
    void touched(const QString &memoryId);

    Store &m_store;
    const Config &m_config;
    std::unique_ptr<EnhancedProfile> m_ownWeights;
    const EnhancedProfile *m_weights;
    QString m_actor;
    Millis m_at;
    std::map<QString, MemoryMentions> m_mentions; ///< node-based: a pointer to one stays valid
    DecisionOutcome m_outcome;
};

} // namespace recollector::core
