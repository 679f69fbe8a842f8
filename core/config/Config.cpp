#include "config/Config.h"

namespace recollector::core {

Config Config::defaults()
{
    Config c;
    auto add = [&c](const char *name, double enhancedImportance, double dailyFactor, double graceDays,
                    bool neverDecays, double maxAgeDays, double deleteBelow, double decayRateFactor = 1.0) {
        c.categories.push_back(CategoryConfig{QString::fromLatin1(name), enhancedImportance, dailyFactor, graceDays,
                                              neverDecays, maxAgeDays, deleteBelow, decayRateFactor});
    };
    // `fact` comes first: it is also the parameter set of every unknown category
    // (docs/formats.md, "Configuration (config.yaml)"). docs/scoring.md#importance: fact ×0.95 per day after 7
    // days since last access, deleted below 0.3; #enhanced: a fact's I = 1.1.
    add("fact", 1.1, 0.95, 7, false, 0, 0.3);
    // docs/scoring.md#enhanced categories: I = 1.5 / 1.3 / 0.9 / 1.2 / 0.8. Under the importance profile they
    // behave like facts (docs/scoring.md#importance has no rule of its own for them).
    add("identity", 1.5, 0.95, 7, false, 0, 0.3);
    add("stable_preference", 1.3, 0.95, 7, false, 0, 0.3);
    add("short_term_preference", 0.9, 0.95, 7, false, 0, 0.3);
    add("skill", 1.2, 0.95, 7, false, 0, 0.3);
    add("temporary", 0.8, 0.95, 7, false, 0, 0.3);
    // docs/scoring.md#importance: system and core never decay and are never deleted; an episode decays ×0.8 per
    // day after 7 days and is deleted 14 days after its last access (docs/scoring.md#cleanup calls these
    // episodes too: their storage budgets count this category).
    add("system", 1.1, 1.0, 0, true, 0, 0);
    add("core", 1.1, 1.0, 0, true, 0, 0);
    add("episode", 1.1, 0.8, 7, false, 14, 0);
    // docs/scoring.md#cleanup: distilled semantic rules ("最多 200 条规则"); the semanticRules budget counts them.
    add("rule", 1.1, 0.95, 7, false, 0, 0.3);
    // docs/scoring.md#decay-rate categories; a pitfall decays 10 % slower (computeDecayRate: rate × 0.9).
    add("pattern", 1.1, 0.95, 7, false, 0, 0.3);
    add("lesson", 1.1, 0.95, 7, false, 0, 0.3);
    add("preference", 1.1, 0.95, 7, false, 0, 0.3);
    add("pitfall", 1.1, 0.95, 7, false, 0, 0.3, 0.9);
    add("tool", 1.1, 0.95, 7, false, 0, 0.3);
    return c;
}

int Config::categoryIndex(const QString &name) const
{
    int fact = 0;
    for (int i = 0; i < int(categories.size()); ++i) {
        if (categories[size_t(i)].name == name)
            return i;
        if (categories[size_t(i)].name == QLatin1String("fact"))
            fact = i;
    }
    return fact;
}

const CategoryConfig &Config::category(const QString &name) const
{
    return categories[size_t(categoryIndex(name))];
}

} // namespace recollector::core
