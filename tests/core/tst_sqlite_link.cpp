// The start-up check that Qt's QSQLITE driver and Recollector's libsqlite3 are one library
// (SqliteLink): it passes here, where both are the system SQLite; an injected different
// version makes every store open and both programs' start-up fail with one clear line and
// leave no file behind; the handle a connection gives is checked to be the file it opened.
#include "TempStore.h"

#include "store/SqliteLink.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr int kOtherVersion = 3000000; // SQLite 3.0.0: no Qt build runs that

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QString &program, const QStringList &args, const QString &injectedVersion)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("recollector.*=false"));
    env.remove(QStringLiteral("RECOLLECTOR_TEST_SQLITE_VERSION"));
    // Qt's own start-up note about a missing runtime folder would be a second line.
    const QTemporaryDir runtime;
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime.path());
    if (!injectedVersion.isEmpty())
        env.insert(QStringLiteral("RECOLLECTOR_TEST_SQLITE_VERSION"), injectedVersion);
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(60000))
        qFatal("%s did not finish", qPrintable(program));
    return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
               p.readAllStandardError()};
}

Run cli(const QStringList &args, const QString &injectedVersion = {})
{
    return run(QStringLiteral(RECOLLECTOR_CLI_PATH), args, injectedVersion);
}

} // namespace

class TestSqliteLink : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { SqliteLink::setLinkedVersionForTesting(0); }

    void driverAndLinkedLibraryAgree()
    {
        const Status st = SqliteLink::verify();
        QVERIFY2(st, st ? "" : qPrintable(st.error().message));
        QCOMPARE(SqliteLink::linkedVersionNumber(), sqlite3_libversion_number());
        QCOMPARE(SqliteLink::versionText(sqlite3_libversion_number()), QString::fromLatin1(sqlite3_libversion()));
        // What the check compared: the driver's own report, through a store's Qt connection.
        test::TempStore s;
        QSqlQuery q(s->database().handle());
        QVERIFY(q.exec(QStringLiteral("SELECT sqlite_version(), sqlite_source_id()")) && q.next());
        QCOMPARE(q.value(0).toString(), QString::fromLatin1(sqlite3_libversion()));
        QCOMPARE(q.value(1).toString(), QString::fromLatin1(sqlite3_sourceid()));
    }

    void aDifferentLibraryFailsEveryOpenWithOneLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("new.recollector"));
        SqliteLink::setLinkedVersionForTesting(kOtherVersion);
        auto store = Store::open(path);
        QVERIFY(!store);
        const QString message = store.error().message;
        QVERIFY2(message.startsWith(QLatin1String("SQLite mismatch: ")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("3.0.0")), qPrintable(message));
        QVERIFY2(message.contains(QString::fromLatin1(sqlite3_libversion())), qPrintable(message));
        QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
        // Checked before the file is touched: nothing was created.
        QVERIFY(!QFileInfo::exists(path));
        // The verdict is cached: the check itself does not run again (same answer).
        QCOMPARE(SqliteLink::verify().error().message, message);

        SqliteLink::setLinkedVersionForTesting(0);
        auto again = Store::open(path);
        QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    }

    void anExistingStoreIsLeftAloneOnAMismatch()
    {
        test::TempStore s;
        QVERIFY(s->memories().insert(test::sampleMemory(QStringLiteral("mem_1"))));
        s.close();
        const QByteArray before = [&] {
            QFile f(s.path());
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        SqliteLink::setLinkedVersionForTesting(kOtherVersion);
        QVERIFY(!Store::open(s.path()));
        SqliteLink::setLinkedVersionForTesting(0);
        QFile f(s.path());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
        f.close();
        s.reopen();
        QVERIFY(s->memories().contains(QStringLiteral("mem_1")).value());
    }

    void theHandleMustBeTheFileThatWasOpened()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.recollector"));
        const QString b = dir.filePath(QStringLiteral("b.recollector"));
        const QString name = QStringLiteral("tst_sqlite_link_handle");
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(a);
            QVERIFY(db.open());
            const auto same = SqliteLink::handleOf(db, a);
            QVERIFY2(same, same ? "" : qPrintable(same.error().message));
            QVERIFY(*same != nullptr);
            QCOMPARE(QString::fromUtf8(sqlite3_db_filename(*same, "main")), QFileInfo(a).canonicalFilePath());
            const auto other = SqliteLink::handleOf(db, b);
            QVERIFY(!other);
            QVERIFY2(other.error().message.contains(QLatin1String("SQLite mismatch")), qPrintable(other.error().message));
            QVERIFY(other.error().message.contains(QLatin1String("a.recollector")));
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
    }

    void relativeAndSymlinkedPathsOpen()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("real")));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("real")), dir.filePath(QStringLiteral("link"))));
        const QString cwd = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        auto relative = Store::open(QStringLiteral("real/rel.recollector"));
        auto linked = Store::open(QStringLiteral("link/through-link.recollector"));
        QDir::setCurrent(cwd);
        QVERIFY2(relative, relative ? "" : qPrintable(relative.error().message));
        QVERIFY2(linked, linked ? "" : qPrintable(linked.error().message));
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("real/through-link.recollector"))));
    }

    void bothProgramsFailAtStartUpWithOneLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cli.recollector"));
        const Run failed = cli({QStringLiteral("--store"), path, QStringLiteral("stats")}, QString::number(kOtherVersion));
        QCOMPARE(failed.code, 1);
        QCOMPARE(failed.out, QByteArray());
        const QList<QByteArray> lines = failed.err.trimmed().split('\n');
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.first().startsWith("recollector-cli: SQLite mismatch: "), lines.first().constData());
        QVERIFY2(lines.first().contains("3.0.0"), lines.first().constData());
        QVERIFY(!QFileInfo::exists(path));
        // Even a command that needs no store stops there: the check runs at start-up.
        const Run help = cli({QStringLiteral("help")}, QString::number(kOtherVersion));
        QCOMPARE(help.code, 1);

        const Run ok = cli({QStringLiteral("--store"), path, QStringLiteral("stats")});
        QVERIFY2(ok.code == 0, ok.err.constData());
        QVERIFY(QFileInfo::exists(path));
    }

    void windowFailsAtStartUpWithOneLine()
    {
        // The window, offscreen (ctest sets QT_QPA_PLATFORM): with the check failing it stops
        // before its main window exists, so it neither opens nor creates the store it was given.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gui.recollector"));
        const Run failed = run(QStringLiteral(RECOLLECTOR_GUI_PATH), {path}, QString::number(kOtherVersion));
        QCOMPARE(failed.code, 1);
        const QList<QByteArray> lines = failed.err.trimmed().split('\n');
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.first().startsWith("recollector: SQLite mismatch: "), lines.first().constData());
        QVERIFY2(lines.first().contains("3.0.0"), lines.first().constData());
        QVERIFY(!QFileInfo::exists(path));
    }
};

QTEST_GUILESS_MAIN(TestSqliteLink)
#include "tst_sqlite_link.moc"
