#include "LocomoData.h"
#include "../LocomoTime.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QTimeZone>

#include <algorithm>

namespace recollector::bench {

namespace {

// An observation's dia_id is "D3:12", sometimes several in one string or a list.
QSet<QString> turnsOf(const QJsonValue &v)
{
    static const QRegularExpression id(QStringLiteral("D\\d+:\\d+"));
    QString text;
    if (v.isArray()) {
        for (const QJsonValue &x : v.toArray())
            text += x.toString() + QLatin1Char(' ');
    } else {
        text = v.toString();
    }
    QSet<QString> out;
    for (auto it = id.globalMatch(text); it.hasNext();)
        out.insert(it.next().captured());
    return out;
}

int turnNumber(const QSet<QString> &turns)
{
    int best = 1 << 20;
    for (const QString &t : turns)
        best = std::min(best, t.section(QLatin1Char(':'), 1).toInt());
    return best;
}

void readObservations(const QJsonObject &root, LocomoConversation &out)
{
    for (int n = 1; root.contains(QStringLiteral("session_%1_date_time").arg(n)); ++n) {
        const core::Millis at = locomoSessionTime(root.value(QStringLiteral("session_%1_date_time").arg(n)).toString());
        out.lastSession = std::max(out.lastSession, at);
        QList<LocomoConversation::Observation> session;
        const QJsonObject bySpeaker = root.value(QStringLiteral("session_%1_observation").arg(n)).toObject();
        for (auto it = bySpeaker.begin(); it != bySpeaker.end(); ++it) {
            for (const QJsonValue &item : it.value().toArray()) {
                const QJsonArray pair = item.toArray();
                LocomoConversation::Observation o{pair.at(0).toString(), turnsOf(pair.at(1)), at, 0};
                if (!o.text.isEmpty())
                    session << o;
            }
        }
        // Said in the order of their turns, as an assistant would store them.
        std::stable_sort(session.begin(), session.end(),
                         [](const auto &a, const auto &b) { return turnNumber(a.turns) < turnNumber(b.turns); });
        for (auto &o : session) {
            o.order = int(out.observations.size());
            out.observations << o;
        }
    }
}

} // namespace

QString LocomoConversation::read(const QString &path, LocomoConversation &out)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("%1: cannot read (%2)").arg(path, file.errorString());
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (!doc.isObject())
        return QStringLiteral("%1: not a LoCoMo conversation (%2)").arg(path, error.errorString());
    const QJsonObject root = doc.object();
    // One entry of the release: sessions under "conversation", observations under
    // "observation"; a flat file has both at its top.
    QJsonObject conversation = root;
    for (const char *part : {"conversation", "observation"}) {
        const QJsonObject inner = root.value(QLatin1String(part)).toObject();
        for (auto it = inner.begin(); it != inner.end(); ++it)
            conversation.insert(it.key(), it.value());
    }
    out.name = QFileInfo(path).completeBaseName();
    readObservations(conversation, out);
    for (const QJsonValue &v : root.value(QStringLiteral("qa")).toArray()) {
        const QJsonObject q = v.toObject();
        const int category = q.value(QStringLiteral("category")).toInt();
        if (category < 1 || category > 4)
            continue;
        Question question{q.value(QStringLiteral("question")).toString(), turnsOf(q.value(QStringLiteral("evidence"))),
                          category};
        if (!question.evidence.isEmpty())
            out.questions << question;
    }
    if (out.observations.isEmpty() || out.questions.isEmpty())
        return QStringLiteral("%1: no observations or no questions of categories 1-4").arg(path);
    return {};
}

} // namespace recollector::bench
