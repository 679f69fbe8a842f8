#include "io/CsvWriter.h"

#include "scoring/ScoringProfile.h"

#include <QLocale>
#include <QRegularExpression>

namespace recollector::core::io {

namespace {
QString num(double d)
{
    return QString::number(d, 'g', QLocale::FloatingPointShortest);
}
QString flag(bool b)
{
    return b ? QStringLiteral("true") : QStringLiteral("false");
}
const QString kCrLf = QStringLiteral("\r\n");
} // namespace

QStringList CsvWriter::header(bool withScores)
{
    QStringList h { QStringLiteral("id"), QStringLiteral("content"), QStringLiteral("category"),
        QStringLiteral("keywords"), QStringLiteral("sourceType"), QStringLiteral("taskId"),
        QStringLiteral("chatId"), QStringLiteral("messageId"), QStringLiteral("confidence"),
        QStringLiteral("createdAt"), QStringLiteral("updatedAt"), QStringLiteral("lastAccessedAt"),
        QStringLiteral("lastReinforcedAt"), QStringLiteral("accessCount"), QStringLiteral("reinforceCount"),
        QStringLiteral("projectPath"), QStringLiteral("strength"), QStringLiteral("stability"),
        QStringLiteral("decayRate"), QStringLiteral("importance"), QStringLiteral("verified"),
        QStringLiteral("permanent"), QStringLiteral("negated"), QStringLiteral("superseded"),
        QStringLiteral("supersedesId"), QStringLiteral("level"), QStringLiteral("sensitivity"),
        QStringLiteral("agentImportance"), QStringLiteral("agentTier"), QStringLiteral("mergedInto"),
        QStringLiteral("deletedAt") };
    if (withScores)
        h << QStringLiteral("score") << QStringLiteral("currentStrength") << QStringLiteral("tier");
    return h;
}

QString CsvWriter::defuse(const QString &field)
{
    if (field.isEmpty())
        return field;
    const QChar first = field.front();
    if (first != QLatin1Char('=') && first != QLatin1Char('+') && first != QLatin1Char('-')
        && first != QLatin1Char('@') && first != QLatin1Char('\t') && first != QLatin1Char('\r'))
        return field;
    // A plain number ("-0.5", "+3") is no formula: left as it is, a spreadsheet still sees a number.
    static const QRegularExpression number(QStringLiteral("^[-+]?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$"));
    if (number.match(field).hasMatch())
        return field;
    return QLatin1Char('\'') + field;
}

QString CsvWriter::escape(const QString &text)
{
    const QString field = defuse(text);
    if (!field.contains(QLatin1Char(',')) && !field.contains(QLatin1Char('"'))
        && !field.contains(QLatin1Char('\n')) && !field.contains(QLatin1Char('\r')))
        return field;
    QString quoted = field;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QByteArray CsvWriter::toBytes(const std::vector<Memory> &memories, const ScoringProfile *profile, Millis now)
{
    QString text;
    text.reserve(qsizetype(memories.size()) * 256 + 512);
    text += header(profile != nullptr).join(QLatin1Char(',')) + kCrLf;
    QStringList row;
    for (const Memory &m : memories) {
        row.clear();
        row << m.id << m.content << m.category << m.keywords.join(QStringLiteral("; ")) << m.source.type
            << m.source.taskId << m.source.chatId << m.source.messageId << num(m.confidence)
            << time::toIso(m.createdAt) << time::toIso(m.updatedAt) << time::toIso(m.lastAccessedAt)
            << time::toIso(m.lastReinforcedAt) << QString::number(m.accessCount)
            << QString::number(m.reinforceCount) << m.projectPath << num(m.strength) << num(m.stability)
            << num(m.decayRate) << num(m.importance) << flag(m.verified) << flag(m.permanent)
            << flag(m.negated) << flag(m.superseded) << m.supersedesId << levelName(m.level)
            << QString::number(m.sensitivity) << (m.agentImportance ? num(*m.agentImportance) : QString())
            << m.agentTier << m.mergedInto << time::toIso(m.deletedAt);
        if (profile) {
            const Score s = profile->evaluate(m, now);
            row << num(s.score) << num(s.strength) << tierName(s.tier);
        }
        for (qsizetype i = 0; i < row.size(); ++i) {
            if (i)
                text += QLatin1Char(',');
            text += escape(row[i]);
        }
        text += kCrLf;
    }
    return text.toUtf8();
}

} // namespace recollector::core::io
