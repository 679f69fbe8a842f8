#include "engine/capture/NewMemory.h"

#include "model/InputLimits.h"
#include "model/TextRules.h"

#include <cmath>

namespace recollector::core {

QString NewMemory::invalidReason() const
{
    namespace lim = io::limits;
    if (content.trimmed().isEmpty())
        return QStringLiteral("add: content must not be empty");
    if (content.size() > lim::kMaxTextChars)
        return QStringLiteral("add: content must be at most %1 characters (got %2)").arg(lim::kMaxTextChars).arg(content.size());
    if (const QString problem = text_rules::problem(content); !problem.isEmpty())
        return QStringLiteral("add: content %1").arg(problem);
    if (const QString problem = text_rules::problem(category); !problem.isEmpty())
        return QStringLiteral("add: category %1").arg(problem);
    if (keywords) {
        for (const QString &k : *keywords) {
            if (const QString problem = text_rules::problem(k); !problem.isEmpty())
                return QStringLiteral("add: keyword '%1' %2").arg(k.left(20), problem);
        }
        if (keywords->size() > lim::kMaxListItems)
            return QStringLiteral("add: keywords must be at most %1 (got %2)").arg(lim::kMaxListItems).arg(keywords->size());
        for (const QString &k : *keywords) {
            if (k.size() > lim::kMaxShortChars)
                return QStringLiteral("add: keywords: '%1…' must be at most %2 characters").arg(k.left(20)).arg(lim::kMaxShortChars);
        }
    }
    if (category.trimmed().size() > lim::kMaxShortChars)
        return QStringLiteral("add: category must be at most %1 characters").arg(lim::kMaxShortChars);
    if (projectPath.trimmed().size() > lim::kMaxShortChars)
        return QStringLiteral("add: project must be at most %1 characters").arg(lim::kMaxShortChars);
    if (importance && !(std::isfinite(*importance) && *importance >= 0 && *importance <= lim::kMaxImportance))
        return QStringLiteral("add: importance must be between 0 and 1000000 (got %1)").arg(*importance);
    if (confidence && !(std::isfinite(*confidence) && *confidence >= 0 && *confidence <= 1))
        return QStringLiteral("add: confidence must be between 0 and 1 (got %1)").arg(*confidence);
    if (actor != QLatin1String("user") && actor != QLatin1String("assistant"))
        return QStringLiteral("add: actor must be 'user' or 'assistant' (got '%1')").arg(actor);
    return {};
}

} // namespace recollector::core
