#include "engine/decisions/MemoryEdit.h"

#include "model/InputLimits.h"
#include "model/TextRules.h"

#include <cmath>

namespace recollector::core {

namespace {

QString outOfRange(const QString &id, const char *field, const QString &range, const QString &got)
{
    return QStringLiteral("edit %1: %2 must be %3 (got %4)").arg(id, QLatin1String(field), range, got);
}

} // namespace

QString MemoryEdit::invalidReason(const QString &id) const
{
    if (content && content->trimmed().isEmpty())
        return QStringLiteral("edit %1: content must not be empty").arg(id);
    if (content && content->size() > io::limits::kMaxTextChars)
        return QStringLiteral("edit %1: content must be at most %2 characters").arg(id).arg(io::limits::kMaxTextChars);
    for (const auto &[field, value] : {std::pair{"content", &content}, std::pair{"category", &category}}) {
        if (*value) {
            if (const QString problem = text_rules::problem(**value); !problem.isEmpty())
                return QStringLiteral("edit %1: %2 %3").arg(id, QLatin1String(field), problem);
        }
    }
    if (category && category->trimmed().isEmpty())
        return QStringLiteral("edit %1: category must not be empty").arg(id);
    if (confidence && !(std::isfinite(*confidence) && *confidence >= 0 && *confidence <= 1))
        return outOfRange(id, "confidence", QStringLiteral("between 0 and 1"), QString::number(*confidence));
    if (importance && !(std::isfinite(*importance) && *importance >= 0 && *importance <= io::limits::kMaxImportance))
        return outOfRange(id, "importance", QStringLiteral("between 0 and 1000000"), QString::number(*importance));
    if (sensitivity && (*sensitivity < 0 || *sensitivity > io::limits::kMaxSensitivity))
        return outOfRange(id, "sensitivity", QStringLiteral("0, 1, 2 or 3"), QString::number(*sensitivity));
    if (projectPath && projectPath->trimmed().size() > io::limits::kMaxShortChars)
        return QStringLiteral("edit %1: projectPath must be at most %2 characters").arg(id).arg(io::limits::kMaxShortChars);
    for (const auto &[field, value] : {std::pair{"name", &name}, std::pair{"description", &description}}) {
        if (!*value)
            continue;
        if ((*value)->size() > io::limits::kMaxShortChars)
            return QStringLiteral("edit %1: %2 must be at most %3 characters").arg(id, QLatin1String(field)).arg(io::limits::kMaxShortChars);
        if ((*value)->contains(QLatin1Char('\n')))
            return QStringLiteral("edit %1: %2 must be one line").arg(id, QLatin1String(field));
    }
    return {};
}

void MemoryEdit::applyTo(Memory &memory) const
{
    if (content)
        memory.content = *content;
    if (keywords)
        memory.keywords = normalizeKeywords(*keywords);
    if (category)
        memory.category = category->trimmed();
    if (confidence)
        memory.confidence = *confidence;
    if (importance)
        memory.importance = *importance;
    if (projectPath)
        memory.projectPath = projectPath->trimmed();
    if (sensitivity)
        memory.sensitivity = *sensitivity;
    for (const auto &[key, value] : {std::pair{"name", &name}, std::pair{"description", &description}}) {
        if (!*value)
            continue;
        const QString text = (*value)->trimmed();
        if (text.isEmpty())
            memory.extra.remove(QLatin1String(key));
        else
            memory.extra.insert(QLatin1String(key), text);
    }
}

} // namespace recollector::core
