#include "io/MemoryJson.h"

#include <QJsonArray>

namespace engram::core::io {

namespace {
void putTime(QJsonObject &o, const char *key, Millis ms)
{
    if (ms != 0)
        o.insert(QLatin1String(key), time::toIso(ms));
}
} // namespace

const QStringList &knownMemoryKeys()
{
    static const QStringList keys{
        QStringLiteral("id"), QStringLiteral("content"), QStringLiteral("category"), QStringLiteral("keywords"),
        QStringLiteral("source"), QStringLiteral("confidence"), QStringLiteral("createdAt"),
        QStringLiteral("updatedAt"), QStringLiteral("lastAccessedAt"), QStringLiteral("lastReinforcedAt"),
        QStringLiteral("accessCount"), QStringLiteral("reinforceCount"), QStringLiteral("projectPath"),
        QStringLiteral("strength"), QStringLiteral("stability"), QStringLiteral("decayRate"),
        QStringLiteral("importance"), QStringLiteral("verified"), QStringLiteral("permanent"),
        QStringLiteral("negated"), QStringLiteral("negatedAt"), QStringLiteral("correctionHistory"),
        QStringLiteral("level"), QStringLiteral("compressed"), QStringLiteral("compressedFrom"),
        QStringLiteral("mergedFrom"), QStringLiteral("mergedInto"), QStringLiteral("sourceIds"),
        QStringLiteral("originalContents"), QStringLiteral("sensitivity"), QStringLiteral("modalities"),
        QStringLiteral("deletedAt"), QStringLiteral("superseded"), QStringLiteral("supersedesId"),
        QStringLiteral("agentImportance"), QStringLiteral("agentTier"),
    };
    return keys;
}

QJsonObject memoryToJson(const Memory &m)
{
    QJsonObject o = m.extra; // unknown fields first; known ones below take precedence
    o.insert(QStringLiteral("id"), m.id);
    o.insert(QStringLiteral("content"), m.content);
    o.insert(QStringLiteral("category"), m.category);
    o.insert(QStringLiteral("keywords"), QJsonArray::fromStringList(m.keywords));
    QJsonObject source{{QStringLiteral("type"), m.source.type}};
    if (!m.source.taskId.isEmpty())
        source.insert(QStringLiteral("taskId"), m.source.taskId);
    if (!m.source.chatId.isEmpty())
        source.insert(QStringLiteral("chatId"), m.source.chatId);
    if (!m.source.messageId.isEmpty())
        source.insert(QStringLiteral("messageId"), m.source.messageId);
    o.insert(QStringLiteral("source"), source);
    o.insert(QStringLiteral("confidence"), m.confidence);
    putTime(o, "createdAt", m.createdAt);
    putTime(o, "updatedAt", m.updatedAt);
    putTime(o, "lastAccessedAt", m.lastAccessedAt);
    putTime(o, "lastReinforcedAt", m.lastReinforcedAt);
    o.insert(QStringLiteral("accessCount"), m.accessCount);
    o.insert(QStringLiteral("reinforceCount"), m.reinforceCount);
    if (!m.projectPath.isEmpty())
        o.insert(QStringLiteral("projectPath"), m.projectPath);
    o.insert(QStringLiteral("strength"), m.strength);
    o.insert(QStringLiteral("stability"), m.stability);
    o.insert(QStringLiteral("decayRate"), m.decayRate);
    o.insert(QStringLiteral("importance"), m.importance);
    o.insert(QStringLiteral("verified"), m.verified);
    o.insert(QStringLiteral("permanent"), m.permanent);
    o.insert(QStringLiteral("negated"), m.negated);
    putTime(o, "negatedAt", m.negatedAt);
    o.insert(QStringLiteral("correctionHistory"), m.correctionHistory);
    o.insert(QStringLiteral("level"), levelName(m.level));
    o.insert(QStringLiteral("compressed"), m.compressed);
    if (!m.compressedFrom.isEmpty())
        o.insert(QStringLiteral("compressedFrom"), m.compressedFrom);
    o.insert(QStringLiteral("mergedFrom"), QJsonArray::fromStringList(m.mergedFrom));
    if (!m.mergedInto.isEmpty())
        o.insert(QStringLiteral("mergedInto"), m.mergedInto);
    o.insert(QStringLiteral("sourceIds"), QJsonArray::fromStringList(m.sourceIds));
    o.insert(QStringLiteral("originalContents"), QJsonArray::fromStringList(m.originalContents));
    o.insert(QStringLiteral("sensitivity"), m.sensitivity);
    o.insert(QStringLiteral("modalities"), QJsonArray::fromStringList(m.modalities));
    putTime(o, "deletedAt", m.deletedAt);
    o.insert(QStringLiteral("superseded"), m.superseded);
    if (!m.supersedesId.isEmpty())
        o.insert(QStringLiteral("supersedesId"), m.supersedesId);
    if (m.agentImportance)
        o.insert(QStringLiteral("agentImportance"), *m.agentImportance);
    if (!m.agentTier.isEmpty())
        o.insert(QStringLiteral("agentTier"), m.agentTier);
    return o;
}

QJsonObject eventToJson(const Event &e)
{
    return QJsonObject{{QStringLiteral("id"), double(e.id)},         {QStringLiteral("memoryId"), e.memoryId},
                       {QStringLiteral("kind"), e.kind},             {QStringLiteral("actor"), e.actor},
                       {QStringLiteral("at"), time::toIso(e.at)},    {QStringLiteral("payload"), e.payload}};
}

QJsonObject associationToJson(const Association &a)
{
    QJsonObject o{{QStringLiteral("a"), a.a},
                  {QStringLiteral("b"), a.b},
                  {QStringLiteral("weight"), a.weight},
                  {QStringLiteral("type"), a.type}};
    putTime(o, "createdAt", a.createdAt);
    return o;
}

QJsonObject conflictToJson(const Conflict &c)
{
    QJsonObject o{{QStringLiteral("id"), double(c.id)},     {QStringLiteral("a"), c.a},
                  {QStringLiteral("b"), c.b},               {QStringLiteral("type"), c.type},
                  {QStringLiteral("status"), c.status}};
    if (!c.resolution.isEmpty())
        o.insert(QStringLiteral("resolution"), c.resolution);
    putTime(o, "detectedAt", c.detectedAt);
    putTime(o, "resolvedAt", c.resolvedAt);
    return o;
}

} // namespace engram::core::io
