#include "io/AgentEntry.h"

#include "model/JsonFieldReader.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace recollector::core::io {

namespace {
const QString kImportance = QStringLiteral("importance");
const QString kRecollectorImportance = QStringLiteral("recollectorImportance");
const QString kAgentImportance = QStringLiteral("agentImportance");
const QString kTier = QStringLiteral("tier");
const QString kAgentTier = QStringLiteral("agentTier");
const QString kPermanent = QStringLiteral("permanent");
const QString kSuperseded = QStringLiteral("superseded");
const QString kAssociations = QStringLiteral("associations");
const QString kPermanentTier = QStringLiteral("permanent");
// Recollector's own value of a field the writer projects for the agent (docs/formats.md, "Agent
// memory folders"), so a folder read back gives the memory it was written from.
const QString kRecollectorAgentTier = QStringLiteral("recollectorAgentTier");
const QString kRecollectorSuperseded = QStringLiteral("recollectorSuperseded");
const QString kNegated = QStringLiteral("negated");

/// The same three fields as Engram wrote them (docs/formats.md, "Files written under the name
/// Engram"): read when the new name is absent, and dropped when the entry is written again.
QString legacyKey(const QString &key)
{
    return QStringLiteral("engram") + key.mid(QStringLiteral("recollector").size());
}

/// One of this program's fields of `object` under either name, taken out of `o`.
QJsonValue takeOwn(QJsonObject &o, const QJsonObject &object, const QString &key)
{
    const QString legacy = legacyKey(key);
    const QJsonValue value = object.contains(key) ? object.value(key) : object.value(legacy);
    o.remove(key);
    o.remove(legacy);
    return value;
}

/// The `tier` the writer puts in an agent's file for a memory's permanent flag and agentTier.
QString projectedTier(bool permanent, const QString &agentTier)
{
    if (permanent)
        return kPermanentTier;
    if (agentTier == kPermanentTier)
        return QStringLiteral("longterm"); // unmarked in Recollector: no longer permanent for the agent
    return agentTier;
}
} // namespace

void AgentEntry::migrateAsTheHubDoes(Memory &memory, const QJsonObject &object)
{
    if (!object.contains(QStringLiteral("stability"))) {
        const double confidence = object.value(QStringLiteral("confidence")).toDouble(0.5);
        const double accesses = object.value(QStringLiteral("accessCount")).toDouble(0);
        memory.stability = 72.0 + 96.0 * confidence + std::min(2.0 * accesses, 24.0);
    }
    if (!object.contains(QStringLiteral("lastReinforcedAt")))
        memory.lastReinforcedAt = memory.createdAt;
}

Result<Memory> AgentEntry::fromObject(const QJsonObject &object, const QString &where,
    const MemoryParseOptions &options, std::vector<Association> *links)
{
    QJsonObject o = object;
    JsonFieldReader r(object, where);
    const QString id = object.value(QStringLiteral("id")).toString();
    if (!id.isEmpty())
        r.setWhere(QStringLiteral("%1 (id \"%2\")").arg(where, id.left(80)));

    // The agent's importance (1–10) is not Recollector's (docs/formats.md, "Agent memory folders"):
    // keep it verbatim, separately.
    const auto agentImportance = r.number(kImportance, -1e6, 1e6);
    o.remove(kImportance);
    o.remove(kAgentImportance);
    if (agentImportance)
        o.insert(kAgentImportance, *agentImportance);
    if (const QJsonValue own = takeOwn(o, object, kRecollectorImportance); !own.isUndefined())
        o.insert(kImportance, own);
    const QString tier = r.string(kTier, 64).trimmed();
    o.remove(kTier);
    const QJsonValue recollectorTier = takeOwn(o, object, kRecollectorAgentTier);
    if (!tier.isEmpty()) {
        const bool permanent = r.has(kPermanent) ? object.value(kPermanent).toBool() : tier == kPermanentTier;
        // Recollector's agentTier when the tier is still the one Recollector projected from it; the
        // agent's own tier when the agent changed it since.
        const bool projected = recollectorTier.isString() && tier == projectedTier(permanent, recollectorTier.toString());
        o.insert(kAgentTier, projected ? recollectorTier.toString() : tier);
        if (tier == kPermanentTier && !r.has(kPermanent))
            o.insert(kPermanent, true);
    }
    // A negated memory is superseded for the agent; Recollector's own flag travels beside it.
    const QJsonValue recollectorSuperseded = takeOwn(o, object, kRecollectorSuperseded);
    if (recollectorSuperseded.isBool() && object.value(kSuperseded).toBool() && object.value(kNegated).toBool())
        o.insert(kSuperseded, recollectorSuperseded.toBool());

    std::vector<Association> found;
    const QJsonArray linkArray = r.array(kAssociations);
    o.remove(kAssociations);
    for (qsizetype i = 0; i < linkArray.size() && !r.failed(); ++i) {
        const QJsonValue item = linkArray.at(i);
        if (!item.isObject()) {
            r.fail(kAssociations,
                QStringLiteral("item %1: expected an object, got %2")
                    .arg(i)
                    .arg(JsonFieldReader::describe(item)));
            break;
        }
        const QJsonObject linkObject = item.toObject();
        JsonFieldReader lr(linkObject, r.where(), QStringLiteral("associations[%1].").arg(i));
        Association a;
        a.b = lr.requiredString(QStringLiteral("targetId"), 256);
        a.weight = lr.number(QStringLiteral("weight"), 0.0, 1.0, 0.0);
        a.type = lr.string(QStringLiteral("type"), 64, QStringLiteral("keyword"));
        a.createdAt = lr.instant(QStringLiteral("createdAt"));
        r.takeError(lr);
        if (!r.failed())
            found.push_back(a);
    }
    if (r.failed())
        return r.error();

    auto memory = memoryFromJson(o, where, options);
    if (!memory)
        return memory;
    if (links) {
        for (Association &a : found) {
            if (a.b == memory->id)
                continue; // no self-links (docs/scoring.md, "Associations")
            a.a = memory->id;
            const auto [x, y] = orderedPair(a.a, a.b);
            a.a = x;
            a.b = y;
            links->push_back(a);
        }
    }
    return memory;
}

QJsonObject AgentEntry::toObject(
    const Memory &m, const std::vector<Association> &links, const QJsonObject &existing)
{
    QJsonObject o = memoryToJson(m);
    QStringList cleared; // keys to drop, or to reset where the file already has them

    o.remove(kImportance);
    if (m.importance != 1.0)
        o.insert(kRecollectorImportance, m.importance);
    else
        cleared << kRecollectorImportance;
    o.remove(kAgentImportance);
    if (m.agentImportance)
        o.insert(kImportance, *m.agentImportance);

    o.remove(kAgentTier);
    o.remove(kPermanent);
    const QString tier = projectedTier(m.permanent, m.agentTier);
    if (!tier.isEmpty())
        o.insert(kTier, tier);
    if (tier != m.agentTier)
        o.insert(kRecollectorAgentTier, m.agentTier);
    else
        cleared << kRecollectorAgentTier;

    o.insert(kSuperseded, m.superseded || m.negated);
    if (m.negated && !m.superseded)
        o.insert(kRecollectorSuperseded, false);
    else
        cleared << kRecollectorSuperseded;

    // Recollector-only fields at their defaults: an agent does not need to see them.
    static const QJsonObject defaults = memoryToJson(Memory {}); // once: a folder writes or reads thousands
    for (const QString &key : { QStringLiteral("verified"), QStringLiteral("negated"),
             QStringLiteral("correctionHistory"), QStringLiteral("level"), QStringLiteral("compressed"),
             QStringLiteral("mergedFrom"), QStringLiteral("sourceIds"), QStringLiteral("originalContents"),
             QStringLiteral("sensitivity"), QStringLiteral("modalities"), kSuperseded }) {
        if (o.value(key) == defaults.value(key))
            cleared << key;
    }

    QJsonArray linkArray;
    std::vector<std::pair<QString, const Association *>> sorted;
    for (const Association &a : links)
        sorted.emplace_back(a.other(m.id), &a);
    std::sort(sorted.begin(), sorted.end(), [](const auto &x, const auto &y) { return x.first < y.first; });
    for (const auto &[target, a] : sorted)
        linkArray.append(QJsonObject { { QStringLiteral("targetId"), target },
            { QStringLiteral("weight"), a->weight }, { QStringLiteral("type"), a->type } });
    if (!linkArray.isEmpty())
        o.insert(kAssociations, linkArray);
    else
        cleared << kAssociations;

    QJsonObject out = existing;
    for (const QString &key : { kRecollectorImportance, kRecollectorAgentTier, kRecollectorSuperseded })
        out.remove(legacyKey(key));
    for (auto it = o.constBegin(); it != o.constEnd(); ++it)
        out.insert(it.key(), it.value());
    for (const QString &key : cleared) {
        if (!existing.contains(key) || key == kRecollectorAgentTier || key == kRecollectorSuperseded)
            out.remove(key);
        else if (key == kAssociations)
            out.insert(key, QJsonArray {});
        else if (key == kRecollectorImportance)
            out.insert(key, 1.0);
        else
            out.insert(key, o.contains(key) ? o.value(key) : defaults.value(key));
    }
    return out;
}

QByteArray AgentEntry::toFileBytes(const QJsonObject &object)
{
    // QJsonDocument indents by 4; JSON strings cannot hold a raw newline, so every line's
    // leading spaces are indentation and can be halved safely.
    const QByteArray four = QJsonDocument(object).toJson(QJsonDocument::Indented);
    QByteArray out;
    out.reserve(four.size());
    qsizetype i = 0;
    while (i < four.size()) {
        qsizetype spaces = 0;
        while (i + spaces < four.size() && four[i + spaces] == ' ')
            ++spaces;
        out.append(QByteArray(spaces / 2, ' '));
        i += spaces;
        const qsizetype end = four.indexOf('\n', i);
        const qsizetype stop = end < 0 ? four.size() : end + 1;
        out.append(four.constData() + i, stop - i);
        i = stop;
    }
    return out;
}

} // namespace recollector::core::io
