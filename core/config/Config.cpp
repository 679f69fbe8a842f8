#include "config/Config.h"

namespace engram::core {

Config Config::defaults()
{
    Config c;
    auto add = [&c](const char *name, double enhancedImportance, double dailyFactor, double graceDays,
                    bool neverDecays, double maxAgeDays, double deleteBelow) {
        c.categories.push_back(CategoryConfig{QString::fromLatin1(name), enhancedImportance, dailyFactor, graceDays,
                                              neverDecays, maxAgeDays, deleteBelow});
    };
    // note 002: fact decays ×0.95/day after 7 days, deleted below 0.3; note 001: I = 1.1.
    add("fact", 1.1, 0.95, 7, false, 0, 0.3);
    // note 001 categories (I)
    add("identity", 1.5, 0.95, 7, false, 0, 0.3);
    add("stable_preference", 1.3, 0.95, 7, false, 0, 0.3);
    add("short_term_preference", 0.9, 0.95, 7, false, 0, 0.3);
    add("skill", 1.2, 0.95, 7, false, 0, 0.3);
    add("temporary", 0.8, 0.95, 7, false, 0, 0.3);
    // note 002 categories
    add("system", 1.1, 1.0, 0, true, 0, 0);
    add("core", 1.1, 1.0, 0, true, 0, 0);
    add("episode", 1.1, 0.8, 7, false, 14, 0);
    // note 000 categories
    add("pattern", 1.1, 0.95, 7, false, 0, 0.3);
    add("lesson", 1.1, 0.95, 7, false, 0, 0.3);
    add("preference", 1.1, 0.95, 7, false, 0, 0.3);
    add("pitfall", 1.1, 0.95, 7, false, 0, 0.3);
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

} // namespace engram::core
