#include "formats/BasicMemoryAdapter.h"

#include "formats/BasicMemoryNote.h"
#include "formats/ForeignMemory.h"
#include "model/InputLimits.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>

namespace recollector::core::io::formats {

namespace {

const QString kKept = QStringLiteral("basicMemory");

/// The .md files under `root`, relative, sorted; links are not followed, hidden folders skipped.
QStringList markdownFiles(const QString &folder, int limit)
{
    QStringList out;
    const QString root = QFileInfo(folder).absoluteFilePath();
    QDirIterator it(root, { QStringLiteral("*.md") }, QDir::Files | QDir::NoSymLinks,
        QDirIterator::Subdirectories);
    const QDir base(root);
    while (it.hasNext() && out.size() <= limit) {
        const QString rel = base.relativeFilePath(it.next());
        if (rel.count(QLatin1Char('/')) >= BasicMemoryAdapter::kMaxDepth || rel.startsWith(QLatin1Char('.'))
            || rel.contains(QLatin1String("/.")))
            continue;
        out << rel;
    }
    out.sort();
    return out;
}

QString idFor(const BasicMemoryNote &note, const QString &text)
{
    const QByteArray key = (note.permalink.isEmpty() ? note.path : note.permalink).toUtf8() + '\n' + text.toUtf8();
    return QStringLiteral("bm-") + QString::fromLatin1(QCryptographicHash::hash(key, QCryptographicHash::Sha1).toHex().left(20));
}

QString lower(const QString &s) { return s.trimmed().toLower(); }

/// A note and its file's modification time (notes keep no times of their own).
struct TimedNote
{
    BasicMemoryNote note;
    Millis time = 0;
};

/// Every note of `files`; with options.strict the first unreadable one fails the read,
/// otherwise it is skipped with a problem named in `set`.
Result<std::vector<TimedNote>> readNotes(const QString &path, const QStringList &files,
    const AdapterReadOptions &options, MemorySet &set)
{
    const QDir root(QFileInfo(path).absoluteFilePath());
    const QString folder = QFileInfo(path).fileName();
    std::vector<TimedNote> notes;
    for (const QString &rel : files) {
        const QString where = QStringLiteral("%1/%2").arg(folder, rel);
        auto bytes = readBoundedFile(root.filePath(rel), limits::kMaxEntryFileBytes, where, SymLinks::Refuse);
        if (!bytes)
            return bytes.error();
        auto note = BasicMemoryNote::parse(*bytes, rel, where);
        if (!note) {
            if (options.strict)
                return note.error();
            set.problems << note.error().message + QStringLiteral("; skipped");
            continue;
        }
        notes.push_back({ std::move(*note), QFileInfo(root.filePath(rel)).lastModified().toMSecsSinceEpoch() });
    }
    return notes;
}

QString firstMemoryId(const BasicMemoryNote &note)
{
    return idFor(note, note.observations.empty() ? QString() : note.observations.front().content);
}

/// Each note's first memory, by every name a relation may use for it.
QHash<QString, QString> firstMemoryByName(const std::vector<TimedNote> &notes)
{
    QHash<QString, QString> firstByName;
    for (const TimedNote &timed : notes) {
        const BasicMemoryNote &note = timed.note;
        const QString first = firstMemoryId(note);
        for (const QString &key : { note.title, note.permalink, note.path.chopped(3), note.path.section(QLatin1Char('/'), -1).chopped(3) }) {
            if (!key.isEmpty() && !firstByName.contains(lower(key)))
                firstByName.insert(lower(key), first);
        }
    }
    return firstByName;
}

/// The note's relations as kept in extra, each one to a note of the folder also a manual link
/// from the note's first memory.
QJsonArray linkRelations(const TimedNote &timed, const QHash<QString, QString> &firstByName, MemorySet &set)
{
    const BasicMemoryNote &note = timed.note;
    QJsonArray relations;
    for (const BasicMemoryNote::Relation &r : note.relations) {
        relations.append(QJsonObject { { QStringLiteral("type"), r.type }, { QStringLiteral("target"), r.target },
            { QStringLiteral("context"), r.context } });
        const QString from = firstMemoryId(note);
        const QString to = firstByName.value(lower(r.target));
        if (to.isEmpty()) {
            set.mapping.noPlace(QStringLiteral("relation to a note the folder does not hold"),
                QStringLiteral("kept in extra.basicMemory.relations, no link"));
            continue;
        }
        set.mapping.map(QStringLiteral("- relation_type [[Target]]"), QStringLiteral("manual link (type in extra.basicMemory.relations)"));
        if (from != to)
            set.associations.push_back(Association { orderedPair(from, to).first, orderedPair(from, to).second, 1.0,
                QStringLiteral("manual"), timed.time });
    }
    return relations;
}

void mapObservation(const BasicMemoryNote::Observation &o, MemorySet &set)
{
    set.mapping.map(QStringLiteral("- [category] text (observation)"), QStringLiteral("content (one memory each)"));
    if (!o.category.isEmpty())
        set.mapping.map(QStringLiteral("[category]"), QStringLiteral("category"));
    if (!o.tags.isEmpty())
        set.mapping.map(QStringLiteral("#tags"), QStringLiteral("keywords"));
    if (!o.context.isEmpty())
        set.mapping.noPlace(QStringLiteral("(context)"), QStringLiteral("kept in extra.basicMemory.context"));
}

/// One memory per observation of the note (one holding its text when it has none).
void addMemories(const TimedNote &timed, const QJsonArray &relations, const AdapterReadOptions &options,
    QSet<QString> &written, MemorySet &set)
{
    const BasicMemoryNote &note = timed.note;
    QJsonObject kept { { QStringLiteral("file"), note.path }, { QStringLiteral("title"), note.title },
        { QStringLiteral("type"), note.type }, { QStringLiteral("frontMatter"), note.frontMatter } };
    if (!note.permalink.isEmpty())
        kept.insert(QStringLiteral("permalink"), note.permalink);
    auto add = [&](const QString &content, const QString &category, QStringList keywords, QJsonObject memoryKept) {
        Memory m = foreignMemory(idFor(note, memoryKept.contains(QStringLiteral("observation")) ? content : QString()),
            content, timed.time, timed.time, options.initialStability);
        m.category = category.isEmpty() ? lower(note.type) : lower(category);
        keywords << note.title << note.tags;
        m.keywords = normalizeKeywords(keywords);
        if (m.keywords.size() > limits::kMaxListItems)
            m.keywords = m.keywords.mid(0, limits::kMaxListItems);
        m.extra.insert(kKept, memoryKept);
        written.insert(m.id);
        set.memories.push_back(std::move(m));
    };
    if (note.observations.empty()) {
        const QString text = note.body.trimmed().left(limits::kMaxTextChars);
        QJsonObject k = kept;
        k.insert(QStringLiteral("relations"), relations);
        add(text.isEmpty() ? note.title : text, {}, {}, k);
        set.mapping.noPlace(QStringLiteral("a note without observations"), QStringLiteral("one memory holding its text"));
        return;
    }
    for (std::size_t k = 0; k < note.observations.size(); ++k) {
        const BasicMemoryNote::Observation &o = note.observations[k];
        QJsonObject memoryKept = kept;
        memoryKept.insert(QStringLiteral("observation"), int(k));
        if (!o.context.isEmpty())
            memoryKept.insert(QStringLiteral("context"), o.context);
        if (k == 0 && !relations.isEmpty())
            memoryKept.insert(QStringLiteral("relations"), relations);
        if (written.contains(idFor(note, o.content)))
            continue; // the same observation twice in one note: one memory
        add(o.content, o.category, o.tags, memoryKept);
        mapObservation(o, set);
    }
    set.mapping.map(QStringLiteral("front matter title"), QStringLiteral("keywords, extra.basicMemory.title (the subject)"));
    if (!note.tags.isEmpty())
        set.mapping.map(QStringLiteral("front matter tags"), QStringLiteral("keywords"));
    set.mapping.map(QStringLiteral("front matter type"), QStringLiteral("category of observations without one"));
    set.mapping.noPlace(QStringLiteral("front matter permalink and the rest"), QStringLiteral("kept in extra.basicMemory"));
}

} // namespace

bool BasicMemoryAdapter::detect(const FormatProbe &probe) const
{
    if (!probe.isDir())
        return false;
    const QStringList files = markdownFiles(probe.path, 50);
    for (qsizetype i = 0; i < files.size() && i < 50; ++i) {
        QFile f(QDir(QFileInfo(probe.path).absoluteFilePath()).filePath(files[i]));
        if (f.open(QIODevice::ReadOnly) && BasicMemoryNote::looksLike(f.read(4096)))
            return true;
    }
    return false;
}

Result<MemorySet> BasicMemoryAdapter::read(const QString &path, const AdapterReadOptions &options) const
{
    const QString folder = QFileInfo(path).fileName();
    const QStringList files = markdownFiles(path, kMaxNotes);
    if (files.size() > kMaxNotes)
        return Error::make(Error::Code::Validation,
            QStringLiteral("%1: more than %2 notes; import a smaller folder").arg(folder).arg(kMaxNotes));
    MemorySet set;
    set.sourceName = folder;
    set.mapping.format = name();
    set.mapping.title = title();
    auto notes = readNotes(path, files, options, set);
    if (!notes)
        return notes.error();
    if (!notes->empty())
        set.notes << QStringLiteral("%1: notes keep no times; createdAt is each file's modification time").arg(folder);
    const QHash<QString, QString> firstByName = firstMemoryByName(*notes);
    QSet<QString> written;
    for (const TimedNote &timed : *notes) {
        const QJsonArray relations = linkRelations(timed, firstByName, set);
        addMemories(timed, relations, options, written, set);
    }
    return set;
}

} // namespace recollector::core::io::formats
