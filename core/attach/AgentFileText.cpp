#include "attach/AgentFileText.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace recollector::core::attach {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

qsizetype skipSpace(const QByteArray &b, qsizetype i)
{
    while (i < b.size() && isSpace(b[i]))
        ++i;
    return i;
}

// End (one past the closing quote) of the string starting at b[i] == '"'; -1 when unterminated.
qsizetype stringEnd(const QByteArray &b, qsizetype i)
{
    for (++i; i < b.size(); ++i) {
        if (b[i] == '\\')
            ++i;
        else if (b[i] == '"')
            return i + 1;
    }
    return -1;
}

// End of the value starting at b[i]: the first ',' or '}' at depth 0 outside strings.
qsizetype valueEnd(const QByteArray &b, qsizetype i)
{
    int depth = 0;
    while (i < b.size()) {
        const char c = b[i];
        if (c == '"') {
            i = stringEnd(b, i);
            if (i < 0)
                return -1;
            continue;
        }
        if (c == '{' || c == '[')
            ++depth;
        else if (c == '}' || c == ']') {
            if (depth == 0)
                return i;
            --depth;
        } else if (c == ',' && depth == 0)
            return i;
        ++i;
    }
    return -1;
}

QJsonValue parseValue(const QByteArray &raw)
{
    const QJsonDocument doc = QJsonDocument::fromJson("[" + raw + "]");
    return doc.isArray() && doc.array().size() == 1 ? doc.array().at(0) : QJsonValue(QJsonValue::Undefined);
}

// `value` as JSON text at one level of nesting below the top: continuation lines indented by
// `indent` per level (QJsonDocument indents by 4 spaces; JSON strings hold no raw newline, so
// every line's leading spaces are indentation).
QByteArray serialise(const QJsonValue &value, const QByteArray &indent)
{
    QByteArray text = QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Indented);
    // "[\n    <value>\n]\n": take the value's lines, each indented one level deeper than its own.
    QList<QByteArray> lines = text.split('\n');
    QByteArray out;
    for (qsizetype i = 1; i + 2 < lines.size(); ++i) {
        const QByteArray &line = lines[i];
        qsizetype spaces = 0;
        while (spaces < line.size() && line[spaces] == ' ')
            ++spaces;
        const qsizetype level = spaces / 4 - 1; // 1 = the value itself
        if (i > 1) {
            out += '\n';
            for (qsizetype l = 0; l < level + 1; ++l)
                out += indent;
        }
        out += line.mid(spaces);
    }
    return out;
}

QByteArray keyText(const QString &key)
{
    QByteArray k = QJsonDocument(QJsonArray { key }).toJson(QJsonDocument::Compact);
    return k.mid(1, k.size() - 2);
}

QByteArray assemble(const AgentFileText::Layout &layout)
{
    QByteArray out = "{";
    for (std::size_t i = 0; i < layout.members.size(); ++i) {
        out += i == 0 ? "\n" : ",\n";
        out += layout.indent + keyText(layout.members[i].first) + ": " + layout.members[i].second;
    }
    out += layout.members.empty() ? "}" : "\n}";
    if (layout.trailingNewline)
        out += '\n';
    return out;
}

void appendNew(AgentFileText::Layout &layout, const QJsonObject &target)
{
    QStringList present;
    for (const auto &[key, raw] : layout.members)
        present << key;
    QStringList add;
    for (const QString &key : AgentFileText::entryOrder()) {
        if (target.contains(key) && !present.contains(key))
            add << key;
    }
    for (auto it = target.constBegin(); it != target.constEnd(); ++it) {
        if (!present.contains(it.key()) && !add.contains(it.key()))
            add << it.key();
    }
    for (const QString &key : add)
        layout.members.emplace_back(key, serialise(target.value(key), layout.indent));
}

} // namespace

const QStringList &AgentFileText::entryOrder()
{
    static const QStringList order { QStringLiteral("id"), QStringLiteral("content"), QStringLiteral("category"),
        QStringLiteral("keywords"), QStringLiteral("source"), QStringLiteral("confidence"),
        QStringLiteral("createdAt"), QStringLiteral("updatedAt"), QStringLiteral("lastAccessedAt"),
        QStringLiteral("accessCount"), QStringLiteral("projectPath"), QStringLiteral("strength"),
        QStringLiteral("stability"), QStringLiteral("lastReinforcedAt"), QStringLiteral("reinforceCount"),
        QStringLiteral("decayRate"), QStringLiteral("associations"), QStringLiteral("importance"),
        QStringLiteral("tier"), QStringLiteral("superseded"), QStringLiteral("supersedesId"),
        QStringLiteral("tags"), QStringLiteral("valence") };
    return order;
}

std::optional<AgentFileText::Layout> AgentFileText::scan(const QByteArray &b)
{
    if (!QJsonDocument::fromJson(b).isObject())
        return std::nullopt;
    Layout layout;
    qsizetype i = skipSpace(b, 0);
    if (i >= b.size() || b[i] != '{')
        return std::nullopt;
    ++i;
    bool first = true;
    while (true) {
        const qsizetype lineStart = i;
        i = skipSpace(b, i);
        if (i < b.size() && b[i] == '}')
            break;
        if (first) {
            // The file's indent: the blanks between the last newline and the first key.
            const QByteArray gap = b.mid(lineStart, i - lineStart);
            const qsizetype nl = gap.lastIndexOf('\n');
            if (nl >= 0 && nl + 1 < gap.size())
                layout.indent = gap.mid(nl + 1);
            first = false;
        }
        if (i >= b.size() || b[i] != '"')
            return std::nullopt;
        const qsizetype keyEnd = stringEnd(b, i);
        if (keyEnd < 0)
            return std::nullopt;
        const QJsonValue key = parseValue(b.mid(i, keyEnd - i));
        i = skipSpace(b, keyEnd);
        if (i >= b.size() || b[i] != ':')
            return std::nullopt;
        i = skipSpace(b, i + 1);
        const qsizetype end = valueEnd(b, i);
        if (end < 0)
            return std::nullopt;
        QByteArray raw = b.mid(i, end - i);
        while (!raw.isEmpty() && isSpace(raw.back()))
            raw.chop(1);
        layout.members.emplace_back(key.toString(), raw);
        i = end;
        if (b[i] == ',')
            ++i;
    }
    layout.trailingNewline = b.endsWith('\n');
    return layout;
}

QByteArray AgentFileText::rewrite(const QByteArray &original, const QJsonObject &target)
{
    auto layout = scan(original);
    if (!layout)
        return fresh(target);
    Layout out;
    out.indent = layout->indent;
    out.trailingNewline = layout->trailingNewline;
    for (auto &[key, raw] : layout->members) {
        if (!target.contains(key))
            continue;
        const QJsonValue want = target.value(key);
        if (parseValue(raw) == want)
            out.members.emplace_back(key, raw);
        else
            out.members.emplace_back(key, serialise(want, out.indent));
    }
    appendNew(out, target);
    return assemble(out);
}

QByteArray AgentFileText::fresh(const QJsonObject &target)
{
    Layout layout;
    appendNew(layout, target);
    return assemble(layout);
}

} // namespace recollector::core::attach
