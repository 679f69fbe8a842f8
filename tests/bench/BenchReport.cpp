#include "BenchReport.h"

#include <QFile>
#include <QJsonValue>
#include <QSaveFile>

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
                << padRight(spec.hasTarget() ? format(spec.key, spec.target) : QStringLiteral("-"), 9) << "  -\n";
            continue;
        }
        out << padRight(format(spec.key, *m.figure), 12)
            << padRight(m.floor ? format(spec.key, *m.floor) : QStringLiteral("-"), 12)
            << padRight(m.floor && *m.floor > 0 ? QString::number(*m.figure / *m.floor, 'f', 2) + QLatin1Char('x')
                                                : QStringLiteral("-"),
                        9)
            << padRight(spec.hasTarget() ? QStringLiteral("≤") + format(spec.key, spec.target) : QStringLiteral("-"), 9)
            << (!spec.hasTarget() ? "  -\n" : *m.figure <= spec.target ? "  pass\n" : "  FAIL\n");
    }
    out << '\n';
    for (const KeySpec &spec : keySpecs()) {
        const Measurement m = m_results.value(spec.key);
        if (!m.note.isEmpty())
            out << spec.key << ": " << m.note << '\n';
        if (!m.floorQuery.isEmpty() && !m.floorBy.isEmpty())
            out << QString(spec.key.size(), QLatin1Char(' ')) << "  floor: " << m.floorBy << ": " << m.floorQuery << '\n';
        else if (!m.floorQuery.isEmpty())
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

QString BenchReport::markdownFigures(const QString &runLine) const
{
    QString out;
    QTextStream md(&out);
    md << runLine << "\n\n"
       << "| key | what | figure | sqlite3 floor | ratio | target | result |\n"
       << "|---|---|---:|---:|---:|---:|---|\n";
    for (const KeySpec &spec : keySpecs()) {
        const Measurement m = m_results.value(spec.key, Measurement::missing(QStringLiteral("not run")));
        const QString floor = m.floor ? format(spec.key, *m.floor) : QStringLiteral("–");
        const QString ratio = m.figure && m.floor && *m.floor > 0
            ? QString::number(*m.figure / *m.floor, 'f', 2) + QStringLiteral("×")
            : QString();
        const QString result = !m.figure      ? QStringLiteral("not measured")
            : !spec.hasTarget()               ? QStringLiteral("measured")
            : *m.figure <= spec.target        ? QStringLiteral("pass")
                                              : QStringLiteral("**FAIL**");
        const QString target = spec.hasTarget() ? QStringLiteral("≤ ") + QString::number(spec.target) : QStringLiteral("–");
        md << "| `" << spec.key << "` | " << spec.what << " | " << (m.figure ? format(spec.key, *m.figure) : QStringLiteral("–"))
           << " | " << floor << " | " << ratio << " | " << target << " | " << result << " |\n";
    }
    md.flush();
    return out;
}

bool BenchReport::writeDoc(const QString &path, const QString &runLine, QString *error) const
{
    QFile in(path);
    if (!in.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, in.errorString());
        return false;
    }
    const QString text = QString::fromUtf8(in.readAll());
    in.close();
    const QString begin = QLatin1String(kDocBegin);
    const QString end = QLatin1String(kDocEnd);
    const qsizetype from = text.indexOf(begin);
    const qsizetype to = from < 0 ? -1 : text.indexOf(end, from);
    if (from < 0 || to < 0) {
        *error = QStringLiteral("%1 has no %2 … %3 markers").arg(path, begin, end);
        return false;
    }
    const QString rewritten = text.left(from + begin.size()) + QLatin1Char('\n') + markdownFigures(runLine) + text.mid(to);
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(rewritten.toUtf8()) < 0 || !out.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, out.errorString());
        return false;
    }
    return true;
}

} // namespace recollector::bench
