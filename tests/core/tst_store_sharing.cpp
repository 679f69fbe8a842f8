// One store, several processes (README: the assistant and recollector-cli may write while the window
// is open). The window's side is a live Store with a second connection, as the window has once
// a worker (the whole-store overview, a preview) opened one; the other side is the real
// recollector-cli in other processes. Nothing may be lost: every event of both sides is on disk,
// read back by a third process while the first is still open, the WAL stays linked, and
// SQLite's integrity check passes. No "database is locked" ever reaches a user.
#include "TempStore.h"
#include "TestScale.h"

#include "config/Config.h"
#include "engine/decisions/Decisions.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

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

/// Files of this process that are open but no longer linked, e.g. a WAL another process deleted.
QStringList deletedOpenFiles(const QString &storePath)
{
    QStringList out;
    const QDir fds(QStringLiteral("/proc/self/fd"));
    for (const QString &fd : fds.entryList(QDir::System | QDir::NoDotAndDotDot)) {
        // readlink only: this opens no descriptor of the store.
        const QString target = QFile::symLinkTarget(fds.filePath(fd));
        if (target.startsWith(storePath) && target.endsWith(QLatin1String(" (deleted)")))
            out.append(target);
    }
    return out;
}

qint64 eventsOnDisk(const QString &store, const QString &id)
{
    const Run r = cli(store, {QStringLiteral("--json"), QStringLiteral("show"), id});
    if (r.code != 0)
        qFatal("recollector-cli show failed: %s", r.err.constData());
    return QJsonDocument::fromJson(r.out).object().value(QStringLiteral("history")).toArray().size();
}

} // namespace

class TestStoreSharing : public QObject
{
    Q_OBJECT

private slots:
    void windowAndCliBothLandWhileBothAreOpen()
    {
        test::TempStore window;
        for (int i = 0; i < 4; ++i)
            QVERIFY(window->memories().insert(test::sampleMemory(QStringLiteral("m%1").arg(i))));
        // The window opens a second connection for a worker, as the whole-store overview does.
        auto worker = window->database().openAnother();
        QVERIFY2(worker, worker ? "" : qPrintable(worker.error().message));
        const Config config = Config::defaults();
        Decisions decisions(*window, config);
        QVERIFY(decisions.confirm(QStringLiteral("m0")));
        const qint64 perConfirm = eventsOnDisk(window.path(), QStringLiteral("m0"));
        QVERIFY(perConfirm > 0);

        // Another process decides while the window is open; then the window decides again.
        for (int i = 0; i < 3; ++i) {
            const Run r = cli(window.path(), {QStringLiteral("confirm"), QStringLiteral("m1")});
            QVERIFY2(r.code == 0, r.err.constData());
        }
        QVERIFY2(deletedOpenFiles(window.path()).isEmpty(), qPrintable(deletedOpenFiles(window.path()).join(", ")));
        QVERIFY(QFileInfo::exists(window.path() + QStringLiteral("-wal")));
        for (int i = 0; i < 3; ++i)
            QVERIFY(decisions.confirm(QStringLiteral("m2")));

        // A third process sees both sides' decisions while the window is still open.
        QCOMPARE(eventsOnDisk(window.path(), QStringLiteral("m1")), 3 * perConfirm);
        QCOMPARE(eventsOnDisk(window.path(), QStringLiteral("m2")), 3 * perConfirm);
        const Run check = cli(window.path(), {QStringLiteral("check")});
        QVERIFY2(check.code == 0, check.err.constData());
        QVERIFY(deletedOpenFiles(window.path()).isEmpty());

        // And after every connection has closed.
        worker->reset();
        window.close();
        QCOMPARE(eventsOnDisk(window.path(), QStringLiteral("m0")), perConfirm);
        QCOMPARE(eventsOnDisk(window.path(), QStringLiteral("m1")), 3 * perConfirm);
        QCOMPARE(eventsOnDisk(window.path(), QStringLiteral("m2")), 3 * perConfirm);
    }

    void twoCliProcessesDecideSideBySide()
    {
        test::TempStore window;
        for (int i = 0; i < 10; ++i)
            QVERIFY(window->memories().insert(test::sampleMemory(QStringLiteral("m%1").arg(i))));
        auto worker = window->database().openAnother();
        QVERIFY(worker);
        const qint64 before = *window->events().count();

        // Two writers, each a chain of 500 recollector-cli processes (100 under the sanitizers:
        // TestScale.h), a decision each, run side by side with the window's two connections
        // open. Each chain starts its next process when the previous one has exited, so the two
        // overlap all the time.
        const int kPerWriter = test::sized(500, 100);
        struct Writer
        {
            QProcess process;
            int done = 0;
            QByteArray errors;
        };
        Writer writers[2];
        QEventLoop loop;
        int finished = 0;
        const auto startNext = [&](int w) {
            Writer &writer = writers[w];
            const QString id = QStringLiteral("m%1").arg(w * 5 + writer.done % 5);
            writer.process.start(QStringLiteral(RECOLLECTOR_CLI_PATH),
                                 {QStringLiteral("--store"), window.path(), QStringLiteral("reinforce"), id});
        };
        for (int w = 0; w < 2; ++w) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("recollector.*=false"));
            writers[w].process.setProcessEnvironment(env);
            connect(&writers[w].process, &QProcess::finished, &loop, [&, w](int code, QProcess::ExitStatus status) {
                Writer &writer = writers[w];
                if (status != QProcess::NormalExit || code != 0)
                    writer.errors += "exit " + QByteArray::number(code) + ": ";
                writer.errors += writer.process.readAllStandardError();
                if (++writer.done < kPerWriter)
                    startNext(w);
                else if (++finished == 2)
                    loop.quit();
            });
            startNext(w);
        }
        loop.exec();

        for (const Writer &writer : writers) {
            QCOMPARE(writer.done, kPerWriter);
            QVERIFY2(writer.errors.isEmpty(), writer.errors.left(2000).constData());
        }
        QCOMPARE(*window->events().count(), before + 2 * kPerWriter);
        auto problems = window->database().integrityProblems();
        QVERIFY(problems);
        QVERIFY2(problems->isEmpty(), qPrintable(problems->join(QLatin1Char('\n'))));
        QVERIFY(deletedOpenFiles(window.path()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestStoreSharing)
#include "tst_store_sharing.moc"
