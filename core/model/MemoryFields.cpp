#include "model/MemoryFields.h"

#include <QJsonArray>

#include <functional>
#include <vector>

namespace recollector::core {

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

#define RECOLLECTOR_STR(name) {#name, [](const Memory &m) { return QJsonValue(m.name); }, [](Memory &m, const QJsonValue &v) { return setString(m.name, v); }}
#define RECOLLECTOR_LIST(name) {#name, [](const Memory &m) { return QJsonValue(QJsonArray::fromStringList(m.name)); }, [](Memory &m, const QJsonValue &v) { return setList(m.name, v); }}
#define RECOLLECTOR_DBL(name) {#name, [](const Memory &m) { return QJsonValue(m.name); }, [](Memory &m, const QJsonValue &v) { return setDouble(m.name, v); }}
#define RECOLLECTOR_INT(name) {#name, [](const Memory &m) { return QJsonValue(m.name); }, [](Memory &m, const QJsonValue &v) { return setInt(m.name, v); }}
#define RECOLLECTOR_BOOL(name) {#name, [](const Memory &m) { return QJsonValue(m.name); }, [](Memory &m, const QJsonValue &v) { return setBool(m.name, v); }}
#define RECOLLECTOR_TIME(name) {#name, [](const Memory &m) { return instant(m.name); }, [](Memory &m, const QJsonValue &v) { return setInstant(m.name, v); }}

const std::vector<FieldCodec> &codecs()
{
    static const std::vector<FieldCodec> table{
        RECOLLECTOR_STR(id),
        RECOLLECTOR_STR(content),
        RECOLLECTOR_STR(category),
        RECOLLECTOR_LIST(keywords),
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
        RECOLLECTOR_DBL(confidence),
        RECOLLECTOR_TIME(createdAt),
        RECOLLECTOR_TIME(updatedAt),
        RECOLLECTOR_TIME(lastAccessedAt),
        RECOLLECTOR_TIME(lastReinforcedAt),
        RECOLLECTOR_INT(accessCount),
        RECOLLECTOR_INT(reinforceCount),
        RECOLLECTOR_STR(projectPath),
        RECOLLECTOR_DBL(strength),
        RECOLLECTOR_DBL(stability),
        RECOLLECTOR_DBL(decayRate),
        RECOLLECTOR_DBL(importance),
        RECOLLECTOR_BOOL(verified),
        RECOLLECTOR_BOOL(permanent),
        RECOLLECTOR_BOOL(negated),
        RECOLLECTOR_TIME(negatedAt),
        {"correctionHistory", [](const Memory &m) { return QJsonValue(m.correctionHistory); },
         [](Memory &m, const QJsonValue &v) { return v.isArray() && (m.correctionHistory = v.toArray(), true); }},
        {"level", [](const Memory &m) { return QJsonValue(levelName(m.level)); },
         [](Memory &m, const QJsonValue &v) {
             const auto level = levelFromName(v.toString());
             return level && (m.level = *level, true);
         }},
        RECOLLECTOR_BOOL(compressed),
        RECOLLECTOR_STR(compressedFrom),
        RECOLLECTOR_LIST(mergedFrom),
        RECOLLECTOR_STR(mergedInto),
        RECOLLECTOR_LIST(sourceIds),
        RECOLLECTOR_LIST(originalContents),
        RECOLLECTOR_INT(sensitivity),
        RECOLLECTOR_LIST(modalities),
        RECOLLECTOR_TIME(deletedAt),
        RECOLLECTOR_BOOL(superseded),
        RECOLLECTOR_STR(supersedesId),
        {"agentImportance",
         [](const Memory &m) { return m.agentImportance ? QJsonValue(*m.agentImportance) : QJsonValue(QJsonValue::Null); },
         [](Memory &m, const QJsonValue &v) {
             if (v.isNull()) {
                 m.agentImportance.reset();
                 return true;
             }
             return v.isDouble() && (m.agentImportance = v.toDouble(), true);
         }},
        RECOLLECTOR_STR(agentTier),
        {"extra", [](const Memory &m) { return QJsonValue(m.extra); },
         [](Memory &m, const QJsonValue &v) { return v.isObject() && (m.extra = v.toObject(), true); }},
    };
    return table;
}

#undef RECOLLECTOR_STR
#undef RECOLLECTOR_LIST
#undef RECOLLECTOR_DBL
#undef RECOLLECTOR_INT
#undef RECOLLECTOR_BOOL
#undef RECOLLECTOR_TIME

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

} // namespace recollector::core
