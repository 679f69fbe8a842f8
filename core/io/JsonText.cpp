#include "io/JsonText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <vector>

namespace recollector::core::io {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

qsizetype firstNonSpace(const QByteArray &data, qsizetype from = 0)
{
    qsizetype i = from;
    while (i < data.size() && isSpace(data[i]))
        ++i;
    return i;
}

// One open container while scanning towards an offset.
struct Frame
{
    bool isObject = false;
    bool expectKey = false;
    int index = 0; // arrays: items before the current one
    QByteArray key; // objects: the key whose value is being read
    QByteArray idValue; // objects: the "id" string, once seen
    bool entriesArray = false;
};

// Reads a JSON string starting after its opening quote; returns the index after the closing
// quote (or data.size() when it never closes). Escapes are skipped, not decoded: keys and ids
// are shown as written.
qsizetype skipString(const QByteArray &data, qsizetype i, qsizetype stop, QByteArray *text)
{
    const qsizetype start = i;
    while (i < stop) {
        const char c = data[i];
        if (c == '\\') {
            i += 2;
            continue;
        }
        if (c == '"') {
            if (text)
                *text = data.mid(start, std::min<qsizetype>(i - start, 200));
            return i + 1;
        }
        ++i;
    }
    if (text)
        *text = data.mid(start, std::min<qsizetype>(stop - start, 200));
    return stop;
}

bool isEntriesKey(const QByteArray &key)
{
    return key == "memories" || key == "associations" || key == "events" || key == "conflicts";
}

QString entryNoun(const QByteArray &arrayKey)
{
    if (arrayKey == "associations")
        return QStringLiteral("association");
    if (arrayKey == "events")
        return QStringLiteral("event");
    if (arrayKey == "conflicts")
        return QStringLiteral("conflict");
    return QStringLiteral("entry");
}

// The containers still open at `stop`, outermost first, with the key or index being read in
// each. A scan that tracks only what locate() reports: not a validating parser.
std::vector<Frame> openFrames(const QByteArray &data, qsizetype stop)
{
    std::vector<Frame> stack;
    qsizetype i = 0;
    while (i < stop) {
        const char c = data[i];
        if (isSpace(c)) {
            ++i;
            continue;
        }
        Frame *top = stack.empty() ? nullptr : &stack.back();
        switch (c) {
        case '{':
        case '[': {
            Frame f;
            f.isObject = c == '{';
            f.expectKey = f.isObject;
            // The entries: a top-level array, or memories/... directly under the top object.
            if (!f.isObject)
                f.entriesArray
                    = stack.empty() || (stack.size() == 1 && stack[0].isObject && isEntriesKey(stack[0].key));
            stack.push_back(f);
            ++i;
            break;
        }
        case '}':
        case ']':
            if (!stack.empty())
                stack.pop_back();
            ++i;
            break;
        case ',':
            if (top) {
                if (top->isObject) {
                    top->expectKey = true;
                    top->key.clear();
                } else {
                    ++top->index;
                }
            }
            ++i;
            break;
        case ':':
            if (top && top->isObject)
                top->expectKey = false;
            ++i;
            break;
        case '"': {
            QByteArray text;
            i = skipString(data, i + 1, stop, &text);
            if (top && top->isObject) {
                if (top->expectKey)
                    top->key = text;
                else if (top->key == "id")
                    top->idValue = text;
            }
            break;
        }
        default:
            ++i; // numbers, literals
            break;
        }
    }
    return stack;
}

// Names the innermost entry (and its field) the open containers are in.
QString describe(const std::vector<Frame> &stack)
{
    // The innermost entries array and the object directly inside it.
    for (size_t d = 0; d < stack.size(); ++d) {
        if (!stack[d].entriesArray)
            continue;
        const QByteArray arrayKey = d > 0 ? stack[d - 1].key : QByteArray("memories");
        QString out = QStringLiteral("%1 %2").arg(entryNoun(arrayKey)).arg(stack[d].index);
        if (d + 1 < stack.size() && stack[d + 1].isObject) {
            const Frame &entry = stack[d + 1];
            if (!entry.idValue.isEmpty())
                out += QStringLiteral(" (id \"%1\")").arg(QString::fromUtf8(entry.idValue));
            if (!entry.key.isEmpty())
                out += QStringLiteral(", field \"%1\"").arg(QString::fromUtf8(entry.key));
        }
        return out;
    }
    // Not inside an entry: name the top-level field, if any.
    if (!stack.empty() && stack[0].isObject && !stack[0].key.isEmpty())
        return QStringLiteral("field \"%1\"").arg(QString::fromUtf8(stack[0].key));
    return {};
}

} // namespace

std::pair<qsizetype, qsizetype> JsonText::lineColumn(const QByteArray &data, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, data.size());
    qsizetype line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < offset; ++i) {
        if (data[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return { line, offset - lineStart + 1 };
}

QString JsonText::locate(const QByteArray &data, qsizetype offset)
{
    return describe(openFrames(data, std::clamp<qsizetype>(offset, 0, data.size())));
}

Result<QJsonValue> JsonText::parse(const QByteArray &rawData, const QString &fileName)
{
    QByteArray data = rawData;
    if (data.startsWith("\xEF\xBB\xBF"))
        data.remove(0, 3); // a UTF-8 byte-order mark some editors write
    // A raw U+FEFF that starts a key or string: Qt keeps it in the document, but reading the
    // text back (QString::fromUtf8) drops a leading one, so a key "\uFEFFconfidence" would
    // list as "confidence" yet not be found under that name, and a written-back file would
    // hold "confidence" twice. Escaped, it is an ordinary character. Only offsets after it move.
    if (data.contains("\"\xEF\xBB\xBF"))
        data.replace("\"\xEF\xBB\xBF", "\"\\ufeff");
    const qsizetype first = firstNonSpace(data);
    if (first >= data.size())
        return Error::make(Error::Code::Parse, QStringLiteral("%1: file is empty").arg(fileName));

    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error == QJsonParseError::NoError) {
        if (doc.isObject())
            return QJsonValue(doc.object());
        return QJsonValue(doc.array());
    }

    if (data[first] == '"') {
        // A top-level string: Qt only parses objects and arrays there, so wrap it to read it.
        const QJsonDocument wrapped = QJsonDocument::fromJson(QByteArray("[") + data + QByteArray("]"));
        if (wrapped.isArray() && wrapped.array().size() == 1 && wrapped.array().at(0).isString()) {
            const QString inner = wrapped.array().at(0).toString();
            QJsonParseError innerError;
            const QJsonDocument innerDoc = QJsonDocument::fromJson(inner.toUtf8(), &innerError);
            if (innerError.error == QJsonParseError::NoError && (innerDoc.isObject() || innerDoc.isArray()))
                return Error::make(Error::Code::Parse,
                    QStringLiteral("%1: the file is one JSON string that itself holds a JSON document "
                                   "(double-encoded); decode it once and import the result")
                        .arg(fileName));
            return Error::make(Error::Code::Parse,
                QStringLiteral("%1: the file is a single JSON string (%2 characters), not a memory set")
                    .arg(fileName, QString::number(inner.size())));
        }
    }

    const qsizetype offset = parseError.offset;
    const auto [line, column] = lineColumn(data, offset);
    const bool atEnd = firstNonSpace(data, offset) >= data.size();
    const QString where = locate(data, offset);
    QString message = QStringLiteral("%1: ").arg(fileName);
    if (!where.isEmpty())
        message += where + QStringLiteral(": ");
    if (atEnd)
        message += QStringLiteral("JSON ends early (%1) at line %2, column %3: the file looks truncated")
                       .arg(parseError.errorString())
                       .arg(line)
                       .arg(column);
    else if (offset <= first + 1 && data[first] != '{' && data[first] != '[') {
        const auto [firstLine, firstColumn] = lineColumn(data, first);
        message += QStringLiteral("not JSON (%1 at line %2, column %3)")
                       .arg(parseError.errorString())
                       .arg(firstLine)
                       .arg(firstColumn);
    } else
        message += QStringLiteral("invalid JSON (%1) at line %2, column %3")
                       .arg(parseError.errorString())
                       .arg(line)
                       .arg(column);
    return Error::make(Error::Code::Parse, message);
}

} // namespace recollector::core::io
