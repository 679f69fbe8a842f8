#include "io/MemorySetJson.h"

#include "io/JsonIndentedWriter.h"

#include "io/AtomicFile.h"
#include "model/InputLimits.h"
#include "model/JsonFieldReader.h"
#include "io/JsonText.h"
#include "io/MemorySetFastJson.h"

#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace recollector::core::io {

QJsonObject MemorySetJson::toObject(const MemorySet &set)
{
    QJsonArray memories;
    for (const Memory &m : set.memories)
        memories.append(memoryToJson(m));
    QJsonArray associations;
    for (const Association &a : set.associations)
        associations.append(associationToJson(a));
    QJsonArray events;
    for (const Event &e : set.events)
        events.append(eventToJson(e));
    QJsonArray conflicts;
    for (const Conflict &c : set.conflicts)
        conflicts.append(conflictToJson(c));
    QJsonObject doc { { QStringLiteral("format"), MemorySet::kFormat },
        { QStringLiteral("version"), MemorySet::kVersion }, { QStringLiteral("profile"), set.profile },
        { QStringLiteral("memories"), memories }, { QStringLiteral("associations"), associations },
        { QStringLiteral("events"), events }, { QStringLiteral("conflicts"), conflicts } };
    if (set.exportedAt != 0)
        doc.insert(QStringLiteral("exportedAt"), time::toIso(set.exportedAt));
    if (!set.seal.isEmpty())
        doc.insert(QStringLiteral("seal"), set.seal);
    return doc;
}

namespace {

// `    "key": value` exactly as QJsonDocument writes it at the top level of an indented document.
QByteArray scalarMember(const QString &key, const QJsonValue &value)
{
    const QByteArray doc = QJsonDocument(QJsonObject { { key, value } }).toJson(QJsonDocument::Indented);
    return doc.mid(2, doc.size() - 5); // drop "{\n" and "\n}\n"
}

// `    "key": [ ... ]` with each item written two levels deep, as QJsonDocument would
// write the whole array, without building it in memory first.
template <typename T, typename ToJson>
void arrayMember(QByteArray &out, const char *key, const std::vector<T> &items, ToJson toJson)
{
    out += "    \"";
    out += key;
    out += "\": [\n";
    bool first = true;
    for (const T &item : items) {
        if (!first)
            out += ",\n";
        first = false;
        out += "        ";
        JsonIndentedWriter::append(out, toJson(item), 2);
    }
    if (!first)
        out += '\n';
    out += "    ]";
}

} // namespace

QByteArray MemorySetJson::toBytes(const MemorySet &set)
{
    // The same bytes as QJsonDocument(toObject(set)).toJson(Indented) (the tests hold it to
    // that), written entry by entry: building one QJsonDocument of a 100,000-memory set costs
    // several times the memory and time. Members in QJsonObject's order (sorted keys).
    QByteArray out;
    out.reserve(qsizetype(set.memories.size()) * 1400 + qsizetype(set.events.size()) * 300
        + qsizetype(set.associations.size()) * 200 + 1024);
    out += "{\n";
    arrayMember(out, "associations", set.associations, associationToJson);
    out += ",\n";
    arrayMember(out, "conflicts", set.conflicts, conflictToJson);
    out += ",\n";
    arrayMember(out, "events", set.events, eventToJson);
    out += ",\n";
    if (set.exportedAt != 0) {
        out += scalarMember(QStringLiteral("exportedAt"), time::toIso(set.exportedAt));
        out += ",\n";
    }
    out += scalarMember(QStringLiteral("format"), MemorySet::kFormat);
    out += ",\n";
    arrayMember(out, "memories", set.memories, memoryToJson);
    out += ",\n";
    out += scalarMember(QStringLiteral("profile"), set.profile);
    out += ",\n";
    if (!set.seal.isEmpty()) {
        out += scalarMember(QStringLiteral("seal"), set.seal);
        out += ",\n";
    }
    out += scalarMember(QStringLiteral("version"), MemorySet::kVersion);
    out += "\n}\n";
    return out;
}

namespace {

// Items of one list, each required to be an object; `noun` names them in messages.
template <typename T, typename Parse>
Status readList(
    const QJsonArray &items, const QString &fileName, const QString &noun, std::vector<T> &out, Parse parse)
{
    out.reserve(size_t(items.size()));
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString where = QStringLiteral("%1: %2 %3").arg(fileName, noun, QString::number(i));
        const QJsonValue item = items.at(i);
        if (!item.isObject())
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: expected an object, got %2").arg(where, JsonFieldReader::describe(item)));
        auto parsed = parse(item.toObject(), where);
        if (!parsed)
            return parsed.error();
        out.push_back(std::move(*parsed));
    }
    return {};
}

} // namespace

Result<MemorySet> MemorySetJson::fromObject(
    const QJsonObject &document, const QString &fileName, const MemoryParseOptions &options)
{
    MemorySet set;
    set.sourceName = fileName;
    JsonFieldReader r(document, fileName);
    if (!r.has(QStringLiteral("format"))) {
        r.fail(QStringLiteral("format"),
            QStringLiteral("is missing: not a Recollector memory set (expected \"%1\")").arg(MemorySet::kFormat),
            Error::Code::Parse);
        return r.error();
    }
    const QString format = r.string(QStringLiteral("format"), 64);
    if (!r.failed() && !MemorySet::isKnownFormat(format))
        r.fail(QStringLiteral("format"),
            QStringLiteral("\"%1\" is not \"%2\"").arg(format.left(40), MemorySet::kFormat),
            Error::Code::Parse);
    const auto version = r.integer(QStringLiteral("version"), 1, 1000000);
    if (!r.failed() && !version)
        r.fail(QStringLiteral("version"), QStringLiteral("is missing (required)"));
    if (!r.failed() && *version > MemorySet::kVersion)
        r.fail(QStringLiteral("version"),
            QStringLiteral("%1 is newer than this Recollector reads (%2); update Recollector")
                .arg(*version)
                .arg(MemorySet::kVersion),
            Error::Code::Schema);
    set.exportedAt = r.instant(QStringLiteral("exportedAt"));
    set.profile = r.string(QStringLiteral("profile"), 64);
    set.seal = document.value(QStringLiteral("seal")).toObject();
    if (!r.failed() && !r.has(QStringLiteral("memories")))
        r.fail(QStringLiteral("memories"), QStringLiteral("is missing (required)"));
    const QJsonArray memories = r.array(QStringLiteral("memories"));
    const QJsonArray associations = r.array(QStringLiteral("associations"));
    const QJsonArray events = r.array(QStringLiteral("events"));
    const QJsonArray conflicts = r.array(QStringLiteral("conflicts"));
    if (r.failed())
        return r.error();

    QHash<QString, qsizetype> seen;
    seen.reserve(memories.size());
    qsizetype index = 0;
    Status st = readList(memories, fileName, QStringLiteral("entry"), set.memories,
        [&](const QJsonObject &o, const QString &where) -> Result<Memory> {
            auto m = memoryFromJson(
                o, where, { options.fallbackCreatedAt, options.fallbackCreatedAtName, &set.notes, options.initialStability });
            if (m) {
                const auto it = seen.constFind(m->id);
                if (it != seen.constEnd())
                    return Error::make(Error::Code::Validation,
                        QStringLiteral("%1 (id \"%2\"): duplicate id (also entry %3)")
                            .arg(where, m->id.left(80), QString::number(*it)));
                seen.insert(m->id, index);
            }
            ++index;
            return m;
        });
    if (st)
        st = readList(
            associations, fileName, QStringLiteral("association"), set.associations, associationFromJson);
    if (st)
        st = readList(events, fileName, QStringLiteral("event"), set.events, eventFromJson);
    if (st)
        st = readList(conflicts, fileName, QStringLiteral("conflict"), set.conflicts, conflictFromJson);
    if (!st)
        return st.error();
    return set;
}

Result<MemorySet> MemorySetJson::fromBytes(const QByteArray &data, const QString &fileName)
{
    if (auto fast = MemorySetFastJson::read(data, fileName))
        return std::move(*fast);
    return fromBytesWithQt(data, fileName);
}

Result<MemorySet> MemorySetJson::fromBytesWithQt(const QByteArray &data, const QString &fileName)
{
    auto value = JsonText::parse(data, fileName);
    if (!value)
        return value.error();
    if (!value->isObject())
        return Error::make(Error::Code::Parse,
            QStringLiteral("%1: expected a memory set object, got an array").arg(fileName));
    return fromObject(value->toObject(), fileName);
}

Result<MemorySet> MemorySetJson::readFile(const QString &path)
{
    const QString name = QFileInfo(path).fileName();
    auto data = readBoundedFile(path, limits::kMaxSetFileBytes, name);
    if (!data)
        return data.error();
    return fromBytes(*data, name);
}

Status MemorySetJson::writeFile(const QString &path, const MemorySet &set)
{
    return AtomicFile::write(path, toBytes(set));
}

} // namespace recollector::core::io
