#pragma once

#include "model/Result.h"

#include <QString>
#include <QStringList>
#include <QVariant>

#include <vector>

namespace recollector::core {

/// Parameters of one memory category (docs/formats.md, "Configuration (config.yaml)"). Unknown
/// categories use `fact`'s.
struct CategoryConfig
{
    QString name;
    double enhancedImportance = 1.1; ///< docs/scoring.md#enhanced: I (identity 1.5 … temporary 0.8)
    double dailyDecayFactor = 0.95;  ///< docs/scoring.md#importance: importance × factor per day after graceDays
    double graceDays = 7;            ///< docs/scoring.md#importance: days since last access before decay starts
    bool neverDecays = false;        ///< docs/scoring.md#importance: system / core
    double maxAgeDays = 0;           ///< docs/scoring.md#importance: episode deleted after 14 days; 0 = no limit
    double deleteBelow = 0;          ///< docs/scoring.md#importance: fact deleted below 0.3; 0 = never
    double decayRateFactor = 1.0;    ///< docs/scoring.md, "Decay rate": decayRate × this (pitfall 0.9)
    bool operator==(const CategoryConfig &) const = default;
};

/// One tunable key outside `categories`, as the YAML file and the settings dialog name it.
struct ConfigKey
{
    enum class Type { Number, WholeNumber, Choice };
    QString key;         ///< dotted, as in the file: "memory.decay.fadingThreshold"
    Type type = Type::Number;
    double min = 0;      ///< inclusive range (Number, WholeNumber)
    double max = 0;
    QStringList choices; ///< the allowed values (Choice)
};

/// Every tunable number, typed and validated. Defaults are the seed notes' values; the
/// shipped resources/config.yaml states the same defaults. Units are in the names.
struct Config
{
    struct Decay // `memory.decay.*`, docs/formats.md, "Configuration (config.yaml)"
    {
        double initialStability = 24;   // hours
        double manualStability = 168;   // hours
        double maxStability = 8760;     // hours
        double fadingThreshold = 30;    // strength
        double archiveThreshold = 10;   // strength
        double deleteThreshold = 5;     // strength
        double cleanupIntervalHours = 1; // hours between scheduled cleanups; 0 = none scheduled
        /// What a due scheduled cleanup does (docs/scoring.md, "Scheduled cleanup"): "review"
        /// shows its plan in the review queue, "automatic" applies it (undoable).
        QString scheduledCleanup = QStringLiteral("review");
        // computeDecayRate() (docs/scoring.md, "Decay rate"): rate = 1 × 0.7
        // (confidence ≥ 0.8) × 0.8 (≥ 5 reinforcements) × category factor, never below 0.5; the
        // range is 0.5..2.0.
        double highConfidence = 0.8;
        double highConfidenceFactor = 0.7;
        int wellReinforcedCount = 5;
        double wellReinforcedFactor = 0.8;
        double minDecayRate = 0.5;
        double maxDecayRate = 2.0;
        bool operator==(const Decay &) const = default;
    } decay;
    struct Reinforce // `memory.reinforce.*`, one key per event (docs/scoring.md, "Reinforcement")
    {
        double retrieve = 1.2;      // event access
        double taskSuccess = 2.0;   // task_success
        double taskFailure = 0.8;   // task_failure
        double manualReview = 1.5;  // manual
        double associationHit = 1.1;
        bool operator==(const Reinforce &) const = default;
    } reinforce;
    struct Enhanced // docs/scoring.md, "Enhanced"
    {
        double alphaBase = 0.01;         // per day
        double userFactor = 1.0;         // U: 0.8 / 1.0 / 1.3
        double semanticBoost = 0.5;      // s_max
        double frequentSemanticBoost = 0.3;
        double semanticLambda = 0.05;    // per day
        int frequentMentions = 3;        // ≥ 3 mentions …
        double frequentWindowHours = 24; // … within 24 h
        double momentum = 0.3;           // m
        double momentumLambda = 0.5;     // λ_m
        double momentumWindowDays = 3;
        double minWeight = 0.01;
        double maxWeight = 2.0;
        double fadingBelow = 0.5;
        double weakBelow = 0.3;
        double forgottenBelow = 0.01;
        // docs/scoring.md#cleanup, enhanced: W < 0.01 and this many days without activation → ARCHIVE
        // (doubled for sensitivity 1, "slow compression"); archived for longer than
        // deleteArchivedAfterDays → delete ("optional, user configured": 0 = never).
        double archiveAfterDays = 180;
        double deleteArchivedAfterDays = 0;
        bool operator==(const Enhanced &) const = default;
    } enhanced;
    struct Importance // docs/scoring.md, "Importance"
    {
        double boost = 0.3;
        double coreAt = 3.0;
        double promoteReviewAt = 2.5;
        double decayReviewBelow = 0.5;
        double resetOnKeep = 0.5;
        double weakBelow = 0.5;
        double forgottenBelow = 0.3;
        bool operator==(const Importance &) const = default;
    } importance;
    struct Lifecycle // docs/scoring.md, "Lifecycle"
    {
        double ageLambda = 0.1;          // per day
        double recallWeight = 0.2;
        double importanceWeight = 0.3;
        double activeAt = 0.7;
        double fadingAt = 0.3;
        double weakAt = 0.1;
        bool operator==(const Lifecycle &) const = default;
    } lifecycle;
    struct Conflicts // docs/scoring.md, "Conflicts"
    {
        double minFactor = 0.3;          // c_min
        double recoveryPerDay = 0.01;    // λ
        double keywordJaccard = 0.5;
        double temporalShiftDays = 30;
        double directConfidenceFactor = 0.8;
        QString onTemporalShift = QStringLiteral("latest_wins"); // latest_wins | flag
        QString onScopeOverlap = QStringLiteral("project_wins"); // project_wins | flag
        QString onDirectContradiction = QStringLiteral("flag");  // flag (confidences × 0.8, wait)
        bool operator==(const Conflicts &) const = default;
    } conflicts;
    struct Associations // docs/scoring.md, "Associations"
    {
        double keywordThreshold = 0.3;
        double coTaskWeight = 0.5;
        double temporalWeight = 0.3;
        double temporalWindowHours = 24;
        double temporalMinWeight = 0.05;
        double coProjectWeight = 0.2;
        double coRetrievalBoost = 0.05;
        double confirmedHitBoost = 0.1;
        double activationDecay = 0.5;
        int maxDepth = 2;
        double minActivation = 0.1;
        int maxResults = 5;
        bool operator==(const Associations &) const = default;
    } associations;
    struct Budgets // docs/scoring.md, "Cleanup"
    {
        int activeEpisodes = 1000;
        int compressed = 5000;
        int semanticRules = 200;
        double purgeAfterDays = 30;
        bool operator==(const Budgets &) const = default;
    } budgets;

    struct Privacy // docs/formats.md, "Encryption at rest"
    {
        int idleLockMinutes = 10; ///< the window locks level 3 again after this idle time; 0 = never
        bool operator==(const Privacy &) const = default;
    } privacy;

    std::vector<CategoryConfig> categories;

    /// The built-in defaults (categories of all four notes included).
    static Config defaults();
    /// Loads YAML over the defaults. Errors name the file, the line and the key.
    [[nodiscard]] static Result<Config> fromYamlFile(const QString &path);
    [[nodiscard]] static Result<Config> fromYamlText(const QByteArray &yaml, const QString &fileName);
    QByteArray toYaml() const;

    /// Every key outside `categories`, grouped by section (the same table reading, range
    /// checks and writing use).
    static const std::vector<ConfigKey> &keys();
    /// A key's value (double, int or QString), or an invalid QVariant for an unknown key.
    QVariant value(const QString &key) const;
    /// Sets a key without range checks (validate() reports them); false for an unknown key or
    /// a value that does not convert to the key's type.
    bool setValue(const QString &key, const QVariant &value);
    /// The checks fromYamlText() makes, on this value: every range, every choice, every
    /// category's numbers and the cross-field orderings. The message starts with the key
    /// ("enhanced.userFactor: 20 is out of range [0.1, 10]").
    [[nodiscard]] Status validate() const;

    /// The category's parameters, or `fact`'s for an unknown one.
    const CategoryConfig &category(const QString &name) const;
    /// Index into `categories` (unknown → index of `fact`), for compact per-memory storage.
    int categoryIndex(const QString &name) const;

    bool operator==(const Config &) const = default;
};

} // namespace recollector::core
