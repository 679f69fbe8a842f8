#include "attach/ClaudeMemoryFormat.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace recollector::core::attach {

namespace {

const QString kBody = QStringLiteral("body");
const QString kIndex = QStringLiteral("MEMORY.md");

struct Split
{
    QList<QByteArray> frontLines; ///< the lines between the two `---`
    QByteArray rest;              ///< everything after the closing `---\n`
};

std::optional<Split> split(const QByteArray &bytes)
{
    if (!bytes.startsWith("---\n") && !bytes.startsWith("---\r\n"))
        return std::nullopt;
    const qsizetype start = bytes.indexOf('\n') + 1;
    qsizetype at = start;
    Split s;
    while (at < bytes.size()) {
        qsizetype end = bytes.indexOf('\n', at);
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

QByteArray yamlValue(const QString &value)
{
    static const QRegularExpression plain(QStringLiteral("^[^:#'\"\\[\\]{}&*!|>%@`,\\-?\\s][^:#]*$"));
    if (plain.match(value).hasMatch() && value == value.trimmed())
        return value.toUtf8();
    QByteArray quoted = QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact);
    return quoted.mid(1, quoted.size() - 2);
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

/// The linked file names of an index line: `[..](name.md)`.
QStringList linksIn(const QString &line)
{
    static const QRegularExpression link(QStringLiteral("\\]\\(([^)\\s]+\\.md)\\)"));
    QStringList names;
    auto it = link.globalMatch(line);
    while (it.hasNext())
        names << it.next().captured(1);
    return names;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

Result<EntryFormat::Parsed> ClaudeMemoryFormat::parse(const QByteArray &bytes, const QString &name, Millis modified,
                                                      double initialStability) const
{
    auto fields = fieldsOf(bytes);
    if (!fields)
        return Error::make(Error::Code::Parse,
                           QStringLiteral("%1: no front matter (a first line \"---\", key: value lines, a closing \"---\")").arg(name));
    Parsed p;
    p.fields = *fields;
    Memory &m = p.memory;
    m.id = QFileInfo(name).completeBaseName();
    m.content = fields->value(kBody).toString();
    m.category = fields->value(QStringLiteral("type")).toString();
    if (m.category.isEmpty())
        m.category = QStringLiteral("reference");
    QStringList words;
    for (const QString &w : fields->value(QStringLiteral("name")).toString().split(QRegularExpression(QStringLiteral("\\W+")), Qt::SkipEmptyParts)) {
        if (w.size() >= 3)
            words << w;
    }
    m.keywords = normalizeKeywords(words);
    m.source.type = QStringLiteral("chat");
    m.confidence = 0.8;
    m.projectPath = m_project;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = modified;
    m.stability = initialStability;
    for (auto it = fields->constBegin(); it != fields->constEnd(); ++it) {
        if (it.key() != kBody && it.key() != QLatin1String("type"))
            m.extra.insert(it.key(), it.value());
    }
    if (m.content.isEmpty())
        return Error::make(Error::Code::Validation, QStringLiteral("%1: field \"body\": is empty").arg(name));
    return p;
}

std::optional<QJsonObject> ClaudeMemoryFormat::fieldsOf(const QByteArray &bytes) const
{
    const auto s = split(bytes);
    if (!s)
        return std::nullopt;
    QJsonObject o;
    for (const QByteArray &line : s->frontLines) {
        const qsizetype colon = line.indexOf(':');
        if (line.trimmed().isEmpty() || line.startsWith('#'))
            continue;
        if (colon <= 0)
            return std::nullopt;
        o.insert(QString::fromUtf8(line.left(colon).trimmed()), unquote(line.mid(colon + 1)));
    }
    o.insert(kBody, bodyOf(s->rest));
    return o;
}

QJsonObject ClaudeMemoryFormat::projection(const Memory &memory) const
{
    QJsonObject o;
    for (const char *key : { "name", "description" }) {
        if (memory.extra.contains(QLatin1String(key)))
            o.insert(QLatin1String(key), memory.extra.value(QLatin1String(key)));
    }
    o.insert(QStringLiteral("type"), memory.category);
    o.insert(kBody, memory.content);
    return o;
}

QByteArray ClaudeMemoryFormat::rewrite(const QByteArray &original, const QJsonObject &target) const
{
    const auto s = split(original);
    const auto before = fieldsOf(original);
    if (!s || !before)
        return fresh(target);
    QByteArray out = original.left(original.indexOf('\n') + 1);
    QStringList seen;
    for (const QByteArray &line : s->frontLines) {
        const qsizetype colon = line.indexOf(':');
        const QString key = colon > 0 ? QString::fromUtf8(line.left(colon).trimmed()) : QString();
        if (key.isEmpty() || key == kBody) {
            out += line;
            continue;
        }
        seen << key;
        if (!target.contains(key))
            continue;
        if (target.value(key) == before->value(key))
            out += line;
        else
            out += key.toUtf8() + ": " + yamlValue(target.value(key).toString()) + "\n";
    }
    for (auto it = target.constBegin(); it != target.constEnd(); ++it) {
        if (it.key() != kBody && !seen.contains(it.key()))
            out += it.key().toUtf8() + ": " + yamlValue(it.value().toString()) + "\n";
    }
    out += "---\n";
    if (target.value(kBody) == before->value(kBody))
        out += s->rest;
    else
        out += restFor(s->rest, target.value(kBody).toString());
    return out;
}

QByteArray ClaudeMemoryFormat::fresh(const QJsonObject &target) const
{
    QByteArray out = "---\n";
    static const QStringList kFirst { QStringLiteral("name"), QStringLiteral("description"), QStringLiteral("type") };
    for (const QString &key : kFirst) {
        if (target.contains(key))
            out += key.toUtf8() + ": " + yamlValue(target.value(key).toString()) + "\n";
    }
    // Any other key after them (an export keeps a category that is not a Claude type).
    for (auto it = target.constBegin(); it != target.constEnd(); ++it) {
        if (it.key() != kBody && !kFirst.contains(it.key()))
            out += it.key().toUtf8() + ": " + yamlValue(it.value().toString()) + "\n";
    }
    out += "---\n";
    out += restFor({}, target.value(kBody).toString());
    return out;
}

QStringList ClaudeMemoryFormat::folderProblems(const QString &folder, const QStringList &entryNames) const
{
    QStringList problems;
    const QByteArray index = readFile(QDir(folder).filePath(kIndex));
    const QStringList lines = QString::fromUtf8(index).split(QLatin1Char('\n'));
    const int count = int(lines.size()) - (index.endsWith('\n') ? 1 : 0);
    if (count > kIndexLinesRead)
        problems << QStringLiteral("%1: %2 lines; the assistant reads only the first %3").arg(kIndex).arg(count).arg(kIndexLinesRead);
    QSet<QString> listed;
    for (int i = 0; i < lines.size(); ++i) {
        for (const QString &name : linksIn(lines[i])) {
            listed.insert(name);
            if (!QFileInfo::exists(QDir(folder).filePath(name)))
                problems << QStringLiteral("%1 line %2: links %3, which does not exist").arg(kIndex).arg(i + 1).arg(name);
        }
    }
    for (const QString &name : entryNames) {
        if (!listed.contains(name))
            problems << QStringLiteral("%1: not listed in %2 (the assistant may not know it)").arg(name, kIndex);
    }
    return problems;
}

std::optional<std::pair<QString, QByteArray>> ClaudeMemoryFormat::indexWithout(const QString &folder,
                                                                               const QString &name) const
{
    const QString path = QDir(folder).filePath(kIndex);
    const QByteArray index = readFile(path);
    QByteArray out;
    bool removed = false;
    qsizetype at = 0;
    while (at < index.size()) {
        qsizetype end = index.indexOf('\n', at);
        const qsizetype stop = end < 0 ? index.size() : end + 1;
        const QByteArray line = index.mid(at, stop - at);
        if (linksIn(QString::fromUtf8(line)).contains(name))
            removed = true;
        else
            out += line;
        at = stop;
    }
    if (!removed)
        return std::nullopt;
    return std::pair { path, out };
}

std::optional<std::pair<QString, QByteArray>> ClaudeMemoryFormat::indexWith(const QString &folder, const QString &name,
                                                                            const QJsonObject &fields) const
{
    const QString path = QDir(folder).filePath(kIndex);
    QByteArray index = readFile(path);
    for (const QString &line : QString::fromUtf8(index).split(QLatin1Char('\n'))) {
        if (linksIn(line).contains(name))
            return std::nullopt;
    }
    if (!index.isEmpty() && !index.endsWith('\n'))
        index += '\n';
    const QString title = fields.value(QStringLiteral("name")).toString();
    const QString description = fields.value(QStringLiteral("description")).toString();
    index += QStringLiteral("- [%1](%2)%3\n")
                 .arg(title.isEmpty() ? QFileInfo(name).completeBaseName() : title, name,
                      description.isEmpty() ? QString() : QStringLiteral(" — ") + description)
                 .toUtf8();
    return std::pair { path, index };
}

} // namespace recollector::core::attach
