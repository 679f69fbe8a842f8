// The store on real SQLite files: pragmas, schema version, migration from a v1 file,
// clear errors for files that are not stores, transactions that roll back; from a v2 file,
// the v3 indexes (events by kind, the mention candidates) without a backup copy.
// Every test runs twice, on SQLite and on PostgreSQL (EngineStore.h); those about an SQLite
// file skip the PostgreSQL row (docs/team-store.md, "Tests").
#include "EngineStore.h"
#include "TempStore.h"

#include "scoring/MentionIndex.h"
#include "store/Schema.h"
#include "store/TextSearch.h"
#include "store/Transaction.h"

#include <QFile>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

/// Writes a database as an older Recollector (or another program) left it: `statements` run in
/// order on a plain SQLite connection, closed before anything else opens the file. Returns the
/// first failure (the statement and SQLite's message), or nothing.
QString writeRawDatabase(const QString &path, const QStringList &statements)
{
    const QString connection = QStringLiteral("raw");
    QString failure;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        if (!db.open())
            failure = db.lastError().text();
        for (const QString &sql : statements) {
            if (!failure.isEmpty())
                break;
            QSqlQuery q(db);
            if (!q.exec(sql))
                failure = sql + QStringLiteral(": ") + q.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    return failure;
}

/// How SQLite reads the events by kind and the two mention queries (EventLog's SQL).
QStringList queryPlans(QSqlQuery &q)
{
    QStringList plans;
    for (const QString &sql : {QStringLiteral("SELECT id FROM events WHERE at >= 0 AND kind = 'review' ORDER BY id"),
                               QStringLiteral("SELECT id, memory_id, at FROM events INDEXED BY events_mention_by_memory "
                                              "WHERE %1 ORDER BY memory_id, at")
                                   .arg(schema::mentionCondition()),
                               QStringLiteral("SELECT id, payload FROM events INDEXED BY events_sealed_mention "
                                              "WHERE %1 ORDER BY id")
                                   .arg(schema::sealedMentionCondition())}) {
        if (!q.exec(QStringLiteral("EXPLAIN QUERY PLAN ") + sql))
            return {q.lastError().text()};
        QString plan;
        while (q.next())
            plan += q.value(3).toString() + u';';
        plans << plan;
    }
    return plans;
}

/// Each through its index, with no sort of its own.
QStringList mentionIndexPlans()
{
    return {QStringLiteral("SEARCH events USING INDEX events_kind (kind=?);"),
            QStringLiteral("SCAN events USING INDEX events_mention_by_memory;"),
            QStringLiteral("SCAN events USING INDEX events_sealed_mention;")};
}

} // namespace

// A test about an SQLite file (pragmas, bytes on disk, migrations of old files).
#define SQLITE_FILE_ONLY()                                                                                             \
    if (test::EngineFixture::onServer())                                                                               \
    QSKIP("about an SQLite file")

class TestStore : public QObject
{
    Q_OBJECT
    test::EngineFixture m_engines;

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void pragmasAreSet()
    {
        SQLITE_FILE_ONLY();
        test::TempStore s;
        QSqlQuery q(s->database().handle());
        QVERIFY(q.exec("PRAGMA journal_mode") && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        QVERIFY(q.exec("PRAGMA foreign_keys") && q.next());
        QCOMPARE(q.value(0).toInt(), 1);
        QVERIFY(q.exec("PRAGMA user_version") && q.next());
        QCOMPARE(q.value(0).toInt(), Database::kSchemaVersion);
    }

    void memoryRoundTripsEveryField()
    {
        test::EngineStore s(m_engines);
        Memory m = test::sampleMemory(QStringLiteral("mem_1"));
        m.lastAccessedAt = m.createdAt + 5000;
        m.projectPath = QStringLiteral("/home/dev/app");
        m.verified = true;
        m.negated = true;
        m.negatedAt = m.createdAt + 1000;
        m.correctionHistory = QJsonArray{QJsonObject{{"reason", "user negation"}}};
        m.level = MemoryLevel::Summary;
        m.mergedFrom = {QStringLiteral("a"), QStringLiteral("b")};
        m.originalContents = {QStringLiteral("x"), QStringLiteral("不喜欢咖啡")};
        m.sensitivity = 2;
        m.superseded = true;
        m.supersedesId = QStringLiteral("old");
        m.agentImportance = 7;
        m.agentTier = QStringLiteral("hot");
        m.extra = QJsonObject{{"valence", -0.5}, {"tags", QJsonArray{"x"}}};
        const Status inserted = s->memories().insert(m);
        QVERIFY2(inserted, inserted ? "" : qPrintable(inserted.error().message));
        auto back = s->memories().get(m.id);
        QVERIFY(back);
        QCOMPARE(*back, m);
        m.content = QStringLiteral("changed");
        QVERIFY(s->memories().update(m));
        QCOMPARE(s->memories().get(m.id)->content, QStringLiteral("changed"));
    }

    void updateOfMissingIdIsNotFound()
    {
        test::EngineStore s(m_engines);
        const Status st = s->memories().update(test::sampleMemory(QStringLiteral("nope")));
        QVERIFY(!st);
        QCOMPARE(st.error().code, Error::Code::NotFound);
    }

    void associationsKeepOnePerPairAndCascade()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(test::sampleMemory("b")));
        QVERIFY(s->memories().insert(test::sampleMemory("a")));
        QVERIFY(s->associations().putIfStronger({"b", "a", 0.3, "keyword", 0}));
        QVERIFY(s->associations().putIfStronger({"a", "b", 0.2, "co-project", 0}));
        auto link = s->associations().get("a", "b");
        QVERIFY(link && link->has_value());
        QCOMPARE((*link)->weight, 0.3);
        QCOMPARE((*link)->type, QStringLiteral("keyword"));
        QVERIFY(s->associations().putIfStronger({"a", "b", 0.5, "co-task", 0}));
        QCOMPARE((*s->associations().get("b", "a"))->type, QStringLiteral("co-task"));
        QVERIFY(!s->associations().put({"a", "a", 0.5, "manual", 0}));
        QVERIFY(s->memories().remove("a"));
        QCOMPARE(*s->associations().count(), 0);
    }

    void transactionRollsBackUnlessCommitted()
    {
        test::EngineStore s(m_engines);
        {
            Transaction tx(s->database());
            QVERIFY(tx.isActive());
            QVERIFY(s->memories().insert(test::sampleMemory("x")));
            Event e{0, "x", events::kCreate, "user", 1, {}};
            QVERIFY(s->events().append(e));
        }
        QCOMPARE(*s->memories().count(), 0);
        QCOMPARE(*s->events().count(), 0);
        {
            Transaction outer(s->database());
            QVERIFY(s->memories().insert(test::sampleMemory("y")));
            {
                Transaction inner(s->database());
                QVERIFY(s->memories().insert(test::sampleMemory("z")));
                inner.rollback();
            }
            QVERIFY(!outer.commit());
        }
        QCOMPARE(*s->memories().count(), 0);
    }

    void notSqliteIsAClearErrorAndUntouched()
    {
        SQLITE_FILE_ONLY();
        QTemporaryDir dir;
        const QString path = dir.filePath("notes.recollector");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"this\": \"is json\"}\n");
        f.close();
        auto s = Store::open(path);
        QVERIFY(!s);
        QVERIFY(s.error().message.contains(path));
        QVERIFY(s.error().message.contains("not an SQLite database"));
        QFile again(path);
        QVERIFY(again.open(QIODevice::ReadOnly));
        QCOMPARE(again.readAll(), QByteArray("{\"this\": \"is json\"}\n"));
    }

    void zeroByteFileIsRefusedAndUntouched()
    {
        SQLITE_FILE_ONLY();
        // An empty file is a failed copy or a truncated store, not a new store to fill.
        QTemporaryDir dir;
        const QString path = dir.filePath("empty.recollector");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        auto s = Store::open(path);
        QVERIFY(!s);
        QVERIFY2(s.error().message.contains(path) && s.error().message.contains("empty"), qPrintable(s.error().message));
        QCOMPARE(QFileInfo(path).size(), 0);
        QVERIFY(!QFileInfo::exists(path + "-wal"));
    }

    void corruptFileIsAClearError()
    {
        SQLITE_FILE_ONLY();
        QTemporaryDir dir;
        const QString path = dir.filePath("broken.recollector");
        {
            test::TempStore tmp;
            QVERIFY(tmp->memories().insert(test::sampleMemory("a")));
            (void)tmp->database().exec("PRAGMA wal_checkpoint(TRUNCATE)");
            QFile::copy(tmp.path(), path);
        }
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        // Keep the header, scramble the schema page.
        for (int i = 100; i < qMin(bytes.size(), 4096); ++i)
            bytes[i] = char(0xA5);
        f.seek(0);
        f.write(bytes);
        f.close();
        auto s = Store::open(path);
        QVERIFY(!s);
        QVERIFY2(s.error().message.contains(path), qPrintable(s.error().message));
        QVERIFY2(s.error().message.contains("corrupt"), qPrintable(s.error().message));
    }

    void otherSqliteDatabaseIsRefused()
    {
        SQLITE_FILE_ONLY();
        QTemporaryDir dir;
        const QString path = dir.filePath("other.sqlite");
        const QString failure = writeRawDatabase(path, {"CREATE TABLE t (x)"});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        auto s = Store::open(path);
        QVERIFY(!s);
        QVERIFY(s.error().message.contains("not a Recollector store"));
    }

    void newerSchemaOpensReadOnly()
    {
        SQLITE_FILE_ONLY();
        test::TempStore tmp;
        QVERIFY(tmp->memories().insert(test::sampleMemory("a")));
        QVERIFY(tmp->database().exec(QStringLiteral("PRAGMA user_version = %1").arg(Database::kSchemaVersion + 1)));
        const QString path = tmp.path();
        tmp.close();
        auto s = Store::open(path);
        QVERIFY(s);
        QVERIFY((*s)->database().isReadOnly());
        QVERIFY((*s)->database().warning().contains("newer"));
        QVERIFY(!(*s)->memories().insert(test::sampleMemory("b")));
        QCOMPARE(*(*s)->memories().count(), 1);
    }

    void migratesCheckedInV1Store()
    {
        SQLITE_FILE_ONLY();
        // tests/data/store-v1.engram was written by schema v1 (see makeV1Store below).
        QTemporaryDir dir;
        const QString path = dir.filePath("old.recollector");
        QVERIFY(QFile::copy(QStringLiteral(RECOLLECTOR_TEST_DATA "/store-v1.engram"), path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        auto s = Store::open(path);
        QVERIFY2(s, s ? "" : qPrintable(s.error().message));
        QCOMPARE((*s)->database().schemaVersionOnDisk(), 1);
        QVERIFY(QFile::exists((*s)->database().migrationBackupPath()));
        {
            // The backup (made through SQLite, not by copying the live file) is the v1 store.
            auto backup = QSqlDatabase::addDatabase("QSQLITE", "backup");
            backup.setDatabaseName((*s)->database().migrationBackupPath());
            QVERIFY(backup.open());
            QSqlQuery q(backup);
            QVERIFY(q.exec("PRAGMA user_version") && q.next());
            QCOMPARE(q.value(0).toInt(), 1);
            QVERIFY(q.exec("SELECT count(*) FROM memories") && q.next());
            QCOMPARE(q.value(0).toInt(), 3);
        }
        QSqlDatabase::removeDatabase("backup");
        auto all = (*s)->memories().all();
        QVERIFY(all);
        QCOMPARE(int(all->size()), 3);
        const auto negated = (*s)->memories().get("v1-negated");
        QVERIFY(negated);
        QVERIFY(negated->negated);
        QCOMPARE(negated->negatedAt, Millis(1706000000000)); // from its negate event
        QCOMPARE(*(*s)->associations().count(), 1);
        QCOMPARE(*(*s)->events().count(), 2);
    }

    // MentionIndex::load reads the mentions in SQLite (EventLog::scanMentions): it must find
    // exactly what the whole log read into Events finds, for every way a payload can say it.
    void mentionsReadInSqliteAreTheLogsMentions()
    {
        test::EngineStore s(m_engines);
        const Millis t = 1706000000000;
        for (const char *id : {"m-a", "m-b"})
            QVERIFY(s->memories().insert(test::sampleMemory(QString::fromLatin1(id), t)));
        auto append = [&](const char *memory, const QString &kind, Millis at, const QJsonObject &payload) {
            Event e;
            e.memoryId = QString::fromLatin1(memory);
            e.kind = kind;
            e.actor = QStringLiteral("user");
            e.at = at;
            e.payload = payload;
            if (const Status st = s->events().append(e); !st)
                qFatal("append: %s", qPrintable(st.error().message));
            return e.id;
        };
        const QString reinforce = events::kReinforce, confirm = events::kConfirm;
        append("m-a", reinforce, t + 1, {{"event", "manual"}, {"mention", true}});
        append("m-a", confirm, t + 2, {{"mention", true}});
        append("m-a", reinforce, t + 3, {{"event", "access"}});
        append("m-a", reinforce, t + 4, {{"mention", false}});
        append("m-a", reinforce, t + 5, {{"mention", 1}});           // a number is not the flag
        append("m-a", reinforce, t + 6, {{"mention", "true"}});      // nor is a string
        append("m-a", reinforce, t + 7, {{"note", QJsonObject{{"mention", true}}}}); // nor a nested one
        append("m-a", events::kEdit, t + 8, {{"mention", true}});    // nor another kind
        // Names `sealed` but is no envelope: a plain mention, counted once.
        append("m-a", confirm, t + 15, {{"sealed", "not an envelope"}, {"mention", true}});
        const qint64 reverted = append("m-b", reinforce, t + 9, {{"mention", true}});
        append("m-b", events::kRevert, t + 10, {{"reverts", double(reverted)}});
        const qint64 restored = append("m-b", reinforce, t + 11, {{"mention", true}});
        const qint64 undo = append("m-b", events::kRevert, t + 12, {{"reverts", double(restored)}});
        append("m-b", events::kRevert, t + 13, {{"reverts", double(undo)}}); // the mention counts again
        {
            // Another program wrote a payload that is not JSON: no mention, and no failure.
            QSqlQuery q(s->database().handle());
            QVERIFY(q.exec(QStringLiteral("INSERT INTO events (memory_id, kind, actor, at, payload) "
                                          "VALUES ('m-b', 'reinforce', 'user', %1, '{\"mention\": tru')")
                               .arg(t + 14)));
        }
        const Config config = Config::defaults();
        auto read = MentionIndex::load(s->events(), config);
        QVERIFY2(read, read ? "" : qPrintable(read.error().message));
        auto everything = s->events().all();
        QVERIFY(everything);
        MentionIndex whole(config);
        whole.addEvents(*everything);
        QCOMPARE(read->mentionsOf("m-a"), (std::vector<Millis>{t + 1, t + 2, t + 15}));
        QCOMPARE(read->mentionsOf("m-b"), (std::vector<Millis>{t + 11}));
        for (const char *id : {"m-a", "m-b"})
            QCOMPARE(read->mentionsOf(QString::fromLatin1(id)), whole.mentionsOf(QString::fromLatin1(id)));
    }

    void migratesCheckedInV2StoreToItsIndexes()
    {
        SQLITE_FILE_ONLY();
        // tests/data/store-v2.engram was written by schema v2 (see makeV2Store below). v3 and
        // v4 add only indexes: no backup copy (at a million memories that is gigabytes), the
        // events by kind and the mentions are read through them, and the mentions read through
        // the partial index are the ones the whole log holds.
        QTemporaryDir dir;
        const QString path = dir.filePath("v2.recollector");
        QVERIFY(QFile::copy(QStringLiteral(RECOLLECTOR_TEST_DATA "/store-v2.engram"), path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        auto s = Store::open(path);
        QVERIFY2(s, s ? "" : qPrintable(s.error().message));
        QCOMPARE((*s)->database().schemaVersionOnDisk(), 2);
        QVERIFY((*s)->database().migrationBackupPath().isEmpty());
        QCOMPARE(QDir(dir.path()).entryList({"*.bak"}, QDir::Files), QStringList());
        QSqlQuery q((*s)->database().handle());
        QVERIFY(q.exec("PRAGMA user_version") && q.next());
        QCOMPARE(q.value(0).toInt(), Database::kSchemaVersion);
        QCOMPARE(queryPlans(q), mentionIndexPlans());

        const Config config = Config::defaults();
        auto indexed = MentionIndex::load((*s)->events(), config);
        QVERIFY(indexed);
        auto everything = (*s)->events().all();
        QVERIFY(everything);
        MentionIndex whole(config);
        whole.addEvents(*everything);
        for (const QString &id : {QStringLiteral("v2-a"), QStringLiteral("v2-b")})
            QCOMPARE(indexed->mentionsOf(id), whole.mentionsOf(id));
        // Both spellings of the flag count; the access and the reverted mention do not.
        QCOMPARE(indexed->mentionsOf("v2-a"), (std::vector<Millis>{1706000000000, 1706000200000}));
        QVERIFY(indexed->mentionsOf("v2-b").empty());
        auto reviews = (*s)->events().since(0, QStringLiteral("review"));
        QVERIFY(reviews);
        QCOMPARE(int(reviews->size()), 1);
    }

    void migratesV4StoreIntoTheTextIndex()
    {
        SQLITE_FILE_ONLY();
        // v5 adds the text index (docs/scoring.md, "Text index"), filled from the rows already
        // there, level 3 left out; index-only, so no backup. Later writes keep it in step.
        QTemporaryDir dir;
        const QString path = dir.filePath("v4.recollector");
        const QString failure = writeRawDatabase(
            path, schema::createV1() + schema::migrationFrom(1) + schema::migrationFrom(2) + schema::migrationFrom(3)
                      + QStringList{"INSERT INTO memories (id, content, category, keywords, created_at, updated_at) "
                                    "VALUES ('v4-a', 'Deploys go through the staging cluster', 'fact', '[]', "
                                    "1704103200000, 1704103200000)",
                                    "INSERT INTO memories (id, content, category, sensitivity, created_at, updated_at) "
                                    "VALUES ('v4-secret', 'The staging password is swordfish', 'fact', 3, "
                                    "1704103200000, 1704103200000)",
                                    "PRAGMA user_version = 4"});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        auto s = Store::open(path);
        QVERIFY2(s, s ? "" : qPrintable(s.error().message));
        QCOMPARE((*s)->database().schemaVersionOnDisk(), 4);
        QVERIFY((*s)->database().migrationBackupPath().isEmpty());
        auto found = TextSearch((*s)->database()).search({QStringLiteral("deploying")}, {}, 10);
        QVERIFY2(found, found ? "" : qPrintable(found.error().message));
        QCOMPARE(found->size(), std::size_t(1));
        QCOMPARE(found->front().id, QStringLiteral("v4-a"));
        auto secret = TextSearch((*s)->database()).search({QStringLiteral("swordfish")}, {}, 10);
        QVERIFY(secret);
        QVERIFY(secret->empty());
        QSqlQuery q((*s)->database().handle());
        QVERIFY(q.exec("INSERT INTO memory_text(memory_text, rank) VALUES('integrity-check', 0)"));
    }

    void migratesV3StoreFromItsFirstMentionIndex()
    {
        SQLITE_FILE_ONLY();
        // A v3 store has v3's mention index (ids of the events that may be a mention); v4
        // replaces it with the two that the mention reader uses, and nothing else changes.
        QTemporaryDir dir;
        const QString path = dir.filePath("v3.recollector");
        const QString failure = writeRawDatabase(
            path, schema::createV1() + schema::migrationFrom(1) + schema::migrationFrom(2)
                      + QStringList{
                          "CREATE INDEX events_mention ON events(id) WHERE kind IN ('reinforce', 'confirm') AND "
                          "(instr(payload, 'mention') > 0 OR instr(payload, 'sealed') > 0)",
                          "INSERT INTO memories (id, content, category, created_at, updated_at) VALUES "
                          "('v3-a', 'Use pnpm in this repo', 'preference', 1704103200000, 1704103200000)",
                          "INSERT INTO events (id, memory_id, kind, at, payload) VALUES "
                          "(1, 'v3-a', 'reinforce', 1706000000000, '{\"event\":\"manual\",\"mention\":true}'), "
                          "(2, 'v3-a', 'reinforce', 1706000100000, '{\"event\":\"access\"}'), "
                          "(3, 'v3-a', 'confirm', 1705000000000, '{\"mention\":true}')",
                          "PRAGMA user_version = 3"});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        auto s = Store::open(path);
        QVERIFY2(s, s ? "" : qPrintable(s.error().message));
        QCOMPARE((*s)->database().schemaVersionOnDisk(), 3);
        QVERIFY((*s)->database().migrationBackupPath().isEmpty());
        QSqlQuery q((*s)->database().handle());
        QVERIFY(q.exec("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'events_%' ORDER BY name"));
        QStringList indexes;
        while (q.next())
            indexes << q.value(0).toString();
        QCOMPARE(indexes, QStringList({"events_kind", "events_memory", "events_mention_by_memory", "events_sealed_mention"}));
        QCOMPARE(queryPlans(q), mentionIndexPlans());
        auto indexed = MentionIndex::load((*s)->events(), Config::defaults());
        QVERIFY(indexed);
        QCOMPARE(indexed->mentionsOf("v3-a"), (std::vector<Millis>{1705000000000, 1706000000000}));
    }

    void makeV2Store()
    {
        SQLITE_FILE_ONLY();
        // Regenerates the checked-in fixture when RECOLLECTOR_WRITE_FIXTURES is set; documents how it was made.
        if (qEnvironmentVariableIsEmpty("RECOLLECTOR_WRITE_FIXTURES"))
            QSKIP("set RECOLLECTOR_WRITE_FIXTURES=1 to rewrite tests/data/store-v2.engram");
        const QString path = QStringLiteral(RECOLLECTOR_TEST_DATA "/store-v2.engram");
        QFile::remove(path);
        const QString failure = writeRawDatabase(
            path, schema::createV1() + schema::migrationFrom(1)
                      + QStringList{
                          "INSERT INTO memories (id, content, category, created_at, updated_at) VALUES "
                          "('v2-a', 'Use pnpm in this repo', 'preference', 1704103200000, 1704103200000), "
                          "('v2-b', 'The CI runs on Debian', 'fact', 1704103200000, 1704103200000)",
                          "INSERT INTO events (id, memory_id, kind, at, payload) VALUES "
                          "(1, 'v2-a', 'create', 1704103200000, '{}'), "
                          "(2, 'v2-b', 'create', 1704103200000, '{}'), "
                          "(3, 'v2-a', 'reinforce', 1706000000000, '{\"event\":\"manual\",\"mention\":true}'), "
                          "(4, 'v2-a', 'reinforce', 1706000100000, '{\"event\":\"access\"}'), "
                          "(5, 'v2-a', 'confirm', 1706000200000, '{ \"mention\": true }'), "
                          "(6, 'v2-b', 'reinforce', 1706000300000, '{\"event\":\"manual\",\"mention\":true}'), "
                          "(7, 'v2-b', 'revert', 1706000400000, '{\"reverts\":6}'), "
                          "(8, 'v2-a', 'review', 1706000500000, '{\"review\":\"decay\",\"answer\":\"keep\"}')",
                          "PRAGMA user_version = 2"});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

    void makeV1Store()
    {
        SQLITE_FILE_ONLY();
        // Regenerates the checked-in fixture when RECOLLECTOR_WRITE_FIXTURES is set; documents how it was made.
        if (qEnvironmentVariableIsEmpty("RECOLLECTOR_WRITE_FIXTURES"))
            QSKIP("set RECOLLECTOR_WRITE_FIXTURES=1 to rewrite tests/data/store-v1.engram");
        const QString path = QStringLiteral(RECOLLECTOR_TEST_DATA "/store-v1.engram");
        QFile::remove(path);
        const QString failure = writeRawDatabase(
            path, schema::createV1()
                      + QStringList{
                          "INSERT INTO memories (id, content, category, keywords, created_at, updated_at, "
                          "last_reinforced_at) VALUES ('v1-a', 'Use pnpm in this repo', 'preference', "
                          "'[\"pnpm\",\"node\"]', 1704103200000, 1704103200000, 1704103200000)",
                          "INSERT INTO memories (id, content, category, keywords, created_at, updated_at) "
                          "VALUES ('v1-b', 'pnpm workspaces need a root package.json', 'lesson', "
                          "'[\"pnpm\",\"workspace\"]', 1704189600000, 1704189600000)",
                          "INSERT INTO memories (id, content, category, created_at, updated_at, negated) "
                          "VALUES ('v1-negated', 'I like coffee', 'stable_preference', 1704103200000, "
                          "1706100000000, 1)",
                          "INSERT INTO associations (a, b, weight, type) VALUES ('v1-a', 'v1-b', 0.33, 'keyword')",
                          "INSERT INTO events (memory_id, kind, at) VALUES ('v1-a', 'create', 1704103200000)",
                          "INSERT INTO events (memory_id, kind, at) VALUES ('v1-negated', 'negate', 1706000000000)",
                          "PRAGMA user_version = 1"});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
};

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
