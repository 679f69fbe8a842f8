// A decision on an attached folder is all or nothing (docs/formats.md, "Writing back"): the
// side store's decision and the file's new version commit together. Through the real
// recollector-cli, `reinforce` on an attached agent folder is killed (kill -9) or fails as on
// a full disk at each step of its write: the file staged, the file swapped, the write
// recorded, the commit. Afterwards the store and the file agree (neither changed: the file
// byte for byte, no temporary file left once the folder is read again), and the retry
// reinforces exactly once. A second delete of a re-created file keeps both trashed versions.
#include "CliProcess.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;

namespace {

const QString kId = QStringLiteral("1a2de668");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestWriteBackAllOrNothing : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_folder;
    QString m_data;
    int m_run = 0;

    test::CliRun cli(const QStringList &args, const test::CliEnvironment &extra = {}) const
    {
        test::CliEnvironment env{{QStringLiteral("XDG_DATA_HOME"), m_data}};
        env += extra;
        return test::runCli(QStringList{QStringLiteral("--attach"), m_folder} + args, env);
    }
    int storedCount() const
    {
        const test::CliRun r = cli({QStringLiteral("--json"), QStringLiteral("show"), kId});
        if (r.code != 0)
            qFatal("show: %s", r.err.constData());
        return r.json().object().value(QStringLiteral("reinforceCount")).toInt(-1);
    }
    QString file() const { return QDir(m_folder).filePath(kId + QStringLiteral(".json")); }

private slots:
    void init()
    {
        const QString root = m_tmp.filePath(QString::number(++m_run));
        m_folder = root + QStringLiteral("/hub/memory");
        m_data = root + QStringLiteral("/data");
        QVERIFY(QDir().mkpath(m_folder));
        const QDir fixture(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/agent-folder"));
        for (const QString &name : {QStringLiteral("1a2de668.json"), QStringLiteral("1a2b1eef.json")})
            QVERIFY(QFile::copy(fixture.filePath(name), QDir(m_folder).filePath(name)));
    }

    void eachStep_data()
    {
        QTest::addColumn<QString>("variable");
        QTest::addColumn<QString>("step");
        for (const char *step : {"writeback.staged", "writeback.swapped", "writeback.before-commit", "decision.before-commit"})
            QTest::newRow(qPrintable(QStringLiteral("kill at ") + QLatin1String(step))) << "RECOLLECTOR_CRASH_AT" << step;
        for (const char *step : {"writeback.stage", "writeback.record", "writeback.commit"})
            QTest::newRow(qPrintable(QStringLiteral("full disk at ") + QLatin1String(step))) << "RECOLLECTOR_FAIL_AT" << step;
    }

    void eachStep()
    {
        QFETCH(QString, variable);
        QFETCH(QString, step);
        const int before = storedCount(); // the first attach reads the folder
        QVERIFY(before >= 0);
        const QByteArray bytes = readAll(file());

        const test::CliRun failed = cli({QStringLiteral("reinforce"), kId}, {{variable, step}});
        QVERIFY2(failed.code != 0, failed.out.constData());
        if (variable == QLatin1String("RECOLLECTOR_FAIL_AT"))
            QVERIFY2((failed.err.contains("disk is full") || failed.err.contains("No space left on device"))
                         && failed.err.contains("nothing was recorded or written"),
                     failed.err.constData());

        // The next command reads the folder: store and file are as before, nothing left beside it.
        QCOMPARE(storedCount(), before);
        QCOMPARE(readAll(file()), bytes);
        QCOMPARE(QDir(m_folder).entryList(QDir::Files | QDir::Hidden),
                 QStringList({QStringLiteral("1a2b1eef.json"), QStringLiteral("1a2de668.json")}));

        // The retry reinforces once, in the store and in the file.
        const test::CliRun retry = cli({QStringLiteral("reinforce"), kId});
        QVERIFY2(retry.code == 0, retry.err.constData());
        QCOMPARE(storedCount(), before + 1);
        QCOMPARE(QJsonDocument::fromJson(readAll(file())).object().value(QStringLiteral("reinforceCount")).toInt(), before + 1);
    }

    void theTrashKeepsEveryVersion()
    {
        QCOMPARE(cli({QStringLiteral("delete"), kId}).code, 0);
        const QString trash = QDir(m_folder).filePath(QStringLiteral("../.recollector-trash"));
        const QByteArray first = readAll(QDir(trash).filePath(kId + QStringLiteral(".json")));
        QVERIFY(!first.isEmpty());
        // Re-created by the assistant with other text, and deleted again.
        QJsonObject o = QJsonDocument::fromJson(first).object();
        o.insert(QStringLiteral("content"), QStringLiteral("Use cargo nextest for tests"));
        QFile f(file());
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(o).toJson());
        f.close();
        QCOMPARE(cli({QStringLiteral("list")}).code, 0); // reads it
        const test::CliRun again = cli({QStringLiteral("delete"), kId});
        QVERIFY2(again.code == 0, again.err.constData());
        QCOMPARE(readAll(QDir(trash).filePath(kId + QStringLiteral(".json"))), first);
        QVERIFY(readAll(QDir(trash).filePath(kId + QStringLiteral(".2.json"))).contains("cargo nextest"));
        QVERIFY(!QFileInfo::exists(file()));
    }
};

QTEST_GUILESS_MAIN(TestWriteBackAllOrNothing)
#include "tst_writeback_all_or_nothing.moc"
