#include "BenchReport.h"

#include <QJsonValue>

namespace recollector::bench {

QString BenchReport::format(const QString &key, double value)
{
    if (key.endsWith(QLatin1String("_s")))
        return QString::number(value, 'f', 2);
    if (key == QLatin1String("rss_mib"))
        return QString::number(value, 'f', 0);
    if (value < 10) // activation is microseconds: keep three significant digits
        return QString::number(value, 'g', 3);
    return QString::number(value, 'f', 1);
}

void BenchReport::printTable(QTextStream &out) const
{
    const auto pad = [](const QString &text, int width) { return text.leftJustified(width); };
    const auto padRight = [](const QString &text, int width) { return text.rightJustified(width); };
    out << pad(QStringLiteral("key"), 24) << padRight(QStringLiteral("figure"), 12) << padRight(QStringLiteral("floor"), 12)
        << padRight(QStringLiteral("ratio"), 9) << padRight(QStringLiteral("target"), 9) << "  result\n";
    out << QString(72, QLatin1Char('-')) << '\n';
    for (const KeySpec &spec : keySpecs()) {
        const Measurement m = m_results.value(spec.key, Measurement::missing(QStringLiteral("not run")));
        out << pad(spec.key, 24);
        if (!m.figure) {
            out << padRight(m.note.startsWith(QLatin1String("n/a")) ? QStringLiteral("n/a") : m.note.left(11), 12)
                << padRight(m.floor ? format(spec.key, *m.floor) : QStringLiteral("-"), 12) << padRight(QStringLiteral("-"), 9)
                << padRight(format(spec.key, spec.target), 9) << "  -\n";
            continue;
        }
        out << padRight(format(spec.key, *m.figure), 12)
            << padRight(m.floor ? format(spec.key, *m.floor) : QStringLiteral("-"), 12)
            << padRight(m.floor && *m.floor > 0 ? QString::number(*m.figure / *m.floor, 'f', 2) + QLatin1Char('x')
                                                : QStringLiteral("-"),
                        9)
            << padRight(QStringLiteral("≤") + format(spec.key, spec.target), 9)
            << (*m.figure <= spec.target ? "  pass\n" : "  FAIL\n");
    }
    out << '\n';
    for (const KeySpec &spec : keySpecs()) {
        const Measurement m = m_results.value(spec.key);
        if (!m.note.isEmpty())
            out << spec.key << ": " << m.note << '\n';
        if (!m.floorQuery.isEmpty())
            out << QString(spec.key.size(), QLatin1Char(' ')) << "  floor: sqlite3 FILE \"" << m.floorQuery
                << "\" > /dev/null\n";
    }
    out.flush();
}

QJsonObject BenchReport::toJson() const
{
    QJsonObject figures, floors;
    for (const KeySpec &spec : keySpecs()) {
        const Measurement m = m_results.value(spec.key);
        figures.insert(spec.key, m.figure ? QJsonValue(*m.figure) : QJsonValue(QJsonValue::Null));
        if (m.floor)
            floors.insert(spec.key, *m.floor);
    }
    return QJsonObject{{QStringLiteral("figures"), figures}, {QStringLiteral("floors"), floors}};
}

QStringList BenchReport::failures() const
{
    QStringList out;
    for (const KeySpec &spec : keySpecs()) {
        const Measurement m = m_results.value(spec.key);
        if (m.figure && *m.figure > spec.target)
            out << spec.key;
    }
    return out;
}

} // namespace recollector::bench
