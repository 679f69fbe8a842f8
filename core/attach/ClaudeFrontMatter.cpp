#include "attach/ClaudeFrontMatter.h"

#include "io/YamlJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace recollector::core::attach {

const QString ClaudeFrontMatter::kBody = QStringLiteral("body");

namespace {

const QString kMetadata = QStringLiteral("metadata");
const QString kName = QStringLiteral("name");
const QString kDescription = QStringLiteral("description");
const QString kType = QStringLiteral("type");

bool isTopKey(const QString &key) { return key == kName || key == kDescription; }

struct Split
{
    QByteArray opening;           ///< the first line, `---` and its line end
    QList<QByteArray> frontLines; ///< the lines between the two `---`
    QByteArray rest;              ///< everything after the closing `---` line
};

std::optional<Split> split(const QByteArray &bytes)
{
    if (!bytes.startsWith("---\n") && !bytes.startsWith("---\r\n"))
        return std::nullopt;
    Split s;
    const qsizetype start = bytes.indexOf('\n') + 1;
    s.opening = bytes.left(start);
    qsizetype at = start;
    while (at < bytes.size()) {
        const qsizetype end = bytes.indexOf('\n', at);
        const qsizetype stop = end < 0 ? bytes.size() : end + 1;
        const QByteArray line = bytes.mid(at, stop - at);
        if (line.trimmed() == "---") {
            s.rest = bytes.mid(stop);
            return s;
        }
        s.frontLines << line;
        at = stop;
    }
    return std::nullopt;
}

QString textOf(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return v.toVariant().toString();
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    default:
        return {};
    }
}

/// A value as YAML: plain where it reads back as the same text, else double-quoted (JSON's
/// escapes are YAML's).
QByteArray yamlText(const QString &value)
{
    static const QRegularExpression plain(QStringLiteral("^[^:#'\"\\[\\]{}&*!|>%@`,\\-?\\s][^:#\\n\\r]*$"));
    if (plain.match(value).hasMatch() && value == value.trimmed() && !io::YamlJson::needsQuotes(value))
        return value.toUtf8();
    const QByteArray quoted = QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact);
    return quoted.mid(1, quoted.size() - 2);
}

QByteArray keyLine(const QByteArray &indent, const QString &key, const QJsonValue &value)
{
    return indent + yamlText(key) + ": " + yamlText(textOf(value)) + "\n";
}

void flattenInto(QJsonObject &out, const QJsonObject &top)
{
    for (auto it = top.constBegin(); it != top.constEnd(); ++it) {
        if (it.key() != kMetadata || !it.value().isObject())
            out.insert(it.key(), textOf(it.value()));
    }
    const QJsonObject meta = top.value(kMetadata).toObject();
    for (auto it = meta.constBegin(); it != meta.constEnd(); ++it)
        out.insert(it.key(), textOf(it.value()));
}

/// The front matter as YAML (yaml-cpp): nothing when it is not a YAML map.
std::optional<QJsonObject> yamlFields(const QList<QByteArray> &lines)
{
    const auto parsed = io::YamlJson::parse(lines.join(), QStringLiteral("front matter"));
    if (!parsed || !(parsed->isObject() || parsed->isNull()))
        return std::nullopt;
    QJsonObject out;
    flattenInto(out, parsed->toObject());
    return out;
}

QString unquote(const QByteArray &raw)
{
    const QByteArray v = raw.trimmed();
    if (v.size() >= 2 && v.startsWith('"') && v.endsWith('"')) {
        const QJsonDocument d = QJsonDocument::fromJson("[" + v + "]");
        if (d.isArray())
            return d.array().at(0).toString();
    }
    if (v.size() >= 2 && v.startsWith('\'') && v.endsWith('\''))
        return QString::fromUtf8(v.mid(1, v.size() - 2)).replace(QStringLiteral("''"), QStringLiteral("'"));
    return QString::fromUtf8(v);
}

/// Plain `key: value` lines that are not YAML (`description: use foo: bar`), as older
/// writers left them; `metadata:` and its indented lines as a map.
std::optional<QJsonObject> lineFields(const QList<QByteArray> &lines)
{
    QJsonObject top;
    QJsonObject meta;
    bool inMeta = false;
    for (const QByteArray &line : lines) {
        const QByteArray trimmed = line.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith('#'))
            continue;
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return std::nullopt;
        const QString key = QString::fromUtf8(line.left(colon).trimmed());
        const QString value = unquote(line.mid(colon + 1));
        const bool indented = line.front() == ' ' || line.front() == '\t';
        if (!indented) {
            inMeta = key == kMetadata && value.isEmpty();
            if (!inMeta)
                top.insert(key, value);
        } else if (inMeta) {
            meta.insert(key, value);
        } else {
            return std::nullopt;
        }
    }
    if (!meta.isEmpty())
        top.insert(kMetadata, meta);
    QJsonObject out;
    flattenInto(out, top);
    return out;
}

QString bodyOf(const QByteArray &rest)
{
    QByteArray b = rest;
    if (b.startsWith('\n'))
        b.remove(0, 1);
    return QString::fromUtf8(b).trimmed();
}

QByteArray restFor(const QByteArray &originalRest, const QString &body)
{
    return (originalRest.startsWith('\n') || originalRest.isEmpty() ? QByteArray("\n") : QByteArray()) + body.toUtf8()
        + "\n";
}

QJsonObject withoutBody(QJsonObject o)
{
    o.remove(ClaudeFrontMatter::kBody);
    return o;
}

/// One line of the front matter, as the rewrite sees it.
struct Line
{
    QByteArray bytes;
    QString key;         ///< empty: a comment, a blank line or a continuation
    bool meta = false;   ///< a key under `metadata:`
    bool header = false; ///< the `metadata:` line itself
    int owner = -1;      ///< a continuation: the index of its key line
};

std::vector<Line> linesOf(const QList<QByteArray> &raw)
{
    static const QRegularExpression keyed(QStringLiteral("^(\\s*)([A-Za-z0-9_.-]+):(\\s|$)"));
    std::vector<Line> lines;
    bool inMeta = false;
    int lastKey = -1;
    for (const QByteArray &bytes : raw) {
        Line l;
        l.bytes = bytes;
        const QByteArray trimmed = bytes.trimmed();
        const auto m = keyed.match(QString::fromUtf8(bytes));
        const bool indented = !bytes.isEmpty() && (bytes.front() == ' ' || bytes.front() == '\t');
        if (trimmed.isEmpty() || trimmed.startsWith('#')) {
            // A comment or a blank line stands alone.
        } else if (m.hasMatch() && !indented) {
            l.key = m.captured(2);
            l.header = l.key == kMetadata && trimmed == "metadata:";
            inMeta = l.header;
            if (l.header)
                l.key.clear();
        } else if (m.hasMatch() && inMeta) {
            l.key = m.captured(2);
            l.meta = true;
        } else {
            l.owner = lastKey;
        }
        if (!l.key.isEmpty())
            lastKey = int(lines.size());
        else if (l.header)
            lastKey = -1;
        lines.push_back(std::move(l));
    }
    return lines;
}

/// The keys of `target` the file does not hold yet, in the order a new file has them.
QStringList newKeys(const QJsonObject &target, const QSet<QString> &seen)
{
    QStringList keys;
    for (const QString &k : { kName, kDescription, kType }) {
        if (target.contains(k) && !seen.contains(k))
            keys << k;
    }
    for (auto it = target.constBegin(); it != target.constEnd(); ++it) {
        if (it.key() != ClaudeFrontMatter::kBody && !seen.contains(it.key()) && !keys.contains(it.key()))
            keys << it.key();
    }
    return keys;
}

// New keys: name and description at the top (before `metadata:`), the others under
// `metadata:` when the file has it, else at the top.
void addNewKeys(QList<QByteArray> &out, QList<bool> &outIsMeta, int headerAt, const QByteArray &metaIndent,
                const QStringList &keys, const QJsonObject &target, bool nested)
{
    for (const QString &key : keys) {
        const bool meta = nested && !isTopKey(key);
        qsizetype at = 0;
        if (meta) {
            at = headerAt + 1;
            for (qsizetype i = headerAt + 1; i < out.size(); ++i) {
                if (outIsMeta[i])
                    at = i + 1;
            }
        } else {
            at = headerAt >= 0 ? headerAt : 0;
            for (qsizetype i = 0; i < (headerAt >= 0 ? headerAt : out.size()); ++i) {
                if (!out[i].trimmed().isEmpty() && !out[i].trimmed().startsWith('#'))
                    at = i + 1;
            }
            if (headerAt < 0)
                at = std::max<qsizetype>(at, 0);
        }
        out.insert(at, keyLine(meta ? metaIndent : QByteArray(), key, target.value(key)));
        outIsMeta.insert(at, meta);
        if (!meta && headerAt >= 0 && at <= headerAt)
            ++headerAt;
    }
}

} // namespace

std::optional<QJsonObject> ClaudeFrontMatter::fields(const QByteArray &bytes)
{
    const auto s = split(bytes);
    if (!s)
        return std::nullopt;
    auto out = yamlFields(s->frontLines);
    if (!out)
        out = lineFields(s->frontLines);
    if (!out)
        return std::nullopt;
    out->insert(kBody, bodyOf(s->rest));
    return out;
}

QByteArray ClaudeFrontMatter::rewrite(const QByteArray &original, const QJsonObject &target)
{
    const auto s = split(original);
    const auto current = fields(original);
    if (!s || !current)
        return fresh(target);
    const std::vector<Line> lines = linesOf(s->frontLines);
    QSet<QString> inMeta;
    bool nested = false;
    for (const Line &l : lines) {
        nested = nested || l.header;
        if (l.meta)
            inMeta.insert(l.key);
    }

    QList<QByteArray> out;
    QList<bool> outIsMeta; // per kept key line and its continuations: under metadata
    std::vector<bool> dropped(lines.size(), false);
    QSet<QString> seen;
    QByteArray metaIndent = "  ";
    int headerAt = -1;
    for (size_t i = 0; i < lines.size(); ++i) {
        const Line &l = lines[i];
        if (l.header) {
            headerAt = int(out.size());
            out << l.bytes;
            outIsMeta << false;
            continue;
        }
        if (l.key.isEmpty()) {
            if (l.owner >= 0 && dropped[size_t(l.owner)])
                continue;
            out << l.bytes;
            outIsMeta << (l.owner >= 0 && lines[size_t(l.owner)].meta);
            continue;
        }
        const bool changed = textOf(target.value(l.key)) != current->value(l.key).toString();
        // A key at the top that metadata holds too: metadata's value is the one read, so a
        // change is written there and the top one goes.
        if (!target.contains(l.key) || (!l.meta && inMeta.contains(l.key) && changed) || (seen.contains(l.key) && changed)) {
            dropped[i] = true;
            continue;
        }
        seen.insert(l.key);
        if (l.meta)
            metaIndent = l.bytes.left(l.bytes.indexOf(l.key.toUtf8().front()));
        if (changed) {
            dropped[i] = true; // its continuation lines go with the old value
            out << keyLine(l.meta ? metaIndent : QByteArray(), l.key, target.value(l.key));
        } else {
            out << l.bytes;
        }
        outIsMeta << l.meta;
    }

    addNewKeys(out, outIsMeta, headerAt, metaIndent, newKeys(target, seen), target, nested);

    QByteArray bytes = s->opening + out.join() + "---\n";
    if (target.value(kBody).toString() == current->value(kBody).toString())
        bytes += s->rest;
    else
        bytes += restFor(s->rest, target.value(kBody).toString());

    // What is written must read back, as YAML, as exactly the fields intended.
    const auto back = split(bytes);
    const auto again = back ? yamlFields(back->frontLines) : std::nullopt;
    QJsonObject wanted;
    flattenInto(wanted, withoutBody(target));
    if (!again || *again != wanted || bodyOf(back->rest) != target.value(kBody).toString().trimmed())
        return compose(target, nested);
    return bytes;
}

QByteArray ClaudeFrontMatter::fresh(const QJsonObject &target)
{
    return compose(target, true);
}

QByteArray ClaudeFrontMatter::compose(const QJsonObject &target, bool nested)
{
    QByteArray out = "---\n";
    QStringList rest;
    for (const QString &key : newKeys(target, {})) {
        if (isTopKey(key))
            out += keyLine({}, key, target.value(key));
        else
            rest << key;
    }
    if (nested && !rest.isEmpty())
        out += "metadata:\n";
    for (const QString &key : std::as_const(rest))
        out += keyLine(nested ? QByteArray("  ") : QByteArray(), key, target.value(key));
    out += "---\n";
    out += restFor({}, target.value(kBody).toString());
    return out;
}

} // namespace recollector::core::attach
