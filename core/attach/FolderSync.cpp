#include "attach/FolderSync.h"

#include "attach/AgentProjection.h"
#include "attach/AttachedFolder.h"
#include "attach/EntryFormat.h"
#include "io/AgentEntry.h"
#include "io/AtomicFile.h"
#include "io/JsonText.h"
#include "model/Event.h"
#include "model/InputLimits.h"
#include "model/JsonFieldReader.h"
#include "store/AttachedFileRepository.h"
#include "store/BulkWriter.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHash>

namespace engram::core::attach {

namespace {

const QString kFromFile = QStringLiteral("fromFile");
constexpr Millis kSettledMs = 2000;

// Engram's own fields, which an agent file does not hold: kept from the row when the file
// changes (unless the file now holds them).
void keepEngramFields(Memory &fromFile, const Memory &row, const QJsonObject &object)
{
    auto keep = [&](const char *key) { return !object.contains(QLatin1String(key)); };
    if (keep("verified"))
        fromFile.verified = row.verified;
    if (keep("negated")) {
        fromFile.negated = row.negated;
        fromFile.negatedAt = row.negatedAt;
    }
    if (keep("correctionHistory"))
        fromFile.correctionHistory = row.correctionHistory;
    if (keep("engramImportance"))
        fromFile.importance = row.importance;
    if (keep("sensitivity"))
        fromFile.sensitivity = row.sensitivity;
    if (keep("mergedInto"))
        fromFile.mergedInto = row.mergedInto;
    if (keep("mergedFrom"))
        fromFile.mergedFrom = row.mergedFrom;
    if (keep("sourceIds"))
        fromFile.sourceIds = row.sourceIds;
    if (keep("level"))
        fromFile.level = row.level;
}

QByteArray hashOf(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

} // namespace

namespace {

/// One sync: the folder's state against what the side store recorded, inside the caller's
/// transaction.
class SyncRun
{
public:
    SyncRun(Store &store, const QString &folder, Millis now, double initialStability)
        : m_store(store), m_folder(folder), m_dir(folder), m_now(now), m_initialStability(initialStability),
          m_format(EntryFormat::forFolder(folder)), m_files(store.database()), m_bulk(store.database())
    {
    }

    /// The entry files, links, FIFOs and unreadable ones included (they are reported by name).
    QStringList entryNames() const
    {
        QStringList names;
        for (const QString &name :
             m_dir.entryList(m_format->nameFilters(), QDir::Files | QDir::System | QDir::Hidden, QDir::Name)) {
            if (m_format->isEntryName(name))
                names << name;
        }
        return names;
    }

    Status begin()
    {
        if (const Status st = m_files.ensureTables(); !st)
            return st;
        auto known = m_files.all();
        if (!known)
            return known.error();
        for (auto &s : *known)
            m_byName.insert(s.name, std::move(s));
        return {};
    }

    Status readFile(const QString &name);
    Status removeGone();
    Status finish(const QStringList &names);
    FolderSync::Report &report() { return m_report; }

private:
    Status record(const QString &name, EntryFormat::Parsed &parsed, const QByteArray &hash, const QString &stamp);

    Store &m_store;
    QString m_folder;
    QDir m_dir;
    Millis m_now;
    double m_initialStability;
    std::unique_ptr<EntryFormat> m_format;
    AttachedFileRepository m_files;
    // Statements prepared once for the whole folder (a first attach reads every file:
    // attach_10k_s of docs/architecture.md, "Performance budget").
    BulkWriter m_bulk;
    QHash<QString, AttachedFileRepository::FileState> m_byName;
    QSet<QString> m_seenIds;
    FolderSync::Report m_report;
};

Status SyncRun::readFile(const QString &name)
{
    const QString path = m_dir.filePath(name);
    if (const QString why = io::AtomicFile::notRegularReason(path); !why.isEmpty()) {
        m_report.problems << QStringLiteral("%1: %2; not followed").arg(name, why);
        m_byName.remove(name); // neither read nor treated as gone
        return {};
    }
    // A file whose size and modification time are as recorded is not read again, unless it
    // was modified in the last seconds (a second write within the same millisecond would keep
    // both).
    qint64 modified = 0;
    const QString stamp = AttachedFolder::stampOf(path, &modified);
    if (const auto it = m_byName.constFind(name); it != m_byName.constEnd() && !it->stamp.isEmpty()
        && it->stamp == stamp && modified < m_now - kSettledMs) {
        m_seenIds.insert(it->memoryId);
        m_byName.erase(it);
        ++m_report.unchanged;
        return {};
    }
    auto bytes = io::readBoundedFile(path, io::limits::kMaxEntryFileBytes, name, io::SymLinks::Refuse);
    if (!bytes) {
        m_report.problems << bytes.error().message;
        m_byName.remove(name);
        return {};
    }
    const QByteArray hash = hashOf(*bytes);
    const auto st = m_byName.take(name);
    if (!st.memoryId.isEmpty() && st.hash == hash) {
        ++m_report.unchanged;
        m_seenIds.insert(st.memoryId);
        if (st.stamp == stamp)
            return {};
        auto again = st;
        again.stamp = stamp;
        return m_files.put(again);
    }
    auto parsed = m_format->parse(*bytes, name, modified, m_initialStability);
    if (!parsed) {
        m_report.problems << parsed.error().message + QStringLiteral("; shown as it was, never written");
        if (!st.memoryId.isEmpty())
            m_seenIds.insert(st.memoryId);
        return {};
    }
    if (m_seenIds.contains(parsed->memory.id)) {
        m_report.problems << QStringLiteral("%1 (id \"%2\"): duplicate id; skipped").arg(name, parsed->memory.id.left(80));
        return {};
    }
    m_seenIds.insert(parsed->memory.id);
    return record(name, *parsed, hash, stamp);
}

Status SyncRun::record(const QString &name, EntryFormat::Parsed &parsed, const QByteArray &hash, const QString &stamp)
{
    Memory &m = parsed.memory;
    auto exists = m_bulk.memoryExists(m.id);
    if (!exists)
        return exists.error();
    Event e;
    e.memoryId = m.id;
    e.kind = events::kImport;
    e.actor = QStringLiteral("assistant");
    e.at = m_now;
    if (*exists) {
        auto existing = m_store.memories().get(m.id);
        if (!existing)
            return existing.error();
        keepEngramFields(m, *existing, parsed.fields);
        if (const Status s = m_store.memories().update(m); !s)
            return s;
        e.payload = QJsonObject { { kFromFile, name }, { QStringLiteral("change"), QStringLiteral("changed") } };
        ++m_report.changed;
    } else {
        if (const Status s = m_bulk.insertMemory(m); !s)
            return s;
        e.payload = QJsonObject { { kFromFile, name }, { QStringLiteral("change"), QStringLiteral("added") } };
        ++m_report.added;
    }
    if (const Status s = m_bulk.appendEvent(e); !s)
        return s;
    return m_files.put({ m.id, name, hash, AgentProjection::compact(parsed.fields),
                         AgentProjection::compact(m_format->projection(m)), stamp });
}

// Files Engram knew that are gone: the assistant removed them (a file Engram moved to the
// trash belongs to a deleted memory already, and its record stays for undo).
Status SyncRun::removeGone()
{
    for (const auto &st : std::as_const(m_byName)) {
        auto row = m_store.memories().get(st.memoryId);
        if (!row || row->isDeleted())
            continue;
        Memory m = *row;
        m.deletedAt = m_now;
        if (const Status s = m_store.memories().update(m); !s)
            return s;
        Event e;
        e.memoryId = m.id;
        e.kind = events::kDelete;
        e.actor = QStringLiteral("assistant");
        e.at = m_now;
        e.payload = QJsonObject { { kFromFile, st.name }, { QStringLiteral("change"), QStringLiteral("removed") } };
        if (const Status s = m_store.events().append(e); !s)
            return s;
        if (const Status s = m_files.remove(m.id); !s)
            return s;
        ++m_report.removed;
    }
    return {};
}

Status SyncRun::finish(const QStringList &names)
{
    m_report.problems += m_format->folderProblems(m_folder, names);
    if (const Status s = m_store.meta().setValue(AttachedFolder::kMetaFolder, m_folder); !s)
        return s;
    // Never NULL: the column is NOT NULL, and no problems is the empty text.
    if (const Status s = m_store.meta().setValue(AttachedFolder::kMetaProblems,
                                                 QStringLiteral("%1").arg(m_report.problems.join(QLatin1Char('\n'))));
        !s)
        return s;
    auto mark = m_store.meta().value(AttachedFolder::kMetaWrittenThrough);
    if (!mark)
        return mark.error();
    if (!mark->isEmpty())
        return {};
    // First sync: the write-back starts after everything the folder itself brought in.
    auto last = m_store.events().lastId();
    if (!last)
        return last.error();
    return m_store.meta().setValue(AttachedFolder::kMetaWrittenThrough, QString::number(*last));
}

} // namespace

Result<FolderSync::Report> FolderSync::run(Store &store, const QString &folder, Millis now, double initialStability)
{
    if (now == 0)
        now = time::nowMs();
    if (!QDir(folder).exists())
        return Error::make(Error::Code::Io, QStringLiteral("%1: no such folder").arg(folder));
    Transaction tx(store.database());
    if (!tx.isActive())
        return tx.error();
    SyncRun sync(store, folder, now, initialStability);
    const QStringList names = sync.entryNames();
    if (const Status st = sync.begin(); !st)
        return st.error();
    for (const QString &name : names) {
        if (const Status st = sync.readFile(name); !st)
            return st.error();
    }
    if (const Status st = sync.removeGone(); !st)
        return st.error();
    if (const Status st = sync.finish(names); !st)
        return st.error();
    if (const Status st = tx.commit(); !st)
        return st.error();
    return sync.report();
}

} // namespace engram::core::attach
