#pragma once

// The agent hub's MemoryEntry, field by field (mizy/claude-agent-hub src/memory/types.ts, with
// the fields src/memory/tierPromotion.ts and retrieveMemory.ts read: importance, tier,
// valence, superseded, supersedesId, tags), for checking every file Recollector writes into an
// attached agent folder. Header-only.
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>

namespace recollector::test {

struct FieldRule
{
    bool required = false;
    std::function<bool(const QJsonValue &)> check;
    const char *type;
};

inline bool isIsoString(const QJsonValue &v)
{
    return v.isString() && QDateTime::fromString(v.toString(), Qt::ISODateWithMs).isValid();
}

inline bool isStringArray(const QJsonValue &v)
{
    if (!v.isArray())
        return false;
    for (const QJsonValue &x : v.toArray())
        if (!x.isString())
            return false;
    return true;
}

inline bool isOneOf(const QJsonValue &v, const QStringList &names) { return v.isString() && names.contains(v.toString()); }

inline bool isNumberIn(const QJsonValue &v, double lo, double hi)
{
    return v.isDouble() && v.toDouble() >= lo && v.toDouble() <= hi;
}

inline const std::map<QString, FieldRule> &agentEntrySchema()
{
    static const std::map<QString, FieldRule> schema {
        { QStringLiteral("id"), { true, [](const QJsonValue &v) { return v.isString() && !v.toString().isEmpty(); }, "string" } },
        { QStringLiteral("content"), { true, [](const QJsonValue &v) { return v.isString(); }, "string" } },
        { QStringLiteral("category"),
          { true,
            [](const QJsonValue &v) {
                return isOneOf(v, { QStringLiteral("pattern"), QStringLiteral("lesson"), QStringLiteral("preference"),
                                    QStringLiteral("pitfall"), QStringLiteral("tool") });
            },
            "MemoryCategory" } },
        { QStringLiteral("keywords"), { true, isStringArray, "string[]" } },
        { QStringLiteral("source"),
          { true,
            [](const QJsonValue &v) {
                if (!v.isObject())
                    return false;
                const QJsonObject o = v.toObject();
                if (!isOneOf(o.value(QStringLiteral("type")), { QStringLiteral("task"), QStringLiteral("manual"), QStringLiteral("chat") }))
                    return false;
                for (auto it = o.begin(); it != o.end(); ++it) {
                    if (it.key() == QLatin1String("type"))
                        continue;
                    if (!QStringList { QStringLiteral("taskId"), QStringLiteral("chatId"), QStringLiteral("messageId") }.contains(it.key())
                        || !it.value().isString())
                        return false;
                }
                return true;
            },
            "MemorySource" } },
        { QStringLiteral("confidence"), { true, [](const QJsonValue &v) { return isNumberIn(v, 0, 1); }, "number 0-1" } },
        { QStringLiteral("createdAt"), { true, isIsoString, "ISO string" } },
        { QStringLiteral("updatedAt"), { true, isIsoString, "ISO string" } },
        { QStringLiteral("lastAccessedAt"), { false, isIsoString, "ISO string" } },
        { QStringLiteral("accessCount"), { true, [](const QJsonValue &v) { return isNumberIn(v, 0, 1e12); }, "number" } },
        { QStringLiteral("projectPath"), { false, [](const QJsonValue &v) { return v.isString(); }, "string" } },
        { QStringLiteral("strength"), { false, [](const QJsonValue &v) { return isNumberIn(v, 0, 100); }, "number 0-100" } },
        { QStringLiteral("stability"), { false, [](const QJsonValue &v) { return isNumberIn(v, 0, 1e12); }, "number (hours)" } },
        { QStringLiteral("lastReinforcedAt"), { false, isIsoString, "ISO string" } },
        { QStringLiteral("reinforceCount"), { false, [](const QJsonValue &v) { return isNumberIn(v, 0, 1e12); }, "number" } },
        { QStringLiteral("decayRate"), { false, [](const QJsonValue &v) { return isNumberIn(v, 0.5, 2.0); }, "number 0.5-2" } },
        { QStringLiteral("associations"),
          { false,
            [](const QJsonValue &v) {
                if (!v.isArray())
                    return false;
                for (const QJsonValue &a : v.toArray()) {
                    const QJsonObject o = a.toObject();
                    if (!o.value(QStringLiteral("targetId")).isString() || !isNumberIn(o.value(QStringLiteral("weight")), 0, 1)
                        || !isOneOf(o.value(QStringLiteral("type")), { QStringLiteral("keyword"), QStringLiteral("co-task"),
                                                                       QStringLiteral("co-project"), QStringLiteral("semantic") }))
                        return false;
                }
                return true;
            },
            "Association[]" } },
        { QStringLiteral("importance"), { false, [](const QJsonValue &v) { return isNumberIn(v, 1, 10); }, "number 1-10" } },
        { QStringLiteral("tier"),
          { false,
            [](const QJsonValue &v) {
                return isOneOf(v, { QStringLiteral("hot"), QStringLiteral("longterm"), QStringLiteral("permanent") });
            },
            "MemoryTier" } },
        { QStringLiteral("superseded"), { false, [](const QJsonValue &v) { return v.isBool(); }, "boolean" } },
        { QStringLiteral("supersedesId"), { false, [](const QJsonValue &v) { return v.isString(); }, "string" } },
        { QStringLiteral("tags"), { false, isStringArray, "string[]" } },
        { QStringLiteral("valence"), { false, [](const QJsonValue &v) { return v.isObject(); }, "object" } },
    };
    return schema;
}

/// Empty when `file` is a MemoryEntry; else the first problem. Keys the schema does not know
/// are accepted only when `original` (the file as the agent wrote it) already had them.
inline QString checkAgentEntry(const QJsonObject &file, const QJsonObject &original = {})
{
    for (const auto &[key, rule] : agentEntrySchema()) {
        if (!file.contains(key)) {
            if (rule.required)
                return QStringLiteral("missing required field \"%1\"").arg(key);
            continue;
        }
        if (!rule.check(file.value(key)))
            return QStringLiteral("field \"%1\" is not %2").arg(key, QString::fromLatin1(rule.type));
    }
    for (auto it = file.begin(); it != file.end(); ++it) {
        if (!agentEntrySchema().count(it.key()) && !original.contains(it.key()))
            return QStringLiteral("field \"%1\" is not MemoryEntry's and was not in the file").arg(it.key());
    }
    return {};
}

} // namespace recollector::test
