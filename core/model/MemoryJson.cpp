#include "model/MemoryJson.h"

#include "model/InputLimits.h"
#include "model/JsonFieldReader.h"

#include <QJsonArray>
#include <QSet>

#include <limits>

namespace recollector::core::io {

namespace {
void putTime(QJsonObject &o, const char *key, Millis ms)
{
    if (ms != 0)
        o.insert(QLatin1String(key), time::toIso(ms));
}
} // namespace

const QStringList &knownMemoryKeys()
{
    static const QStringList keys {
        QStringLiteral("id"),
        QStringLiteral("content"),
        QStringLiteral("category"),
        QStringLiteral("keywords"),
        QStringLiteral("source"),
        QStringLiteral("confidence"),
        QStringLiteral("createdAt"),
        QStringLiteral("updatedAt"),
        QStringLiteral("lastAccessedAt"),
        QStringLiteral("lastReinforcedAt"),
        QStringLiteral("accessCount"),
        QStringLiteral("reinforceCount"),
        QStringLiteral("projectPath"),
        QStringLiteral("strength"),
        QStringLiteral("stability"),
        QStringLiteral("decayRate"),
        QStringLiteral("importance"),
        QStringLiteral("verified"),
        QStringLiteral("permanent"),
        QStringLiteral("negated"),
        QStringLiteral("negatedAt"),
        QStringLiteral("correctionHistory"),
        QStringLiteral("level"),
        QStringLiteral("compressed"),
        QStringLiteral("compressedFrom"),
        QStringLiteral("mergedFrom"),
        QStringLiteral("mergedInto"),
        QStringLiteral("sourceIds"),
        QStringLiteral("originalContents"),
        QStringLiteral("sensitivity"),
        QStringLiteral("modalities"),
        QStringLiteral("deletedAt"),
        QStringLiteral("superseded"),
        QStringLiteral("supersedesId"),
        QStringLiteral("agentImportance"),
        QStringLiteral("agentTier"),
        QStringLiteral("sealed"),
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
    QJsonObject source { { QStringLiteral("type"), m.source.type } };
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
    // Level-3 text kept sealed (docs/formats.md, "Encryption at rest"): the envelope, and
    // content and keywords empty.
    if (m.isLocked())
        o.insert(QStringLiteral("sealed"), m.sealed);
    return o;
}

QJsonObject eventToJson(const Event &e)
{
    return QJsonObject { { QStringLiteral("id"), double(e.id) }, { QStringLiteral("memoryId"), e.memoryId },
        { QStringLiteral("kind"), e.kind }, { QStringLiteral("actor"), e.actor },
        { QStringLiteral("at"), time::toIso(e.at) }, { QStringLiteral("payload"), e.payload } };
}

QJsonObject associationToJson(const Association &a)
{
    QJsonObject o { { QStringLiteral("a"), a.a }, { QStringLiteral("b"), a.b },
        { QStringLiteral("weight"), a.weight }, { QStringLiteral("type"), a.type } };
    putTime(o, "createdAt", a.createdAt);
    return o;
}

QJsonObject conflictToJson(const Conflict &c)
{
    QJsonObject o { { QStringLiteral("id"), double(c.id) }, { QStringLiteral("a"), c.a },
        { QStringLiteral("b"), c.b }, { QStringLiteral("type"), conflictTypeName(c.type) },
        { QStringLiteral("status"), conflictStatusName(c.status) } };
    if (c.resolution != ConflictResolution::None)
        o.insert(QStringLiteral("resolution"), conflictResolutionName(c.resolution));
    putTime(o, "detectedAt", c.detectedAt);
    putTime(o, "resolvedAt", c.resolvedAt);
    return o;
}

namespace {

constexpr int kShort = limits::kMaxShortChars;
constexpr qint64 kMaxCount = std::numeric_limits<int>::max();

QString quoted(const QString &id)
{
    return QStringLiteral("\"%1\"").arg(id.left(80));
}

MemorySource readSource(JsonFieldReader &r)
{
    MemorySource source;
    source.type = QStringLiteral("import");
    const QJsonObject o = r.object(QStringLiteral("source"));
    JsonFieldReader sr(o, r.where(), QStringLiteral("source."));
    const QString type = sr.string(QStringLiteral("type"), 64).trimmed();
    if (!type.isEmpty())
        source.type = type;
    source.taskId = sr.string(QStringLiteral("taskId"), kShort);
    source.chatId = sr.string(QStringLiteral("chatId"), kShort);
    source.messageId = sr.string(QStringLiteral("messageId"), kShort);
    r.takeError(sr);
    return source;
}

/// The source: an object, or a bare string ("manual") read as its type.
MemorySource readSourceField(JsonFieldReader &r, const QJsonObject &object)
{
    if (!object.value(QStringLiteral("source")).isString())
        return readSource(r);
    MemorySource source;
    source.type = r.string(QStringLiteral("source"), 64).trimmed();
    if (source.type.isEmpty())
        source.type = QStringLiteral("import");
    return source;
}

/// Lines for MemoryParseOptions::notes, each prefixed with the entry.
class GuessNotes
{
public:
    GuessNotes(const QString &where, QStringList *out)
        : m_where(where)
        , m_out(out)
    {
    }
    void add(const QString &text) const
    {
        if (m_out)
            m_out->append(QStringLiteral("%1: %2").arg(m_where, text));
    }

private:
    const QString &m_where;
    QStringList *m_out;
};

/// createdAt ?? updatedAt ?? options.fallbackCreatedAt (a guess is noted); then
/// updatedAt ?? createdAt and lastReinforcedAt ?? updatedAt ?? createdAt. False (with the
/// reader failed) when there is nothing to take createdAt from.
bool settleInstants(Memory &m, JsonFieldReader &r, const MemoryParseOptions &options, const GuessNotes &notes)
{
    if (m.createdAt == 0) {
        if (m.updatedAt != 0) {
            m.createdAt = m.updatedAt;
            notes.add(QStringLiteral("no createdAt; used updatedAt"));
        } else if (options.fallbackCreatedAt != 0) {
            m.createdAt = options.fallbackCreatedAt;
            notes.add(
                QStringLiteral("no createdAt or updatedAt; used %1").arg(options.fallbackCreatedAtName));
        } else {
            r.fail(QStringLiteral("createdAt"),
                QStringLiteral("is missing (required when there is no updatedAt)"));
            return false;
        }
    }
    if (m.updatedAt == 0)
        m.updatedAt = m.createdAt;
    if (m.lastReinforcedAt == 0) // docs/formats.md, "Lazy migration"
        m.lastReinforcedAt = m.updatedAt; // lastReinforcedAt ?? updatedAt ?? createdAt
    return true;
}

/// The forgetting fields (docs/formats.md, "Lazy migration"): counts, strength, stability,
/// decay rate, importance.
void readForgetting(JsonFieldReader &r, Memory &m, double initialStability)
{
    m.accessCount = int(r.integer(QStringLiteral("accessCount"), 0, kMaxCount).value_or(0));
    m.reinforceCount = int(r.integer(QStringLiteral("reinforceCount"), 0, kMaxCount).value_or(m.accessCount));
    m.projectPath = r.string(QStringLiteral("projectPath"), kShort);
    m.strength = r.number(QStringLiteral("strength"), 0.0, 100.0, 50.0);
    // Stability is in hours; at most 8760 h by the engine, but a store may raise its cap, so
    // only reject what cannot be a duration.
    m.stability
        = r.number(QStringLiteral("stability"), 1e-6, 1e7, legacyStability(m.accessCount, m.confidence, initialStability));
    m.decayRate = r.number(QStringLiteral("decayRate"), 0.5, 2.0, 1.0);
    m.importance = r.number(QStringLiteral("importance"), 0.0, limits::kMaxImportance, 1.0);
}

/// Flags, level, compression, merge and supersede lineage, sensitivity, modalities, deletion
/// and the agent's own importance and tier.
void readStateAndLineage(JsonFieldReader &r, Memory &m)
{
    m.verified = r.boolean(QStringLiteral("verified"), false);
    m.permanent = r.boolean(QStringLiteral("permanent"), false);
    m.negated = r.boolean(QStringLiteral("negated"), false);
    m.negatedAt = r.instant(QStringLiteral("negatedAt"));
    m.correctionHistory = r.array(QStringLiteral("correctionHistory"));
    const QString level = r.string(QStringLiteral("level"), 32, QStringLiteral("full"));
    if (!r.failed()) {
        if (const auto parsed = levelFromName(level.trimmed().toLower()))
            m.level = *parsed;
        else
            r.fail(QStringLiteral("level"),
                QStringLiteral("\"%1\" is not one of full, summary, trace, archive").arg(level.left(40)));
    }
    m.compressed = r.boolean(QStringLiteral("compressed"), false);
    m.compressedFrom = r.string(QStringLiteral("compressedFrom"), kShort);
    m.mergedFrom = r.stringList(QStringLiteral("mergedFrom"), kShort);
    m.mergedInto = r.string(QStringLiteral("mergedInto"), kShort);
    m.sourceIds = r.stringList(QStringLiteral("sourceIds"), kShort);
    m.originalContents = r.stringList(QStringLiteral("originalContents"), limits::kMaxTextChars);
    m.sensitivity = int(r.integer(QStringLiteral("sensitivity"), 0, limits::kMaxSensitivity).value_or(0));
    m.modalities = r.stringList(QStringLiteral("modalities"), 64, { QStringLiteral("text") });
    m.deletedAt = r.instant(QStringLiteral("deletedAt"));
    m.superseded = r.boolean(QStringLiteral("superseded"), false);
    m.supersedesId = r.string(QStringLiteral("supersedesId"), kShort);
    m.agentImportance = r.number(QStringLiteral("agentImportance"), -1e6, 1e6);
    m.agentTier = r.string(QStringLiteral("agentTier"), 64);
}

/// Every key memoryToJson does not write, verbatim.
QJsonObject unknownFields(const QJsonObject &object)
{
    static const QSet<QString> known(knownMemoryKeys().cbegin(), knownMemoryKeys().cend());
    QJsonObject extra;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        if (!known.contains(it.key()))
            extra.insert(it.key(), it.value());
    }
    return extra;
}

} // namespace

Result<Memory> memoryFromJson(const QJsonObject &object, const QString &where)
{
    return memoryFromJson(object, where, MemoryParseOptions {});
}

Result<Memory> memoryFromJson(
    const QJsonObject &object, const QString &where, const MemoryParseOptions &options)
{
    Memory m;
    JsonFieldReader r(object, where);
    m.id = r.requiredString(QStringLiteral("id"), 256).trimmed();
    if (r.failed())
        return r.error();
    const QString whereWithId = QStringLiteral("%1 (id %2)").arg(where, quoted(m.id));
    r.setWhere(whereWithId);

    // A sealed level-3 entry (docs/formats.md, "Encryption at rest") has its text in "sealed".
    m.content = object.value(QStringLiteral("sealed")).isString()
        ? r.string(QStringLiteral("content"), limits::kMaxTextChars)
        : r.requiredString(QStringLiteral("content"), limits::kMaxTextChars);
    m.category = r.requiredString(QStringLiteral("category"), 128).trimmed();
    m.source = readSourceField(r, object);
    m.keywords = normalizeKeywords(r.stringList(QStringLiteral("keywords"), kShort));
    m.confidence = r.number(QStringLiteral("confidence"), 0.0, 1.0, 0.5);

    m.createdAt = r.instant(QStringLiteral("createdAt"));
    m.updatedAt = r.instant(QStringLiteral("updatedAt"));
    m.lastAccessedAt = r.instant(QStringLiteral("lastAccessedAt"));
    m.lastReinforcedAt = r.instant(QStringLiteral("lastReinforcedAt"));
    if (r.failed() || !settleInstants(m, r, options, GuessNotes(whereWithId, options.notes)))
        return r.error();

    readForgetting(r, m, options.initialStability);
    readStateAndLineage(r, m);
    if (r.failed())
        return r.error();
    m.extra = unknownFields(object);
    if (const QString sealed = object.value(QStringLiteral("sealed")).toString(); !sealed.isEmpty()) {
        if (!sealed.startsWith(QLatin1String("enc1:")) || m.sensitivity < 3 || !m.content.isEmpty())
            return Error::make(Error::Code::Validation,
                               QStringLiteral("%1: field \"sealed\": only a level-3 memory without content can hold sealed "
                                              "text (\"enc1:...\")").arg(whereWithId));
        m.sealed = sealed;
    }
    return m;
}

Result<Event> eventFromJson(const QJsonObject &object, const QString &where)
{
    Event e;
    JsonFieldReader r(object, where);
    e.id = r.integer(QStringLiteral("id"), 0, std::numeric_limits<qint64>::max() / 2).value_or(0);
    e.memoryId = r.requiredString(QStringLiteral("memoryId"), 256);
    e.kind = r.requiredString(QStringLiteral("kind"), 64);
    e.actor = r.string(QStringLiteral("actor"), 64, QStringLiteral("user"));
    r.instantRequired(QStringLiteral("at"), e.at);
    e.payload = r.object(QStringLiteral("payload"));
    if (r.failed())
        return r.error();
    return e;
}

Result<Association> associationFromJson(const QJsonObject &object, const QString &where)
{
    Association a;
    JsonFieldReader r(object, where);
    a.a = r.requiredString(QStringLiteral("a"), 256);
    a.b = r.requiredString(QStringLiteral("b"), 256);
    a.weight = r.number(QStringLiteral("weight"), 0.0, 1.0).value_or(0);
    if (!r.failed() && !r.has(QStringLiteral("weight")))
        r.fail(QStringLiteral("weight"), QStringLiteral("is missing (required)"));
    a.type = r.requiredString(QStringLiteral("type"), 64);
    a.createdAt = r.instant(QStringLiteral("createdAt"));
    if (!r.failed() && a.a == a.b)
        r.failObject(QStringLiteral("links memory \"%1\" to itself").arg(a.a.left(80)));
    if (r.failed())
        return r.error();
    const auto [x, y] = orderedPair(a.a, a.b);
    a.a = x;
    a.b = y;
    return a;
}

Result<Conflict> conflictFromJson(const QJsonObject &object, const QString &where)
{
    Conflict c;
    JsonFieldReader r(object, where);
    c.id = r.integer(QStringLiteral("id"), 0, std::numeric_limits<qint64>::max() / 2).value_or(0);
    c.a = r.requiredString(QStringLiteral("a"), 256);
    c.b = r.requiredString(QStringLiteral("b"), 256);
    const QString type = r.requiredString(QStringLiteral("type"), 64);
    const QString status = r.string(QStringLiteral("status"), 32, conflictStatusName(ConflictStatus::Open));
    const QString resolution = r.string(QStringLiteral("resolution"), 64);
    if (!r.failed()) {
        // An unknown name is refused with its field named, never read as a default.
        if (const auto bad = setConflictFields(c, type, status, resolution))
            r.fail(bad->field, bad->problem);
    }
    r.instantRequired(QStringLiteral("detectedAt"), c.detectedAt);
    c.resolvedAt = r.instant(QStringLiteral("resolvedAt"));
    if (!r.failed() && c.a == c.b)
        r.failObject(QStringLiteral("is between memory \"%1\" and itself").arg(c.a.left(80)));
    if (r.failed())
        return r.error();
    return c;
}

} // namespace recollector::core::io
