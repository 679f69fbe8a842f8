#include "text/ScoringText.h"

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

} // namespace recollector::ui
