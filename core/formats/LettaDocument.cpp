#include "formats/LettaDocument.h"

#include "formats/ForeignTime.h"
#include "model/InputLimits.h"
#include "model/JsonFieldReader.h"

#include <QCryptographicHash>
#include <QHash>

namespace recollector::core::io::formats {

namespace {

constexpr qint64 kMaxLimit = 1'000'000'000;

Millis instantOf(const QJsonObject &o, const QString &key)
{
    const QJsonValue v = o.value(key);
    return v.isString() ? foreignInstant(v.toString()).value_or(0) : 0;
}

Result<LettaDocument::Block> readBlock(const QJsonObject &o, int index, const QString &where)
{
    JsonFieldReader r(o, where);
    LettaDocument::Block b;
    b.index = index;
    b.raw = o;
    b.id = r.string(QStringLiteral("id"), limits::kMaxShortChars);
    b.label = r.requiredString(QStringLiteral("label"), limits::kMaxShortChars);
    b.value = r.string(QStringLiteral("value"), limits::kMaxTextChars);
    if (const auto limit = r.integer(QStringLiteral("limit"), 0, kMaxLimit))
        b.limit = *limit;
    b.readOnly = r.boolean(QStringLiteral("read_only"), false);
    b.description = r.string(QStringLiteral("description"), limits::kMaxTextChars);
    b.createdAt = instantOf(o, QStringLiteral("created_at"));
    b.updatedAt = instantOf(o, QStringLiteral("updated_at"));
    if (r.failed())
        return r.error();
    return b;
}

QString memoryIdFor(const QString &agent, const QString &label, const QString &blockId)
{
    QByteArray key = agent.toUtf8() + '\n' + label.toUtf8();
    if (agent.isEmpty()) // a block no agent holds: its own id tells it apart
        key += '\n' + blockId.toUtf8();
    return QStringLiteral("letta-")
        + QString::fromLatin1(QCryptographicHash::hash(key, QCryptographicHash::Sha1).toHex().left(20));
}

Result<QJsonArray> messagesOf(const QJsonObject &agent, const QString &where)
{
    JsonFieldReader r(agent, where);
    const QJsonArray messages = r.array(QStringLiteral("messages"));
    if (r.failed())
        return r.error();
    return messages;
}

Status readAgentFile(const QJsonObject &top, LettaDocument &doc)
{
    JsonFieldReader r(top, doc.fileName);
    const QJsonArray blocks = r.array(QStringLiteral("blocks"));
    const QJsonArray agents = r.array(QStringLiteral("agents"));
    if (r.failed())
        return r.error();
    QHash<QString, int> byId;
    for (int i = 0; i < blocks.size(); ++i) {
        const QString where = QStringLiteral("%1: blocks[%2]").arg(doc.fileName).arg(i);
        if (!blocks[i].isObject())
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: expected an object, got %2").arg(where, JsonFieldReader::describe(blocks[i])));
        auto block = readBlock(blocks[i].toObject(), i, where);
        if (!block)
            return block.error();
        byId.insert(block->id, i);
        doc.blocks.push_back(std::move(*block));
    }
    for (int k = 0; k < agents.size(); ++k) {
        const QString where = QStringLiteral("%1: agents[%2]").arg(doc.fileName).arg(k);
        if (!agents[k].isObject())
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: expected an object, got %2").arg(where, JsonFieldReader::describe(agents[k])));
        const QJsonObject a = agents[k].toObject();
        JsonFieldReader ar(a, where);
        LettaDocument::Agent agent;
        agent.name = ar.string(QStringLiteral("name"), limits::kMaxShortChars);
        const QStringList blockIds = ar.stringList(QStringLiteral("block_ids"), limits::kMaxShortChars);
        if (ar.failed())
            return ar.error();
        auto messages = messagesOf(a, where);
        if (!messages)
            return messages.error();
        agent.messages = *messages;
        for (const QString &id : blockIds) {
            const int index = byId.value(id, -1);
            if (index < 0)
                return Error::make(Error::Code::Validation,
                    QStringLiteral("%1: field \"block_ids\": names block \"%2\", which blocks[] does not hold")
                        .arg(where, id));
            agent.blocks.push_back(index);
            doc.blocks[std::size_t(index)].agents << agent.name;
        }
        if (doc.createdAt == 0)
            doc.createdAt = instantOf(a, QStringLiteral("created_at"));
        doc.agents.push_back(std::move(agent));
    }
    return {};
}

Status readCoreMemory(const QJsonObject &top, LettaDocument &doc)
{
    JsonFieldReader r(top, doc.fileName);
    const QJsonArray blocks = r.array(QStringLiteral("core_memory"));
    LettaDocument::Agent agent;
    agent.name = r.string(QStringLiteral("name"), limits::kMaxShortChars);
    if (r.failed())
        return r.error();
    auto messages = messagesOf(top, doc.fileName);
    if (!messages)
        return messages.error();
    agent.messages = *messages;
    for (int i = 0; i < blocks.size(); ++i) {
        const QString where = QStringLiteral("%1: core_memory[%2]").arg(doc.fileName).arg(i);
        if (!blocks[i].isObject())
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: expected an object, got %2").arg(where, JsonFieldReader::describe(blocks[i])));
        auto block = readBlock(blocks[i].toObject(), i, where);
        if (!block)
            return block.error();
        block->agents << agent.name;
        agent.blocks.push_back(i);
        doc.blocks.push_back(std::move(*block));
    }
    doc.agents.push_back(std::move(agent));
    return {};
}

} // namespace

bool LettaDocument::looksLike(const QJsonObject &top)
{
    return top.value(QStringLiteral("core_memory")).isArray()
        || (top.value(QStringLiteral("agents")).isArray() && top.value(QStringLiteral("blocks")).isArray());
}

Result<LettaDocument> LettaDocument::fromObject(const QJsonObject &top, const QString &fileName)
{
    LettaDocument doc;
    doc.fileName = fileName;
    doc.topLevelKeys = top.keys();
    doc.schema = top.contains(QStringLiteral("core_memory")) ? Schema::CoreMemory : Schema::AgentFile;
    doc.createdAt = instantOf(top, QStringLiteral("created_at"));
    const Status st = doc.schema == Schema::CoreMemory ? readCoreMemory(top, doc) : readAgentFile(top, doc);
    if (!st)
        return st.error();
    QHash<QString, int> seen;
    for (Block &b : doc.blocks) {
        b.memoryId = memoryIdFor(b.agents.value(0), b.label, b.id);
        // Two blocks of one agent with one label (Letta does not make them): keep both apart.
        if (const int n = seen[b.memoryId]++; n > 0)
            b.memoryId += QStringLiteral("-%1").arg(n);
    }
    return doc;
}

qsizetype LettaDocument::lengthOf(const QString &text)
{
    qsizetype n = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (!(text.at(i).isLowSurrogate() && i > 0 && text.at(i - 1).isHighSurrogate()))
            ++n;
    }
    return n;
}

} // namespace recollector::core::io::formats
