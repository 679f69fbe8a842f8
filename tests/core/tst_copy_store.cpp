// recollector-cli copy-store (docs/team-store.md, "Moving between the two"): the demo store,
// with a passphrase and sealed level-3 rows, copied by the real command line to the suite's
// own PostgreSQL and back to a new SQLite file: every table of the copy equals the original
// row by row and value by value (write order, ids, sealed text, settings), the server's copy
// reads the same through the repositories and continues the ids after the last one copied,
// progress goes to stderr, and a copy into a store that has rows is refused and writes nothing.
#include "CliProcess.h"
#include "PgTestServer.h"
#include "TempStore.h"

#include "crypto/KdfParams.h"
#include "io/DemoStore.h"
#include "store/Store.h"
#include "store/StoreCopy.h"
#include "store/StoreSeal.h"
#include "store/Transaction.h"

#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

// Every row of `sql` as text, each value tagged with its kind, so NULL, 0 and '' differ and
// a REAL never passes for an INTEGER. (Qt's drivers give integers as int, qlonglong or, from
// PostgreSQL, qulonglong: all are integers.)
QStringList rows(Store &store, const QString &sql)
{
    QStringList out;
    QSqlQuery q(store.database().handle());
    q.setForwardOnly(true);
    if (!q.exec(sql))
        qFatal("%s: %s", qPrintable(sql), qPrintable(store.path()));
    const int columns = q.record().count();
    while (q.next()) {
        QStringList row;
        for (int i = 0; i < columns; ++i) {
            const QVariant v = q.value(i);
            const bool integer = v.typeId() == QMetaType::Int || v.typeId() == QMetaType::LongLong
                || v.typeId() == QMetaType::ULongLong;
            const QString kind = integer ? QStringLiteral("integer") : QString::fromLatin1(v.typeName());
            row << (v.isNull() ? QStringLiteral("NULL") : QStringLiteral("%1:%2").arg(kind, v.toString()));
        }
        out << row.join(QLatin1Char('|'));
    }
    return out;
}

// The tables as both engines hold them, in one column order.
const QStringList &comparedQueries()
{
    static const QStringList kQueries = {
        QStringLiteral("SELECT rowid, id, content, category, keywords, source_type, source_task_id, source_chat_id, "
                       "source_message_id, confidence, created_at, updated_at, last_accessed_at, last_reinforced_at, "
                       "access_count, reinforce_count, project_path, strength, stability, decay_rate, importance, "
                       "verified, permanent, negated, correction_history, level, compressed, compressed_from, "
                       "merged_from, merged_into, source_ids, original_contents, sensitivity, modalities, deleted_at, "
                       "extra, negated_at, superseded, supersedes_id, agent_importance, agent_tier "
                       "FROM memories ORDER BY rowid"),
        QStringLiteral("SELECT a, b, weight, type, created_at FROM associations ORDER BY a, b"),
        QStringLiteral("SELECT id, memory_id, kind, actor, at, payload FROM events ORDER BY id"),
        QStringLiteral("SELECT id, a, b, type, status, resolution, detected_at, resolved_at FROM conflicts ORDER BY id"),
        QStringLiteral("SELECT key, value FROM meta ORDER BY key"),
    };
    return kQueries;
}

} // namespace

class TestCopyStore : public QObject
{
    Q_OBJECT
    std::unique_ptr<test::PgTestServer> m_server;
    QTemporaryDir m_dir;
    QString m_original;

private Q_SLOTS:
    void initTestCase()
    {
        m_server = std::make_unique<test::PgTestServer>();
        QVERIFY2(m_server->error().isEmpty(), qPrintable(m_server->error()));
        m_original = m_dir.filePath(QStringLiteral("demo.recollector"));
        const Status made =
            io::createDemoStore(m_original, QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        auto s = Store::open(m_original);
        QVERIFY(s);
        QVERIFY(StoreSeal::setPassphrase(**s, "pw", crypto::KdfParams::interactive()));
        Memory secret = test::sampleMemory(QStringLiteral("mem_sealed"));
        secret.content = QStringLiteral("The staging root password is in the vault");
        secret.sensitivity = 3;
        QVERIFY((*s)->memories().insert(secret));
        Event e{0, secret.id, events::kCreate, QStringLiteral("user"), secret.createdAt,
                QJsonObject{{QStringLiteral("content"), secret.content}}};
        QVERIFY((*s)->events().append(e));
        StoreSeal::lock(**s);
        QVERIFY(rows(**s, QStringLiteral("SELECT content FROM memories WHERE id = 'mem_sealed'"))
                    .first()
                    .contains(QLatin1String("enc1:")));
    }
    void cleanupTestCase()
    {
        const QString stopped = m_server->stop();
        QVERIFY2(stopped.isEmpty(), qPrintable(stopped));
    }

    void thereAndBackIsLossless()
    {
        const QString url = m_server->createDatabase();
        const QString back = m_dir.filePath(QStringLiteral("back.recollector"));
        const auto there = test::runCli({QStringLiteral("copy-store"), m_original, url});
        QVERIFY2(there.code == 0, there.err.constData());
        QVERIFY2(there.err.contains("copy-store: memories") && there.err.contains("copy-store: events"),
                 there.err.constData());
        QVERIFY(there.out.contains("copied"));
        const auto home = test::runCli({QStringLiteral("copy-store"), url, back});
        QVERIFY2(home.code == 0, home.err.constData());

        auto original = Store::open(m_original);
        auto server = Store::open(url);
        auto copy = Store::open(back);
        QVERIFY(original && server && copy);
        for (const QString &sql : comparedQueries()) {
            const QStringList expected = rows(**original, sql);
            QVERIFY2(!expected.isEmpty(), qPrintable(sql));
            QCOMPARE(rows(**server, sql), expected);
            QCOMPARE(rows(**copy, sql), expected);
        }
        // SQLite's own view too: every column of every table, in the file's own order.
        for (const char *table : {"memories", "associations", "events", "conflicts", "meta", "sqlite_sequence"}) {
            const QString sql = QStringLiteral("SELECT * FROM %1 ORDER BY 1, 2").arg(QLatin1String(table));
            QCOMPARE(rows(**copy, sql), rows(**original, sql));
        }
        // The server's rows read through the repositories as the original's do (a locked
        // memory's message names its own store, so it is left out).
        const auto readable = [](Store &store) {
            auto all = store.memories().all();
            for (Memory &m : *all)
                m.sealError.clear();
            return *all;
        };
        QCOMPARE(readable(**server), readable(**original));
        QCOMPARE(*(*server)->conflicts().list(), *(*original)->conflicts().list());
        QCOMPARE(*(*server)->meta().value(StoreSeal::kSaltKey), *(*original)->meta().value(StoreSeal::kSaltKey));
        // The server's next ids follow the copied ones, as SQLite's do.
        Event next{0, QStringLiteral("mem_sealed"), events::kReinforce, QStringLiteral("user"), 1, {}};
        QVERIFY((*server)->events().append(next));
        QCOMPARE(next.id, *(*original)->events().lastId() + 1);
    }

    void manyRowsGoInStatementsOfManyRows()
    {
        // More memories than one statement takes on the server (30,000 parameters: 697 rows of
        // memories) and a part statement after them: every row there and back, in order.
        test::TempStore many;
        {
            Transaction tx(many->database());
            for (int i = 0; i < 1500; ++i) {
                QVERIFY(many->memories().insert(test::sampleMemory(QStringLiteral("mem_%1").arg(i, 4, 10, QLatin1Char('0')),
                                                                   1704103200000 + i)));
            }
            QVERIFY(tx.commit());
        }
        many.close();
        const QString url = m_server->createDatabase();
        const QString back = m_dir.filePath(QStringLiteral("many-back.recollector"));
        StoreCopy::Progress quiet = [](const QString &, qint64, qint64) { return true; };
        auto there = StoreCopy::copyStore(many.path(), url, quiet);
        QVERIFY2(there, there ? "" : qPrintable(there.error().message));
        QCOMPARE(*there, qint64(1500));
        auto home = StoreCopy::copyStore(url, back, quiet);
        QVERIFY2(home, home ? "" : qPrintable(home.error().message));
        auto original = Store::open(many.path());
        auto copy = Store::open(back);
        QVERIFY(original && copy);
        QCOMPARE(rows(**copy, comparedQueries().first()), rows(**original, comparedQueries().first()));
    }

    void copyIntoAStoreWithRowsIsRefused()
    {
        const QString url = m_server->createDatabase();
        const auto first = test::runCli({QStringLiteral("copy-store"), m_original, url});
        QVERIFY2(first.code == 0, first.err.constData());
        auto before = Store::open(url);
        QVERIFY(before);
        const qint64 events = *(*before)->events().count();
        before->reset();
        const auto again = test::runCli({QStringLiteral("copy-store"), m_original, url});
        QCOMPARE(again.code, 1);
        QVERIFY2(again.err.contains("not empty"), again.err.constData());
        auto after = Store::open(url);
        QCOMPARE(*(*after)->events().count(), events);
        // And an existing file is never a target.
        const auto onto = test::runCli({QStringLiteral("copy-store"), url, m_original});
        QCOMPARE(onto.code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCopyStore)
#include "tst_copy_store.moc"
