#include "text/EventText.h"

#include "engine/decisions/WeightLog.h"
#include "model/Time.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace engram::ui {

namespace {

using core::Event;
namespace ev = core::events;

QString firstString(const QJsonObject &o, std::initializer_list<const char *> keys)
{
    for (const char *key : keys) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isString() && !v.toString().isEmpty())
            return v.toString();
        if (v.isDouble())
            return EventText::number(v.toDouble());
    }
    return {};
}

QJsonObject before(const Event &e) { return e.payload.value(QLatin1String("before")).toObject(); }
QJsonObject after(const Event &e) { return e.payload.value(QLatin1String("after")).toObject(); }

QString elide(const QString &text, int max)
{
    QString flat = text.simplified();
    if (max > 1 && flat.size() > max)
        flat = flat.left(max - 1) + QChar(0x2026);
    return flat;
}

/// "content", "content and keywords", "content, keywords and category" (in words, not field names).
QString joinFields(const QStringList &keys)
{
    QStringList fields;
    for (const QString &key : keys)
        fields << EventText::fieldLabel(key);
    if (fields.size() <= 1)
        return fields.value(0);
    return fields.mid(0, fields.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" and ") + fields.last();
}

QStringList changedKeys(const Event &e)
{
    QStringList keys = before(e).keys();
    for (const QString &k : after(e).keys()) {
        if (!keys.contains(k))
            keys << k;
    }
    return keys;
}

QString withReason(QString text, const Event &e)
{
    const QString reason = firstString(e.payload, {"reason", "why"});
    return reason.isEmpty() ? text : text + QStringLiteral(": ") + reason;
}

QString reinforceSummary(const Event &e)
{
    const QString type = firstString(e.payload, {"event", "type", "eventType", "reinforceEvent"});
    QString text = type.isEmpty() ? QStringLiteral("Reinforced") : QStringLiteral("Reinforced (%1)").arg(type);
    const QJsonValue b = before(e).value(QLatin1String("stability"));
    const QJsonValue a = after(e).value(QLatin1String("stability"));
    if (b.isDouble() && a.isDouble())
        text += QStringLiteral(": stability %1 → %2").arg(EventText::formatValue(QStringLiteral("stability"), b),
                                                          EventText::formatValue(QStringLiteral("stability"), a));
    else if (a.isDouble())
        text += QStringLiteral(": stability → %1").arg(EventText::formatValue(QStringLiteral("stability"), a));
    return text;
}

QString negateSummary(const Event &e)
{
    QString correction = firstString(e.payload, {"correction", "newPreference", "newContent"});
    if (correction.isEmpty()) {
        // Decisions may keep the correction only in the new correctionHistory entry.
        const QJsonArray history = after(e).value(QLatin1String("correctionHistory")).toArray();
        if (!history.isEmpty())
            correction = firstString(history.last().toObject(), {"newPreference", "correction", "reason"});
    }
    if (!correction.isEmpty())
        return QStringLiteral("Negated: '%1'").arg(elide(correction, 80));
    const QString reason = firstString(e.payload, {"reason"});
    return reason.isEmpty() ? QStringLiteral("Negated") : QStringLiteral("Negated (%1)").arg(reason);
}

QString permanentSummary(const Event &e)
{
    QJsonValue on = after(e).value(QLatin1String("permanent"));
    if (!on.isBool())
        on = e.payload.value(QLatin1String("permanent"));
    if (!on.isBool())
        on = e.payload.value(QLatin1String("on"));
    if (on.isBool() && !on.toBool())
        return QStringLiteral("Permanent mark removed");
    return QStringLiteral("Marked permanent");
}

QString mergeSummary(const Event &e)
{
    const QJsonArray from = e.payload.contains(QLatin1String("mergedFrom"))
                                ? e.payload.value(QLatin1String("mergedFrom")).toArray()
                                : after(e).value(QLatin1String("mergedFrom")).toArray();
    QString into = firstString(e.payload, {"mergedInto", "into"});
    if (into.isEmpty())
        into = firstString(after(e), {"mergedInto"});
    if (!into.isEmpty())
        return QStringLiteral("Merged into %1").arg(into);
    if (!from.isEmpty())
        return QStringLiteral("Merged from %1 memories").arg(from.size());
    return QStringLiteral("Merged");
}

QString humanKind(const QString &kind)
{
    QString text = kind;
    text.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text;
}

} // namespace

QString EventText::summary(const Event &e)
{
    const QString &k = e.kind;
    // A sealed payload read while the store is locked (or that did not open): its kind only.
    if (e.payload.value(QLatin1String("locked")).toBool()) {
        QString kind = k;
        kind.replace(QLatin1Char('_'), QLatin1Char(' '));
        if (!kind.isEmpty())
            kind[0] = kind[0].toUpper();
        return QStringLiteral("%1 (locked)").arg(kind);
    }
    if (k == ev::kReinforce)
        return reinforceSummary(e);
    if (k == ev::kConfirm)
        return QStringLiteral("Confirmed");
    if (k == ev::kNegate)
        return negateSummary(e);
    if (k == ev::kPermanent)
        return permanentSummary(e);
    if (k == ev::kEdit) {
        // What the user changed, not what every write refreshes (the detail lines show those).
        QStringList keys = changedKeys(e);
        keys.removeAll(QStringLiteral("updatedAt"));
        keys.removeAll(QStringLiteral("strength"));
        return keys.isEmpty() ? QStringLiteral("Edited") : QStringLiteral("Edited ") + joinFields(keys);
    }
    if (k == ev::kDelete)
        return withReason(QStringLiteral("Deleted"), e);
    if (k == ev::kRestore)
        return QStringLiteral("Restored");
    if (k == ev::kMerge)
        return mergeSummary(e);
    if (k == ev::kConflictDetected) {
        const QString type = firstString(e.payload, {"type", "conflictType"});
        const QString other = firstString(e.payload, {"other", "with", "otherId"});
        QString text = type.isEmpty() ? QStringLiteral("Conflict detected") : QStringLiteral("Conflict detected (%1)").arg(type);
        return other.isEmpty() ? text : text + QStringLiteral(" with ") + other;
    }
    if (k == ev::kConflictResolved) {
        const QString strategy = firstString(e.payload, {"strategy", "resolution"});
        return strategy.isEmpty() ? QStringLiteral("Conflict resolved") : QStringLiteral("Conflict resolved: ") + strategy;
    }
    if (k == ev::kConflictDismissed)
        return QStringLiteral("Conflict dismissed: not a conflict");
    if (k == ev::kRecentlyUpdated) {
        const QString older = firstString(e.payload, {"supersedes"});
        return older.isEmpty() ? QStringLiteral("Recently updated")
                               : QStringLiteral("Recently updated (replaces %1)").arg(older);
    }
    if (k == ev::kArchive)
        return withReason(QStringLiteral("Archived"), e);
    if (k == ev::kCompress)
        return withReason(QStringLiteral("Compressed to a summary (original text kept here)"), e);
    if (k == ev::kUnarchive) {
        const QString trigger = firstString(e.payload, {"trigger"});
        const bool restored = e.payload.value(QStringLiteral("restoredOriginal")).toBool();
        QString text = trigger == QLatin1String("retrieval") ? QStringLiteral("Re-activated: recalled in review mode")
            : trigger == QLatin1String("confirm")            ? QStringLiteral("Unarchived by the confirmation")
                                                             : QStringLiteral("Unarchived");
        return restored ? text + QStringLiteral(", original text restored") : text;
    }
    if (k == ev::kPurge)
        return withReason(QStringLiteral("Purged"), e);
    if (k == ev::kImport) {
        const QString file = firstString(e.payload, {"file", "fileName", "source", "path"});
        return file.isEmpty() ? QStringLiteral("Imported") : QStringLiteral("Imported from ") + file;
    }
    if (k == ev::kAccess)
        return QStringLiteral("Accessed (retrieval hit)");
    if (k == ev::kRevert) {
        const QString target = firstString(e.payload, {"eventId", "revertedEventId", "reverts", "revertOf"});
        return target.isEmpty() ? QStringLiteral("Reverted a decision") : QStringLiteral("Reverted event #") + target;
    }
    if (k == ev::kAssociate) {
        const QString other = firstString(e.payload, {"other", "with", "b", "target"});
        return other.isEmpty() ? QStringLiteral("Linked") : QStringLiteral("Linked to ") + other;
    }
    if (k == ev::kCreate)
        return QStringLiteral("Created");
    if (k == ev::kLinkBoost) {
        // A link learned from use (docs/scoring.md, "Learned weights").
        const QString other = firstString(e.payload, {"other"});
        const QString why = firstString(e.payload, {"reason"}) == QLatin1String("confirmed_hit")
                                ? QStringLiteral("confirmed as a useful association")
                                : QStringLiteral("recalled together");
        QString text = QStringLiteral("Link to %1 strengthened").arg(other);
        const QJsonValue from = e.payload.value(QLatin1String("weightBefore"));
        const QJsonValue to = e.payload.value(QLatin1String("weightAfter"));
        if (from.isDouble() && to.isDouble())
            text += QStringLiteral(" %1 → %2").arg(QString::number(from.toDouble(), 'f', 2),
                                                   QString::number(to.toDouble(), 'f', 2));
        return text + QStringLiteral(" (") + why + QLatin1Char(')');
    }
    return humanKind(k);
}

QString EventText::fieldLabel(const QString &key)
{
    static const QHash<QString, QString> kWords{
        {QStringLiteral("projectPath"), QStringLiteral("project")},
        {QStringLiteral("decayRate"), QStringLiteral("decay rate")},
        {QStringLiteral("negatedAt"), QStringLiteral("negated at")},
        {QStringLiteral("deletedAt"), QStringLiteral("deleted at")},
        {QStringLiteral("updatedAt"), QStringLiteral("updated")},
        {QStringLiteral("createdAt"), QStringLiteral("created")},
        {QStringLiteral("lastReinforcedAt"), QStringLiteral("last reinforced")},
        {QStringLiteral("lastAccessedAt"), QStringLiteral("last accessed")},
        {QStringLiteral("reinforceCount"), QStringLiteral("reinforcements")},
        {QStringLiteral("accessCount"), QStringLiteral("accesses")},
        {QStringLiteral("supersedesId"), QStringLiteral("replaces")},
        {QStringLiteral("agentImportance"), QStringLiteral("importance (1–10)")},
    };
    if (const auto it = kWords.constFind(key); it != kWords.constEnd())
        return *it;
    // Any other camelCase name as lower-case words: "correctionHistory" → "correction history".
    QString words;
    for (const QChar c : key) {
        if (c.isUpper() && !words.isEmpty())
            words += QLatin1Char(' ');
        words += c.toLower();
    }
    return words;
}

QStringList EventText::changes(const Event &e)
{
    if (e.payload.value(QLatin1String("locked")).toBool()) {
        const QString why = e.payload.value(QLatin1String("error")).toString();
        return {why.isEmpty() ? QStringLiteral("locked: unlock the store to read what changed") : QStringLiteral("locked: ") + why};
    }
    const QJsonObject b = before(e);
    const QJsonObject a = after(e);
    QStringList lines;
    for (const QString &key : changedKeys(e)) {
        if (b.contains(key) && a.contains(key) && b.value(key) == a.value(key))
            continue; // carried along unchanged (e.g. decayRate on a reinforcement): noise
        const QString from = b.contains(key) ? formatValue(key, b.value(key)) : QStringLiteral("—");
        const QString to = a.contains(key) ? formatValue(key, a.value(key)) : QStringLiteral("—");
        lines << QStringLiteral("%1: %2 → %3").arg(fieldLabel(key), from, to);
    }
    // note 001's weight change log, kept under every profile (docs/scoring.md).
    if (const QString weight = core::weightChangeText(e.payload); !weight.isEmpty())
        lines << weight;
    return lines;
}

QString EventText::formatValue(const QString &field, const QJsonValue &value, int maxText)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return QStringLiteral("—");
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
    case QJsonValue::Double: {
        const double v = value.toDouble();
        if (field.endsWith(QLatin1String("At")) && std::abs(v) > 1e11) // epoch milliseconds
            return localTime(core::Millis(v));
        if (field == QLatin1String("stability"))
            return number(v) + QStringLiteral(" h");
        return number(v);
    }
    case QJsonValue::String: {
        const QString s = value.toString();
        if (field.endsWith(QLatin1String("At"))) {
            if (const auto ms = core::time::fromIso(s))
                return localTime(*ms);
        }
        if (s.isEmpty())
            return QStringLiteral("''");
        return QLatin1Char('\'') + elide(s, maxText) + QLatin1Char('\'');
    }
    case QJsonValue::Array: {
        QStringList parts;
        for (const QJsonValue &item : value.toArray())
            parts << (item.isString() ? item.toString() : formatValue(QString(), item, maxText));
        return parts.isEmpty() ? QStringLiteral("(none)") : elide(parts.join(QStringLiteral(", ")), maxText);
    }
    case QJsonValue::Object: {
        QStringList parts;
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            parts << it.key() + QStringLiteral("=") + formatValue(it.key(), it.value(), maxText);
        return elide(parts.join(QStringLiteral(", ")), maxText);
    }
    }
    return {};
}

QString EventText::localTime(core::Millis at)
{
    if (at == 0)
        return QStringLiteral("—");
    return QDateTime::fromMSecsSinceEpoch(at, Qt::LocalTime).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QString EventText::relative(core::Millis at, core::Millis now)
{
    const core::Millis delta = now - at;
    const bool future = delta < 0;
    const double seconds = std::abs(double(delta)) / 1000.0;
    if (seconds < 60)
        return QStringLiteral("just now");
    auto phrase = [future](qint64 n, const char *unit) {
        const QString amount = QString::number(n) + QLatin1Char(' ') + QLatin1String(unit)
                               + (n == 1 ? QString() : QStringLiteral("s"));
        return future ? QStringLiteral("in ") + amount : amount + QStringLiteral(" ago");
    };
    const double minutes = seconds / 60, hours = minutes / 60, days = hours / 24;
    if (minutes < 60)
        return phrase(qint64(minutes), "minute");
    if (hours < 24)
        return phrase(qint64(hours), "hour");
    if (days < 60)
        return phrase(qint64(days), "day");
    if (days < 730)
        return phrase(qint64(days / 30.44), "month");
    return phrase(qint64(days / 365.25), "year");
}

QString EventText::plainToolTip(const QString &text)
{
    if (text.isEmpty())
        return {};
    return QStringLiteral("<p style='white-space:pre-wrap'>") + text.toHtmlEscaped() + QStringLiteral("</p>");
}

QString EventText::number(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("—");
    if (std::abs(value) >= 1000)
        return QString::number(value, 'f', 0);
    QString s = QString::number(value, 'f', 3);
    while (s.contains(QLatin1Char('.')) && (s.endsWith(QLatin1Char('0')) || s.endsWith(QLatin1Char('.'))))
        s.chop(1);
    return s == QLatin1String("-0") ? QStringLiteral("0") : s;
}

} // namespace engram::ui
