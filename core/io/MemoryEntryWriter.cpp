#include "io/MemoryEntryWriter.h"

#include "io/JsonIndentedWriter.h"
#include "io/StoredJsonWriter.h"
#include "model/Time.h"
#include "store/ExportScan.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <string_view>

namespace recollector::core::io {

namespace {

constexpr int kEntryIndent = 2; // an item of a top-level array
constexpr int kMemberIndent = kEntryIndent + 1;

QByteArray utf8Bytes(std::string_view text) { return QByteArray(text.data(), qsizetype(text.size())); }

// What the repository's row::arrayFromJson / objectFromJson read from a column's text.
QJsonArray storedArray(std::string_view text)
{
    if (text.empty() || text == "[]")
        return {};
    return QJsonDocument::fromJson(utf8Bytes(text)).array();
}
QJsonObject storedObject(std::string_view text)
{
    if (text.empty() || text == "{}")
        return {};
    return QJsonDocument::fromJson(utf8Bytes(text)).object();
}

void appendIso(QByteArray &out, Millis ms)
{
    char text[24];
    if (time::toIsoAscii(ms, text))
        JsonIndentedWriter::appendPieces(out, { "\"", std::string_view(text, sizeof text), "\"" });
    else
        JsonIndentedWriter::appendString(out, time::toIso(ms));
}

void appendBool(QByteArray &out, bool value) { out += value ? "true" : "false"; }

// A stored list of strings, as stringListFromJson → QJsonArray::fromStringList gives it.
void appendStringList(QByteArray &out, std::string_view text, int indent)
{
    if (StoredJsonWriter::append(out, text, indent, StoredJsonWriter::Shape::StringArray))
        return;
    QStringList list;
    for (const QJsonValue &v : storedArray(text))
        list.append(v.toString());
    JsonIndentedWriter::append(out, QJsonArray::fromStringList(list), indent);
}

void appendArray(QByteArray &out, std::string_view text, int indent)
{
    if (!StoredJsonWriter::append(out, text, indent, StoredJsonWriter::Shape::Array))
        JsonIndentedWriter::append(out, storedArray(text), indent);
}

void appendObject(QByteArray &out, std::string_view text, int indent)
{
    if (!StoredJsonWriter::append(out, text, indent, StoredJsonWriter::Shape::Object))
        JsonIndentedWriter::append(out, storedObject(text), indent);
}

// The members of one object in key order. Every key the object may have is offered in
// sorted order, present or not; `extra` (a memory's unknown fields, Qt's key order) is merged
// in: an extra key sorts among the known ones, and a known key that is present wins.
class Members
{
public:
    Members(QByteArray &out, int indent, const QJsonObject *extra = nullptr)
        : m_out(out)
        , m_indent(indent)
        , m_extra(extra)
    {
        if (m_extra)
            m_it = m_extra->constBegin();
        m_out += "{\n";
    }

    /// Starts member `key` (ASCII) and returns the buffer for its value.
    QByteArray &key(const char *key)
    {
        mergeExtra(key, true);
        // The separator, indent, name and colon in one append (separator() in pieces).
        JsonIndentedWriter::appendPieces(m_out,
            { m_first ? "" : ",\n", JsonIndentedWriter::indentation(m_indent + 1), "\"", key, "\": " });
        m_first = false;
        return m_out;
    }
    /// `key` is not in this object (an unset optional field): an extra one of that name stays.
    void absent(const char *key) { mergeExtra(key, false); }

    void finish()
    {
        if (m_extra) {
            for (; m_it != m_extra->constEnd(); ++m_it)
                writeExtra();
        }
        m_out += '\n';
        JsonIndentedWriter::appendIndent(m_out, m_indent);
        m_out += '}';
    }

private:
    void separator()
    {
        if (!m_first)
            m_out += ",\n";
        m_first = false;
        JsonIndentedWriter::appendIndent(m_out, m_indent + 1);
    }

    void writeExtra()
    {
        separator();
        JsonIndentedWriter::appendString(m_out, m_it.key());
        m_out += ": ";
        JsonIndentedWriter::append(m_out, m_it.value(), m_indent + 1);
    }

    void mergeExtra(const char *key, bool present)
    {
        if (!m_extra)
            return;
        const QLatin1String known(key);
        for (; m_it != m_extra->constEnd(); ++m_it) {
            const int order = m_it.key().compare(known);
            if (order > 0)
                return;
            if (order == 0) {
                if (!present)
                    writeExtra();
                ++m_it;
                return;
            }
            writeExtra();
        }
    }

    QByteArray &m_out;
    int m_indent;
    const QJsonObject *m_extra;
    QJsonObject::const_iterator m_it;
    bool m_first = true;
};

void optionalTime(Members &m, const char *key, Millis ms)
{
    if (ms != 0)
        appendIso(m.key(key), ms);
    else
        m.absent(key);
}

void optionalText(Members &m, const char *key, std::string_view text)
{
    if (!text.empty())
        JsonIndentedWriter::appendUtf8(m.key(key), text);
    else
        m.absent(key);
}

void appendLevel(QByteArray &out, std::string_view level)
{
    // levelFromName(...).value_or(Full): an unknown stored name reads as full.
    for (const char *name : {"full", "summary", "trace", "archive"}) {
        if (level == name) {
            JsonIndentedWriter::appendUtf8(out, level);
            return;
        }
    }
    out += "\"full\"";
}

void appendSource(QByteArray &out, const MemoryExportRow &r)
{
    Members s(out, kMemberIndent);
    optionalText(s, "chatId", r.chatId);
    optionalText(s, "messageId", r.messageId);
    optionalText(s, "taskId", r.taskId);
    JsonIndentedWriter::appendUtf8(s.key("type"), r.sourceType);
    s.finish();
}

} // namespace

void MemoryEntryWriter::memory(QByteArray &out, const MemoryExportRow &r)
{
    const bool hasExtra = !r.extraJson.empty() && r.extraJson != "{}";
    const QJsonObject extra = hasExtra ? storedObject(r.extraJson) : QJsonObject();
    Members m(out, kEntryIndent, extra.isEmpty() ? nullptr : &extra);
    m.key("accessCount") += QByteArray::number(int(r.accessCount));
    if (r.agentImportance)
        JsonIndentedWriter::appendNumber(m.key("agentImportance"), *r.agentImportance);
    else
        m.absent("agentImportance");
    optionalText(m, "agentTier", r.agentTier);
    JsonIndentedWriter::appendUtf8(m.key("category"), r.category);
    appendBool(m.key("compressed"), int(r.compressed) != 0);
    optionalText(m, "compressedFrom", r.compressedFrom);
    JsonIndentedWriter::appendNumber(m.key("confidence"), r.confidence);
    JsonIndentedWriter::appendUtf8(m.key("content"), r.content);
    appendArray(m.key("correctionHistory"), r.correctionHistoryJson, kMemberIndent);
    optionalTime(m, "createdAt", r.createdAt);
    JsonIndentedWriter::appendNumber(m.key("decayRate"), r.decayRate);
    optionalTime(m, "deletedAt", r.deletedAt);
    JsonIndentedWriter::appendUtf8(m.key("id"), r.id);
    JsonIndentedWriter::appendNumber(m.key("importance"), r.importance);
    appendStringList(m.key("keywords"), r.keywordsJson, kMemberIndent);
    optionalTime(m, "lastAccessedAt", r.lastAccessedAt);
    optionalTime(m, "lastReinforcedAt", r.lastReinforcedAt);
    appendLevel(m.key("level"), r.level);
    appendStringList(m.key("mergedFrom"), r.mergedFromJson, kMemberIndent);
    optionalText(m, "mergedInto", r.mergedInto);
    appendStringList(m.key("modalities"), r.modalitiesJson, kMemberIndent);
    appendBool(m.key("negated"), int(r.negated) != 0);
    optionalTime(m, "negatedAt", r.negatedAt);
    appendStringList(m.key("originalContents"), r.originalContentsJson, kMemberIndent);
    appendBool(m.key("permanent"), int(r.permanent) != 0);
    optionalText(m, "projectPath", r.projectPath);
    m.key("reinforceCount") += QByteArray::number(int(r.reinforceCount));
    m.absent("sealed"); // level 3 goes through the collecting export
    m.key("sensitivity") += QByteArray::number(int(r.sensitivity));
    appendSource(m.key("source"), r);
    appendStringList(m.key("sourceIds"), r.sourceIdsJson, kMemberIndent);
    JsonIndentedWriter::appendNumber(m.key("stability"), r.stability);
    JsonIndentedWriter::appendNumber(m.key("strength"), r.strength);
    appendBool(m.key("superseded"), int(r.superseded) != 0);
    optionalText(m, "supersedesId", r.supersedesId);
    optionalTime(m, "updatedAt", r.updatedAt);
    appendBool(m.key("verified"), int(r.verified) != 0);
    m.finish();
}

void MemoryEntryWriter::link(QByteArray &out, const LinkExportRow &r)
{
    Members m(out, kEntryIndent);
    JsonIndentedWriter::appendUtf8(m.key("a"), r.a);
    JsonIndentedWriter::appendUtf8(m.key("b"), r.b);
    optionalTime(m, "createdAt", r.createdAt);
    JsonIndentedWriter::appendUtf8(m.key("type"), r.type);
    JsonIndentedWriter::appendNumber(m.key("weight"), r.weight);
    m.finish();
}

void MemoryEntryWriter::event(QByteArray &out, const EventExportRow &r)
{
    Members m(out, kEntryIndent);
    JsonIndentedWriter::appendUtf8(m.key("actor"), r.actor);
    appendIso(m.key("at"), r.at); // "" when 0, as eventToJson writes it
    JsonIndentedWriter::appendNumber(m.key("id"), double(r.id));
    JsonIndentedWriter::appendUtf8(m.key("kind"), r.kind);
    JsonIndentedWriter::appendUtf8(m.key("memoryId"), r.memoryId);
    appendObject(m.key("payload"), r.payloadJson, kMemberIndent);
    m.finish();
}

} // namespace recollector::core::io
