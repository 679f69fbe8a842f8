#include "formats/LettaHistory.h"

#include "formats/ForeignTime.h"
#include "model/InputLimits.h"

#include <QHash>
#include <QJsonDocument>

#include <algorithm>

namespace recollector::core::io::formats {

namespace {

const QString kReplace = QStringLiteral("core_memory_replace");
const QString kAppend = QStringLiteral("core_memory_append");

struct Call
{
    QString memoryId;
    QString tool;
    QJsonObject arguments;
    QString messageId;
    Millis at = 0;
    int order = 0; ///< position in the file, for calls at the same instant
};

QJsonObject argumentsOf(const QJsonObject &function)
{
    const QJsonValue args = function.value(QStringLiteral("arguments"));
    if (args.isObject())
        return args.toObject();
    if (!args.isString() || args.toString().size() > 4 * 1024 * 1024)
        return {};
    return QJsonDocument::fromJson(args.toString().toUtf8()).object();
}

/// The calls of one agent's messages that edit one of its blocks.
void collect(const LettaDocument &doc, const LettaDocument::Agent &agent, std::vector<Call> &calls, int &order)
{
    QHash<QString, QString> byLabel;
    for (int index : agent.blocks)
        byLabel.insert(doc.blocks[std::size_t(index)].label, doc.blocks[std::size_t(index)].memoryId);
    for (const QJsonValue &mv : agent.messages) {
        const QJsonObject message = mv.toObject();
        const Millis at = foreignInstant(message.value(QStringLiteral("created_at")).toString()).value_or(0);
        for (const QJsonValue &cv : message.value(QStringLiteral("tool_calls")).toArray()) {
            const QJsonObject function = cv.toObject().value(QStringLiteral("function")).toObject();
            const QString tool = function.value(QStringLiteral("name")).toString();
            if (tool != kReplace && tool != kAppend)
                continue;
            const QJsonObject args = argumentsOf(function);
            const QString memoryId = byLabel.value(args.value(QStringLiteral("label")).toString());
            if (memoryId.isEmpty())
                continue;
            calls.push_back({ memoryId, tool, args, message.value(QStringLiteral("id")).toString(), at, order++ });
        }
    }
}

/// The block's text before `call`, from its text after it; nullopt when the call does not fit.
std::optional<QString> undo(const Call &call, const QString &after)
{
    if (call.tool == kAppend) {
        const QString added = QLatin1Char('\n') + call.arguments.value(QStringLiteral("content")).toString();
        if (!after.endsWith(added))
            return std::nullopt;
        return after.left(after.size() - added.size());
    }
    const QString oldText = call.arguments.value(QStringLiteral("old_content")).toString();
    const QString newText = call.arguments.value(QStringLiteral("new_content")).toString();
    if (oldText.isEmpty() || (!newText.isEmpty() && !after.contains(newText)))
        return std::nullopt;
    if (newText.isEmpty())
        return std::nullopt; // a deletion cannot be put back: where was it?
    // Bounded: a hostile file could make one short text stand for a long one many times over.
    const qint64 grown = qint64(after.size()) + qint64(after.count(newText)) * (qint64(oldText.size()) - qint64(newText.size()));
    if (grown > limits::kMaxTextChars)
        return std::nullopt;
    QString before = after;
    before.replace(newText, oldText);
    return before;
}

} // namespace

std::vector<Event> LettaHistory::editEvents(const LettaDocument &doc, MappingReport &mapping)
{
    std::vector<Call> calls;
    int order = 0;
    for (const LettaDocument::Agent &agent : doc.agents)
        collect(doc, agent, calls, order);
    std::stable_sort(calls.begin(), calls.end(), [](const Call &a, const Call &b) {
        return a.at != b.at ? a.at < b.at : a.order < b.order;
    });
    QHash<QString, QString> current; // memory id → its text after the calls not yet undone
    for (const LettaDocument::Block &b : doc.blocks)
        current.insert(b.memoryId, b.value);
    std::vector<Event> events(calls.size());
    QHash<QString, bool> broken; // once one call does not fit, the earlier texts are unknown
    for (std::size_t k = calls.size(); k-- > 0;) {
        const Call &call = calls[k];
        Event &e = events[k];
        e.memoryId = call.memoryId;
        e.kind = events::kEdit;
        e.actor = QStringLiteral("assistant");
        e.at = call.at;
        QJsonObject letta { { QStringLiteral("tool"), call.tool }, { QStringLiteral("arguments"), call.arguments } };
        if (!call.messageId.isEmpty())
            letta.insert(QStringLiteral("messageId"), call.messageId);
        const QString after = current.value(call.memoryId);
        const auto before = broken.value(call.memoryId) ? std::nullopt : undo(call, after);
        if (before) {
            e.payload.insert(QStringLiteral("before"), QJsonObject { { QStringLiteral("content"), *before } });
            e.payload.insert(QStringLiteral("after"), QJsonObject { { QStringLiteral("content"), after } });
            current.insert(call.memoryId, *before);
        } else {
            broken.insert(call.memoryId, true);
            letta.insert(QStringLiteral("replayed"), false);
        }
        e.payload.insert(QStringLiteral("letta"), letta);
        mapping.map(QStringLiteral("messages[].tool_calls[] %1").arg(call.tool), QStringLiteral("edit event"));
    }
    return events;
}

} // namespace recollector::core::io::formats
