// Crash safety of a large import (docs/architecture.md, "Data safety"): a set of more than
// ImportOperation::kRollbackJournalFromRows rows is written through a rollback journal when
// recollector-cli is the store's only user (store/LargeWriteJournal). The real recollector-cli is
// SIGKILLed at the crash point right before the commit (RECOLLECTOR_CRASH_AT), with the journal
// hot: SQLite's next open rolls it back, and the store is exactly as before, sound, in WAL
// mode again. Without the kill the same import lands in full.
#include "CliProcess.h"
#include "StoreFingerprint.h"
#include "StoreQuery.h"
#include "TempStore.h"

#include "io/ImportOperation.h"

#include <QFile>
#include <QFileInfo>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

const QString kAt = QStringLiteral("2025-01-01T00:00:00Z");

/// A generated set of 300 memories (few enough that the import checks them for contradictions
/// at once) with `extraEvents` more reinforcements of its first memory, written to `path`.
bool writeLargeSet(const QString &dir, const QString &path, int extraEvents)
{
    const QString source = dir + QStringLiteral("/source.recollector");
    if (test::runRecollectorCli(source, {QStringLiteral("generate"), QStringLiteral("--memories"), QStringLiteral("300"),
                                    QStringLiteral("--seed"), QStringLiteral("3")}).code != 0
        || test::runRecollectorCli(source, {QStringLiteral("export"), path}).code != 0)
        return false;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    QByteArray bytes = file.readAll();
    file.close();
    const QByteArray list("\"events\": [\n");
    const qsizetype events = bytes.indexOf(list);
    const qsizetype idAt = bytes.indexOf("\"id\": \"mem_");
    if (events < 0 || idAt < 0)
        return false;
    const QByteArray memoryId = bytes.mid(idAt + 7, bytes.indexOf('"', idAt + 7) - (idAt + 7));
    const QByteArray event = "{\"actor\": \"assistant\", \"at\": \"2024-12-07T00:00:00.000Z\", \"id\": 0, \"kind\": "
                             "\"reinforce\", \"memoryId\": \"" + memoryId + "\", \"payload\": {}},\n";
    QByteArray more;
    more.reserve(event.size() * extraEvents);
    for (int i = 0; i < extraEvents; ++i)
        more += event;
    bytes.insert(events + list.size(), more);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

} // namespace

class TestCrashLargeImport : public QObject
{
    Q_OBJECT

private slots:
    void killedBeforeTheCommitLeavesTheStoreAsBefore()
    {
        test::TempStore s;
        const QString set = s.dir() + QStringLiteral("/set.json");
        QVERIFY(writeLargeSet(s.dir(), set, int(io::ImportOperation::kRollbackJournalFromRows)));
        QVERIFY(s->memories().insert(test::sampleMemory(QStringLiteral("kept"))));
        const test::StoreFingerprint before = test::fingerprint(*s);
        s.close();

        const test::CliRun killed = test::runRecollectorCli(s.path(), {QStringLiteral("import"), set}, kAt, 120000,
                                                       {{QStringLiteral("RECOLLECTOR_CRASH_AT"), QStringLiteral("import.before-commit")}});
        QVERIFY2(killed.code == -1, killed.err.constData());
        // Killed through the rollback journal: it is still there, hot.
        QVERIFY(QFileInfo::exists(s.path() + QStringLiteral("-journal")));

        s.reopen();
        QVERIFY(test::fingerprint(*s) == before);
        QCOMPARE(test::queryValue(*s, QStringLiteral("PRAGMA integrity_check")).toString(), QStringLiteral("ok"));
        QCOMPARE(test::queryValue(*s, QStringLiteral("PRAGMA journal_mode")).toString(), QStringLiteral("wal"));
        QVERIFY(!QFileInfo::exists(s.path() + QStringLiteral("-journal")));
        s.close();

        const test::CliRun full = test::runRecollectorCli(s.path(), {QStringLiteral("import"), set}, kAt);
        QVERIFY2(full.code == 0, full.err.constData());
        s.reopen();
        QCOMPARE(test::scalar(*s, QStringLiteral("SELECT count(*) FROM memories")), qint64(301));
        QVERIFY(test::scalar(*s, QStringLiteral("SELECT count(*) FROM events"))
                > qint64(io::ImportOperation::kRollbackJournalFromRows));
        QCOMPARE(test::queryValue(*s, QStringLiteral("PRAGMA journal_mode")).toString(), QStringLiteral("wal"));
        QVERIFY(!QFileInfo::exists(s.path() + QStringLiteral("-journal")));
    }
};

QTEST_GUILESS_MAIN(TestCrashLargeImport)
#include "tst_crash_large_import.moc"
