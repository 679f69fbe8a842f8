#pragma once

#include "BenchTypes.h"

#include <QJsonObject>
#include <QMap>
#include <QTextStream>

namespace recollector::bench {

/// Prints the results: a table (figure, floor, ratio, target, pass/fail) with one note per
/// key under it, or the JSON `{"figures":{…},"floors":{…}}` (missing figures are null;
/// floors appear only for the keys that have one; docs/architecture.md, "Performance budget").
class BenchReport final
{
public:
    explicit BenchReport(QMap<QString, Measurement> results) : m_results(std::move(results)) {}

    void printTable(QTextStream &out) const;
    QJsonObject toJson() const;
    /// Keys measured and over target.
    QStringList failures() const;

    /// The figures as the Markdown table of docs/performance.md (figure, floor measured in the
    /// same run, ratio, target, result), under `runLine`, which says which run it came from.
    QString markdownFigures(const QString &runLine) const;
    /// Rewrites what lies between kDocBegin and kDocEnd in the Markdown file `path` with
    /// markdownFigures(runLine), keeping the rest of the file (the prose) as it is. False, with
    /// `error` set, when the file cannot be read or written or lacks the markers.
    bool writeDoc(const QString &path, const QString &runLine, QString *error) const;

    static constexpr const char *kDocBegin = "<!-- figures:begin -->";
    static constexpr const char *kDocEnd = "<!-- figures:end -->";

    static QString format(const QString &key, double value);

private:
    QMap<QString, Measurement> m_results;
};

} // namespace recollector::bench
