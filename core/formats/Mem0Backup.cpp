#include "formats/Mem0Backup.h"

#include "io/JsonText.h"
#include "formats/ForeignMemory.h"
#include "formats/ForeignTime.h"
#include "model/InputLimits.h"
#include "model/JsonFieldReader.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace recollector::core::io::formats {

namespace {

const QString kMem0 = QStringLiteral("mem0");

/// What the backup says about one memory, before it becomes one.
struct Parts
{
    QHash<QString, QString> categoryNames; ///< category id → name
    QHash<QString, QString> appNames; ///< app id → name
    QHash<QString, QJsonObject> records; ///< memory id → its memories.jsonl.gz record
};

/// An optional ISO instant: 0 when absent or null; an error when it does not parse.
bool instant(JsonFieldReader &r, const QJsonObject &o, const QString &key, Millis &out)
{
    const QJsonValue v = o.value(key);
    out = 0;
    if (v.isNull() || v.isUndefined())
        return true;
    if (!v.isString()) {
        r.fail(key, QStringLiteral("expected an ISO-8601 time, got %1").arg(JsonFieldReader::describe(v)));
        return false;
    }
    const auto parsed = foreignInstant(v.toString());
    if (!parsed) {
        r.fail(key, QStringLiteral("\"%1\" is not an ISO-8601 time").arg(v.toString().left(60)));
        return false;
    }
    out = *parsed;
    return true;
}

Status readNames(const QJsonArray &list, const QString &where, QHash<QString, QString> &out)
{
    for (int i = 0; i < list.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(where).arg(i);
        if (!list[i].isObject())
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: expected an object, got %2").arg(at, JsonFieldReader::describe(list[i])));
        JsonFieldReader r(list[i].toObject(), at);
        const QString id = r.requiredString(QStringLiteral("id"), limits::kMaxShortChars);
        const QString name = r.string(QStringLiteral("name"), limits::kMaxShortChars);
        if (r.failed())
            return r.error();
        out.insert(id, name);
    }
    return {};
}

Status readRecords(const QByteArray &records, const QString &where, Parts &parts)
{
    const QList<QByteArray> lines = records.split('\n');
    int index = 0;
    for (const QByteArray &line : lines) {
        if (line.trimmed().isEmpty())
            continue;
        ++index;
        const QString at = QStringLiteral("%1: record %2").arg(where).arg(index);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            return Error::make(Error::Code::Parse, QStringLiteral("%1: not a JSON object").arg(at));
        JsonFieldReader r(doc.object(), at);
        const QString id = r.requiredString(QStringLiteral("id"), limits::kMaxShortChars);
        r.stringList(QStringLiteral("categories"), limits::kMaxShortChars);
        r.string(QStringLiteral("content"), limits::kMaxTextChars);
        if (r.failed())
            return r.error();
        parts.records.insert(id, doc.object());
    }
    return {};
}

QString stateAfter(const QString &state) { return state.isEmpty() ? QStringLiteral("active") : state; }

bool knownState(const QString &state)
{
    return state == QLatin1String("active") || state == QLatin1String("paused") || state == QLatin1String("archived")
        || state == QLatin1String("deleted");
}

Result<Memory> toMemory(const QJsonObject &o, int index, const Parts &parts, const QString &member, Millis fallback,
                        double initialStability, MappingReport &mapping)
{
    JsonFieldReader r(o, QStringLiteral("%1: memories[%2]").arg(member).arg(index));
    const QString id = r.requiredString(QStringLiteral("id"), limits::kMaxShortChars);
    if (r.failed())
        return r.error();
    r.setWhere(QStringLiteral("%1: memories[%2] (id \"%3\")").arg(member).arg(index).arg(id));
    const QJsonObject record = parts.records.value(id);
    QString content = r.string(QStringLiteral("content"), limits::kMaxTextChars);
    if (content.isEmpty())
        content = record.value(QStringLiteral("content")).toString();
    const QString state = stateAfter(r.string(QStringLiteral("state"), 32));
    const QJsonObject metadata = r.object(QStringLiteral("metadata"));
    const QStringList categoryIds = r.stringList(QStringLiteral("category_ids"), limits::kMaxShortChars);
    const QString appId = r.string(QStringLiteral("app_id"), limits::kMaxShortChars);
    Millis created = 0, updated = 0, archived = 0, deleted = 0;
    instant(r, o, QStringLiteral("created_at"), created) && instant(r, o, QStringLiteral("updated_at"), updated)
        && instant(r, o, QStringLiteral("archived_at"), archived) && instant(r, o, QStringLiteral("deleted_at"), deleted);
    if (!r.failed() && content.trimmed().isEmpty())
        r.fail(QStringLiteral("content"), QStringLiteral("is empty (and memories.jsonl.gz has no text for it)"));
    if (!r.failed() && !knownState(state))
        r.fail(QStringLiteral("state"), QStringLiteral("\"%1\" is none of active, paused, archived, deleted").arg(state.left(40)));
    QStringList categories;
    for (const QString &cid : categoryIds) {
        if (!r.failed() && !parts.categoryNames.contains(cid))
            r.fail(QStringLiteral("category_ids"), QStringLiteral("names category \"%1\", which categories[] does not hold").arg(cid));
        categories << parts.categoryNames.value(cid);
    }
    if (r.failed())
        return r.error();
    if (categories.isEmpty())
        categories = record.value(QStringLiteral("categories")).toVariant().toStringList();

    Memory m = foreignMemory(id, content, created != 0 ? created : fallback, updated, initialStability);
    mapping.map(QStringLiteral("memories[].content"), QStringLiteral("content"));
    mapping.map(QStringLiteral("memories[].id"), QStringLiteral("id"));
    if (created != 0)
        mapping.map(QStringLiteral("memories[].created_at"), QStringLiteral("createdAt"));
    if (updated != 0)
        mapping.map(QStringLiteral("memories[].updated_at"), QStringLiteral("updatedAt"));
    m.keywords = normalizeKeywords(categories);
    m.category = m.keywords.value(0, QStringLiteral("fact"));
    if (!categories.isEmpty())
        mapping.map(QStringLiteral("categories (first; all)"), QStringLiteral("category; keywords"));
    m.projectPath = parts.appNames.value(appId, record.value(QStringLiteral("app")).toString());
    if (!m.projectPath.isEmpty())
        mapping.map(QStringLiteral("app (its name)"), QStringLiteral("projectPath"));
    if (state == QLatin1String("paused") || state == QLatin1String("archived")) {
        m.level = MemoryLevel::Archive;
        mapping.map(QStringLiteral("state paused / archived"), QStringLiteral("level archive (kept, not recalled)"));
    } else if (state == QLatin1String("deleted")) {
        m.deletedAt = deleted != 0 ? deleted : m.updatedAt;
        mapping.map(QStringLiteral("state deleted, deleted_at"), QStringLiteral("deletedAt (soft-deleted)"));
    }
    QJsonObject kept { { QStringLiteral("state"), state }, { QStringLiteral("metadata"), metadata } };
    for (const QString &key : { QStringLiteral("user_id"), QStringLiteral("app_id"), QStringLiteral("archived_at") }) {
        if (o.value(key).isString())
            kept.insert(key, o.value(key));
    }
    if (!categoryIds.isEmpty())
        kept.insert(QStringLiteral("category_ids"), QJsonArray::fromStringList(categoryIds));
    m.extra.insert(kMem0, kept);
    mapping.noPlace(QStringLiteral("memories[].metadata, user_id, app_id, archived_at"), QStringLiteral("kept in extra.mem0"));
    return m;
}

QString eventKind(const QString &oldState, const QString &newState)
{
    if (newState == QLatin1String("deleted"))
        return events::kDelete;
    if (newState == QLatin1String("paused") || newState == QLatin1String("archived"))
        return events::kArchive;
    return oldState == QLatin1String("deleted") ? events::kRestore : events::kUnarchive;
}

Status readHistory(const QJsonArray &history, const QString &member, const QHash<QString, bool> &ids, MemorySet &set)
{
    for (int i = 0; i < history.size(); ++i) {
        const QString where = QStringLiteral("%1: status_history[%2]").arg(member).arg(i);
        if (!history[i].isObject())
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: expected an object, got %2").arg(where, JsonFieldReader::describe(history[i])));
        const QJsonObject o = history[i].toObject();
        JsonFieldReader r(o, where);
        const QString memoryId = r.requiredString(QStringLiteral("memory_id"), limits::kMaxShortChars);
        const QString oldState = stateAfter(r.string(QStringLiteral("old_state"), 32));
        const QString newState = stateAfter(r.string(QStringLiteral("new_state"), 32));
        Millis at = 0;
        instant(r, o, QStringLiteral("changed_at"), at);
        if (!r.failed() && !ids.contains(memoryId))
            r.fail(QStringLiteral("memory_id"), QStringLiteral("names memory \"%1\", which memories[] does not hold").arg(memoryId));
        if (!r.failed() && (!knownState(oldState) || !knownState(newState)))
            r.fail(knownState(oldState) ? QStringLiteral("new_state") : QStringLiteral("old_state"),
                QStringLiteral("is none of active, paused, archived, deleted"));
        if (!r.failed() && at == 0)
            r.fail(QStringLiteral("changed_at"), QStringLiteral("is missing"));
        if (r.failed())
            return r.error();
        Event e;
        e.memoryId = memoryId;
        e.kind = eventKind(oldState, newState);
        e.actor = QStringLiteral("user");
        e.at = at;
        QJsonObject kept { { QStringLiteral("oldState"), oldState }, { QStringLiteral("newState"), newState } };
        for (const QString &key : { QStringLiteral("id"), QStringLiteral("changed_by") }) {
            if (o.value(key).isString())
                kept.insert(key, o.value(key));
        }
        e.payload.insert(kMem0, kept);
        set.events.push_back(std::move(e));
        set.mapping.map(QStringLiteral("status_history[]"), QStringLiteral("events (archive, unarchive, delete, restore) at changed_at"));
    }
    return {};
}

} // namespace

Result<MemorySet> Mem0Backup::toSet(const QByteArray &manifest, const QByteArray &records, const QString &archiveName,
                                    Millis fallback, double initialStability)
{
    const QString member = QStringLiteral("%1: memories.json").arg(archiveName);
    auto value = JsonText::parse(manifest, member);
    if (!value)
        return value.error();
    if (!value->isObject())
        return Error::make(Error::Code::Validation, QStringLiteral("%1: expected an object at the top").arg(member));
    const QJsonObject top = value->toObject();
    JsonFieldReader r(top, member);
    const QJsonArray memories = r.array(QStringLiteral("memories"));
    const QJsonArray categories = r.array(QStringLiteral("categories"));
    const QJsonArray apps = r.array(QStringLiteral("apps"));
    const QJsonArray history = r.array(QStringLiteral("status_history"));
    if (!r.failed() && !top.contains(QStringLiteral("memories")))
        r.fail(QStringLiteral("memories"), QStringLiteral("is missing: not a Mem0 / OpenMemory backup"));
    if (r.failed())
        return r.error();
    Parts parts;
    if (Status st = readNames(categories, member + QStringLiteral(": categories"), parts.categoryNames); !st)
        return st.error();
    if (Status st = readNames(apps, member + QStringLiteral(": apps"), parts.appNames); !st)
        return st.error();
    if (Status st = readRecords(records, QStringLiteral("%1: memories.jsonl.gz").arg(archiveName), parts); !st)
        return st.error();

    MemorySet set;
    set.sourceName = archiveName;
    QHash<QString, bool> ids;
    for (int i = 0; i < memories.size(); ++i) {
        if (!memories[i].isObject())
            return Error::make(Error::Code::Validation, QStringLiteral("%1: memories[%2]: expected an object, got %3")
                                                            .arg(member).arg(i).arg(JsonFieldReader::describe(memories[i])));
        auto m = toMemory(memories[i].toObject(), i, parts, member, fallback, initialStability, set.mapping);
        if (!m)
            return m.error();
        if (ids.contains(m->id))
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: memories[%2]: field \"id\": \"%3\" appears twice").arg(member).arg(i).arg(m->id));
        ids.insert(m->id, true);
        set.memories.push_back(std::move(*m));
    }
    for (auto it = parts.records.constBegin(); it != parts.records.constEnd(); ++it) {
        if (!ids.contains(it.key()))
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: memories.jsonl.gz: field \"id\": record \"%2\" is not in memories.json")
                    .arg(archiveName, it.key()));
    }
    if (Status st = readHistory(history, member, ids, set); !st)
        return st.error();
    for (const QString &key : { QStringLiteral("user"), QStringLiteral("access_controls"), QStringLiteral("export_meta"),
             QStringLiteral("memory_categories") }) {
        if (top.contains(key))
            set.mapping.noPlace(key, key == QLatin1String("memory_categories")
                    ? QStringLiteral("the same pairs as memories[].category_ids")
                    : QStringLiteral("about the account, not a memory; left out"));
    }
    if (!records.isEmpty())
        set.mapping.map(QStringLiteral("memories.jsonl.gz records"), QStringLiteral("checked against memories.json; their category names and text where memories.json has none"));
    return set;
}

} // namespace recollector::core::io::formats
