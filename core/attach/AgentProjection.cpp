#include "attach/AgentProjection.h"

#include "attach/AgentFileText.h"
#include "io/AgentEntry.h"

#include <QJsonDocument>

namespace recollector::core::attach {

QJsonObject AgentProjection::of(const Memory &memory)
{
    const QJsonObject all = io::AgentEntry::toObject(memory, {});
    QJsonObject out;
    static const QStringList kAssociations { QStringLiteral("associations"), QStringLiteral("tags"),
                                             QStringLiteral("valence") };
    for (const QString &key : AgentFileText::entryOrder()) {
        if (kAssociations.contains(key))
            continue; // links live in the side store; tags and valence are the agent's own
        const QJsonValue v = all.value(key);
        if (v.isUndefined() || v.isNull())
            continue;
        out.insert(key, v);
    }
    out.insert(QStringLiteral("superseded"), memory.superseded || memory.negated || !memory.mergedInto.isEmpty());
    return out;
}

QStringList AgentProjection::changedKeys(const QJsonObject &before, const QJsonObject &after)
{
    QStringList keys;
    for (auto it = after.constBegin(); it != after.constEnd(); ++it) {
        if (before.value(it.key()) != it.value())
            keys << it.key();
    }
    for (auto it = before.constBegin(); it != before.constEnd(); ++it) {
        if (!after.contains(it.key()))
            keys << it.key();
    }
    return keys;
}

QByteArray AgentProjection::compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QJsonObject AgentProjection::parse(const QByteArray &compactJson)
{
    return QJsonDocument::fromJson(compactJson).object();
}

} // namespace recollector::core::attach
