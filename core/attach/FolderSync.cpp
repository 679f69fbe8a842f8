#include "attach/FolderSync.h"

#include "attach/Leftovers.h"

#include "attach/AgentProjection.h"
#include "attach/AttachedFolder.h"
#include "attach/EntryFormat.h"
#include "attach/FileScan.h"
#include "config/Config.h"
#include "engine/capture/HeldStatements.h"
#include "engine/capture/Restatements.h"
#include "engine/decisions/Decisions.h"
#include "model/Event.h"
#include "model/MemoryFields.h"
#include "store/AttachedFileRepository.h"
#include "store/BulkWriter.h"
#include "store/DeferredTextIndex.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHash>

namespace recollector::core::attach {

namespace {

const QString kFromFile = QStringLiteral("fromFile");
constexpr Millis kSettledMs = 2000;

// Recollector's own fields, which an agent file does not hold: kept from the row when the file
// changes (unless the file now holds them).
void keepRecollectorFields(Memory &fromFile, const Memory &row, const QJsonObject &object)
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
    if (keep("recollectorImportance") && keep("engramImportance")) // Engram's name for it too
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

} // namespace

namespace {

/// One sync: the folder's state against what the side store recorded, inside the caller's
/// transaction.
class SyncRun
{
public:
    SyncRun(Store &store, const QString &folder, Millis now, double initialStability)
        : m_store(store), m_folder(folder), m_dir(folder), m_now(now), m_initialStability(initialStability),
          m_format(EntryFormat::forStore(store, folder)), m_files(store.database()), m_bulk(store.database())
    {
    }

    /// The entry files, links, FIFOs and unreadable ones included (they are reported by name).
    QStringList entryNames() const { return m_format->entryNames(m_folder); }

    Status begin()
    {
        if (const Status st = m_files.ensureTables(); !st)
            return st;
        auto known = m_files.all();
        if (!known)
            return known.error();
        for (auto &s : *known)
            m_byName.insert(s.name, std::move(s));
        // The first sync takes the folder as it is; a file that appears later is the assistant
        // writing a memory, and gets the restatement rule of `add`.
        auto mark = m_store.meta().value(AttachedFolder::kMetaWrittenThrough);
        if (!mark)
            return mark.error();
        m_checkRestatements = !mark->isEmpty();
        return {};
    }

    /// Every file scanned (on several threads), then applied here in name order.
    Status readFiles(const QStringList &names)
    {
        QHash<QString, FileScan::Known> known;
        known.reserve(m_byName.size());
        for (auto it = m_byName.constBegin(); it != m_byName.constEnd(); ++it)
            known.insert(it.key(), { it->stamp, it->hash });
        auto files = FileScan::run(m_folder, names, *m_format, known, m_now, kSettledMs, m_initialStability);
        // A first sync of many files fills the text index once after them, as an import does
        // (docs/scoring.md, "Text index"). Only then: it checks no restatement (a search of
        // the index, which would miss the rows not indexed yet), and it changes no row it
        // inserted (a duplicate id is skipped), as deferring requires.
        DeferredTextIndex textIndex(m_store.database());
        const std::size_t inserted = m_checkRestatements ? 0 : std::size_t(files.size());
        if (auto deferred = textIndex.deferFor(inserted); !deferred)
            return deferred.error();
        for (FileScan::File &f : files) {
            if (const Status st = apply(f); !st)
                return st;
        }
        return textIndex.finish();
    }
    Status removeGone();
    Status finish(const QStringList &names);
    FolderSync::Report &report() { return m_report; }

private:
    Status apply(FileScan::File &f);
    Status record(FileScan::File &f);
    Result<bool> restated(Memory &m);

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
    HeldStatements m_held; // the restatement candidates read so far: a burst of files shares them
    FolderSync::Report m_report;
    bool m_checkRestatements = false;
};

// docs/scoring.md#restatements, the rule of `add` (Restatements): a new file that says again
// what a memory holds reinforces that memory, its text kept in the event. The file stays the
// assistant's and keeps its memory (one per file), merged into the one it restates.
Result<bool> SyncRun::restated(Memory &m)
{
    if (!m_checkRestatements || m.isDeleted() || m.negated || m.superseded || !m.mergedInto.isEmpty())
        return false;
    auto match = Restatements::find(m_store, m, &m_held);
    if (!match)
        return match.error();
    if (!*match)
        return false;
    const Config config = Config::defaults();
    Decisions decisions(m_store, config);
    auto done = Restatements::record(decisions, std::move(**match), m.content, m_now, QStringLiteral("assistant"));
    if (!done)
        return done.error();
    m.mergedInto = done->match.memory.id;
    m_held.forget(m.mergedInto); // reinforced: its row is read again if it is asked for
    m.level = MemoryLevel::Archive;
    ++m_report.restated;
    return true;
}

// One file's scan, applied to the side store (in the order of the names).
Status SyncRun::apply(FileScan::File &f)
{
    using Outcome = FileScan::File::Outcome;
    switch (f.outcome) {
    case Outcome::Skipped:
        m_report.problems << f.problem;
        m_byName.remove(f.name); // neither read nor treated as gone
        return {};
    case Outcome::SameStamp: {
        const auto st = m_byName.take(f.name);
        m_seenIds.insert(st.memoryId);
        ++m_report.unchanged;
        return {};
    }
    case Outcome::SameBytes: {
        const auto st = m_byName.take(f.name);
        ++m_report.unchanged;
        m_seenIds.insert(st.memoryId);
        if (st.stamp == f.stamp)
            return {};
        auto again = st;
        again.stamp = f.stamp;
        return m_files.put(again);
    }
    case Outcome::Broken: {
        const auto st = m_byName.take(f.name);
        m_report.problems << f.problem;
        if (!st.memoryId.isEmpty())
            m_seenIds.insert(st.memoryId);
        return {};
    }
    case Outcome::Parsed:
        break;
    }
    m_byName.remove(f.name);
    EntryFormat::Parsed &parsed = *f.parsed;
    if (m_seenIds.contains(parsed.memory.id)) {
        m_report.problems << QStringLiteral("%1 (id \"%2\"): duplicate id; skipped").arg(f.name, parsed.memory.id.left(80));
        return {};
    }
    m_seenIds.insert(parsed.memory.id);
    return record(f);
}

Status SyncRun::record(FileScan::File &f)
{
    const QString &name = f.name;
    EntryFormat::Parsed &parsed = *f.parsed;
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
        keepRecollectorFields(m, *existing, parsed.fields);
        f.proj = AgentProjection::compact(m_format->projection(m));
        if (const Status s = m_store.memories().update(m); !s)
            return s;
        m_held.forget(m.id);
        e.payload = QJsonObject { { kFromFile, name }, { QStringLiteral("change"), QStringLiteral("changed") } };
        // What the file changed, as a decision's event keeps it: the review inbox shows it and
        // its Reject sets it back (docs/scoring.md#review-inbox).
        const auto [before, after] = MemoryFields::diff(*existing, m);
        if (!before.isEmpty()) {
            e.payload.insert(QStringLiteral("before"), before);
            e.payload.insert(QStringLiteral("after"), after);
        }
        ++m_report.changed;
    } else {
        auto same = restated(m);
        if (!same)
            return same.error();
        if (const Status s = m_bulk.insertMemory(m); !s)
            return s;
        e.payload = QJsonObject { { kFromFile, name }, { QStringLiteral("change"), QStringLiteral("added") } };
        if (*same)
            e.payload.insert(QStringLiteral("restates"), m.mergedInto);
        else
            ++m_report.added;
    }
    if (const Status s = m_bulk.appendEvent(e); !s)
        return s;
    return m_files.put({ m.id, name, f.hash, f.base, f.proj, f.stamp });
}

// Files Recollector knew that are gone: the assistant removed them (a file Recollector moved to the
// trash belongs to a deleted memory already, and its record stays for undo).
Status SyncRun::removeGone()
{
    for (const auto &st : std::as_const(m_byName)) {
        auto row = m_store.memories().get(st.memoryId);
        if (!row || row->isDeleted())
            continue;
        // Recollector moved it to the trash itself: the memory is marked wrong or replaced.
        if (!m_format->keepsNegated() && (row->negated || row->superseded || !row->mergedInto.isEmpty()))
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
    // The kind is pinned once the folder shows what it holds (an empty folder does not).
    if (const auto pinned = m_store.meta().value(AttachedFolder::kMetaKind); pinned && pinned->isEmpty()
        && (!names.isEmpty() || AttachedFolder::kindOf(m_folder) == AttachedFolder::Kind::ClaudeMemory)) {
        if (const Status s = m_store.meta().setValue(AttachedFolder::kMetaKind,
                                                     AttachedFolder::kindName(AttachedFolder::kindFor(m_store, m_folder)));
            !s)
            return s;
    }
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
    SyncRun sync(store, folder, now, initialStability);
    QStringList names = sync.entryNames();
    // A write-back killed half-way: settled before the files are read (its temporary files
    // are not memories, and a file it swapped without committing gets its version back).
    const auto settled = Leftovers::settle(store, folder, names);
    if (!settled)
        return settled.error();
    if (*settled > 0)
        names = sync.entryNames();
    Transaction tx(store.database());
    if (!tx.isActive())
        return tx.error();
    if (const Status st = sync.begin(); !st)
        return st.error();
    if (const Status st = sync.readFiles(names); !st)
        return st.error();
    if (const Status st = sync.removeGone(); !st)
        return st.error();
    if (const Status st = sync.finish(names); !st)
        return st.error();
    if (const Status st = tx.commit(); !st)
        return st.error();
    return sync.report();
}

} // namespace recollector::core::attach
