#include "formats/BasicMemoryNote.h"

#include "io/YamlJson.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace recollector::core::io::formats {

namespace {

/// basic-memory's observation pattern: "[category] content", a category without brackets or
/// parentheses, not a task marker ([ ], [x], [-], one non-alphanumeric character) nor a clock time.
bool splitCategory(const QString &text, QString &category, QString &rest)
{
    static const QRegularExpression kCategory(QStringLiteral(R"re(^\[([^\[\]()]+)\]\s+(.+)$)re"));
    static const QRegularExpression kClock(
        QStringLiteral(R"re(^\d{1,3}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?(?:\s+-\s+\d{1,3}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?)?$)re"));
    const auto m = kCategory.match(text);
    if (!m.hasMatch())
        return false;
    const QString c = m.captured(1).trimmed();
    if (kClock.match(c).hasMatch())
        return false;
    if (c.size() == 1 && (c == QLatin1String("x") || c == QLatin1String("X") || !c.at(0).isLetterOrNumber()))
        return false;
    category = c;
    rest = m.captured(2).trimmed();
    return true;
}

std::optional<BasicMemoryNote::Relation> explicitRelation(const QString &text)
{
    const qsizetype open = text.indexOf(QLatin1String("[["));
    if (open <= 0)
        return std::nullopt;
    QString type = text.left(open).trimmed();
    if (type.size() >= 2 && (type.front() == QLatin1Char('"') || type.front() == QLatin1Char('\'')) && type.back() == type.front())
        type = type.mid(1, type.size() - 2).trimmed();
    else if (type.contains(QLatin1Char(' ')) || type.contains(QLatin1Char('\t')))
        return std::nullopt;
    const qsizetype close = text.indexOf(QLatin1String("]]"), open + 2);
    if (type.isEmpty() || close < 0)
        return std::nullopt;
    const QString target = text.mid(open + 2, close - open - 2).trimmed();
    const QString after = text.mid(close + 2).trimmed();
    if (target.isEmpty() || (!after.isEmpty() && !(after.startsWith(QLatin1Char('(')) && after.endsWith(QLatin1Char(')')))))
        return std::nullopt;
    return BasicMemoryNote::Relation { type, target, after.isEmpty() ? QString() : after.mid(1, after.size() - 2).trimmed() };
}

std::optional<BasicMemoryNote::Observation> observation(const QString &item)
{
    if (item.startsWith(QLatin1String("[ ]")) || item.startsWith(QLatin1String("[x]")) || item.startsWith(QLatin1String("[-]")))
        return std::nullopt;
    BasicMemoryNote::Observation o;
    QString text = item;
    const bool categorised = splitCategory(item, o.category, text);
    bool hasTag = false;
    for (const QString &part : item.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        hasTag = hasTag || part.startsWith(QLatin1Char('#'));
    if (!categorised && !hasTag)
        return std::nullopt;
    if (text.endsWith(QLatin1Char(')'))) {
        const qsizetype start = text.lastIndexOf(QLatin1Char('('));
        if (start >= 0) {
            o.context = text.mid(start + 1, text.size() - start - 2).trimmed();
            text = text.left(start).trimmed();
        }
    }
    for (const QString &part : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (part.startsWith(QLatin1Char('#'))) {
            for (const QString &t : part.split(QLatin1Char('#'), Qt::SkipEmptyParts))
                o.tags << t;
        }
    }
    o.content = text;
    if (o.content.isEmpty())
        return std::nullopt;
    return o;
}

} // namespace

bool BasicMemoryNote::looksLike(const QByteArray &head)
{
    if (!head.startsWith("---\n") && !head.startsWith("---\r\n"))
        return false;
    const qsizetype end = head.indexOf("\n---", 3);
    const QByteArray matter = end < 0 ? head : head.left(end);
    return matter.contains("\npermalink:");
}

Result<BasicMemoryNote> BasicMemoryNote::parse(const QByteArray &text, const QString &path, const QString &where)
{
    BasicMemoryNote note;
    note.path = path;
    QString body = QString::fromUtf8(text);
    body.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    if (body.startsWith(QLatin1String("---\n"))) {
        const qsizetype end = body.indexOf(QLatin1String("\n---"), 3);
        if (end >= 0) {
            const QString matter = body.mid(4, end - 4);
            const qsizetype bodyStart = body.indexOf(QLatin1Char('\n'), end + 4);
            body = bodyStart < 0 ? QString() : body.mid(bodyStart + 1);
            auto parsed = YamlJson::parse(matter.toUtf8(), where);
            if (!parsed)
                return parsed.error();
            if (!parsed->isObject() && !parsed->isNull())
                return Error::make(Error::Code::Validation,
                    QStringLiteral("%1: front matter: expected a mapping of fields").arg(where));
            note.frontMatter = parsed->toObject();
        }
    }
    const QJsonObject &fm = note.frontMatter;
    for (const QString &key : { QStringLiteral("title"), QStringLiteral("type"), QStringLiteral("permalink") }) {
        const QJsonValue v = fm.value(key);
        if (!v.isUndefined() && !v.isNull() && !v.isString() && !v.isDouble())
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: front matter field \"%2\": expected text").arg(where, key));
    }
    note.title = fm.value(QStringLiteral("title")).toVariant().toString();
    if (note.title.isEmpty())
        note.title = path.section(QLatin1Char('/'), -1).chopped(3);
    note.type = fm.value(QStringLiteral("type")).toVariant().toString();
    if (note.type.isEmpty())
        note.type = QStringLiteral("note");
    note.permalink = fm.value(QStringLiteral("permalink")).toVariant().toString();
    const QJsonValue tags = fm.value(QStringLiteral("tags"));
    if (tags.isArray()) {
        for (const QJsonValue &t : tags.toArray())
            note.tags << t.toVariant().toString();
    } else if (tags.isString()) {
        for (const QString &t : tags.toString().split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts))
            note.tags << t;
    } else if (!tags.isUndefined() && !tags.isNull()) {
        return Error::make(Error::Code::Validation, QStringLiteral("%1: front matter field \"tags\": expected a list").arg(where));
    }
    note.body = body;

    bool inFence = false;
    for (const QString &raw : body.split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.startsWith(QLatin1String("```")) || line.startsWith(QLatin1String("~~~"))) {
            inFence = !inFence;
            continue;
        }
        if (inFence || line.startsWith(QLatin1Char('>')))
            continue;
        if (!line.startsWith(QLatin1String("- ")) && !line.startsWith(QLatin1String("* ")))
            continue;
        const QString item = line.mid(2).trimmed();
        if (auto rel = explicitRelation(item)) {
            note.relations.push_back(*rel);
        } else if (auto obs = observation(item)) {
            note.observations.push_back(*obs);
        }
    }
    return note;
}

} // namespace recollector::core::io::formats
