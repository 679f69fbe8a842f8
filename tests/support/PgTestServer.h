#pragma once

// A PostgreSQL 15 server of the test's own (docs/team-store.md, "Tests against a real
// server"): `initdb` into a temporary folder, `pg_ctl` on a free port of 127.0.0.1 with its
// unix socket in that folder, stopped when the object goes, also when a test fails.
// Header-only, like the other support files.
//
// The first server of a machine runs initdb into a template folder that later servers copy
// (copyTemplate). initdb and pg_ctl refuse to run as root (CI runs as root): as root, the folder is given to
// the `postgres` system user (Debian's package creates it) and both run as that user through
// setpriv; as anyone else they run as that user. Clients connect over TCP with a password
// that libpq reads from the PGPASSFILE this object writes and exports, as a person's
// ~/.pgpass would be read: no password is ever put in a URL or on a command line.
//
// A process that dies without running destructors (a crash, qFatal) must not leave a server
// behind: a watchdog shell holds the read end of a pipe whose only writer is this process,
// and stops the server when it reads end-of-file.

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QUuid>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>

namespace recollector::test {

class PgTestServer final
{
public:
    static constexpr const char *kBin = "/usr/lib/postgresql/15/bin";
    static constexpr const char *kUser = "recollector";

    PgTestServer() { m_error = start(); }
    ~PgTestServer() { (void)stop(); }
    PgTestServer(const PgTestServer &) = delete;
    PgTestServer &operator=(const PgTestServer &) = delete;

    /// Empty when the server runs; otherwise what went wrong (with the server log's tail).
    const QString &error() const { return m_error; }
    bool isRunning() const { return m_postmasterPid > 0; }
    int port() const { return m_port; }
    qint64 startMs() const { return m_startMs; }
    /// initdb, or the copy of its template (the first server of a machine runs initdb).
    qint64 initdbMs() const { return m_initdbMs; }
    qint64 postmasterPid() const { return m_postmasterPid; }
    QString dataDir() const { return m_dir.filePath(QStringLiteral("data")); }

    /// A fresh, empty database on this server and the store URL that opens it.
    QString createDatabase()
    {
        const QString name = QStringLiteral("t_%1").arg(++m_databases);
        const QString err = adminExec(QStringLiteral("CREATE DATABASE %1").arg(name));
        if (!err.isEmpty())
            qFatal("cannot create database %s: %s", qPrintable(name), qPrintable(err));
        return url(name);
    }
    /// The database a store URL names (its path).
    static QString databaseOf(const QString &url) { return url.section(QLatin1Char('/'), 3).section(QLatin1Char('?'), 0, 0); }
    QString url(const QString &database) const
    {
        return QStringLiteral("postgresql://%1@127.0.0.1:%2/%3?sslmode=disable")
            .arg(QLatin1String(kUser), QString::number(m_port), database);
    }

    /// Runs one statement on `database` (default: `postgres`) as the superuser; empty on success.
    QString adminExec(const QString &sql, const QString &database = QStringLiteral("postgres")) const
    {
        const QString name = QStringLiteral("pg-admin-%1").arg(QUuid::createUuid().toString(QUuid::Id128));
        QString err;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
            db.setHostName(QStringLiteral("127.0.0.1"));
            db.setPort(m_port);
            db.setUserName(QLatin1String(kUser));
            db.setDatabaseName(database);
            db.setConnectOptions(QStringLiteral("sslmode=disable"));
            if (!db.open()) {
                err = db.lastError().text();
            } else {
                QSqlQuery q(db);
                if (!q.exec(sql))
                    err = q.lastError().text();
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
        return err;
    }

    /// Stops the server (pg_ctl stop -m immediate: the data is thrown away) and checks that no
    /// process of it is left. Returns what went wrong, empty on success. Idempotent.
    QString stop()
    {
        if (m_postmasterPid <= 0)
            return {};
        QElapsedTimer t;
        t.start();
        QString err = runAsOwner(QStringLiteral("pg_ctl"),
                                 {QStringLiteral("-D"), dataDir(), QStringLiteral("-m"), QStringLiteral("immediate"),
                                  QStringLiteral("-w"), QStringLiteral("stop")});
        m_stopMs = t.elapsed();
        if (m_watchdog) {
            m_watchdog->closeWriteChannel(); // its own stop finds no server and ends
            m_watchdog->waitForFinished(30000);
            m_watchdog.reset();
        }
        waitForExit(m_postmasterPid);
        const QList<qint64> left = processesIn(dataDir());
        if (!left.isEmpty())
            err += QStringLiteral(" postgres processes left: %1").arg(left.size());
        m_postmasterPid = 0;
        return err;
    }
    qint64 stopMs() const { return m_stopMs; }

    /// What the death of this process does to the server: the watchdog's pipe is closed, the
    /// watchdog stops the server. For the test of the watchdog itself.
    void dropLifeline()
    {
        if (!m_watchdog)
            return;
        m_watchdog->closeWriteChannel();
        m_watchdog->waitForFinished(30000);
        m_watchdog.reset();
        waitForExit(m_postmasterPid);
        m_postmasterPid = 0;
    }

    /// Waits until process `pid` has ended. `pg_ctl stop` returns once the postmaster removed
    /// its pid file, which it does on its way out, before the process itself has gone: on a
    /// loaded machine it is still there, working in the data folder, a moment later. A pidfd
    /// becomes readable when the process ends (no polling, and it works for a process that is
    /// not our child).
    static void waitForExit(qint64 pid)
    {
        if (pid <= 0)
            return;
        // The system call itself: Debian 12's <sys/pidfd.h> declares pidfd_open without C linkage.
        const int fd = int(::syscall(SYS_pidfd_open, pid_t(pid), 0));
        if (fd < 0)
            return; // already gone
        pollfd p{fd, POLLIN, 0};
        (void)poll(&p, 1, 30000);
        ::close(fd);
    }

    /// The processes whose working folder is `dir` (every postgres process of a server works
    /// in its data folder): read from /proc, so nothing has to be asked of the server.
    static QList<qint64> processesIn(const QString &dir)
    {
        QList<qint64> out;
        const QString canonical = QDir(dir).canonicalPath();
        const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &e : entries) {
            bool ok = false;
            const qint64 pid = e.toLongLong(&ok);
            if (!ok)
                continue;
            const QString cwd = QFile::symLinkTarget(QStringLiteral("/proc/%1/cwd").arg(e));
            if (!canonical.isEmpty() && cwd == canonical)
                out.append(pid);
        }
        return out;
    }

private:
    QString start()
    {
        if (!m_dir.isValid())
            return QStringLiteral("cannot make a temporary folder");
        if (!QFile::exists(QStringLiteral("%1/initdb").arg(QLatin1String(kBin))))
            return QStringLiteral("PostgreSQL 15 is not installed (bash scripts/dev.sh install)");
        if (geteuid() == 0) {
            const passwd *pw = getpwnam("postgres");
            if (!pw)
                return QStringLiteral("running as root, and there is no postgres user to run the server as");
            m_uid = pw->pw_uid;
            m_gid = pw->pw_gid;
            if (chown(QFile::encodeName(m_dir.path()).constData(), m_uid, m_gid) != 0)
                return QStringLiteral("cannot give %1 to the postgres user").arg(m_dir.path());
        }
        QString password;
        QElapsedTimer t;
        t.start();
        QString err = copyTemplate(password);
        m_initdbMs = t.elapsed();
        if (!err.isEmpty())
            return err;
        // The password clients read from PGPASSFILE (libpq, as ~/.pgpass), never from a URL.
        if (!m_clientDir.isValid() || !writeFile(m_clientDir.filePath(QStringLiteral("pgpass")),
                                                 QStringLiteral("127.0.0.1:*:*:%1:%2\n")
                                                     .arg(QLatin1String(kUser), password).toUtf8(),
                                                 false))
            return QStringLiteral("cannot write the pgpass file");
        qputenv("PGPASSFILE", QFile::encodeName(m_clientDir.filePath(QStringLiteral("pgpass"))));
        m_port = freePort();
        if (m_port <= 0)
            return QStringLiteral("no free port on 127.0.0.1");
        // Durability is not under test here: no fsync, so a test's writes cost what SQL costs.
        const QString options = QStringLiteral("-p %1 -k %2 -c listen_addresses=127.0.0.1 -c fsync=off "
                                               "-c full_page_writes=off -c synchronous_commit=off")
                                    .arg(QString::number(m_port), m_dir.path());
        t.restart();
        err = runAsOwner(QStringLiteral("pg_ctl"),
                         {QStringLiteral("-D"), dataDir(), QStringLiteral("-l"), m_dir.filePath(QStringLiteral("log")),
                          QStringLiteral("-o"), options, QStringLiteral("-w"), QStringLiteral("start")});
        m_startMs = t.elapsed();
        if (!err.isEmpty())
            return err + QStringLiteral("\n") + logTail();
        QFile pidFile(dataDir() + QStringLiteral("/postmaster.pid"));
        if (pidFile.open(QIODevice::ReadOnly))
            m_postmasterPid = pidFile.readLine().trimmed().toLongLong();
        if (m_postmasterPid <= 0)
            return QStringLiteral("the server started but wrote no postmaster.pid");
        startWatchdog();
        return {};
    }

    // initdb costs seconds; a copy of its result a fraction of one. The first server of a
    // machine (per user and PostgreSQL build) runs initdb into a template folder under the
    // temporary folder, under a lock, renamed into place only when complete; every server
    // copies it. Its password is the template's, in a file only its owner reads.
    QString copyTemplate(QString &password) const
    {
        const QFileInfo initdb(QStringLiteral("%1/initdb").arg(QLatin1String(kBin)));
        const QString base = QStringLiteral("%1/recollector-pg-template-%2-%3")
                                 .arg(QDir::tempPath(), QString::number(geteuid()),
                                      QString::number(initdb.lastModified().toSecsSinceEpoch()));
        QLockFile lock(base + QStringLiteral(".lock"));
        lock.setStaleLockTime(0); // a lock whose process is gone is taken over, whatever its age
        if (!lock.lock())
            return QStringLiteral("cannot lock %1.lock").arg(base);
        if (!QFile::exists(base + QStringLiteral("/data/PG_VERSION"))) {
            const QString partial = base + QStringLiteral(".partial");
            QDir(partial).removeRecursively();
            if (!QDir().mkpath(partial) || (m_uid != 0 && chown(QFile::encodeName(partial).constData(), m_uid, m_gid) != 0))
                return QStringLiteral("cannot make %1").arg(partial);
            QFile::setPermissions(partial, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
            const QString pwfile = partial + QStringLiteral("/password");
            if (!writeFile(pwfile, QUuid::createUuid().toString(QUuid::Id128).toUtf8() + '\n', true))
                return QStringLiteral("cannot write %1").arg(pwfile);
            const QString err = runAsOwner(
                QStringLiteral("initdb"),
                {QStringLiteral("-D"), partial + QStringLiteral("/data"), QStringLiteral("-U"), QLatin1String(kUser),
                 QStringLiteral("--pwfile=%1").arg(pwfile), QStringLiteral("--auth-local=trust"),
                 QStringLiteral("--auth-host=scram-sha-256"), QStringLiteral("-E"), QStringLiteral("UTF8"),
                 QStringLiteral("--locale=C.UTF-8"), QStringLiteral("--no-sync"), QStringLiteral("--no-instructions")});
            if (!err.isEmpty())
                return err;
            QDir(base).removeRecursively();
            if (!QDir().rename(partial, base))
                return QStringLiteral("cannot rename %1").arg(partial);
        }
        QFile pw(base + QStringLiteral("/password"));
        if (!pw.open(QIODevice::ReadOnly))
            return QStringLiteral("cannot read %1").arg(pw.fileName());
        password = QString::fromUtf8(pw.readAll()).trimmed();
        return runProgramAsOwner(QStringLiteral("/bin/cp"),
                                 {QStringLiteral("-a"), base + QStringLiteral("/data"), dataDir()});
    }

    void startWatchdog()
    {
        m_watchdog = std::make_unique<QProcess>();
        const QString stop = QStringLiteral("%1/pg_ctl -D '%2' -m immediate stop >/dev/null 2>&1")
                                 .arg(QLatin1String(kBin), dataDir());
        QStringList args = ownerPrefix();
        args << QStringLiteral("/bin/sh") << QStringLiteral("-c") << QStringLiteral("cat >/dev/null; ") + stop;
        m_watchdog->setProgram(args.takeFirst());
        m_watchdog->setArguments(args);
        m_watchdog->setStandardOutputFile(QProcess::nullDevice());
        m_watchdog->start();
        m_watchdog->waitForStarted();
    }

    QStringList ownerPrefix() const
    {
        if (m_uid == 0)
            return {};
        return {QStringLiteral("setpriv"), QStringLiteral("--reuid=%1").arg(m_uid),
                QStringLiteral("--regid=%1").arg(m_gid), QStringLiteral("--init-groups")};
    }

    QString runAsOwner(const QString &tool, const QStringList &toolArgs) const
    {
        return runProgramAsOwner(QStringLiteral("%1/%2").arg(QLatin1String(kBin), tool), toolArgs);
    }

    QString runProgramAsOwner(const QString &path, const QStringList &toolArgs) const
    {
        const QString tool = QFileInfo(path).fileName();
        QStringList args = ownerPrefix();
        args << path << toolArgs;
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.setWorkingDirectory(m_dir.path());
        const QString program = args.takeFirst();
        p.start(program, args);
        if (!p.waitForFinished(120000))
            return QStringLiteral("%1 did not finish: %2").arg(tool, p.errorString());
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return QStringLiteral("%1 failed: %2").arg(tool, QString::fromLocal8Bit(p.readAll()));
        return {};
    }

    bool writeFile(const QString &path, const QByteArray &bytes, bool forOwner) const
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return false;
        f.close();
        f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        return !forOwner || m_uid == 0 || chown(QFile::encodeName(path).constData(), m_uid, m_gid) == 0;
    }

    QString logTail() const
    {
        QFile f(m_dir.filePath(QStringLiteral("log")));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return QString::fromUtf8(f.readAll().right(2000));
    }

    static int freePort()
    {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0)
            return -1;
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        addr.sin_port = 0;
        socklen_t len = sizeof addr;
        int port = -1;
        if (bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0
            && getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len) == 0)
            port = ntohs(addr.sin_port);
        close(fd);
        return port;
    }

    QTemporaryDir m_dir{QDir::tempPath() + QStringLiteral("/recollector-pg-XXXXXX")};
    QTemporaryDir m_clientDir;
    std::unique_ptr<QProcess> m_watchdog;
    QString m_error;
    uid_t m_uid = 0;
    gid_t m_gid = 0;
    int m_port = 0;
    int m_databases = 0;
    qint64 m_postmasterPid = 0;
    qint64 m_initdbMs = 0;
    qint64 m_startMs = 0;
    qint64 m_stopMs = 0;
};

} // namespace recollector::test
