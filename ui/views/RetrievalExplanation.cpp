#include "views/RetrievalExplanation.h"

#include <QCoreApplication>

namespace recollector::ui {

namespace {
// The weights Retrieval uses (core/engine/recall/Retrieval.cpp; docs/scoring.md, "Retrieval").
// The factors it reports are the inputs; the weights are fixed by the notes, not configurable.
constexpr double kKeywordWeight = 2.0;
constexpr double kStrengthWeight = 0.5;
constexpr double kConfidenceWeight = 0.3;
constexpr double kAssocKeywordWeight = 0.6;
constexpr double kAssocActivationWeight = 0.4;

QString tr(const char *text) { return QCoreApplication::translate("recollector::ui::RetrievalExplanation", text); }
} // namespace

QString RetrievalExplanation::number(double value) { return QString::number(value, 'f', 3); }

QString RetrievalExplanation::formula(bool direct)
{
    return direct ? tr("keyword overlap × 2 + strength / 100 × 0.5 + project bonus + confidence × 0.3")
                  : tr("(keyword score × 0.6 + activation × 0.4) × strength / 100");
}

std::vector<RetrievalExplanation::Term> RetrievalExplanation::terms(const core::RetrievalResult &r)
{
    auto f = [&r](const char *key) { return r.factors.value(QLatin1String(key)).toDouble(); };
    std::vector<Term> out;
    if (r.direct) {
        const double overlap = f("keywordOverlap");
        const double strength = f("strength");
        const double project = f("projectBonus");
        const double confidence = f("confidence");
        out.push_back({tr("keyword overlap %1 × 2").arg(number(overlap)), number(overlap * kKeywordWeight),
                       QStringLiteral("keywordOverlap")});
        out.push_back({tr("strength %1 / 100 × 0.5").arg(QString::number(strength, 'f', 1)),
                       number(strength / 100.0 * kStrengthWeight), QStringLiteral("strength")});
        out.push_back({project > 0 ? tr("project bonus (same project)") : tr("project bonus (none)"), number(project),
                       QStringLiteral("projectBonus")});
        out.push_back({tr("confidence %1 × 0.3").arg(QString::number(confidence, 'f', 2)),
                       number(confidence * kConfidenceWeight), QStringLiteral("confidence")});
        out.push_back({tr("= relevance score"), number(r.score), QStringLiteral("score")});
        return out;
    }
    const double keywords = f("keywordScore");
    const double activation = f("activation");
    const double strength = f("strength");
    const double keywordTerm = keywords * kAssocKeywordWeight;
    const double activationTerm = activation * kAssocActivationWeight;
    out.push_back({tr("keyword score %1 × 0.6").arg(number(keywords)), number(keywordTerm),
                   QStringLiteral("keywordScore")});
    out.push_back({tr("activation %1 × 0.4").arg(number(activation)), number(activationTerm),
                   QStringLiteral("activation")});
    out.push_back({tr("× strength %1 / 100  (%2 × %3)")
                       .arg(QString::number(strength, 'f', 1), number(keywordTerm + activationTerm),
                            number(strength / 100.0)),
                   number(strength / 100.0), QStringLiteral("strength")});
    out.push_back({tr("= associative score"), number(r.score), QStringLiteral("score")});
    return out;
}

} // namespace recollector::ui
