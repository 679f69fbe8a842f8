#include "text/EventText.h"

#include "engine/decisions/Proposals.h"
#include "engine/decisions/WeightLog.h"
#include "model/Conflict.h"
#include "text/CategoryText.h"
#include "text/ConflictText.h"
#include "text/TierText.h"
#include "model/Time.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace recollector::ui {

namespace {

// Translation contexts (translations/recollector_*.ts): a history line, a field's name, a value's
// words and "3 days ago" are translated apart, so each reads on its own.
struct HistoryLine
{
    Q_DECLARE_TR_FUNCTIONS(HistoryLine)
};
struct HistoryField
{
    Q_DECLARE_TR_FUNCTIONS(HistoryField)
};
struct HistoryValue
{
    Q_DECLARE_TR_FUNCTIONS(HistoryValue)
};
struct RelativeTime
{
    Q_DECLARE_TR_FUNCTIONS(RelativeTime)
};

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

/// A memory named by the start of its text (as `namer` gives it); one that is no longer in the
/// store is said to be so, never named by its id.
QString memoryRef(const QString &id, const EventText::MemoryNamer &namer)
{
    const QString text = namer ? namer(id) : QString();
    return text.isEmpty() ? HistoryLine::tr("a memory no longer in the store")
                          : HistoryLine::tr("“%1”", "a memory named by its text").arg(elide(text, 40));
}

/// What a reinforcement came from, in words (the events of docs/scoring.md, "Reinforcement").
QString reinforceWords(const QString &type)
{
    static const QHash<QString, const char *> kWords{
        {QStringLiteral("access"), QT_TRANSLATE_NOOP("HistoryLine", "recalled by the assistant")},
        {QStringLiteral("task_success"), QT_TRANSLATE_NOOP("HistoryLine", "a task it helped succeeded")},
        {QStringLiteral("task_failure"), QT_TRANSLATE_NOOP("HistoryLine", "a task it helped failed")},
        {QStringLiteral("manual"), QT_TRANSLATE_NOOP("HistoryLine", "confirmed by you")},
        {QStringLiteral("manual_review"), QT_TRANSLATE_NOOP("HistoryLine", "kept in a review")},
        {QStringLiteral("association_hit"), QT_TRANSLATE_NOOP("HistoryLine", "recalled through a linked memory")},
    };
    if (const auto it = kWords.constFind(type); it != kWords.constEnd())
        return HistoryLine::tr(it.value());
    return type.contains(QLatin1Char('_')) ? QString() : type; // an identifier says nothing to a person
}

/// A conflict's kind, in the conflict dialog's words.
QString conflictWords(const QString &type)
{
    static const QHash<QString, const char *> kWords{
        {QStringLiteral("direct_contradiction"), QT_TRANSLATE_NOOP("HistoryLine", "a direct contradiction")},
        {QStringLiteral("scope_overlap"), QT_TRANSLATE_NOOP("HistoryLine", "overlapping scope")},
        {QStringLiteral("temporal_shift"), QT_TRANSLATE_NOOP("HistoryLine", "a newer version")},
        {QStringLiteral("file_clash"), QT_TRANSLATE_NOOP("HistoryLine", "both changed the same file")},
    };
    if (const auto it = kWords.constFind(type); it != kWords.constEnd())
        return HistoryLine::tr(it.value());
    return type.contains(QLatin1Char('_')) ? QString() : type;
}

/// "content", "content and keywords", "content, keywords and category" (in words, not field names).
QString joinFields(const QStringList &keys)
{
    QStringList fields;
    for (const QString &key : keys)
        fields << EventText::fieldLabel(key);
    if (fields.size() <= 1)
        return fields.value(0);
    const QString firsts = fields.mid(0, fields.size() - 1).join(HistoryLine::tr(", "));
    return HistoryLine::tr("%1 and %2", "the last of several changed fields").arg(firsts, fields.last());
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
    return reason.isEmpty() ? text : HistoryLine::tr("%1: %2", "what happened: why").arg(text, reason);
}

QString reinforceSummary(const Event &e)
{
    const QString type = firstString(e.payload, {"event", "type", "eventType", "reinforceEvent"});
    const QString why = reinforceWords(type);
    QString text = why.isEmpty() ? HistoryLine::tr("Reinforced") : HistoryLine::tr("Reinforced (%1)").arg(why);
    const QJsonValue b = before(e).value(QLatin1String("stability"));
    const QJsonValue a = after(e).value(QLatin1String("stability"));
    if (b.isDouble() && a.isDouble())
        text += HistoryLine::tr(": stability %1 → %2").arg(EventText::formatValue(QStringLiteral("stability"), b),
                                                            EventText::formatValue(QStringLiteral("stability"), a));
    else if (a.isDouble())
        text += HistoryLine::tr(": stability → %1").arg(EventText::formatValue(QStringLiteral("stability"), a));
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
        return HistoryLine::tr("Negated: '%1'").arg(elide(correction, 80));
    const QString reason = firstString(e.payload, {"reason"});
    return reason.isEmpty() ? HistoryLine::tr("Negated") : HistoryLine::tr("Negated (%1)").arg(reason);
}

QString permanentSummary(const Event &e)
{
    QJsonValue on = after(e).value(QLatin1String("permanent"));
    if (!on.isBool())
        on = e.payload.value(QLatin1String("permanent"));
    if (!on.isBool())
        on = e.payload.value(QLatin1String("on"));
    if (on.isBool() && !on.toBool())
        return HistoryLine::tr("Permanent mark removed");
    return HistoryLine::tr("Marked permanent");
}

QString mergeSummary(const Event &e, const EventText::MemoryNamer &namer)
{
    const QJsonArray from = e.payload.contains(QLatin1String("mergedFrom"))
                                ? e.payload.value(QLatin1String("mergedFrom")).toArray()
                                : after(e).value(QLatin1String("mergedFrom")).toArray();
    QString into = firstString(e.payload, {"mergedInto", "into"});
    if (into.isEmpty())
        into = firstString(after(e), {"mergedInto"});
    if (!into.isEmpty())
        return HistoryLine::tr("Merged into %1").arg(memoryRef(into, namer));
    if (!from.isEmpty())
        return from.size() == 1 ? HistoryLine::tr("Merged from %n memory", nullptr, 1)
                                : HistoryLine::tr("Merged from %n memories", nullptr, int(from.size()));
    return HistoryLine::tr("Merged");
}

QString humanKind(const QString &kind)
{
    QString text = kind;
    text.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text;
}

QString conflictDetectedSummary(const Event &e, const EventText::MemoryNamer &namer)
{
    const QString type = firstString(e.payload, {"type", "conflictType"});
    const QString other = firstString(e.payload, {"other", "with", "otherId"});
    const QString kind = conflictWords(type);
    QString text = kind.isEmpty() ? HistoryLine::tr("Conflict detected") : HistoryLine::tr("Conflict detected (%1)").arg(kind);
    return other.isEmpty() ? text : HistoryLine::tr("%1 with %2").arg(text, memoryRef(other, namer));
}

QString conflictResolvedSummary(const Event &e)
{
    const QString strategy = firstString(e.payload, {"strategy", "resolution"});
    const auto resolution = core::conflictResolutionFromName(strategy);
    const QString how = resolution ? ConflictText::resolutionLabel(*resolution) : QString(strategy).replace(QLatin1Char('_'), QLatin1Char(' '));
    return how.isEmpty() ? HistoryLine::tr("Conflict resolved") : HistoryLine::tr("Conflict resolved: %1").arg(how);
}

QString unarchiveSummary(const Event &e)
{
    const QString trigger = firstString(e.payload, {"trigger"});
    const bool restored = e.payload.value(QStringLiteral("restoredOriginal")).toBool();
    QString text = trigger == QLatin1String("retrieval") ? HistoryLine::tr("Re-activated: recalled in review mode")
        : trigger == QLatin1String("confirm")            ? HistoryLine::tr("Unarchived by the confirmation")
                                                         : HistoryLine::tr("Unarchived");
    return restored ? HistoryLine::tr("%1, original text restored").arg(text) : text;
}

QString linkBoostSummary(const Event &e, const EventText::MemoryNamer &namer)
{
    // A link learned from use (docs/scoring.md, "Learned weights").
    const QString other = firstString(e.payload, {"other"});
    const QString why = firstString(e.payload, {"reason"}) == QLatin1String("confirmed_hit")
                            ? HistoryLine::tr("confirmed as a useful association")
                            : HistoryLine::tr("recalled together");
    QString text = HistoryLine::tr("Link to %1 strengthened").arg(memoryRef(other, namer));
    const QJsonValue from = e.payload.value(QLatin1String("weightBefore"));
    const QJsonValue to = e.payload.value(QLatin1String("weightAfter"));
    if (from.isDouble() && to.isDouble())
        text += QStringLiteral(" %1 → %2").arg(QString::number(from.toDouble(), 'f', 2),
                                               QString::number(to.toDouble(), 'f', 2));
    return HistoryLine::tr("%1 (%2)", "a link strengthened (why)").arg(text, why);
}

} // namespace

QString EventText::summary(const Event &e, const MemoryNamer &namer)
{
    const QString &k = e.kind;
    // A sealed payload read while the store is locked (or that did not open): its kind only.
    if (e.payload.value(QLatin1String("locked")).toBool()) {
        QString kind = k;
        kind.replace(QLatin1Char('_'), QLatin1Char(' '));
        if (!kind.isEmpty())
            kind[0] = kind[0].toUpper();
        return HistoryLine::tr("%1 (locked)").arg(kind);
    }
    if (k == ev::kReinforce)
        return reinforceSummary(e);
    if (k == ev::kConfirm)
        return HistoryLine::tr("Confirmed");
    if (k == ev::kNegate)
        return negateSummary(e);
    if (k == ev::kPermanent)
        return permanentSummary(e);
    if (k == ev::kEdit) {
        // What the user changed, not what every write refreshes (the detail lines show those).
        QStringList keys = changedKeys(e);
        keys.removeAll(QStringLiteral("updatedAt"));
        keys.removeAll(QStringLiteral("strength"));
        return keys.isEmpty() ? HistoryLine::tr("Edited") : HistoryLine::tr("Edited %1").arg(joinFields(keys));
    }
    if (k == ev::kDelete)
        return withReason(HistoryLine::tr("Deleted"), e);
    if (k == ev::kRestore)
        return HistoryLine::tr("Restored");
    if (k == ev::kMerge)
        return mergeSummary(e, namer);
    if (k == ev::kConflictDetected)
        return conflictDetectedSummary(e, namer);
    if (k == ev::kConflictResolved)
        return conflictResolvedSummary(e);
    if (k == ev::kConflictDismissed)
        return HistoryLine::tr("Conflict dismissed: not a conflict");
    if (k == ev::kRecentlyUpdated) {
        const QString older = firstString(e.payload, {"supersedes"});
        return older.isEmpty() ? HistoryLine::tr("Recently updated")
                               : HistoryLine::tr("Recently updated (replaces %1)").arg(memoryRef(older, namer));
    }
    if (k == ev::kArchive)
        return withReason(HistoryLine::tr("Archived"), e);
    if (k == ev::kCompress)
        return withReason(HistoryLine::tr("Compressed to a summary (original text kept here)"), e);
    if (k == ev::kUnarchive)
        return unarchiveSummary(e);
    if (k == ev::kPurge)
        return withReason(HistoryLine::tr("Purged"), e);
    if (k == ev::kImport) {
        const QString file = firstString(e.payload, {"file", "fileName", "source", "path"});
        return file.isEmpty() ? HistoryLine::tr("Imported") : HistoryLine::tr("Imported from %1").arg(file);
    }
    if (k == ev::kAccess)
        return HistoryLine::tr("Accessed (retrieval hit)");
    if (k == ev::kRevert) {
        const QString target = firstString(e.payload, {"eventId", "revertedEventId", "reverts", "revertOf"});
        return target.isEmpty() ? HistoryLine::tr("Reverted a decision") : HistoryLine::tr("Reverted event #%1").arg(target);
    }
    if (k == ev::kAssociate) {
        const QString other = firstString(e.payload, {"other", "with", "b", "target"});
        return other.isEmpty() ? HistoryLine::tr("Linked") : HistoryLine::tr("Linked to %1").arg(memoryRef(other, namer));
    }
    if (k == ev::kCreate)
        return HistoryLine::tr("Created");
    if (k == ev::kLinkBoost)
        return linkBoostSummary(e, namer);
    if (k == ev::kProposal) // approval mode (docs/scoring.md#approval-mode)
        return HistoryLine::tr("Proposed by the assistant, waiting for approval");
    if (k == ev::kProposalAnswer)
        return e.payload.value(QLatin1String("answer")).toString() == QLatin1String("accepted")
                   ? HistoryLine::tr("The assistant's proposal accepted")
                   : HistoryLine::tr("The assistant's proposal rejected");
    return humanKind(k);
}

QString EventText::fieldLabel(const QString &key)
{
    static const QHash<QString, const char *> kWords{
        {QStringLiteral("projectPath"), QT_TRANSLATE_NOOP("HistoryField", "project")},
        {QStringLiteral("decayRate"), QT_TRANSLATE_NOOP("HistoryField", "decay rate")},
        {QStringLiteral("negatedAt"), QT_TRANSLATE_NOOP("HistoryField", "negated at")},
        {QStringLiteral("deletedAt"), QT_TRANSLATE_NOOP("HistoryField", "deleted at")},
        {QStringLiteral("updatedAt"), QT_TRANSLATE_NOOP("HistoryField", "updated")},
        {QStringLiteral("createdAt"), QT_TRANSLATE_NOOP("HistoryField", "created")},
        {QStringLiteral("lastReinforcedAt"), QT_TRANSLATE_NOOP("HistoryField", "last reinforced")},
        {QStringLiteral("lastAccessedAt"), QT_TRANSLATE_NOOP("HistoryField", "last accessed")},
        {QStringLiteral("reinforceCount"), QT_TRANSLATE_NOOP("HistoryField", "reinforcements")},
        {QStringLiteral("accessCount"), QT_TRANSLATE_NOOP("HistoryField", "accesses")},
        {QStringLiteral("supersedesId"), QT_TRANSLATE_NOOP("HistoryField", "replaces")},
        {QStringLiteral("agentImportance"), QT_TRANSLATE_NOOP("HistoryField", "importance (1–10)")},
        // The fields named as they are stored, in the words a person uses.
        {QStringLiteral("content"), QT_TRANSLATE_NOOP("HistoryField", "content")},
        {QStringLiteral("keywords"), QT_TRANSLATE_NOOP("HistoryField", "keywords")},
        {QStringLiteral("category"), QT_TRANSLATE_NOOP("HistoryField", "category")},
        {QStringLiteral("importance"), QT_TRANSLATE_NOOP("HistoryField", "importance")},
        {QStringLiteral("confidence"), QT_TRANSLATE_NOOP("HistoryField", "confidence")},
        {QStringLiteral("stability"), QT_TRANSLATE_NOOP("HistoryField", "stability")},
        {QStringLiteral("strength"), QT_TRANSLATE_NOOP("HistoryField", "strength")},
        {QStringLiteral("sensitivity"), QT_TRANSLATE_NOOP("HistoryField", "sensitivity")},
        {QStringLiteral("permanent"), QT_TRANSLATE_NOOP("HistoryField", "permanent")},
        {QStringLiteral("negated"), QT_TRANSLATE_NOOP("HistoryField", "negated")},
        {QStringLiteral("deleted"), QT_TRANSLATE_NOOP("HistoryField", "deleted")},
        {QStringLiteral("archived"), QT_TRANSLATE_NOOP("HistoryField", "archived")},
        {QStringLiteral("level"), QT_TRANSLATE_NOOP("HistoryField", "level")},
        {QStringLiteral("source"), QT_TRANSLATE_NOOP("HistoryField", "source")},
        {QStringLiteral("correctionHistory"), QT_TRANSLATE_NOOP("HistoryField", "correction history")},
        {QStringLiteral("mergedFrom"), QT_TRANSLATE_NOOP("HistoryField", "merged from")},
        {QStringLiteral("mergedInto"), QT_TRANSLATE_NOOP("HistoryField", "merged into")},
        {QStringLiteral("originalContents"), QT_TRANSLATE_NOOP("HistoryField", "original texts")},
        {QStringLiteral("compressedFrom"), QT_TRANSLATE_NOOP("HistoryField", "compressed from")},
        {QStringLiteral("sourceIds"), QT_TRANSLATE_NOOP("HistoryField", "sources")},
        {QStringLiteral("superseded"), QT_TRANSLATE_NOOP("HistoryField", "superseded")},
        {QStringLiteral("extra"), QT_TRANSLATE_NOOP("HistoryField", "name, description or other fields")},
    };
    if (const auto it = kWords.constFind(key); it != kWords.constEnd())
        return HistoryField::tr(*it);
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
        return {why.isEmpty() ? HistoryValue::tr("locked: unlock the store to read what changed") : HistoryValue::tr("locked: %1").arg(why)};
    }
    const QJsonObject b = before(e);
    const QJsonObject a = after(e);
    QStringList lines;
    for (const QString &key : changedKeys(e)) {
        if (b.contains(key) && a.contains(key) && b.value(key) == a.value(key))
            continue; // carried along unchanged (e.g. decayRate on a reinforcement): noise
        const QString from = b.contains(key) ? formatValue(key, b.value(key)) : QStringLiteral("—");
        const QString to = a.contains(key) ? formatValue(key, a.value(key)) : QStringLiteral("—");
        lines << HistoryValue::tr("%1: %2 → %3", "field: before → after").arg(fieldLabel(key), from, to);
    }
    // The weight change log, kept under every profile (docs/scoring.md#weight-change-log).
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
        return value.toBool() ? HistoryValue::tr("yes") : HistoryValue::tr("no");
    case QJsonValue::Double: {
        const double v = value.toDouble();
        if (field.endsWith(QLatin1String("At")) && std::abs(v) > 1e11) // epoch milliseconds
            return localTime(core::Millis(v));
        if (field == QLatin1String("stability"))
            return HistoryValue::tr("%1 h", "hours of stability").arg(number(v));
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
        // Stored names in the words the table and the panel use, not as stored.
        if (field == QLatin1String("category"))
            return CategoryText::words(s);
        if (field == QLatin1String("level")) {
            if (const auto level = core::levelFromName(s))
                return TierText::level(*level);
        }
        return QLatin1Char('\'') + elide(s, maxText) + QLatin1Char('\'');
    }
    case QJsonValue::Array: {
        QStringList parts;
        for (const QJsonValue &item : value.toArray())
            parts << (item.isString() ? item.toString() : formatValue(QString(), item, maxText));
        return parts.isEmpty() ? HistoryValue::tr("(none)") : elide(parts.join(QStringLiteral(", ")), maxText);
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
        return RelativeTime::tr("just now");
    // One English form for one, one for more (the translation has one form for both).
    auto phrase = [future](qint64 n, const char *agoOne, const char *agoMany, const char *inOne, const char *inMany) {
        const char *text = future ? (n == 1 ? inOne : inMany) : (n == 1 ? agoOne : agoMany);
        return RelativeTime::tr(text, nullptr, int(n));
    };
    const double minutes = seconds / 60, hours = minutes / 60, days = hours / 24;
    if (minutes < 60)
        return phrase(qint64(minutes), QT_TRANSLATE_NOOP("RelativeTime", "%n minute ago"),
                      QT_TRANSLATE_NOOP("RelativeTime", "%n minutes ago"), QT_TRANSLATE_NOOP("RelativeTime", "in %n minute"),
                      QT_TRANSLATE_NOOP("RelativeTime", "in %n minutes"));
    if (hours < 24)
        return phrase(qint64(hours), QT_TRANSLATE_NOOP("RelativeTime", "%n hour ago"),
                      QT_TRANSLATE_NOOP("RelativeTime", "%n hours ago"), QT_TRANSLATE_NOOP("RelativeTime", "in %n hour"),
                      QT_TRANSLATE_NOOP("RelativeTime", "in %n hours"));
    if (days < 60)
        return phrase(qint64(days), QT_TRANSLATE_NOOP("RelativeTime", "%n day ago"),
                      QT_TRANSLATE_NOOP("RelativeTime", "%n days ago"), QT_TRANSLATE_NOOP("RelativeTime", "in %n day"),
                      QT_TRANSLATE_NOOP("RelativeTime", "in %n days"));
    if (days < 730)
        return phrase(qint64(days / 30.44), QT_TRANSLATE_NOOP("RelativeTime", "%n month ago"),
                      QT_TRANSLATE_NOOP("RelativeTime", "%n months ago"), QT_TRANSLATE_NOOP("RelativeTime", "in %n month"),
                      QT_TRANSLATE_NOOP("RelativeTime", "in %n months"));
    return phrase(qint64(days / 365.25), QT_TRANSLATE_NOOP("RelativeTime", "%n year ago"),
                  QT_TRANSLATE_NOOP("RelativeTime", "%n years ago"), QT_TRANSLATE_NOOP("RelativeTime", "in %n year"),
                  QT_TRANSLATE_NOOP("RelativeTime", "in %n years"));
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

} // namespace recollector::ui
