#include "model/MemoryFields.h"

#include <QJsonArray>

#include <functional>
#include <vector>

namespace engram::core {

namespace {

struct FieldCodec
{
    const char *key;
    std::function<QJsonValue(const Memory &)> get;
    std::function<bool(Memory &, const QJsonValue &)> set; ///< false on a wrong type
};

QJsonValue instant(Millis ms) { return ms ? QJsonValue(time::toIso(ms)) : QJsonValue(QJsonValue::Null); }

bool setInstant(Millis &into, const QJsonValue &v)
{
    if (v.isNull()) {
        into = 0;
        return true;
    }
    const auto ms = time::fromIso(v.toString());
    if (!v.isString() || !ms)
        return false;
    into = *ms;
    return true;
}

bool setString(QString &into, const QJsonValue &v)
{
    if (!v.isString())
        return false;
    into = v.toString();
    return true;
}

bool setList(QStringList &into, const QJsonValue &v)
{
    if (!v.isArray())
        return false;
    QStringList out;
    for (const QJsonValue &item : v.toArray()) {
        if (!item.isString())
            return false;
        out << item.toString();
    }
    into = out;
    return true;
}

bool setDouble(double &into, const QJsonValue &v)
{
    if (!v.isDouble())
        return false;
    into = v.toDouble();
    return true;
}

bool setInt(int &into, const QJsonValue &v)
{
    if (!v.isDouble())
        return false;
    into = v.toInt();
    return true;
}

bool setBool(bool &into, const QJsonValue &v)
{
    if (!v.isBool())
        return false;
    into = v.toBool();
    return true;
}

#define ENGRAM_STR(name) {#name, [](const Memory &m) { return QJsonValue(m.name); }, [](Memory &m, const QJsonValue &v) { return setString(m.name, v); }}
#define ENGRAM_LIST(name) {#name, [](const Memory &m) { return QJsonValue(QJsonArray::fromStringList(m.name)); }, [](Memory &m, const QJsonValue &v) { return setList(m.name, v); }}
#define ENGRAM_DBL(name) {#name, [](const Memory &m) { return QJsonValue(m.name); }, [](Memory &m, const QJsonValue &v) { return setDouble(m.name, v); }}
#define ENGRAM_INT(name) {#name, [](const Memory &m) { return QJsonValue(m.name); }, [](Memory &m, const QJsonValue &v) { return setInt(m.name, v); }}
#define ENGRAM_BOOL(name) {#name, [](const Memory &m) { return QJsonValue(m.name); }, [](Memory &m, const QJsonValue &v) { return setBool(m.name, v); }}
#define ENGRAM_TIME(name) {#name, [](const Memory &m) { return instant(m.name); }, [](Memory &m, const QJsonValue &v) { return setInstant(m.name, v); }}

const std::vector<FieldCodec> &codecs()
{
    static const std::vector<FieldCodec> table{
        ENGRAM_STR(id),
        ENGRAM_STR(content),
        ENGRAM_STR(category),
        ENGRAM_LIST(keywords),
        {"source",
         [](const Memory &m) {
             return QJsonValue(QJsonObject{{QStringLiteral("type"), m.source.type},
                                           {QStringLiteral("taskId"), m.source.taskId},
                                           {QStringLiteral("chatId"), m.source.chatId},
                                           {QStringLiteral("messageId"), m.source.messageId}});
         },
         [](Memory &m, const QJsonValue &v) {
             if (!v.isObject())
                 return false;
             const QJsonObject o = v.toObject();
             MemorySource s;
             return setString(s.type, o.value(QStringLiteral("type"))) && setString(s.taskId, o.value(QStringLiteral("taskId")))
                    && setString(s.chatId, o.value(QStringLiteral("chatId")))
                    && setString(s.messageId, o.value(QStringLiteral("messageId"))) && (m.source = s, true);
         }},
        ENGRAM_DBL(confidence),
        ENGRAM_TIME(createdAt),
        ENGRAM_TIME(updatedAt),
        ENGRAM_TIME(lastAccessedAt),
        ENGRAM_TIME(lastReinforcedAt),
        ENGRAM_INT(accessCount),
        ENGRAM_INT(reinforceCount),
        ENGRAM_STR(projectPath),
        ENGRAM_DBL(strength),
        ENGRAM_DBL(stability),
        ENGRAM_DBL(decayRate),
        ENGRAM_DBL(importance),
        ENGRAM_BOOL(verified),
        ENGRAM_BOOL(permanent),
        ENGRAM_BOOL(negated),
        ENGRAM_TIME(negatedAt),
        {"correctionHistory", [](const Memory &m) { return QJsonValue(m.correctionHistory); },
         [](Memory &m, const QJsonValue &v) { return v.isArray() && (m.correctionHistory = v.toArray(), true); }},
        {"level", [](const Memory &m) { return QJsonValue(levelName(m.level)); },
         [](Memory &m, const QJsonValue &v) {
             const auto level = levelFromName(v.toString());
             return level && (m.level = *level, true);
         }},
        ENGRAM_BOOL(compressed),
        ENGRAM_STR(compressedFrom),
        ENGRAM_LIST(mergedFrom),
        ENGRAM_STR(mergedInto),
        ENGRAM_LIST(sourceIds),
        ENGRAM_LIST(originalContents),
        ENGRAM_INT(sensitivity),
        ENGRAM_LIST(modalities),
        ENGRAM_TIME(deletedAt),
        ENGRAM_BOOL(superseded),
        ENGRAM_STR(supersedesId),
        {"agentImportance",
         [](const Memory &m) { return m.agentImportance ? QJsonValue(*m.agentImportance) : QJsonValue(QJsonValue::Null); },
         [](Memory &m, const QJsonValue &v) {
             if (v.isNull()) {
                 m.agentImportance.reset();
                 return true;
             }
             return v.isDouble() && (m.agentImportance = v.toDouble(), true);
         }},
        ENGRAM_STR(agentTier),
        {"extra", [](const Memory &m) { return QJsonValue(m.extra); },
         [](Memory &m, const QJsonValue &v) { return v.isObject() && (m.extra = v.toObject(), true); }},
    };
    return table;
}

#undef ENGRAM_STR
#undef ENGRAM_LIST
#undef ENGRAM_DBL
#undef ENGRAM_INT
#undef ENGRAM_BOOL
#undef ENGRAM_TIME

} // namespace

QJsonObject MemoryFields::toJson(const Memory &memory)
{
    QJsonObject o;
    for (const FieldCodec &c : codecs())
        o.insert(QLatin1String(c.key), c.get(memory));
    return o;
}

std::pair<QJsonObject, QJsonObject> MemoryFields::diff(const Memory &before, const Memory &after)
{
    QJsonObject b;
    QJsonObject a;
    for (const FieldCodec &c : codecs()) {
        const QJsonValue vb = c.get(before);
        const QJsonValue va = c.get(after);
        if (vb != va) {
            b.insert(QLatin1String(c.key), vb);
            a.insert(QLatin1String(c.key), va);
        }
    }
    return {b, a};
}

Status MemoryFields::apply(Memory &memory, const QJsonObject &fields)
{
    Memory changed = memory;
    for (auto it = fields.begin(); it != fields.end(); ++it) {
        const FieldCodec *codec = nullptr;
        for (const FieldCodec &c : codecs()) {
            if (it.key() == QLatin1String(c.key))
                codec = &c;
        }
        if (!codec)
            return Error::make(Error::Code::Validation, QStringLiteral("memory %1: unknown field '%2'").arg(memory.id, it.key()));
        if (!codec->set(changed, it.value()))
            return Error::make(Error::Code::Validation,
                               QStringLiteral("memory %1: field '%2' has a value of the wrong type").arg(memory.id, it.key()));
    }
    memory = changed;
    return {};
}

Result<Memory> MemoryFields::fromJson(const QJsonObject &fields)
{
    Memory m;
    if (const Status st = apply(m, fields); !st)
        return st.error();
    if (m.id.isEmpty())
        return Error::make(Error::Code::Validation, QStringLiteral("a stored memory has no id"));
    return m;
}

QStringList MemoryFields::keys()
{
    QStringList out;
    for (const FieldCodec &c : codecs())
        out << QString::fromLatin1(c.key);
    return out;
}

} // namespace engram::core
