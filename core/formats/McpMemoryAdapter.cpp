#include "formats/McpMemoryAdapter.h"

#include "io/AtomicFile.h"
#include "formats/ForeignMemory.h"
#include "formats/JsonQuote.h"
#include "model/InputLimits.h"
#include "model/JsonFieldReader.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace recollector::core::io::formats {

namespace {

const QString kMcp = QStringLiteral("mcp");

QString memoryIdFor(const QString &entity, const QString &observation)
{
    const QByteArray key = entity.toUtf8() + '\n' + observation.toUtf8();
    return QStringLiteral("mcp-") + QString::fromLatin1(QCryptographicHash::hash(key, QCryptographicHash::Sha1).toHex().left(20));
}

struct Entity
{
    QString name;
    QString type;
    QStringList observations;
    int line = 0;
    QJsonArray relations; ///< [{to, relationType, line}] starting here
};

struct Graph
{
    std::vector<Entity> entities;
    QHash<QString, std::size_t> byName;
    struct Relation
    {
        QString from, to, type;
        int line = 0;
    };
    std::vector<Relation> relations;
};

Status readLine(const QJsonObject &o, int line, const QString &fileName, Graph &g)
{
    JsonFieldReader r(o, QStringLiteral("%1: line %2").arg(fileName).arg(line));
    const QString type = r.requiredString(QStringLiteral("type"), 64);
    if (r.failed())
        return r.error();
    if (type == QLatin1String("entity")) {
        Entity e;
        e.name = r.requiredString(QStringLiteral("name"), limits::kMaxShortChars);
        e.type = r.string(QStringLiteral("entityType"), limits::kMaxShortChars);
        e.observations = r.stringList(QStringLiteral("observations"), limits::kMaxTextChars);
        if (r.failed())
            return r.error();
        e.line = line;
        if (const auto it = g.byName.constFind(e.name); it != g.byName.constEnd()) {
            Entity &known = g.entities[*it]; // the same name twice: one entity, as the server keeps it
            for (const QString &obs : std::as_const(e.observations)) {
                if (!known.observations.contains(obs))
                    known.observations << obs;
            }
            return {};
        }
        g.byName.insert(e.name, g.entities.size());
        g.entities.push_back(std::move(e));
        return {};
    }
    if (type == QLatin1String("relation")) {
        Graph::Relation rel;
        rel.from = r.requiredString(QStringLiteral("from"), limits::kMaxShortChars);
        rel.to = r.requiredString(QStringLiteral("to"), limits::kMaxShortChars);
        rel.type = r.requiredString(QStringLiteral("relationType"), limits::kMaxShortChars);
        if (r.failed())
            return r.error();
        rel.line = line;
        g.relations.push_back(std::move(rel));
        return {};
    }
    return Error::make(Error::Code::Validation,
        QStringLiteral("%1: line %2: field \"type\": expected \"entity\" or \"relation\", got \"%3\"")
            .arg(fileName).arg(line).arg(type.left(40)));
}

Result<Graph> parse(const QByteArray &bytes, const QString &fileName)
{
    Graph g;
    const QList<QByteArray> lines = bytes.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray text = lines[i].trimmed();
        if (text.isEmpty())
            continue;
        const int line = int(i + 1);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            return Error::make(Error::Code::Parse,
                QStringLiteral("%1: line %2: not a JSON object (%3)")
                    .arg(fileName).arg(line)
                    .arg(error.error != QJsonParseError::NoError ? error.errorString() : QStringLiteral("another JSON value")));
        if (const Status st = readLine(doc.object(), line, fileName, g); !st)
            return st.error();
    }
    return g;
}

// Relations: kept on the from-entity; a link between the two entities' first memories.
void addRelations(Graph &graph, MemorySet &set, const QString &fileName, Millis at)
{
    QHash<QString, QString> firstMemory;
    for (const Entity &e : graph.entities)
        firstMemory.insert(e.name,
            memoryIdFor(e.name, e.observations.isEmpty() ? QString() : e.observations.first()));
    for (const Graph::Relation &rel : graph.relations) {
        if (!graph.byName.contains(rel.from)) {
            set.problems << QStringLiteral("%1: line %2: relation \"%3\" starts at an entity the file does not hold (%4); left out")
                                .arg(fileName).arg(rel.line).arg(rel.type, rel.from);
            set.mapping.noPlace(QStringLiteral("relation from a missing entity"), QStringLiteral("left out"));
            continue;
        }
        graph.entities[graph.byName.value(rel.from)].relations.append(QJsonObject {
            { QStringLiteral("to"), rel.to }, { QStringLiteral("relationType"), rel.type }, { QStringLiteral("line"), rel.line } });
        // The server keeps a relation to an entity it does not hold; so does the export. There
        // is no memory at that end to link.
        if (!graph.byName.contains(rel.to)) {
            set.notes << QStringLiteral("%1: line %2: relation \"%3\" points at \"%4\", which the file does not hold; "
                                        "kept, with no link")
                             .arg(fileName).arg(rel.line).arg(rel.type, rel.to);
            continue;
        }
        const QString a = firstMemory.value(rel.from);
        const QString b = firstMemory.value(rel.to);
        set.mapping.map(QStringLiteral("relation from, to"), QStringLiteral("manual link"));
        set.mapping.map(QStringLiteral("relation relationType"), QStringLiteral("extra.mcp.relations"));
        if (a == b)
            continue; // an entity related to itself: no link to draw
        set.associations.push_back(Association { orderedPair(a, b).first, orderedPair(a, b).second, 1.0,
            QStringLiteral("manual"), at });
    }
}

} // namespace

bool McpMemoryAdapter::detect(const FormatProbe &probe) const
{
    const QByteArray head = probe.trimmedHead();
    if (!head.startsWith('{'))
        return false;
    const QByteArray firstLine = head.left(head.indexOf('\n') < 0 ? head.size() : head.indexOf('\n'));
    static const QRegularExpression kType(QStringLiteral(R"re(^\{\s*"type"\s*:\s*"(entity|relation)")re"));
    return kType.match(QString::fromUtf8(firstLine)).hasMatch();
}

Result<MemorySet> McpMemoryAdapter::read(const QString &path, const AdapterReadOptions &options) const
{
    const QFileInfo info(path);
    const QString fileName = info.fileName();
    auto bytes = readBoundedFile(path, limits::kMaxSetFileBytes, fileName);
    if (!bytes)
        return bytes.error();
    auto graph = parse(*bytes, fileName);
    if (!graph)
        return graph.error();
    MemorySet set;
    set.sourceName = fileName;
    set.mapping.format = name();
    set.mapping.title = title();
    const Millis at = info.lastModified().toMSecsSinceEpoch();
    set.notes << QStringLiteral("%1: the format keeps no times; createdAt is the file's modification time").arg(fileName);

    addRelations(*graph, set, fileName, at);

    for (const Entity &e : graph->entities) {
        const bool placeholder = e.observations.isEmpty();
        const QStringList texts = placeholder ? QStringList { e.name } : e.observations;
        for (qsizetype k = 0; k < texts.size(); ++k) {
            Memory m = foreignMemory(memoryIdFor(e.name, placeholder ? QString() : texts[k]), texts[k], at, at,
                options.initialStability);
            m.category = e.type.isEmpty() ? QStringLiteral("fact") : e.type.toLower();
            m.keywords = normalizeKeywords({ e.name, e.type });
            QJsonObject kept { { QStringLiteral("entity"), e.name }, { QStringLiteral("entityType"), e.type },
                { QStringLiteral("line"), e.line }, { QStringLiteral("observation"), int(k) } };
            if (placeholder)
                kept.insert(QStringLiteral("placeholder"), true);
            if (k == 0 && !e.relations.isEmpty())
                kept.insert(QStringLiteral("relations"), e.relations);
            m.extra.insert(kMcp, kept);
            set.memories.push_back(std::move(m));
        }
        set.mapping.map(QStringLiteral("entity observations[]"), QStringLiteral("content (one memory each)"), int(e.observations.size()));
        set.mapping.map(QStringLiteral("entity name"), QStringLiteral("keywords, extra.mcp.entity (the subject)"));
        set.mapping.map(QStringLiteral("entity entityType"), QStringLiteral("category, keywords"));
        if (placeholder)
            set.mapping.noPlace(QStringLiteral("entity without observations"),
                QStringLiteral("one memory holding its name (extra.mcp.placeholder)"));
    }
    // Two observations of one entity with the same text are one memory (the server keeps them once).
    std::vector<Memory> unique;
    QHash<QString, bool> seen;
    for (Memory &m : set.memories) {
        if (!seen.contains(m.id)) {
            seen.insert(m.id, true);
            unique.push_back(std::move(m));
        }
    }
    set.memories = std::move(unique);
    return set;
}

} // namespace recollector::core::io::formats
