#include "views/RetrievalExplanation.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

namespace recollector::ui {

namespace {
// The weights Retrieval uses (core/engine/recall/Retrieval.cpp; docs/scoring.md, "Retrieval").
// The factors it reports are the inputs; the weights are fixed by the notes, not configurable.
constexpr double kKeywordWeight = 2.0;
constexpr double kStrengthWeight = 0.5;
constexpr double kConfidenceWeight = 0.3;
constexpr double kAssocKeywordWeight = 0.6;
constexpr double kAssocActivationWeight = 0.4;

// The text ranking's weights (core/engine/recall/TextRecall.cpp; docs/scoring.md, "Recall ranking").
constexpr double kTextStrengthWeight = 0.1;
constexpr double kTextConfidenceWeight = 0.05;
constexpr double kTextRecencyWeight = 0.05;

QString tr(const char *text) { return QCoreApplication::translate("recollector::ui::RetrievalExplanation", text); }

} // namespace

std::vector<RetrievalExplanation::Term> RetrievalExplanation::textTerms(const core::RetrievalResult &r)
{
    using N = RetrievalExplanation;
    auto f = [&r](const char *key) { return r.factors.value(QLatin1String(key)).toDouble(); };
    std::vector<N::Term> out;
    if (r.direct) {
        for (const QJsonValue &w : r.factors.value(QStringLiteral("words")).toArray()) {
            const QJsonObject word = w.toObject();
            out.push_back({tr("matched word “%1”").arg(word.value(QStringLiteral("word")).toString()),
                           N::number(word.value(QStringLiteral("weight")).toDouble()), QStringLiteral("words")});
        }
        out.push_back({tr("text match, against the best match"), N::number(f("text")), QStringLiteral("text")});
        if (f("date") > 0)
            out.push_back({tr("written on the day the question names"), N::number(f("date")), QStringLiteral("date")});
        if (f("subject") > 0)
            out.push_back({tr("about the person or thing the question names"), N::number(f("subject")),
                           QStringLiteral("subject")});
        out.push_back({tr("strength %1 / 100 × 0.1").arg(QString::number(f("strength"), 'f', 1)),
                       N::number(f("strength") / 100.0 * kTextStrengthWeight), QStringLiteral("strength")});
        out.push_back({tr("confidence %1 × 0.05").arg(QString::number(f("confidence"), 'f', 2)),
                       N::number(f("confidence") * kTextConfidenceWeight), QStringLiteral("confidence")});
        out.push_back({f("projectBonus") > 0 ? tr("project bonus (same project)") : tr("project bonus (none)"),
                       N::number(f("projectBonus")), QStringLiteral("projectBonus")});
        out.push_back({tr("recency %1 × 0.05").arg(N::number(f("recency"))),
                       N::number(f("recency") * kTextRecencyWeight), QStringLiteral("recency")});
    }
    if (f("spread") > 0) {
        const bool inTime = r.factors.value(QStringLiteral("link")).toString() == QLatin1String("time");
        out.push_back({inTime ? tr("reached from a memory written just before or after it")
                              : tr("reached over the links from a matched memory"),
                       N::number(f("spread")), QStringLiteral("spread")});
        // A memory the spread alone reached has its subject here, outside a direct score.
        if (!r.direct && f("subject") > 0)
            out.push_back({tr("about the person or thing the question names"), N::number(f("subject")),
                           QStringLiteral("subject")});
    }
    out.push_back({tr("= score"), N::number(r.score), QStringLiteral("score")});
    return out;
}
bool RetrievalExplanation::isTextRanking(const core::RetrievalResult &r)
{
    return r.factors.value(QStringLiteral("ranking")).toString() == QLatin1String("text");
}

QString RetrievalExplanation::formula(const core::RetrievalResult &r)
{
    if (!isTextRanking(r))
        return formula(r.direct);
    return tr("text match + named day + named subject + strength / 100 × 0.1 + confidence × 0.05 + project bonus "
              "+ recency × 0.05 + spread");
}

QString RetrievalExplanation::number(double value) { return QString::number(value, 'f', 3); }

QString RetrievalExplanation::formula(bool direct)
{
    return direct ? tr("keyword overlap × 2 + strength / 100 × 0.5 + project bonus + confidence × 0.3")
                  : tr("(keyword score × 0.6 + activation × 0.4) × strength / 100");
}

std::vector<RetrievalExplanation::Term> RetrievalExplanation::terms(const core::RetrievalResult &r)
{
    if (isTextRanking(r))
        return textTerms(r);
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
