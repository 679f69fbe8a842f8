#include "attach/WriteBack.h"

#include "attach/AgentFileText.h"
#include "attach/AgentProjection.h"
#include "attach/AttachedFolder.h"
#include "attach/EntryFormat.h"
#include "attach/FileSwap.h"
#include "attach/FolderLock.h"
#include "engine/decisions/CrashPoint.h"
#include "engine/decisions/Proposals.h"
#include "io/AgentFolder.h"
#include "io/AtomicFile.h"
#include "io/TrashVersions.h"
#include "model/Conflict.h"
#include "model/Event.h"
#include "model/InputLimits.h"
#include "store/AttachedFileRepository.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <map>

namespace recollector::core::attach {

namespace {

using Place = AttachedFileRepository::Place;
using FileState = AttachedFileRepository::FileState;

const QString kFromFile = QStringLiteral("fromFile");

QByteArray hashOf(const QByteArray &bytes) { return FileSwap::hashOf(bytes); }

/// Where a memory's file is now and what it holds.
struct Where
{
    Place place = Place::None;
    QByteArray bytes;
};

class MemoryWriter
{
public:
    MemoryWriter(Store &store, const QString &folder, Millis now, WriteBack::Report &report)
        : m_store(store), m_files(store.database()), m_folder(folder),
          m_trash(AttachedFolder::trashFolder(folder)), m_legacyTrash(io::AgentFolder::legacyTrashFolder(folder)),
          m_now(now), m_report(report),
          m_format(EntryFormat::forStore(store, folder))
    {
    }

    Status handle(const QString &id, const std::vector<Event> &events);
    ~MemoryWriter() { settle(false); }
    MemoryWriter(const MemoryWriter &) = delete;
    MemoryWriter &operator=(const MemoryWriter &) = delete;
    /// After the side store's transaction: the files' old versions go (committed), or every
    /// file and move goes back, the last first (not committed: an error, or the destructor).
    void settle(bool committed)
    {
        for (auto it = m_steps.rbegin(); it != m_steps.rend(); ++it) {
            if (it->swap < m_swaps.size()) {
                committed ? m_swaps[it->swap].finish() : m_swaps[it->swap].undo();
            } else if (!committed && !QFileInfo::exists(it->from) && !QFileInfo(it->from).isSymLink()) {
                (void)QFile::rename(it->to, it->from);
            }
        }
        m_steps.clear();
        m_swaps.clear();
    }

private:
    /// `path` made to hold `bytes` when it still holds `expected` (nullopt: is still absent),
    /// by compare-and-swap (FileSwap); false, with nothing written, when it changed.
    Result<bool> replace(const QString &path, const std::optional<QByteArray> &expected, const QByteArray &bytes);
    Result<Where> locate(const QString &name);
    Status moveFile(const QString &from, const QString &to);
    Status toTrash(const QString &name);
    Status fromTrash(const QString &name);
    /// The trashed file `name`, in the trash or in Engram's; empty when neither holds it.
    QString trashed(const QString &name) const;
    Status undo(const QString &id, const QString &name, const AttachedFileRepository::Version &v,
                const std::optional<Memory> &row);
    Status trashGone(const QString &id, const QString &name, const QString &decision,
                     const std::optional<FileState> &stored, const Where &where);
    static constexpr int kRewriteAttempts = 4;
    Status rewriteFields(const QString &id, const QString &name, const QString &decision,
                         const std::optional<FileState> &stored, const Where &where, const QJsonObject &wanted,
                         int attempt = 0);
    Status clash(const QString &id, const QString &name, const QStringList &keys, const QJsonObject &file,
                 const QJsonObject &wanted);
    Status put(FileState state)
    {
        state.stamp = AttachedFolder::stampOf(QDir(m_folder).filePath(state.name));
        return m_files.put(state);
    }
    Status record(const QString &id, const QString &decision, const QString &name, const Where &before,
                  const Where &after);

    Store &m_store;
    AttachedFileRepository m_files;
    QString m_folder;
    QString m_trash;
    QString m_legacyTrash; ///< where Engram trashed files: read, never written
    Millis m_now;
    WriteBack::Report &m_report;
    std::unique_ptr<EntryFormat> m_format;
    std::vector<FileSwap> m_swaps; ///< this run's files, settled after its transaction
    /// This run's writes in order: a swap (its index in m_swaps) or a move (from, to).
    struct Step
    {
        std::size_t swap = SIZE_MAX;
        QString from;
        QString to;
    };
    std::vector<Step> m_steps;

    Status indexAfter(const QString &id, const QString &decision,
                      const std::optional<std::pair<QString, QByteArray>> &index);
    Status undoIndex(const QString &id, const QString &name, const QString &decision);
    /// The index at `path` (read as `now`) rewritten; a change by the assistant in between is
    /// a problem line, not a write.
    Status writeIndex(const QString &path, const QByteArray &now, const QByteArray &bytes)
    {
        auto written = replace(path, QFileInfo::exists(path) ? std::optional(now) : std::nullopt, bytes);
        if (!written)
            return written.error();
        if (!*written)
            m_report.problems << QStringLiteral("%1: the assistant changed it while Recollector wrote it; not written")
                                     .arg(QFileInfo(path).fileName());
        return {};
    }
};

/// The index `now` with the line that linked `file` in `before` (and not in `after`) put back
/// at the place it had; nothing when there is no such line or `now` links the file already.
std::optional<QByteArray> lineBackInPlace(const QByteArray &before, const QByteArray &now, const QByteArray &after,
                                          const QString &file)
{
    const QByteArray link = "](" + file.toUtf8() + ")";
    if (now.contains(link) || after.contains(link))
        return std::nullopt;
    QList<QByteArray> lines = before.split('\n');
    qsizetype at = -1;
    for (qsizetype i = 0; i < lines.size() && at < 0; ++i) {
        if (lines[i].contains(link))
            at = i;
    }
    if (at < 0)
        return std::nullopt;
    const QByteArray line = lines[at];
    lines = now.split('\n');
    const bool endsWithNewline = now.endsWith('\n') || now.isEmpty();
    if (endsWithNewline)
        lines.removeLast();
    lines.insert(std::min(at, lines.size()), line);
    return lines.join('\n') + "\n";
}

Result<bool> MemoryWriter::replace(const QString &path, const std::optional<QByteArray> &expected, const QByteArray &bytes)
{
    auto staged = FileSwap::stage(path, bytes);
    if (!staged)
        return staged.error();
    CrashPoint::hit("writeback.staged");
    auto swapped = staged->swapIf(expected);
    if (!swapped || !*swapped)
        return swapped;
    m_swaps.push_back(std::move(*staged));
    m_steps.push_back({m_swaps.size() - 1, {}, {}});
    CrashPoint::hit("writeback.swapped");
    return true;
}

// A folder with an index (Claude Code's MEMORY.md): the index as it becomes, written
// atomically, its bytes before and after recorded for undo under "<id>#index".
Status MemoryWriter::indexAfter(const QString &id, const QString &decision,
                                const std::optional<std::pair<QString, QByteArray>> &index)
{
    if (!index)
        return {};
    QFile f(index->first);
    const bool existed = f.open(QIODevice::ReadOnly);
    const QByteArray before = existed ? f.readAll() : QByteArray();
    f.close();
    auto written = replace(index->first, existed ? std::optional(before) : std::nullopt, index->second);
    if (!written)
        return written.error();
    if (!*written) {
        m_report.problems << QStringLiteral("%1: the assistant changed it while Recollector wrote it; its line for %2 "
                                            "is not updated").arg(QFileInfo(index->first).fileName(), id);
        return {};
    }
    if (decision.isEmpty())
        return {};
    return m_files.putVersion({ id + QStringLiteral("#index"), decision, QDir(m_folder).relativeFilePath(index->first),
                                Place::Folder, before, Place::Folder, index->second });
}

Status MemoryWriter::undoIndex(const QString &id, const QString &name, const QString &decision)
{
    auto v = m_files.version(id + QStringLiteral("#index"), decision);
    if (!v)
        return v.error();
    if (!*v)
        return {};
    const QString path = QDir(m_folder).filePath((*v)->name);
    QFile f(path);
    const QByteArray now = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    f.close();
    if (now == (*v)->after)
        return writeIndex(path, now, (*v)->before);
    // The index changed since (a later decision, the assistant): its other lines stay as they
    // are now, and only this memory's line comes back or goes.
    const QString inFolder = QDir(m_folder).filePath(name);
    if (!QFileInfo::exists(inFolder)) {
        const auto without = m_format->indexWithout(m_folder, name);
        return without ? writeIndex(without->first, now, without->second) : Status {};
    }
    // The index links a file by its path inside the memory folder (`<slug>/memory/` when all
    // projects are attached).
    const qsizetype inMemory = name.indexOf(QLatin1String("/memory/"));
    const QString linked = inMemory >= 0 ? name.mid(inMemory + 8) : name;
    if (const auto back = lineBackInPlace((*v)->before, now, (*v)->after, linked))
        return writeIndex(path, now, *back);
    QFile file(inFolder);
    const QByteArray bytes = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    const auto with = m_format->indexWith(m_folder, name, m_format->fieldsOf(bytes).value_or(QJsonObject {}));
    return with ? writeIndex(with->first, now, with->second) : Status {};
}

Result<Where> MemoryWriter::locate(const QString &name)
{
    const QString inFolder = QDir(m_folder).filePath(name);
    const QFileInfo info(inFolder);
    // In the folder, else the latest version in the trash (or in Engram's).
    const QString path = info.exists() || info.isSymLink() ? inFolder : trashed(name);
    if (path.isEmpty())
        return Where {};
    auto bytes = io::readBoundedFile(path, io::limits::kMaxEntryFileBytes, name, io::SymLinks::Refuse);
    if (!bytes)
        return bytes.error();
    return Where { path == inFolder ? Place::Folder : Place::Trash, *bytes };
}

Status MemoryWriter::moveFile(const QString &from, const QString &to)
{
    // Never over a file: the trash keeps every version (io::trash_versions), and a file that
    // came back from it goes where the folder has none.
    if (QFileInfo::exists(to) || QFileInfo(to).isSymLink())
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot move it to %2: a file is there").arg(from, to));
    if (!QFile::rename(from, to))
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot move it to %2").arg(from, to));
    m_steps.push_back({SIZE_MAX, from, to});
    return {};
}

Status MemoryWriter::toTrash(const QString &name)
{
    // A name may hold folders (a project's `<slug>/memory/<file>`): the trash mirrors them.
    const QString into = QFileInfo(QDir(m_trash).filePath(name)).path();
    if (!QDir().mkpath(into))
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot create the trash folder").arg(into));
    return moveFile(QDir(m_folder).filePath(name), io::trash_versions::next(m_trash, name));
}

QString MemoryWriter::trashed(const QString &name) const
{
    for (const QString &trash : { m_trash, m_legacyTrash }) {
        if (const QString path = io::trash_versions::latest(trash, name); !path.isEmpty())
            return path;
    }
    return {};
}

Status MemoryWriter::fromTrash(const QString &name)
{
    return moveFile(trashed(name), QDir(m_folder).filePath(name));
}

Status MemoryWriter::record(const QString &id, const QString &decision, const QString &name, const Where &before,
                            const Where &after)
{
    if (decision.isEmpty())
        return {};
    if (CrashPoint::fails("writeback.record"))
        return Error::make(Error::Code::Io, QStringLiteral("%1: database or disk is full").arg(m_store.path()));
    return m_files.putVersion({ id, decision, name, before.place, before.bytes, after.place, after.bytes });
}

Status MemoryWriter::clash(const QString &id, const QString &name, const QStringList &keys, const QJsonObject &file,
                           const QJsonObject &wanted)
{
    Conflict c;
    c.a = id;
    c.b = id;
    c.type = ConflictType::FileClash;
    c.detectedAt = m_now;
    if (const Status st = m_store.conflicts().insert(c); !st)
        return st;
    QJsonObject fileValues;
    QJsonObject decisionValues;
    for (const QString &k : keys) {
        fileValues.insert(k, file.value(k));
        decisionValues.insert(k, wanted.value(k));
    }
    Event e;
    e.memoryId = id;
    e.kind = QStringLiteral("file_clash");
    e.actor = QStringLiteral("system");
    e.at = m_now;
    e.payload = QJsonObject { { kFromFile, name }, { QStringLiteral("conflict"), double(c.id) },
                              { QStringLiteral("fields"), QJsonArray::fromStringList(keys) },
                              { QStringLiteral("file"), fileValues }, { QStringLiteral("decision"), decisionValues } };
    if (const Status st = m_store.events().append(e); !st)
        return st;
    ++m_report.clashes;
    m_report.problems << QStringLiteral("%1: the assistant changed %2 since Recollector read it; not written (conflict %3)")
                             .arg(name, keys.join(QStringLiteral(", ")))
                             .arg(c.id);
    return {};
}

Status MemoryWriter::undo(const QString &id, const QString &name, const AttachedFileRepository::Version &v,
                          const std::optional<Memory> &row)
{
    const QString inFolder = QDir(m_folder).filePath(name);
    if (v.beforePlace == Place::Folder) {
        if (!trashed(name).isEmpty() && !QFileInfo::exists(inFolder)) {
            if (const Status st = fromTrash(name); !st)
                return st;
        }
        // The bytes as they were, whatever the move brought back.
        auto now = locate(name);
        if (!now)
            return now.error();
        if (now->bytes != v.before) {
            auto written = replace(inFolder, now->place == Place::Folder ? std::optional(now->bytes) : std::nullopt, v.before);
            if (!written)
                return written.error();
            if (!*written) {
                m_report.problems << QStringLiteral("%1: the assistant changed it while Recollector undid a decision; "
                                                    "not written").arg(name);
                return {};
            }
        }
        const QJsonObject base = m_format->fieldsOf(v.before).value_or(QJsonObject {});
        if (const Status st = put({ id, name, hashOf(v.before), AgentProjection::compact(base),
                                            AgentProjection::compact(row ? m_format->projection(*row) : QJsonObject {}), QString() });
            !st)
            return st;
    } else if (QFileInfo::exists(inFolder)) {
        if (const Status st = toTrash(name); !st)
            return st;
        if (v.beforePlace == Place::None) {
            if (const Status st = m_files.remove(id); !st)
                return st;
        }
    }
    ++m_report.restored;
    return undoIndex(id, name, v.decision);
}

/// The decision the events revert when they are all reverts of one decision, else empty;
/// `decision` gets the last event's own decision id.
QString revertedDecision(const std::vector<Event> &events, QString *decision)
{
    QString reverted;
    bool allReverts = true;
    for (const Event &e : events) {
        if (e.kind == events::kRevert) {
            const QString d = e.payload.value(QStringLiteral("revertsDecision")).toString();
            if (!reverted.isEmpty() && d != reverted)
                allReverts = false;
            reverted = d;
        } else {
            allReverts = false;
        }
        *decision = e.payload.value(QStringLiteral("decision")).toString();
    }
    return allReverts ? reverted : QString();
}

// The fields the decision changed, laid over the file as it is now, after the three-way check.
Status MemoryWriter::rewriteFields(const QString &id, const QString &name, const QString &decision,
                                   const std::optional<FileState> &stored, const Where &where, const QJsonObject &wanted,
                                   int attempt)
{
    const auto parsed = m_format->fieldsOf(where.bytes);
    if (!parsed) {
        m_report.problems << QStringLiteral("%1: cannot be parsed; never written").arg(name);
        return {};
    }
    const QJsonObject file = *parsed;
    const QJsonObject base = stored ? AgentProjection::parse(stored->base) : file;
    const QJsonObject before = stored ? AgentProjection::parse(stored->proj) : QJsonObject {};
    QStringList keys = AgentProjection::changedKeys(before, wanted);
    if (keys.isEmpty())
        return {};
    // A reinforcement writes the whole set of the agent's forgetting fields (docs/formats.md,
    // "Agent memory folders"), so that a file the hub never migrated gets all of them.
    static const QStringList kForgetting { QStringLiteral("stability"), QStringLiteral("lastReinforcedAt"),
                                           QStringLiteral("reinforceCount"), QStringLiteral("decayRate"),
                                           QStringLiteral("strength") };
    if (keys.contains(kForgetting[0]) || keys.contains(kForgetting[1]) || keys.contains(kForgetting[2])) {
        for (const QString &k : kForgetting) {
            if (!keys.contains(k) && wanted.contains(k) && !file.contains(k))
                keys << k;
        }
    }
    QStringList clashing;
    for (const QString &k : keys) {
        if (!m_format->clashFree().contains(k) && file.value(k) != base.value(k))
            clashing << k;
    }
    if (!clashing.isEmpty())
        return clash(id, name, clashing, file, wanted);

    QJsonObject target = file;
    for (const QString &k : keys) {
        if (wanted.contains(k))
            target.insert(k, wanted.value(k));
        else
            target.remove(k);
    }
    const QByteArray bytes = m_format->rewrite(where.bytes, target);
    const QString inFolder = QDir(m_folder).filePath(name);
    if (bytes != where.bytes) {
        // Compare-and-swap: the file must still hold the bytes the check above read.
        auto written = replace(inFolder, where.bytes, bytes);
        if (!written)
            return written.error();
        if (!*written) {
            // The assistant wrote the file in between: the check and the rewrite again, on its
            // new version (a change in other keys is no clash), a few times; then a clash.
            auto again = locate(name);
            if (again && again->place == Place::Folder && attempt < kRewriteAttempts)
                return rewriteFields(id, name, decision, stored, *again, wanted, attempt + 1);
            const QJsonObject now = again ? m_format->fieldsOf(again->bytes).value_or(QJsonObject {}) : QJsonObject {};
            return clash(id, name, keys, now, wanted);
        }
        ++m_report.written;
        if (const Status st = record(id, decision, name, where, Where { Place::Folder, bytes }); !st)
            return st;
        // The index line tells the name and description: it follows them.
        if (keys.contains(QStringLiteral("name")) || keys.contains(QStringLiteral("description"))) {
            if (const Status st = indexAfter(id, decision, m_format->indexWith(m_folder, name, target)); !st)
                return st;
        }
    }
    return put({ id, name, hashOf(bytes), AgentProjection::compact(target), AgentProjection::compact(wanted), QString() });
}

// A deleted or purged memory: its file leaves the folder for the trash (unless the assistant
// changed it since Recollector read it: then it stays, as a clash).
Status MemoryWriter::trashGone(const QString &id, const QString &name, const QString &decision,
                               const std::optional<FileState> &stored, const Where &where)
{
    if (where.place != Place::Folder)
        return {};
    if (stored && hashOf(where.bytes) != stored->hash) {
        // The delete's other side is the file as the assistant left it (its text shown).
        const QJsonObject file = m_format->fieldsOf(where.bytes).value_or(QJsonObject {});
        const QString text = file.contains(QStringLiteral("body")) ? QStringLiteral("body") : QStringLiteral("content");
        return clash(id, name, { text }, file, {});
    }
    if (const Status st = toTrash(name); !st)
        return st;
    // The file moved must be the one checked: a version the assistant wrote in between goes
    // back, and the delete waits (a clash), as for a rewrite (docs/formats.md, "Writing back").
    if (const auto moved = io::readBoundedFile(m_steps.back().to, io::limits::kMaxEntryFileBytes, name, io::SymLinks::Refuse);
        !moved || *moved != where.bytes) {
        const Step back = m_steps.back();
        m_steps.pop_back();
        if (!QFile::rename(back.to, back.from))
            return Error::make(Error::Code::Io, QStringLiteral("%1: cannot move it back from %2").arg(back.from, back.to));
        const QJsonObject file = moved ? m_format->fieldsOf(*moved).value_or(QJsonObject {}) : QJsonObject {};
        return clash(id, name, { file.contains(QStringLiteral("body")) ? QStringLiteral("body") : QStringLiteral("content") },
                     file, {});
    }
    ++m_report.trashed;
    if (const auto row = m_store.memories().get(id); row && !row->isDeleted())
        m_report.retired << name;
    if (const Status st = record(id, decision, name, where, Where { Place::Trash, where.bytes }); !st)
        return st;
    return indexAfter(id, decision, m_format->indexWithout(m_folder, name));
}

Status MemoryWriter::handle(const QString &id, const std::vector<Event> &events)
{
    auto stored = m_files.get(id);
    if (!stored)
        return stored.error();
    std::optional<Memory> row;
    if (auto r = m_store.memories().get(id))
        row = std::move(*r);
    QString name = *stored ? (*stored)->name : id + m_format->extension();
    if (!*stored && row)
        name = m_format->newFileName(*row);
    if (name.isEmpty()) {
        m_report.problems << QStringLiteral("memory \"%1\": no folder of this kind takes it (no project); not written").arg(id.left(80));
        return {};
    }
    // A name the folder listing gave is the file's own; a name made from an id must be safe.
    if (!*stored && !io::AgentFolder::isSafeFileId(QFileInfo(name).completeBaseName())) {
        m_report.problems << QStringLiteral("memory id \"%1\" cannot be a file name; not written").arg(id.left(80));
        return {};
    }
    auto where = locate(name);
    if (!where) {
        m_report.problems << where.error().message + QStringLiteral("; not written");
        return {};
    }

    // Undo of one decision: put back exactly what the file held before it.
    QString decision;
    const QString reverted = revertedDecision(events, &decision);
    if (!reverted.isEmpty()) {
        auto v = m_files.version(id, reverted);
        if (!v)
            return v.error();
        if (*v && (*v)->afterPlace == where->place && (where->place == Place::None || (*v)->after == where->bytes))
            return undo(id, name, **v, row);
    }

    const QString inFolder = QDir(m_folder).filePath(name);
    // A memory marked wrong, replaced or merged away leaves a folder whose files cannot say so:
    // the assistant would go on reading the fact (docs/formats.md, "Attached folders").
    const bool gone = !row || row->isDeleted()
        || (!m_format->keepsNegated() && (row->negated || row->superseded || !row->mergedInto.isEmpty()));
    if (gone)
        return trashGone(id, name, decision, *stored, *where);

    const QJsonObject wanted = m_format->projection(*row);
    if (where->place == Place::Trash) {
        // Restored in Recollector: the file comes back as it was when it left.
        if (const Status st = fromTrash(name); !st)
            return st;
        ++m_report.restored;
        const Where before = *where;
        where->place = Place::Folder;
        if (const Status st = record(id, decision, name, before, *where); !st)
            return st;
        if (const Status st = indexAfter(id, decision,
                                         m_format->indexWith(m_folder, name, m_format->fieldsOf(where->bytes).value_or(QJsonObject {})));
            !st)
            return st;
    }
    if (where->place == Place::None) {
        const QByteArray bytes = m_format->fresh(wanted);
        auto written = replace(inFolder, std::nullopt, bytes);
        if (!written)
            return written.error();
        if (!*written) { // the assistant created a file of that name meanwhile: the next sync reads it
            m_report.problems << QStringLiteral("%1: the assistant created it while Recollector wrote it; not written").arg(name);
            return {};
        }
        ++m_report.written;
        if (const Status st = put({ id, name, hashOf(bytes), AgentProjection::compact(wanted),
                                            AgentProjection::compact(wanted), QString() });
            !st)
            return st;
        if (const Status st = record(id, decision, name, {}, Where { Place::Folder, bytes }); !st)
            return st;
        return indexAfter(id, decision, m_format->indexWith(m_folder, name, wanted));
    }

    return rewriteFields(id, name, decision, *stored, *where, wanted);
}

} // namespace

Result<WriteBack::Report> WriteBack::run(Store &store, const QString &folder, Millis now,
                                         const std::function<Status()> &decide)
{
    if (now == 0)
        now = time::nowMs();
    // Recollector's own writers of this folder take turns (FolderLock); each file is still
    // compared and swapped, for the assistant, which does not take the lock.
    const FolderLock lock(folder);
    Transaction tx(store.database());
    if (!tx.isActive())
        return tx.error();
    // The decisions join this transaction: they and their files commit together, or neither.
    if (decide) {
        if (const Status st = decide(); !st)
            return st.error();
    }
    AttachedFileRepository files(store.database());
    if (const Status st = files.ensureTables(); !st)
        return st.error();
    auto mark = store.meta().value(AttachedFolder::kMetaWrittenThrough);
    if (!mark)
        return mark.error();
    auto last = store.events().lastId();
    if (!last)
        return last.error();
    Report report;
    // Declared before the writes: leaving this function early destroys it, and with it every
    // file it swapped gets its old version back (FileSwap's destructor).
    MemoryWriter writer(store, folder, now, report);
    const qint64 from = mark->isEmpty() ? *last : mark->toLongLong();
    if (from < *last) {
        auto list = store.events().between(from + 1, *last);
        if (!list)
            return list.error();
        std::vector<QString> order;
        std::map<QString, std::vector<Event>> byMemory;
        for (Event &e : *list) {
            // A proposal and its answer change no memory row (docs/scoring.md#approval-mode):
            // a proposed memory's file waits for the decision that accepts it.
            if (e.payload.contains(kFromFile) || Proposals::isBookkeeping(e))
                continue;
            auto [it, inserted] = byMemory.try_emplace(e.memoryId);
            if (inserted)
                order.push_back(e.memoryId);
            it->second.push_back(std::move(e));
        }
        for (const QString &id : order) {
            if (const Status st = writer.handle(id, byMemory[id]); !st)
                return st.error();
        }
    }
    auto lastNow = store.events().lastId();
    if (!lastNow)
        return lastNow.error();
    if (const Status st = store.meta().setValue(AttachedFolder::kMetaWrittenThrough, QString::number(*lastNow)); !st)
        return st.error();
    if (CrashPoint::fails("writeback.commit"))
        return Error::make(Error::Code::Io, QStringLiteral("%1: database or disk is full").arg(store.path()));
    CrashPoint::hit("writeback.before-commit");
    if (const Status st = tx.commit(); !st)
        return st.error();
    writer.settle(true);
    return report;
}

} // namespace recollector::core::attach
