#pragma once

#include "model/Time.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace recollector::core {

/// Where a memory came from (docs/formats.md, "A memory's fields"). `type` ∈ task, manual,
/// chat, user, background_ai, system, import.
struct MemorySource
{
    QString type = QStringLiteral("manual");
    QString taskId;
    QString chatId;
    QString messageId;

    bool operator==(const MemorySource &) const = default;
};

/// Detail level (docs/formats.md, "A memory's fields"): full text, a summary, a trace, or archived.
enum class MemoryLevel { Full, Summary, Trace, Archive };
QString levelName(MemoryLevel level);
std::optional<MemoryLevel> levelFromName(const QString &name);

/// One memory: the union of the four notes' fields (docs/formats.md, "A memory's fields").
/// Instants are UTC milliseconds (0 = not set); stability is in hours; importance is Recollector's
/// (docs/scoring.md, "Importance") scale.
struct Memory
{
    QString id;
    QString content;
    QString category;
    QStringList keywords;          ///< lower-cased, trimmed, de-duplicated (see normalizeKeywords)
    MemorySource source;
    double confidence = 0.5;       ///< 0..1
    Millis createdAt = 0;
    Millis updatedAt = 0;
    Millis lastAccessedAt = 0;     ///< retrieval hit; access ≠ reinforcement
    Millis lastReinforcedAt = 0;   ///< decay counts from here (docs/scoring.md#enhanced: last_activated_at)
    int accessCount = 0;
    int reinforceCount = 0;
    QString projectPath;           ///< empty = global
    double strength = 50;          ///< cached ebbinghaus strength 0..100, persisted on write
    double stability = 24;         ///< hours
    double decayRate = 1.0;        ///< 0.5..2.0
    double importance = 1.0;       ///< docs/scoring.md#importance; ≥ 3.0 = core
    bool verified = false;
    bool permanent = false;
    bool negated = false;
    Millis negatedAt = 0;          ///< when the conflict factor C(t) started (negation or supersession)
    QJsonArray correctionHistory;  ///< [{time, reason, newPreference, newId}]
    MemoryLevel level = MemoryLevel::Full;
    bool compressed = false;
    QString compressedFrom;
    QStringList mergedFrom;
    QString mergedInto;
    QStringList sourceIds;
    QStringList originalContents;
    int sensitivity = 0;           ///< 0..3
    QStringList modalities{QStringLiteral("text")};
    Millis deletedAt = 0;          ///< soft delete
    bool superseded = false;       ///< a newer memory replaced this one (agent folders, temporal_shift)
    QString supersedesId;          ///< on the replacement: the id it supersedes
    std::optional<double> agentImportance; ///< an agent folder's own 1–10 importance, kept verbatim
    QString agentTier;             ///< an agent folder's tier (hot | longterm | permanent), kept verbatim
    QJsonObject extra;             ///< unknown imported fields, kept for the round trip
    /// Level 3 only (docs/formats.md, "Encryption at rest"): the sealed text as stored, when it
    /// could not be opened (the store is locked, or the text is damaged). Then content,
    /// keywords, compressedFrom and originalContents are empty; writing the memory back keeps
    /// this sealed text as it is. Empty for every memory whose text is readable.
    QString sealed;
    QString sealError;             ///< why `sealed` did not open; empty when the store is just locked

    bool isDeleted() const { return deletedAt != 0; }
    /// True when the memory's text is sealed and not readable now ("locked" in every view).
    bool isLocked() const { return !sealed.isEmpty(); }
    /// The content as every view shows it: "locked" for a locked memory.
    QString shownContent() const { return isLocked() ? QStringLiteral("locked") : content; }
    bool operator==(const Memory &) const = default;
};

/// Lower-cases, trims, drops empties and duplicates, keeping first-seen order.
QStringList normalizeKeywords(const QStringList &keywords);

/// Initial stability for a new memory by source (docs/scoring.md, "Reinforcement"): 168 h
/// manual, 24 h otherwise.
double initialStabilityFor(const MemorySource &source, double initialHours = 24, double manualHours = 168);

/// memory.decay.initialStability's default, hours (docs/scoring.md#reinforcement: a new memory starts at 24 h).
constexpr double kDefaultInitialStability = 24;

/// Legacy stability for an entry that lacks one (docs/formats.md, "Lazy migration"):
/// base + min(12·accessCount, 120) + 48·confidence, base = the configured initial stability
/// (docs/formats.md#lazy-migration: the initial stability starts from the 24 h of a new memory).
double legacyStability(int accessCount, double confidence, double baseHours = kDefaultInitialStability);

/// The source of a memory read from Claude Code's memory folder.
inline const QString &claudeCodeSource()
{
    static const QString kSource = QStringLiteral("claude-code");
    return kSource;
}
/// A memory whose assistant never says which memories it uses (Claude Code) and whose use
/// nothing has recorded yet (its hook, a recall, a person's confirmation): its fade would be
/// made up, so it is shown as "no recall seen yet" and no cleanup archives or deletes it
/// (docs/formats.md, "claude-hooks").
inline bool awaitsEvidenceOfUse(const QString &sourceType, int accessCount)
{
    return accessCount == 0 && sourceType == claudeCodeSource();
}

} // namespace recollector::core
