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

Result<FolderSync::Report> FolderSync::run(Store &store, const QString &folder, Millis now, double initialStability)
{
    if (now == 0)
        now = time::nowMs();
    const QDir dir(folder);
    if (!dir.exists())
        return Error::make(Error::Code::Io, QStringLiteral("%1: no such folder").arg(folder));
    // Links, FIFOs and unreadable files are listed too, so they are reported by name.
    const auto format = EntryFormat::forFolder(folder);
    QStringList names;
    for (const QString &name : dir.entryList(format->nameFilters(), QDir::Files | QDir::System | QDir::Hidden, QDir::Name)) {
        if (format->isEntryName(name))
            names << name;
    }

    Transaction tx(store.database());
    if (!tx.isActive())
        return tx.error();
    AttachedFileRepository files(store.database());
    if (const Status st = files.ensureTables(); !st)
        return st.error();
    auto known = files.all();
    if (!known)
        return known.error();
    QHash<QString, AttachedFileRepository::FileState> byName;
    for (auto &s : *known)
        byName.insert(s.name, std::move(s));

    Report report;
    QSet<QString> seenIds;
    // Statements prepared once for the whole folder (a first attach reads every file:
    // attach_10k_s of docs/architecture.md, "Performance budget").
    BulkWriter bulk(store.database());
    for (const QString &name : names) {
        const QString path = dir.filePath(name);
        if (const QString why = io::AtomicFile::notRegularReason(path); !why.isEmpty()) {
            report.problems << QStringLiteral("%1: %2; not followed").arg(name, why);
            byName.remove(name); // neither read nor treated as gone
            continue;
        }
        // A file whose size and modification time are as recorded is not read again, unless
        // it was modified in the last seconds (a second write within the same millisecond
        // would keep both).
        qint64 modified = 0;
        const QString stamp = AttachedFolder::stampOf(path, &modified);
        if (const auto it = byName.constFind(name);
            it != byName.constEnd() && !it->stamp.isEmpty() && it->stamp == stamp && modified < now - kSettledMs) {
            seenIds.insert(it->memoryId);
            byName.erase(it);
            ++report.unchanged;
            continue;
        }
        auto bytes = io::readBoundedFile(path, io::limits::kMaxEntryFileBytes, name, io::SymLinks::Refuse);
        if (!bytes) {
            report.problems << bytes.error().message;
            byName.remove(name);
            continue;
        }
        const QByteArray hash = hashOf(*bytes);
        const auto st = byName.take(name);
        if (!st.memoryId.isEmpty() && st.hash == hash) {
            ++report.unchanged;
            seenIds.insert(st.memoryId);
            if (st.stamp != stamp) {
                auto again = st;
                again.stamp = stamp;
                if (const Status s = files.put(again); !s)
                    return s.error();
            }
            continue;
        }
        auto parsed = format->parse(*bytes, name, modified, initialStability);
        if (!parsed) {
            report.problems << parsed.error().message + QStringLiteral("; shown as it was, never written");
            if (!st.memoryId.isEmpty())
                seenIds.insert(st.memoryId);
            continue;
        }
        Memory &m = parsed->memory;
        if (seenIds.contains(m.id)) {
            report.problems << QStringLiteral("%1 (id \"%2\"): duplicate id; skipped").arg(name, m.id.left(80));
            continue;
        }
        seenIds.insert(m.id);
        auto exists = bulk.memoryExists(m.id);
        if (!exists)
            return exists.error();
        Result<Memory> existing = *exists ? store.memories().get(m.id)
                                          : Result<Memory>(Error::make(Error::Code::NotFound, m.id));
        Event e;
        e.memoryId = m.id;
        e.kind = events::kImport;
        e.actor = QStringLiteral("assistant");
        e.at = now;
        if (existing) {
            keepEngramFields(m, *existing, parsed->fields);
            if (const Status s = store.memories().update(m); !s)
                return s.error();
            e.payload = QJsonObject { { kFromFile, name }, { QStringLiteral("change"), QStringLiteral("changed") } };
            ++report.changed;
        } else {
            if (const Status s = bulk.insertMemory(m); !s)
                return s.error();
            e.payload = QJsonObject { { kFromFile, name }, { QStringLiteral("change"), QStringLiteral("added") } };
            ++report.added;
        }
        if (const Status s = bulk.appendEvent(e); !s)
            return s.error();
        if (const Status s = files.put({ m.id, name, hash, AgentProjection::compact(parsed->fields),
                                         AgentProjection::compact(format->projection(m)), stamp });
            !s)
            return s.error();
    }

    // Files Engram knew that are gone: the assistant removed them (a file Engram moved to the
    // trash belongs to a deleted memory already, and its record stays for undo).
    for (const auto &st : std::as_const(byName)) {
        auto row = store.memories().get(st.memoryId);
        if (!row || row->isDeleted())
            continue;
        Memory m = *row;
        m.deletedAt = now;
        if (const Status s = store.memories().update(m); !s)
            return s.error();
        Event e;
        e.memoryId = m.id;
        e.kind = events::kDelete;
        e.actor = QStringLiteral("assistant");
        e.at = now;
        e.payload = QJsonObject { { kFromFile, st.name }, { QStringLiteral("change"), QStringLiteral("removed") } };
        if (const Status s = store.events().append(e); !s)
            return s.error();
        if (const Status s = files.remove(m.id); !s)
            return s.error();
        ++report.removed;
    }

    report.problems += format->folderProblems(folder, names);
    if (const Status s = store.meta().setValue(AttachedFolder::kMetaFolder, folder); !s)
        return s.error();
    if (const Status s = store.meta().setValue(AttachedFolder::kMetaProblems,
                                                  QStringLiteral("%1").arg(report.problems.join(QLatin1Char('\n')))); !s)
        return s.error();
    auto mark = store.meta().value(AttachedFolder::kMetaWrittenThrough);
    if (!mark)
        return mark.error();
    if (mark->isEmpty()) {
        auto last = store.events().lastId();
        if (!last)
            return last.error();
        if (const Status s = store.meta().setValue(AttachedFolder::kMetaWrittenThrough, QString::number(*last)); !s)
            return s.error();
    }
    if (const Status s = tx.commit(); !s)
        return s.error();
    return report;
}

} // namespace engram::core::attach
