// An import of many memories fills the text index once after them instead of through the
// insert trigger row by row (DeferredTextIndex; docs/scoring.md, "Text index"), on a real
// store file: both FTS5 tables then hold exactly what the triggers build for the same rows
// (every memory, column, position and term, read through fts5vocab), for English, CJK,
// level-3 memories, a note's fields and an overwritten memory; the insert trigger is back as
// the schema creates it; the undo of the import leaves the index as the triggers keep it. The
// deferral itself: only inside a Transaction, and one left unfinished makes the commit roll back.
// A first attach of many files defers it too.
#include "TestScale.h"
#include "TempStore.h"

#include "attach/FolderSync.h"
#include "engine/capture/AfterChange.h"
#include "engine/decisions/Decisions.h"
#include "io/ImportOperation.h"
#include "crypto/KdfParams.h"
#include "store/BulkWriter.h"
#include "store/Database.h"
#include "store/DeferredTextIndex.h"
#include "store/StoreSeal.h"
#include "store/TextIndexSchema.h"
#include "store/Transaction.h"

#include <QDir>
#include <QFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

#include <algorithm>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1704103200000;  // 2024-01-01T10:00Z
constexpr Millis kNow = 1717236000000; // 2024-06-01T10:00Z
// Above ImportRun's size for deferring the index; under the sanitizers a smaller set above it
// checks the same (tests/support/TestScale.h).
constexpr int kMemories = test::sized(1200, 200);

Memory stored(const QString &id, const QString &content)
{
    Memory m = test::sampleMemory(id, kT0);
    m.content = content;
    m.keywords = { QStringLiteral("stored") };
    return m;
}

/// English (stemmed), CJK (with a two-character keyword), level 3 (never indexed), a note's
/// title and description, by turns; and a newer version of "pre_1" (overwritten).
io::MemorySet incomingSet()
{
    io::MemorySet set;
    set.sourceName = QStringLiteral("incoming.json");
    for (int i = 0; i < kMemories; ++i) {
        Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg(i, 5, 10, QLatin1Char('0')), kT0 + i);
        switch (i % 4) {
        case 0:
            m.content = QStringLiteral("The user deploys service %1 with Docker; the users' café settings").arg(i);
            break;
        case 1:
            m.content = QStringLiteral("用户每天早上喝%1杯咖啡，住在東京タワーの近く").arg(i);
            m.keywords = { QStringLiteral("咖啡"), QStringLiteral("東京") };
            break;
        case 2:
            m.content = QStringLiteral("Sealed-level secret number %1: the door code").arg(i);
            m.sensitivity = 3;
            break;
        default:
            m.content = QStringLiteral("Mixed 한국어 note %1").arg(i);
            m.extra.insert(QStringLiteral("title"), QStringLiteral("Note %1 title").arg(i));
            m.extra.insert(QStringLiteral("description"), QStringLiteral("Käse und Brot"));
            break;
        }
        set.memories.push_back(m);
    }
    Memory newer = stored(QStringLiteral("pre_1"), QStringLiteral("The user now prefers tea, 紅茶です"));
    newer.updatedAt = kT0 + kMsPerDay;
    set.memories.push_back(newer);
    return set;
}

QStringList column(QSqlQuery &q, const QString &sql)
{
    QStringList out;
    if (!q.exec(sql))
        qFatal("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
    while (q.next())
        out << q.value(0).toString();
    std::sort(out.begin(), out.end());
    return out;
}

/// What `table` holds, by memory id rather than rowid: each indexed id, and each
/// (id, column, position, term).
struct IndexContent
{
    QStringList ids;
    QStringList instances;

    static IndexContent of(Database &db, const char *table)
    {
        const QString name = QLatin1String(table);
        QSqlQuery q(db.handle());
        if (!q.exec(QStringLiteral("CREATE VIRTUAL TABLE IF NOT EXISTS temp.%1_vocab USING fts5vocab(main, %1, instance)")
                        .arg(name)))
            qFatal("fts5vocab: %s", qPrintable(q.lastError().text()));
        IndexContent c;
        c.ids = column(q, QStringLiteral("SELECT m.id FROM %1 t JOIN memories m ON m.rowid = t.rowid").arg(name));
        c.instances = column(q, QStringLiteral("SELECT m.id || ' ' || v.col || ' ' || v.offset || ' ' || v.term "
                                               "FROM temp.%1_vocab v JOIN memories m ON m.rowid = v.doc")
                                    .arg(name));
        return c;
    }
};

/// What the triggers build for the rows `source` holds now: a fresh store, each row inserted
/// through them.
void compareWithTriggers(test::TempStore &source)
{
    test::TempStore reference;
    QSqlQuery q(reference->database().handle());
    QVERIFY(q.exec(QStringLiteral("ATTACH DATABASE '%1' AS source").arg(source.path())));
    QVERIFY(q.exec(QStringLiteral("INSERT INTO main.memories SELECT * FROM source.memories ORDER BY rowid")));
    QVERIFY(q.exec(QStringLiteral("DETACH DATABASE source")));
    for (const char *table : { schema::kTextTable, schema::kCjkTable }) {
        const IndexContent got = IndexContent::of(source->database(), table);
        const IndexContent expected = IndexContent::of(reference->database(), table);
        QVERIFY(!expected.instances.isEmpty());
        QCOMPARE(got.ids, expected.ids);
        QCOMPARE(got.instances.size(), expected.instances.size());
        QCOMPARE(got.instances, expected.instances);
    }
}

QString triggerSql(Database &db)
{
    QSqlQuery q(db.handle());
    if (!q.exec(QStringLiteral("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = '%1'")
                    .arg(QLatin1String(schema::kInsertTrigger)))
        || !q.next())
        return {};
    return q.value(0).toString();
}

int count(Database &db, const QString &sql)
{
    QSqlQuery q(db.handle());
    if (!q.exec(sql) || !q.next())
        qFatal("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
    return q.value(0).toInt();
}

} // namespace

class TestImportTextIndex : public QObject
{
    Q_OBJECT

    Config m_config = Config::defaults();

private Q_SLOTS:
    void importIndexesAsTheTriggersWouldAndUndoKeepsIt()
    {
        test::TempStore s;
        // With a key, as a store holding level-3 memories has: their text is sealed as written.
        QVERIFY(StoreSeal::setPassphrase(*s, "pw", crypto::KdfParams::interactive()));
        QVERIFY(s->memories().insert(stored(QStringLiteral("pre_1"), QStringLiteral("The user prefers coffee"))));
        QVERIFY(s->memories().insert(stored(QStringLiteral("pre_2"), QStringLiteral("日本語の文章を書く"))));
        const io::MemorySet set = incomingSet();
        const io::ImportOperation operation(*s, m_config, kNow);
        auto plan = operation.preview(set);
        QVERIFY2(plan, plan ? "" : qPrintable(plan.error().message));
        io::ImportPolicy policy;
        policy.changed = io::ImportAction::Overwrite;
        auto outcome = operation.apply(set, *plan, policy);
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QCOMPARE(outcome->report.added, kMemories);
        QCOMPARE(outcome->report.updated, 1);

        QCOMPARE(triggerSql(s->database()), schema::textIndexInsertTrigger());
        compareWithTriggers(s);
        if (QTest::currentTestFailed())
            return;
        // What the tables hold: the overwritten text, CJK rows, no level-3 row.
        Database &db = s->database();
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM memory_text WHERE memory_text MATCH 'tea'")), 1);
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM memory_text WHERE memory_text MATCH 'coffee'")), 0);
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM memory_text WHERE memory_text MATCH 'deploy'")),
                 kMemories / 4);
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM memory_text_cjk WHERE memory_text_cjk MATCH '東京タワー'")),
                 kMemories / 4);
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM memory_text WHERE memory_text MATCH 'secret'")), 0);
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM memory_text WHERE memory_text MATCH 'kase'")),
                 kMemories / 4);
        for (const char *table : { schema::kTextTable, schema::kCjkTable })
            QVERIFY(db.exec(QStringLiteral("INSERT INTO %1(%1) VALUES('integrity-check')").arg(QLatin1String(table))));

        // The undo deletes the new rows and gives pre_1 its text back, through the triggers.
        std::vector<qint64> undo(outcome->decisionEvents.rbegin(), outcome->decisionEvents.rend());
        Decisions decisions(*s, m_config);
        auto undone = AfterChange(*s, m_config).revertAll(decisions, undo, kNow + kMsPerHour);
        QVERIFY2(undone, undone ? "" : qPrintable(undone.error().message));
        QCOMPARE(*s->memories().count(true), 2);
        compareWithTriggers(s);
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM memory_text WHERE memory_text MATCH 'coffee'")), 1);
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM memory_text")), 2);
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM memory_text_cjk")), 1);
    }

    void aFirstAttachIndexesAsTheTriggersWould()
    {
        // A first sync of many files defers the index as an import does (FolderSync); a later
        // sync, which searches the index for restatements, goes through the triggers.
        test::TempStore s;
        const QDir folder(s.dir() + QStringLiteral("/memories"));
        QVERIFY(folder.mkpath(QStringLiteral(".")));
        const int files = int(DeferredTextIndex::kWorthFromRows) + 20;
        for (int i = 0; i < files; ++i) {
            QFile f(folder.filePath(QStringLiteral("note-%1.txt").arg(i, 4, 10, QLatin1Char('0'))));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(i % 2 ? QStringLiteral("用户每天早上喝%1杯咖啡，住在東京タワーの近く").arg(i).toUtf8()
                          : QStringLiteral("The team deploys service %1 on Fridays").arg(i).toUtf8());
        }
        auto first = attach::FolderSync::run(*s, folder.path(), kNow);
        QVERIFY2(first, first ? "" : qPrintable(first.error().message));
        QCOMPARE(first->added, files);
        QCOMPARE(triggerSql(s->database()), schema::textIndexInsertTrigger());
        compareWithTriggers(s);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(count(s->database(), QStringLiteral("SELECT count(*) FROM memory_text WHERE memory_text MATCH 'deploy'")),
                 files / 2);

        QFile later(folder.filePath(QStringLiteral("later.txt")));
        QVERIFY(later.open(QIODevice::WriteOnly));
        later.write("The release train leaves on Tuesdays");
        later.close();
        auto second = attach::FolderSync::run(*s, folder.path(), kNow + kMsPerHour);
        QVERIFY2(second, second ? "" : qPrintable(second.error().message));
        QCOMPARE(second->added, 1);
        compareWithTriggers(s);
        QCOMPARE(count(s->database(), QStringLiteral("SELECT count(*) FROM memory_text WHERE memory_text MATCH 'train'")), 1);
    }

    void deferOnlyInsideATransaction()
    {
        test::TempStore s;
        DeferredTextIndex outside(s->database());
        auto deferred = outside.defer();
        QVERIFY(deferred);
        QVERIFY(!*deferred);
        QCOMPARE(triggerSql(s->database()), schema::textIndexInsertTrigger());

        Transaction tx(s->database());
        DeferredTextIndex inside(s->database());
        deferred = inside.defer();
        QVERIFY(deferred);
        QVERIFY(*deferred);
        QVERIFY(triggerSql(s->database()).isEmpty());
        BulkWriter writer(s->database());
        QVERIFY(writer.insertMemory(stored(QStringLiteral("a"), QStringLiteral("written while deferred"))));
        QVERIFY(inside.finish());
        QVERIFY(tx.commit());
        QCOMPARE(triggerSql(s->database()), schema::textIndexInsertTrigger());
        QCOMPARE(count(s->database(), QStringLiteral("SELECT count(*) FROM memory_text WHERE memory_text MATCH 'deferred'")), 1);
    }

    void aStoreWithAnotherTriggerKeepsIt()
    {
        test::TempStore s;
        Database &db = s->database();
        QVERIFY(db.exec(QStringLiteral("DROP TRIGGER %1").arg(QLatin1String(schema::kInsertTrigger))));
        const QString other = schema::textIndexInsertTrigger().replace(QStringLiteral("BEGIN"), QStringLiteral("BEGIN\n"));
        QVERIFY(db.exec(other));
        Transaction tx(db);
        DeferredTextIndex index(db);
        auto deferred = index.defer();
        QVERIFY(deferred);
        QVERIFY(!*deferred);
        QCOMPARE(triggerSql(db), other);
    }

    void anUnfinishedDeferralRollsTheTransactionBack()
    {
        test::TempStore s;
        Database &db = s->database();
        {
            Transaction tx(db);
            {
                Transaction inner(db); // as the import's own, inside the operation's
                DeferredTextIndex index(db);
                QVERIFY(*index.defer());
                BulkWriter writer(db);
                QVERIFY(writer.insertMemory(stored(QStringLiteral("a"), QStringLiteral("never indexed"))));
                QVERIFY(inner.commit());
            } // index destroyed unfinished (an error or a cancel)
            QVERIFY(!tx.commit());
        }
        QCOMPARE(triggerSql(db), schema::textIndexInsertTrigger());
        QCOMPARE(*s->memories().count(true), 0);
    }
};

QTEST_GUILESS_MAIN(TestImportTextIndex)
#include "tst_import_text_index.moc"
