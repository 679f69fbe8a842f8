#include "attach/ClaudeMemoryFormat.h"

#include "attach/ClaudeFrontMatter.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace recollector::core::attach {

namespace {

const QString &kBody = ClaudeFrontMatter::kBody;
const QString kIndex = QStringLiteral("MEMORY.md");

const QString kCategory = QStringLiteral("category");
const QString kType = QStringLiteral("type");

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

QStringList ClaudeMemoryFormat::entryNames(const QString &folder) const
{
    QStringList names = EntryFormat::entryNames(folder);
    const QDir root(folder);
    QDirIterator dirs(folder, QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    QStringList nested;
    while (dirs.hasNext()) {
        const QString dir = dirs.next();
        const QString relative = root.relativeFilePath(dir);
        if (dirs.fileInfo().isSymLink() || relative.startsWith(QLatin1Char('.')) || relative.contains(QStringLiteral("/.")))
            continue;
        for (const QString &name : QDir(dir).entryList(nameFilters(), QDir::Files | QDir::System | QDir::Hidden, QDir::Name))
            nested << relative + QLatin1Char('/') + name;
    }
    nested.sort();
    return names + nested;
}

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
    // A file in a subfolder keeps its folder in its id ("topics/deploys"), so two files of
    // the same name are two memories.
    m.id = name.endsWith(QLatin1String(".md")) ? name.chopped(3) : QFileInfo(name).completeBaseName();
    m.content = fields->value(kBody).toString();
    m.category = categoryOf(*fields);
    QStringList words;
    for (const QString &w : fields->value(QStringLiteral("name")).toString().split(QRegularExpression(QStringLiteral("\\W+")), Qt::SkipEmptyParts)) {
        if (w.size() >= 3)
            words << w;
    }
    m.keywords = normalizeKeywords(words);
    m.source.type = claudeCodeSource();
    m.confidence = 0.8;
    m.projectPath = m_project;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = modified;
    m.stability = initialStability;
    for (auto it = fields->constBegin(); it != fields->constEnd(); ++it) {
        if (it.key() != kBody && it.key() != kType && it.key() != kCategory)
            m.extra.insert(it.key(), it.value());
    }
    if (m.content.isEmpty())
        return Error::make(Error::Code::Validation, QStringLiteral("%1: field \"body\": is empty").arg(name));
    return p;
}

std::optional<QJsonObject> ClaudeMemoryFormat::fieldsOf(const QByteArray &bytes) const
{
    return ClaudeFrontMatter::fields(bytes);
}

QString ClaudeMemoryFormat::typeFor(const QString &category)
{
    static const QHash<QString, QString> kTypeOf {
        // What Claude Code's four types hold: who the user is, how they want the work done,
        // the work in progress, where to look things up (docs/formats.md, "Claude Code
        // memory folders").
        { QStringLiteral("user"), QStringLiteral("user") },
        { QStringLiteral("identity"), QStringLiteral("user") },
        { QStringLiteral("preference"), QStringLiteral("user") },
        { QStringLiteral("stable_preference"), QStringLiteral("user") },
        { QStringLiteral("short_term_preference"), QStringLiteral("user") },
        { QStringLiteral("feedback"), QStringLiteral("feedback") },
        { QStringLiteral("pitfall"), QStringLiteral("feedback") },
        { QStringLiteral("lesson"), QStringLiteral("feedback") },
        { QStringLiteral("rule"), QStringLiteral("feedback") },
        { QStringLiteral("pattern"), QStringLiteral("feedback") },
        { QStringLiteral("project"), QStringLiteral("project") },
        { QStringLiteral("episode"), QStringLiteral("project") },
        { QStringLiteral("temporary"), QStringLiteral("project") },
    };
    return kTypeOf.value(category, QStringLiteral("reference"));
}

bool ClaudeMemoryFormat::isClaudeType(const QString &type)
{
    return type == QLatin1String("user") || type == QLatin1String("feedback") || type == QLatin1String("project")
        || type == QLatin1String("reference");
}

QString ClaudeMemoryFormat::categoryOf(const QJsonObject &fields)
{
    const QString type = fields.value(kType).toString();
    const QString category = fields.value(kCategory).toString();
    // The category Recollector kept beside the type, while the type is still the one it maps
    // to (a type changed since by hand or by Claude wins). Engram 0.1 wrote `reference` for
    // every category that was not a type.
    if (!category.isEmpty() && (type.isEmpty() || typeFor(category) == type || type == QLatin1String("reference")))
        return category;
    return type.isEmpty() ? QStringLiteral("reference") : type;
}

QString ClaudeMemoryFormat::nameFor(const QString &content)
{
    static const QRegularExpression word(QStringLiteral("[\\p{L}\\p{N}]+"));
    QStringList words;
    qsizetype length = 0;
    auto it = word.globalMatch(content.section(QLatin1Char('\n'), 0, 0).toLower());
    while (it.hasNext() && words.size() < 6) {
        const QString w = it.next().captured();
        if (length + w.size() > 48)
            break;
        words << w;
        length += w.size() + 1;
    }
    return words.isEmpty() ? QStringLiteral("memory") : words.join(QLatin1Char('-'));
}

QString ClaudeMemoryFormat::descriptionFor(const QString &content)
{
    return shortened(content.section(QLatin1Char('\n'), 0, 0).simplified(), 150);
}

QString ClaudeMemoryFormat::shortened(const QString &text, qsizetype most)
{
    if (text.size() <= most)
        return text;
    QString cut = text.left(most - 1);
    const qsizetype space = cut.lastIndexOf(QLatin1Char(' '));
    if (space > most / 2)
        cut.truncate(space);
    return cut.trimmed() + QChar(0x2026);
}

QJsonObject ClaudeMemoryFormat::projection(const Memory &memory) const
{
    QJsonObject o;
    const QString name = memory.extra.value(QStringLiteral("name")).toString();
    const QString description = memory.extra.value(QStringLiteral("description")).toString();
    o.insert(QStringLiteral("name"), name.isEmpty() ? nameFor(memory.content) : name);
    o.insert(QStringLiteral("description"), description.isEmpty() ? descriptionFor(memory.content) : description);
    o.insert(kType, typeFor(memory.category));
    if (typeFor(memory.category) != memory.category && !memory.category.isEmpty())
        o.insert(kCategory, memory.category);
    o.insert(kBody, memory.content);
    return o;
}

QByteArray ClaudeMemoryFormat::rewrite(const QByteArray &original, const QJsonObject &target) const
{
    return ClaudeFrontMatter::rewrite(original, target);
}

QByteArray ClaudeMemoryFormat::fresh(const QJsonObject &target) const
{
    return ClaudeFrontMatter::fresh(target);
}

QStringList ClaudeMemoryFormat::folderProblems(const QString &folder, const QStringList &entryNames) const
{
    QStringList problems;
    const QByteArray index = readFile(QDir(folder).filePath(kIndex));
    const QStringList lines = QString::fromUtf8(index).split(QLatin1Char('\n'));
    const int count = int(lines.size()) - (index.endsWith('\n') ? 1 : 0);
    if (count > kIndexLinesRead)
        problems << QStringLiteral("%1: %2 lines; the assistant reads only the first %3").arg(kIndex).arg(count).arg(kIndexLinesRead);
    if (index.size() > kIndexBytesRead)
        problems << QStringLiteral("%1: %2 characters; the assistant reads only the first %3")
                        .arg(kIndex)
                        .arg(index.size())
                        .arg(kIndexBytesRead);
    QSet<QString> listed;
    qsizetype read = 0;
    for (int i = 0; i < lines.size(); ++i) {
        read += lines[i].toUtf8().size() + 1;
        const bool cut = i >= kIndexLinesRead || read > kIndexBytesRead;
        for (const QString &name : linksIn(lines[i])) {
            listed.insert(name);
            if (!QFileInfo::exists(QDir(folder).filePath(name)))
                problems << QStringLiteral("%1 line %2: links %3, which does not exist").arg(kIndex).arg(i + 1).arg(name);
            else if (cut)
                problems << QStringLiteral("%1 line %2: links %3 past what the assistant reads; it will not see that memory")
                                .arg(kIndex)
                                .arg(i + 1)
                                .arg(name);
        }
    }
    for (const QString &name : entryNames) {
        if (!listed.contains(name))
            problems << QStringLiteral("%1: not listed in %2 (the assistant may not know it)").arg(name, kIndex);
        // A type Claude Code does not know reads as no type at all.
        QFile file(QDir(folder).filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString type = ClaudeFrontMatter::fields(file.read(64 * 1024)).value_or(QJsonObject {}).value(kType).toString();
        if (!type.isEmpty() && !isClaudeType(type))
            problems << QStringLiteral("%1: type \"%2\" is not one Claude Code reads (user, feedback, project, reference); "
                                       "it sees this memory without a type")
                            .arg(name, type);
    }
    return problems;
}

QString ClaudeMemoryFormat::indexLine(const QString &name, const QJsonObject &fields)
{
    QString title = fields.value(QStringLiteral("name")).toString().simplified();
    if (title.isEmpty())
        title = QFileInfo(name).completeBaseName();
    title.replace(QLatin1Char(']'), QLatin1Char(')'));
    const QString line = QStringLiteral("- [%1](%2)").arg(title, name);
    QString hook = fields.value(QStringLiteral("description")).toString().simplified();
    if (hook.isEmpty())
        hook = descriptionFor(fields.value(kBody).toString());
    // Claude Code's own rule for its index: one line under about 150 characters.
    const qsizetype room = kIndexLineLength - line.size() - 3;
    if (hook.isEmpty() || room < 12)
        return line;
    return line + QStringLiteral(" — ") + shortened(hook, room);
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
    const QString wanted = indexLine(name, fields);
    QStringList lines = QString::fromUtf8(index).split(QLatin1Char('\n'));
    for (QString &line : lines) {
        if (!linksIn(line).contains(name))
            continue;
        // The line that links the file: kept when it already says the name and description,
        // else it tells them as they are now, in its place (docs/formats.md, "Claude Code
        // memory folders").
        if (line.trimmed() == wanted)
            return std::nullopt;
        line = wanted;
        return std::pair { path, lines.join(QLatin1Char('\n')).toUtf8() };
    }
    if (!index.isEmpty() && !index.endsWith('\n'))
        index += '\n';
    index += wanted.toUtf8() + "\n";
    return std::pair { path, index };
}

} // namespace recollector::core::attach
