// A damaged store never reads as complete: SQLite reports a damaged page when a read reaches
// it, and a `while (q.next())` loop that does not ask why it stopped takes that for the end of
// the rows. Every read reports the error, an export of a damaged store fails (and writes no
// file), and `recollector-cli check` says what SQLite's integrity check found.
#include "TempStore.h"

#include "engine/graph/KeywordIndex.h"
#include "snapshot/SnapshotLoader.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr int kMemories = 3000;
constexpr int kPageSize = 4096;

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run cli(const QString &store, const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("recollector.*=false"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), QStringList{QStringLiteral("--store"), store} + args);
    if (!p.waitForFinished(120000))
        qFatal("recollector-cli did not finish");
    return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
               p.readAllStandardError()};
}

} // namespace

class TestStoreDamage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_path;

private slots:
    void init()
    {
        // A store of memories only, so its pages are almost all leaves of the memories table.
        test::TempStore tmp;
        const QString content = QStringLiteral("A memory long enough to fill pages: ").repeated(4);
        QVERIFY(tmp->database().exec(QStringLiteral("BEGIN")));
        for (int i = 0; i < kMemories; ++i) {
            Memory m = test::sampleMemory(QStringLiteral("m%1").arg(i, 5, 10, QLatin1Char('0')));
            m.content = content + QString::number(i);
            QVERIFY(tmp->memories().insert(m));
        }
        QVERIFY(tmp->database().exec(QStringLiteral("COMMIT")));
        m_path = m_dir.filePath(QStringLiteral("damaged.recollector"));
        QFile::remove(m_path);
        QVERIFY(tmp->database().exec(QStringLiteral("VACUUM INTO '%1'").arg(m_path)));
        // tmp's connection closes here; m_path never had one open.
    }

    void readsOfAnIntactStoreAreComplete()
    {
        auto s = Store::open(m_path);
        QVERIFY(s);
        auto all = (*s)->memories().all(true);
        QVERIFY(all);
        QCOMPARE(int(all->size()), kMemories);
        const Run check = cli(m_path, {QStringLiteral("check")});
        QCOMPARE(check.code, 0);
        QVERIFY(check.out.contains(": ok"));
    }

    void damagedPagesAreReportedNotTakenForTheEnd()
    {
        damageSecondHalf();
        {
            auto s = Store::open(m_path);
            QVERIFY2(s, s ? "" : qPrintable(s.error().message)); // the schema page is intact
            auto all = (*s)->memories().all(true);
            QVERIFY2(!all, all ? qPrintable(QStringLiteral("read %1 of %2 memories as complete").arg(all->size()).arg(kMemories))
                               : "");
            QVERIFY2(all.error().message.contains(m_path), qPrintable(all.error().message));
            // The bulk scans (C-API statements) tell a damaged page from the end of the rows too.
            const auto index = KeywordIndex::build(**s);
            QVERIFY2(!index, "the keyword index read a damaged store as complete");
            QVERIFY2(index.error().message.contains(m_path), qPrintable(index.error().message));
            QCOMPARE(index.error().code, Error::Code::Parse);
            const auto snapshot = SnapshotLoader::load(**s, Config{}, {});
            QVERIFY2(!snapshot, "the snapshot read a damaged store as complete");
            QVERIFY2(snapshot.error().message.contains(m_path), qPrintable(snapshot.error().message));
        }

        const QString out = m_dir.filePath(QStringLiteral("export.json"));
        const Run exported = cli(m_path, {QStringLiteral("export"), out});
        QVERIFY2(exported.code != 0, "an export of a damaged store exited 0");
        QVERIFY2(exported.err.contains(m_path.toUtf8()), exported.err.constData());
        QVERIFY2(!QFileInfo::exists(out), "a partial export was left behind");

        const Run check = cli(m_path, {QStringLiteral("--json"), QStringLiteral("check")});
        QCOMPARE(check.code, 1);
        QVERIFY2(check.out.contains("\"ok\": false"), (check.out + check.err).constData());
    }

private:
    /// Overwrites every other page of the file's second half. Called only when no connection is
    /// open on the store (the rule: nothing but SQLite touches a live store file).
    void damageSecondHalf()
    {
        QFile f(m_path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 pages = f.size() / kPageSize;
        QVERIFY2(pages > 100, "the fixture store is too small to damage only its data pages");
        const QByteArray garbage(kPageSize, char(0xA5));
        for (qint64 page = pages / 2; page < pages; page += 2) {
            QVERIFY(f.seek(page * kPageSize));
            QCOMPARE(f.write(garbage), qint64(kPageSize));
        }
        f.close();
    }
};

QTEST_GUILESS_MAIN(TestStoreDamage)
#include "tst_store_damage.moc"
