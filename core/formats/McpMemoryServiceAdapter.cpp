#include "formats/McpMemoryServiceAdapter.h"

#include "io/AtomicFile.h"
#include "io/JsonText.h"
#include "formats/ForeignMemory.h"
#include "formats/ForeignTime.h"
#include "model/InputLimits.h"
#include "model/JsonFieldReader.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

namespace recollector::core::io::formats {

namespace {

const QString kKept = QStringLiteral("mcpMemoryService");
const QString kIdPrefix = QStringLiteral("mms-");

/// Epoch seconds (a number, fractions allowed) or an ISO string; 0 when absent; false on a bad value.
bool timeOf(JsonFieldReader &r, const QJsonObject &o, const QString &key, Millis &out)
{
    const QJsonValue v = o.value(key);
    out = 0;
    if (v.isNull() || v.isUndefined())
        return true;
    if (v.isDouble()) {
        const double seconds = v.toDouble();
        if (!std::isfinite(seconds) || seconds < 0 || seconds > 1e11) {
            r.fail(key, QStringLiteral("%1 is not a time in epoch seconds").arg(seconds));
            return false;
        }
        out = Millis(std::llround(seconds * 1000.0));
        return true;
    }
    if (v.isString()) {
        if (const auto parsed = foreignInstant(v.toString())) {
            out = *parsed;
            return true;
        }
    }
    r.fail(key, QStringLiteral("expected epoch seconds, got %1").arg(JsonFieldReader::describe(v)));
    return false;
}

QString sha256(const QString &text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

Result<Memory> toMemory(const QJsonObject &o, const QString &where, Millis fallback, double initialStability,
                        MappingReport &mapping, QStringList &notes)
{
    JsonFieldReader r(o, where);
    const QString content = r.requiredString(QStringLiteral("content"), limits::kMaxTextChars);
    QString hash = r.string(QStringLiteral("content_hash"), 256);
    const QStringList tags = r.stringList(QStringLiteral("tags"), limits::kMaxShortChars);
    const QString type = r.string(QStringLiteral("memory_type"), limits::kMaxShortChars);
    const QJsonObject metadata = r.object(QStringLiteral("metadata"));
    const QString source = r.string(QStringLiteral("export_source"), limits::kMaxShortChars);
    Millis created = 0, updated = 0;
    timeOf(r, o, QStringLiteral("created_at"), created) && timeOf(r, o, QStringLiteral("updated_at"), updated);
    if (r.failed())
        return r.error();
    if (hash.isEmpty()) {
        hash = sha256(content);
        notes << QStringLiteral("%1: no content_hash; the id is the SHA-256 of the text").arg(where);
    }
    Memory m = foreignMemory(kIdPrefix + hash, content, created != 0 ? created : fallback, updated, initialStability);
    m.keywords = normalizeKeywords(tags);
    m.category = type.isEmpty() ? QStringLiteral("note") : type.toLower();
    QJsonObject kept { { QStringLiteral("contentHash"), hash }, { QStringLiteral("memoryType"), type },
        { QStringLiteral("tags"), QJsonArray::fromStringList(tags) }, { QStringLiteral("metadata"), metadata } };
    if (!source.isEmpty())
        kept.insert(QStringLiteral("exportSource"), source);
    m.extra.insert(kKept, kept);
    mapping.map(QStringLiteral("memories[].content"), QStringLiteral("content"));
    mapping.map(QStringLiteral("memories[].content_hash"), QStringLiteral("id (mms- + hash)"));
    mapping.map(QStringLiteral("memories[].tags"), QStringLiteral("keywords"));
    mapping.map(QStringLiteral("memories[].memory_type"), QStringLiteral("category"));
    if (created != 0)
        mapping.map(QStringLiteral("memories[].created_at (epoch seconds)"), QStringLiteral("createdAt"));
    if (updated != 0)
        mapping.map(QStringLiteral("memories[].updated_at (epoch seconds)"), QStringLiteral("updatedAt"));
    mapping.noPlace(QStringLiteral("memories[].metadata, export_source"), QStringLiteral("kept in extra.mcpMemoryService"));
    if (o.contains(QStringLiteral("embedding")))
        mapping.noPlace(QStringLiteral("memories[].embedding"), QStringLiteral("left out: the service computes it again"));
    return m;
}

double seconds(Millis ms) { return double(ms) / 1000.0; }

} // namespace

bool McpMemoryServiceAdapter::detect(const FormatProbe &probe) const
{
    // The exporter writes export_metadata first (json.dump keeps the dict's order).
    static const QRegularExpression kFirstKey(QStringLiteral(R"re(^\{\s*"export_metadata"\s*:\s*\{)re"));
    return kFirstKey.match(QString::fromUtf8(probe.trimmedHead().left(256))).hasMatch();
}

Result<MemorySet> McpMemoryServiceAdapter::read(const QString &path, const AdapterReadOptions &options) const
{
    const QFileInfo info(path);
    const QString fileName = info.fileName();
    auto data = readBoundedFile(path, limits::kMaxSetFileBytes, fileName);
    if (!data)
        return data.error();
    auto value = JsonText::parse(*data, fileName);
    if (!value)
        return value.error();
    const QJsonObject top = value->toObject();
    JsonFieldReader r(top, fileName);
    const QJsonObject meta = r.object(QStringLiteral("export_metadata"));
    const QJsonArray memories = r.array(QStringLiteral("memories"));
    if (!r.failed() && !value->isObject())
        r.failObject(QStringLiteral("expected an object with export_metadata and memories"));
    if (r.failed())
        return r.error();
    MemorySet set;
    set.sourceName = fileName;
    set.mapping.format = name();
    set.mapping.title = title();
    const Millis fallback = info.lastModified().toMSecsSinceEpoch();
    QHash<QString, int> seen;
    for (int i = 0; i < memories.size(); ++i) {
        const QString where = QStringLiteral("%1: memories[%2]").arg(fileName).arg(i);
        if (!memories[i].isObject())
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: expected an object, got %2").arg(where, JsonFieldReader::describe(memories[i])));
        auto m = toMemory(memories[i].toObject(), where, fallback, options.initialStability, set.mapping, set.notes);
        if (!m)
            return m.error();
        if (seen.contains(m->id)) { // the service keeps one memory per hash
            set.problems << QStringLiteral("%1: field \"content_hash\": the same as memories[%2]; left out").arg(where).arg(seen.value(m->id));
            continue;
        }
        seen.insert(m->id, i);
        set.memories.push_back(std::move(*m));
    }
    for (auto it = meta.constBegin(); it != meta.constEnd(); ++it)
        set.mapping.noPlace(QStringLiteral("export_metadata.") + it.key(), QStringLiteral("about the export, not a memory"));
    return set;
}

Result<AdapterWriteReport> McpMemoryServiceAdapter::write(const QString &path, const MemorySet &set) const
{
    AdapterWriteReport report;
    QJsonArray memories;
    for (const Memory &m : set.memories) {
        if (m.isDeleted()) {
            report.skipped << QStringLiteral("memory %1 is deleted; not written").arg(m.id);
            continue;
        }
        const QJsonObject kept = m.extra.value(kKept).toObject();
        // The kept hash while the text is the imported one; else the SHA-256 of the text.
        QString hash = kept.value(QStringLiteral("contentHash")).toString();
        if (hash.isEmpty() || kIdPrefix + hash != m.id || m.id.isEmpty())
            hash = sha256(m.content);
        QStringList tags;
        const QStringList keptTags = kept.value(QStringLiteral("tags")).toVariant().toStringList();
        tags = normalizeKeywords(keptTags) == m.keywords ? keptTags : m.keywords; // the original spelling when unchanged
        const QString keptType = kept.value(QStringLiteral("memoryType")).toString();
        QJsonObject o { { QStringLiteral("content"), m.content }, { QStringLiteral("content_hash"), hash },
            { QStringLiteral("tags"), QJsonArray::fromStringList(tags) },
            { QStringLiteral("created_at"), seconds(m.createdAt) }, { QStringLiteral("updated_at"), seconds(m.updatedAt) },
            { QStringLiteral("memory_type"), keptType.toLower() == m.category ? keptType : m.category },
            { QStringLiteral("metadata"), kept.value(QStringLiteral("metadata")).toObject() } };
        if (kept.contains(QStringLiteral("exportSource")))
            o.insert(QStringLiteral("export_source"), kept.value(QStringLiteral("exportSource")));
        memories.append(o);
        ++report.memories;
    }
    const QJsonObject meta { { QStringLiteral("source_machine"), QStringLiteral("recollector") },
        { QStringLiteral("export_timestamp"), time::toIso(set.exportedAt != 0 ? set.exportedAt : time::nowMs()) },
        { QStringLiteral("total_memories"), report.memories }, { QStringLiteral("exporter_version"), QStringLiteral("recollector") } };
    const QByteArray bytes = QJsonDocument(QJsonObject { { QStringLiteral("export_metadata"), meta },
                                               { QStringLiteral("memories"), memories } })
                                 .toJson(QJsonDocument::Indented);
    if (const Status st = AtomicFile::write(path, bytes); !st)
        return st.error();
    return report;
}

} // namespace recollector::core::io::formats
