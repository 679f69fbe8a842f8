#pragma once

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace recollector::ui {

/// A scoring profile's and a link type's name in the words the window shows (translated;
/// docs/scoring.md). The stored names ("ebbinghaus", "co-task") stay what the store, the
/// configuration and recollector-cli use.
class ScoringText final
{
    Q_DECLARE_TR_FUNCTIONS(ScoringText)

public:
    /// "ebbinghaus" → "ebbinghaus" (zh_CN: 艾宾浩斯); an unknown name as it is.
    static QString profile(const QString &name);
    /// core::links::Type → "keyword", "co-task", … (zh_CN: 关键词, 同任务, …).
    static QString linkType(std::uint8_t type);
    /// A span of hours in the unit a person would use: "20 hours", "about 3 days",
    /// "about 5 months", "about 2 years".
    static QString duration(double hours);
};

} // namespace recollector::ui
