#include "text/ScoringText.h"

#include <algorithm>
#include <cmath>

#include "engine/graph/LinkTypes.h"

namespace recollector::ui {

QString ScoringText::profile(const QString &name)
{
    if (name == QLatin1String("ebbinghaus")) return tr("ebbinghaus");
    if (name == QLatin1String("enhanced")) return tr("enhanced");
    if (name == QLatin1String("importance")) return tr("importance", "the scoring profile");
    if (name == QLatin1String("lifecycle")) return tr("lifecycle");
    return name;
}

QString ScoringText::linkType(std::uint8_t type)
{
    switch (type) {
    case core::links::Keyword: return tr("keyword");
    case core::links::CoTask: return tr("co-task");
    case core::links::Temporal: return tr("temporal");
    case core::links::CoProject: return tr("co-project");
    case core::links::Manual: return tr("manual");
    case core::links::Semantic: return tr("semantic");
    default: return tr("other");
    }
}

QString ScoringText::duration(double hours)
{
    const auto round = [](double v) { return int(std::lround(std::max(v, 1.0))); };
    if (hours < 48) {
        const int n = round(hours);
        return n == 1 ? tr("1 hour") : tr("%1 hours").arg(n);
    }
    if (hours < 24 * 60)
        return tr("about %1 days").arg(round(hours / 24));
    if (hours < 24 * 365 * 2)
        return tr("about %1 months").arg(round(hours / (24 * 30.4)));
    return tr("about %1 years").arg(round(hours / (24 * 365)));
}

} // namespace recollector::ui
