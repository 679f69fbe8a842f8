#include "JudgementPairs.h"
#include "../LocomoTime.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QTextStream>
#include <QTimeZone>

namespace recollector::bench {

namespace {

struct Said
{
    QString text;
    core::Millis at = 0;
};

// Every observation of one conversation by its reference ("D3:12", "D3:12#2").
QString readConversation(const QString &path, QHash<QString, Said> &out)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("%1: cannot be read (%2)").arg(path, file.errorString());
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    if (root.isEmpty())
        return QStringLiteral("%1: not a LoCoMo conversation").arg(path);
    for (int n = 1; root.contains(QStringLiteral("session_%1_date_time").arg(n)); ++n) {
        const core::Millis at = locomoSessionTime(root.value(QStringLiteral("session_%1_date_time").arg(n)).toString());
        const QJsonObject bySpeaker = root.value(QStringLiteral("session_%1_observation").arg(n)).toObject();
        QList<std::pair<QString, QString>> facts; // dia, text; QJsonObject keeps speakers sorted
        QHash<QString, int> count;
        for (auto it = bySpeaker.begin(); it != bySpeaker.end(); ++it) {
            for (const QJsonValue &item : it.value().toArray()) {
                const QJsonArray pair = item.toArray();
                QString dia;
                if (pair.at(1).isArray()) {
                    QStringList parts;
                    for (const QJsonValue &v : pair.at(1).toArray())
                        parts << v.toString();
                    dia = parts.join(QLatin1Char(','));
                } else {
                    dia = pair.at(1).toString();
                }
                facts.append({dia, pair.at(0).toString()});
                ++count[dia];
            }
        }
        QHash<QString, int> seen;
        for (const auto &[dia, text] : facts) {
            const int k = ++seen[dia];
            out.insert(count.value(dia) > 1 ? QStringLiteral("%1#%2").arg(dia).arg(k) : dia, Said{text, at});
        }
    }
    return {};
}

} // namespace

QString readLocomoPairs(const QString &labels, const QString &locomoDir, QList<LabelledPair> &out)
{
    QFile file(labels);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return QStringLiteral("%1: cannot be read (%2)").arg(labels, file.errorString());
    QTextStream in(&file);
    QStringList development;
    QStringList apart;
    QHash<QString, QHash<QString, Said>> conversations;
    static const QRegularExpression split(QStringLiteral("^# split: development ([0-9 ]+); kept apart ([0-9 ]+)"));
    for (int line = 1; !in.atEnd(); ++line) {
        const QString text = in.readLine();
        if (const auto m = split.match(text); m.hasMatch()) {
            development = m.captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts);
            apart = m.captured(2).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        }
        if (text.startsWith(QLatin1Char('#')) || text.trimmed().isEmpty())
            continue;
        const QStringList f = text.split(QLatin1Char('\t'));
        if (f.size() != 5)
            return QStringLiteral("%1, line %2: five columns expected, found %3").arg(labels).arg(line).arg(f.size());
        if (!conversations.contains(f[0])) {
            QHash<QString, Said> said;
            if (const QString e = readConversation(QDir(locomoDir).filePath(f[0] + QStringLiteral(".json")), said);
                !e.isEmpty())
                return e;
            conversations.insert(f[0], said);
        }
        const QHash<QString, Said> &said = conversations[f[0]];
        if (!said.contains(f[1]) || !said.contains(f[2]))
            return QStringLiteral("%1, line %2: conversation %3 has no observation %4")
                .arg(labels).arg(line).arg(f[0], said.contains(f[1]) ? f[2] : f[1]);
        const QString set = development.contains(f[0]) ? QStringLiteral("development")
            : apart.contains(f[0])                     ? QStringLiteral("kept apart")
                                                       : QString();
        if (set.isEmpty())
            return QStringLiteral("%1, line %2: conversation %3 is in neither set of the split line").arg(labels).arg(line).arg(f[0]);
        out.append({set, f[0] + QLatin1Char(' ') + f[1] + QLatin1Char(' ') + f[2], f[3], f[4], said[f[1]].text,
                    said[f[2]].text, said[f[1]].at, said[f[2]].at});
    }
    return {};
}

QString readWrittenPairs(const QString &path, QList<LabelledPair> &out)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return QStringLiteral("%1: cannot be read (%2)").arg(path, file.errorString());
    QTextStream in(&file);
    // A fixed day, so a run is the same every time.
    const core::Millis base = QDateTime(QDate(2025, 1, 6), QTime(9, 0), QTimeZone::utc()).toMSecsSinceEpoch();
    for (int line = 1; !in.atEnd(); ++line) {
        const QString text = in.readLine();
        if (text.startsWith(QLatin1Char('#')) || text.trimmed().isEmpty())
            continue;
        const QStringList f = text.split(QLatin1Char('\t'));
        if (f.size() != 5)
            return QStringLiteral("%1, line %2: five columns expected, found %3").arg(path).arg(line).arg(f.size());
        const core::Millis newerAt = base + core::Millis(f[1].toDouble() * double(core::kMsPerDay));
        out.append({QStringLiteral("written"), QStringLiteral("line %1").arg(line), f[0], f[4], f[2], f[3], base, newerAt});
    }
    return {};
}

} // namespace recollector::bench
