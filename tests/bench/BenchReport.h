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

    static QString format(const QString &key, double value);

private:
    QMap<QString, Measurement> m_results;
};

} // namespace recollector::bench
