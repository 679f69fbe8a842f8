#include "engine/decisions/WeightLog.h"

#include "model/Event.h"

#include <QHash>

namespace recollector::core {

namespace {

/// Why W moved, as the history says it: the event kind in words.
QString reasonText(const QString &reason)
{
    static const QHash<QString, QString> kWords{
        {events::kReinforce, QStringLiteral("reinforced")},
        {events::kConfirm, QStringLiteral("confirmed")},
        {events::kNegate, QStringLiteral("negated")},
        {events::kPermanent, QStringLiteral("permanent mark changed")},
        {events::kEdit, QStringLiteral("edited")},
        {events::kDelete, QStringLiteral("deleted")},
        {events::kRestore, QStringLiteral("restored")},
        {events::kMerge, QStringLiteral("merged")},
        {events::kAccess, QStringLiteral("recalled")},
        {events::kRevert, QStringLiteral("undone")},
        {events::kCreate, QStringLiteral("created")},
        {events::kArchive, QStringLiteral("archived")},
        {events::kCompress, QStringLiteral("compressed")},
        {events::kConflictDetected, QStringLiteral("conflict detected")},
        {events::kConflictResolved, QStringLiteral("conflict resolved")},
        {events::kConflictDismissed, QStringLiteral("not a conflict")},
    };
    const auto it = kWords.constFind(reason);
    if (it != kWords.cend())
        return *it;
    QString text = reason;
    return text.replace(QLatin1Char('_'), QLatin1Char(' '));
}

QString twoDecimals(double w) { return QString::number(w, 'f', 2); }

} // namespace

QString weightChangeText(const QJsonObject &payload)
{
    const QJsonObject log = payload.value(QLatin1String("weight")).toObject();
    const QJsonValue oldWeight = log.value(QLatin1String("oldWeight"));
    const QJsonValue newWeight = log.value(QLatin1String("newWeight"));
    if (!newWeight.isDouble())
        return {};
    const QString reason = reasonText(log.value(QLatin1String("reason")).toString());
    const QString to = twoDecimals(newWeight.toDouble());
    if (!oldWeight.isDouble())
        return QStringLiteral("weight → %1 (%2)").arg(to, reason);
    const QString from = twoDecimals(oldWeight.toDouble());
    if (from == to)
        return {};
    return QStringLiteral("weight %1 → %2 (%3)").arg(from, to, reason);
}

} // namespace recollector::core
