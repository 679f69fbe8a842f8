#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace recollector::core {

/// What a person (or the assistant) gives when adding a memory by hand (the add decision;
/// docs/architecture.md, "What each decision writes"). Everything else a memory holds is
/// decided by MemoryCapture: id, instants, stability (memory.decay), decay rate, source.
struct NewMemory
{
    QString content;                   ///< required, not blank
    std::optional<QStringList> keywords; ///< unset or empty: derived from the content (KeywordExtractor)
    QString category;                  ///< empty: "fact"
    QString projectPath;               ///< empty: global
    std::optional<double> importance;  ///< 0–1,000,000; unset: 1.0
    std::optional<double> confidence;  ///< 0–1; unset: 0.8 (the person said it)
    QString actor = QStringLiteral("user"); ///< "user" or "assistant"

    /// The first field that is not acceptable, as "add: <field> …"; empty when all are.
    QString invalidReason() const;
};

} // namespace recollector::core
