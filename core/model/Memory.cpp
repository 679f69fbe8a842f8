#include "model/Memory.h"

#include <QSet>

#include <algorithm>

namespace recollector::core {

QString levelName(MemoryLevel level)
{
    switch (level) {
    case MemoryLevel::Full: return QStringLiteral("full");
    case MemoryLevel::Summary: return QStringLiteral("summary");
    case MemoryLevel::Trace: return QStringLiteral("trace");
    case MemoryLevel::Archive: return QStringLiteral("archive");
    }
    return {};
}

std::optional<MemoryLevel> levelFromName(const QString &name)
{
    for (auto level : {MemoryLevel::Full, MemoryLevel::Summary, MemoryLevel::Trace, MemoryLevel::Archive}) {
        if (levelName(level) == name)
            return level;
    }
    return std::nullopt;
}

QStringList normalizeKeywords(const QStringList &keywords)
{
    QStringList out;
    out.reserve(keywords.size());
    // A memory has a handful of keywords: looked up in the list itself, without a hash set
    // (one allocation per memory, 100,000 in an import); a long list gets the set.
    constexpr qsizetype kInListUpTo = 32;
    const bool inList = keywords.size() <= kInListUpTo;
    QSet<QString> seen;
    for (const QString &k : keywords) {
        QString norm = k.trimmed().toLower();
        if (norm.isEmpty() || (inList ? out.contains(norm) : seen.contains(norm)))
            continue;
        if (!inList)
            seen.insert(norm);
        out.append(std::move(norm));
    }
    return out;
}

double initialStabilityFor(const MemorySource &source, double initialHours, double manualHours)
{
    return source.type == QLatin1String("manual") ? manualHours : initialHours;
}

double legacyStability(int accessCount, double confidence, double baseHours)
{
    return baseHours + std::min(12.0 * accessCount, 120.0) + 48.0 * confidence;
}

} // namespace recollector::core
