// McpMemoryAdapter::write: the store as the MCP memory server's JSONL (docs/formats.md, "MCP
// memory server"), in the server's own order and spelling so that an imported file comes
// back as the same lines.
#include "formats/McpMemoryAdapter.h"

#include "io/AtomicFile.h"
#include "formats/JsonQuote.h"

#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace recollector::core::io::formats {

namespace {

constexpr int kNotImported = 1 << 30; // sorts after every line of an imported file

struct OutEntity
{
    QString name;
    QString type;
    int line = kNotImported;
    std::vector<std::pair<int, QString>> observations; ///< (index, text)
    bool placeholder = false;
};

struct OutRelation
{
    QString from, to, type;
    int line = kNotImported;
};

QByteArray entityLine(const OutEntity &e)
{
    QByteArray out = "{\"type\":\"entity\",\"name\":" + quoteJson(e.name) + ",\"entityType\":" + quoteJson(e.type)
        + ",\"observations\":[";
    if (!e.placeholder) {
        for (std::size_t i = 0; i < e.observations.size(); ++i)
            out += (i ? "," : "") + quoteJson(e.observations[i].second);
    }
    return out + "]}";
}

QByteArray relationLine(const OutRelation &r)
{
    return "{\"type\":\"relation\",\"from\":" + quoteJson(r.from) + ",\"to\":" + quoteJson(r.to)
        + ",\"relationType\":" + quoteJson(r.type) + "}";
}

/// The entity a memory is an observation of: its own (imported); for one Recollector made,
/// the entity of the memory it corrects or was merged from, else an entity of the set whose
/// name is one of its keywords or appears in its text (any case: "carol" is Carol), else a
/// new entity named after its first keyword.
class EntityFinder
{
public:
    explicit EntityFinder(const std::vector<Memory> &memories)
    {
        for (const Memory &m : memories) {
            const QJsonObject kept = m.extra.value(QStringLiteral("mcp")).toObject();
            if (!kept.contains(QStringLiteral("entity")))
                continue;
            const Entity e { kept.value(QStringLiteral("entity")).toString(), kept.value(QStringLiteral("entityType")).toString() };
            m_byMemory.insert(m.id, e);
            m_byName.insert(e.name.toCaseFolded(), e);
        }
        m_names = m_byName.keys();
        std::sort(m_names.begin(), m_names.end(),
                  [](const QString &x, const QString &y) { return x.size() != y.size() ? x.size() > y.size() : x < y; });
    }

    struct Entity
    {
        QString name;
        QString type;
    };

    Entity entityOf(const Memory &m) const
    {
        if (const auto own = m_byMemory.constFind(m.id); own != m_byMemory.constEnd())
            return *own;
        for (const QString &from : QStringList { m.supersedesId } + m.mergedFrom) {
            if (const auto it = m_byMemory.constFind(from); !from.isEmpty() && it != m_byMemory.constEnd())
                return *it;
        }
        for (const QString &k : m.keywords) {
            if (const auto it = m_byName.constFind(k.toCaseFolded()); it != m_byName.constEnd())
                return *it;
        }
        // The longest name the text holds as a word wins ("Carol Smith" over "Carol").
        const QString text = m.content.toCaseFolded();
        for (const QString &name : m_names) {
            const QRegularExpression word(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name)));
            if (word.match(text).hasMatch())
                return m_byName.value(name);
        }
        return { m.keywords.value(0, m.id), m.category };
    }

private:
    QHash<QString, Entity> m_byMemory;
    QHash<QString, Entity> m_byName;
    QStringList m_names; ///< m_byName's keys, longest first
};

} // namespace

Result<AdapterWriteReport> McpMemoryAdapter::write(const QString &path, const MemorySet &set) const
{
    AdapterWriteReport report;
    std::vector<OutEntity> entities;
    QHash<QString, std::size_t> byName;
    QHash<QString, QString> entityOf; // memory id → entity name
    std::vector<OutRelation> relations;
    QSet<QString> related; // "from\nto" pairs a kept relation joins
    const EntityFinder finder(set.memories);
    for (const Memory &m : set.memories) {
        if (m.isDeleted()) {
            report.skipped << QStringLiteral("memory %1 is deleted; not written").arg(m.id);
            continue;
        }
        // The server has no way to say an observation is wrong: a negated, replaced or merged
        // memory's observation is not written, and its correction is written in its place.
        if (m.negated || m.superseded || !m.mergedInto.isEmpty()) {
            report.skipped << QStringLiteral("memory %1 is marked wrong or replaced; not written").arg(m.id);
            continue;
        }
        const QJsonObject kept = m.extra.value(QStringLiteral("mcp")).toObject();
        const auto [name, type] = finder.entityOf(m);
        std::size_t index = byName.value(name, entities.size());
        if (index == entities.size()) {
            byName.insert(name, index);
            entities.push_back(OutEntity { name, type, kNotImported, {}, false });
        }
        OutEntity &e = entities[index];
        if (kept.contains(QStringLiteral("line")))
            e.line = std::min(e.line, kept.value(QStringLiteral("line")).toInt());
        if (kept.value(QStringLiteral("placeholder")).toBool()) {
            e.placeholder = e.observations.empty();
        } else {
            e.placeholder = false;
            e.observations.push_back({ kept.value(QStringLiteral("observation")).toInt(kNotImported), m.content });
        }
        entityOf.insert(m.id, name);
        for (const QJsonValue &v : kept.value(QStringLiteral("relations")).toArray()) {
            const QJsonObject r = v.toObject();
            relations.push_back({ name, r.value(QStringLiteral("to")).toString(),
                r.value(QStringLiteral("relationType")).toString(), r.value(QStringLiteral("line")).toInt(kNotImported) });
            related.insert(name + QLatin1Char('\n') + relations.back().to);
            related.insert(relations.back().to + QLatin1Char('\n') + name);
        }
        ++report.memories;
    }
    // A manual link between two entities that no kept relation joins: a plain relation.
    for (const Association &a : set.associations) {
        if (a.type != QLatin1String("manual") || !entityOf.contains(a.a) || !entityOf.contains(a.b))
            continue;
        const QString from = entityOf.value(a.a), to = entityOf.value(a.b);
        if (from == to || related.contains(from + QLatin1Char('\n') + to))
            continue;
        relations.push_back({ from, to, QStringLiteral("related_to"), kNotImported });
        related.insert(from + QLatin1Char('\n') + to);
        related.insert(to + QLatin1Char('\n') + from);
    }
    // A relation to an entity that is not there is written as read: the server keeps them.
    std::stable_sort(entities.begin(), entities.end(), [](const OutEntity &x, const OutEntity &y) { return x.line < y.line; });
    std::stable_sort(relations.begin(), relations.end(), [](const OutRelation &x, const OutRelation &y) { return x.line < y.line; });
    // Lines joined by "\n" with none after the last, as the server's saveGraph writes them.
    QByteArrayList lines;
    for (OutEntity &e : entities) {
        std::stable_sort(e.observations.begin(), e.observations.end(),
            [](const auto &x, const auto &y) { return x.first < y.first; });
        lines << entityLine(e);
    }
    for (const OutRelation &r : relations)
        lines << relationLine(r);
    const QByteArray out = lines.join('\n');
    report.associations = int(relations.size());
    if (const Status st = AtomicFile::write(path, out); !st)
        return st.error();
    return report;
}

} // namespace recollector::core::io::formats
