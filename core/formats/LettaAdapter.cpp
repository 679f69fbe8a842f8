#include "formats/LettaAdapter.h"

#include "io/AtomicFile.h"
#include "io/JsonText.h"
#include "formats/ForeignMemory.h"
#include "formats/JsonQuote.h"
#include "formats/JsonScan.h"
#include "formats/LettaDocument.h"
#include "formats/LettaHistory.h"
#include "model/InputLimits.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>

namespace recollector::core::io::formats {

namespace {

Result<std::pair<QByteArray, LettaDocument>> load(const QString &path)
{
    const QString name = QFileInfo(path).fileName();
    auto data = readBoundedFile(path, limits::kMaxSetFileBytes, name);
    if (!data)
        return data.error();
    auto value = JsonText::parse(*data, name);
    if (!value)
        return value.error();
    if (!value->isObject() || !LettaDocument::looksLike(value->toObject()))
        return Error::make(Error::Code::Parse,
            QStringLiteral("%1: not a Letta agent file (no \"core_memory\" array, nor \"agents\" and \"blocks\" arrays)")
                .arg(name));
    auto doc = LettaDocument::fromObject(value->toObject(), name);
    if (!doc)
        return doc.error();
    return std::pair { std::move(*data), std::move(*doc) };
}

QJsonObject keptBlock(const LettaDocument &doc, const LettaDocument::Block &b)
{
    QJsonObject kept;
    kept.insert(QStringLiteral("schema"),
        doc.schema == LettaDocument::Schema::CoreMemory ? QStringLiteral("core_memory") : QStringLiteral("agent_file"));
    kept.insert(QStringLiteral("file"), doc.fileName);
    kept.insert(QStringLiteral("index"), b.index);
    kept.insert(QStringLiteral("label"), b.label);
    kept.insert(QStringLiteral("agents"), QJsonArray::fromStringList(b.agents));
    // The rest of the block, as the file has it (the value is the memory's content).
    QJsonObject block = b.raw;
    block.remove(QStringLiteral("value"));
    kept.insert(QStringLiteral("block"), block);
    return kept;
}

void mapBlockFields(const LettaDocument &doc, const LettaDocument::Block &b, MappingReport &mapping)
{
    const QString prefix = doc.schema == LettaDocument::Schema::CoreMemory ? QStringLiteral("core_memory[].")
                                                                             : QStringLiteral("blocks[].");
    mapping.map(prefix + QStringLiteral("value"), QStringLiteral("content"));
    mapping.map(prefix + QStringLiteral("label"), QStringLiteral("category, keywords"));
    mapping.map(doc.schema == LettaDocument::Schema::CoreMemory ? QStringLiteral("name (the agent)")
                                                                 : QStringLiteral("agents[].name (first holder)"),
        QStringLiteral("projectPath"));
    if (b.limit)
        mapping.map(prefix + QStringLiteral("limit"), QStringLiteral("extra.contentLimit (longer edits refused)"));
    if (b.raw.contains(QStringLiteral("read_only")))
        mapping.map(prefix + QStringLiteral("read_only"), QStringLiteral("permanent"));
    if (b.createdAt != 0)
        mapping.map(prefix + QStringLiteral("created_at"), QStringLiteral("createdAt"));
    if (b.updatedAt != 0)
        mapping.map(prefix + QStringLiteral("updated_at"), QStringLiteral("updatedAt"));
    if (b.agents.size() > 1)
        mapping.noPlace(QStringLiteral("agents[].block_ids (other holders)"), QStringLiteral("kept in extra.letta.agents"));
    for (auto it = b.raw.constBegin(); it != b.raw.constEnd(); ++it) {
        static const QStringList kMapped { QStringLiteral("value"), QStringLiteral("label"), QStringLiteral("limit"),
            QStringLiteral("read_only"), QStringLiteral("created_at"), QStringLiteral("updated_at") };
        if (!kMapped.contains(it.key()))
            mapping.noPlace(prefix + it.key(), QStringLiteral("kept in extra.letta.block"));
    }
}

void mapTopLevel(const LettaDocument &doc, MappingReport &mapping)
{
    int messages = 0;
    for (const LettaDocument::Agent &a : doc.agents)
        messages += int(a.messages.size());
    if (messages > 0)
        mapping.noPlace(QStringLiteral("messages[]"),
            QStringLiteral("messages are not memories (block edits among them became edit events); left in the file"),
            messages);
    for (const QString &key : doc.topLevelKeys) {
        if (key == QLatin1String("core_memory") || key == QLatin1String("blocks") || key == QLatin1String("messages")
            || key == QLatin1String("name") || key == QLatin1String("agents"))
            continue;
        mapping.noPlace(key, QStringLiteral("agent settings; left in the file, untouched by an export"));
    }
}

} // namespace

bool LettaAdapter::detect(const FormatProbe &probe) const
{
    // Keys followed by what the schemas put there: a Recollector set holding memories imported
    // from a Letta file names "core_memory" and "agents" too, as values in their extra.
    static const QRegularExpression kCoreMemory(QStringLiteral(R"re("core_memory"\s*:\s*\[)re"));
    static const QRegularExpression kAgents(QStringLiteral(R"re("agents"\s*:\s*\[)re"));
    static const QRegularExpression kBlockIds(QStringLiteral(R"re("block_ids"\s*:\s*\[)re"));
    const QByteArray head = probe.trimmedHead();
    if (head.startsWith('{')) {
        const QString text = QString::fromUtf8(head);
        return kCoreMemory.match(text).hasMatch() || (kAgents.match(text).hasMatch() && kBlockIds.match(text).hasMatch());
    }
    // A double-encoded agent file: a JSON string holding one. The reader says so.
    return head.startsWith('"') && (head.contains("\\\"core_memory\\\"") || head.contains("\\\"agents\\\""));
}

Result<MemorySet> LettaAdapter::read(const QString &path, const AdapterReadOptions &options) const
{
    auto loaded = load(path);
    if (!loaded)
        return loaded.error();
    const LettaDocument &doc = loaded->second;
    MemorySet set;
    set.sourceName = doc.fileName;
    set.mapping.format = name();
    set.mapping.title = title();
    Millis fallback = doc.createdAt;
    if (fallback == 0) {
        fallback = QFileInfo(path).lastModified().toMSecsSinceEpoch();
        set.notes << QStringLiteral("%1: no created_at; the blocks' createdAt is the file's modification time").arg(doc.fileName);
    }
    for (const LettaDocument::Block &b : doc.blocks) {
        if (b.value.isEmpty()) {
            set.problems << QStringLiteral("%1: %2[%3] (label \"%4\"): field \"value\": empty; an empty block is no memory")
                                .arg(doc.fileName, QString::fromLatin1(doc.blockArrayKey())).arg(b.index).arg(b.label);
            set.mapping.noPlace(QStringLiteral("an empty block"), QStringLiteral("left out"));
            continue;
        }
        const Millis created = b.createdAt != 0 ? b.createdAt : fallback;
        Memory m = foreignMemory(b.memoryId, b.value, created, b.updatedAt, options.initialStability);
        m.category = b.label;
        m.keywords = normalizeKeywords({ b.label });
        m.permanent = b.readOnly;
        m.projectPath = b.agents.value(0);
        if (b.limit)
            m.extra.insert(QStringLiteral("contentLimit"), double(*b.limit));
        m.extra.insert(QStringLiteral("letta"), keptBlock(doc, b));
        mapBlockFields(doc, b, set.mapping);
        set.memories.push_back(std::move(m));
    }
    set.events = LettaHistory::editEvents(doc, set.mapping);
    mapTopLevel(doc, set.mapping);
    return set;
}

Result<AdapterWriteReport> LettaAdapter::write(const QString &path, const MemorySet &set) const
{
    if (!QFileInfo::exists(path))
        return Error::make(Error::Code::Usage,
            QStringLiteral("%1: no such file; a Letta export writes the blocks' text back into the .af they came from")
                .arg(path));
    auto loaded = load(path);
    if (!loaded)
        return loaded.error();
    const QByteArray &bytes = loaded->first;
    const LettaDocument &doc = loaded->second;
    QHash<QString, const Memory *> byId;
    for (const Memory &m : set.memories)
        byId.insert(m.id, &m);
    const std::vector<JsonScan::Span> spans = JsonScan(bytes).memberSpans(doc.blockArrayKey(), "value");
    const bool asciiOnly = isAscii(bytes);
    AdapterWriteReport report;
    std::vector<std::pair<JsonScan::Span, QByteArray>> edits;
    for (const LettaDocument::Block &b : doc.blocks) {
        const Memory *m = byId.value(b.memoryId);
        if (!m)
            continue;
        const QString where = QStringLiteral("%1: %2[%3] (label \"%4\")")
                                  .arg(doc.fileName, QString::fromLatin1(doc.blockArrayKey())).arg(b.index).arg(b.label);
        if (m->isDeleted()) {
            report.skipped << QStringLiteral("%1: memory %2 is deleted; the block keeps its text").arg(where, m->id);
            continue;
        }
        if (m->content == b.value)
            continue;
        if (b.limit && LettaDocument::lengthOf(m->content) > *b.limit)
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: memory %2 is %3 characters, longer than the block's limit of %4; nothing written")
                    .arg(where, m->id).arg(LettaDocument::lengthOf(m->content)).arg(*b.limit));
        if (std::size_t(b.index) >= spans.size() || !spans[std::size_t(b.index)].isValid())
            return Error::make(Error::Code::Parse,
                QStringLiteral("%1: field \"value\": not found where the block is; nothing written").arg(where));
        edits.push_back({ spans[std::size_t(b.index)], quoteJson(m->content, asciiOnly) });
        ++report.memories;
    }
    if (edits.empty())
        return report; // nothing changed: the file is left alone
    QByteArray out = bytes;
    std::sort(edits.begin(), edits.end(), [](const auto &x, const auto &y) { return x.first.begin > y.first.begin; });
    for (const auto &[span, literal] : edits)
        out.replace(span.begin, span.end - span.begin, literal);
    if (const Status st = AtomicFile::write(path, out); !st)
        return st.error();
    return report;
}

} // namespace recollector::core::io::formats
