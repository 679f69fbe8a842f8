// The package a person installs, and the script that prepares a machine:
// - scripts/dev.sh names real packages only, so on a ready machine it finds nothing missing
//   and its install step runs no apt command (apt-get, apt and sudo shadowed by stubs that
//   leave a mark);
// - `cpack -G DEB` (docs/development.md, "Debian package") builds a .deb whose Depends declares
//   the Qt SQLite driver plugin (without it no store opens) and the CJK fonts the demo needs, with recollector
//   and recollector-cli in usr/bin, the desktop entry, icon and metainfo in place; the desktop
//   entry passes desktop-file-validate and the metainfo appstreamcli validate;
// - the installed recollector-cli (extracted from the .deb) creates and reads a store.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run run(const QString &program, const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
        int timeoutMs = 600000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// The build tree: recollector-cli is <build>/app/recollector-cli.
QString buildDir() { return QFileInfo(QStringLiteral(RECOLLECTOR_CLI_PATH)).dir().absoluteFilePath(QStringLiteral("..")); }

bool writeStub(const QString &path, const QString &marker)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(QStringLiteral("#!/bin/sh\necho \"$0 $*\" >> '%1'\nexit 1\n").arg(marker).toUtf8());
    f.close();
    return f.setPermissions(f.permissions() | QFile::ExeOwner | QFile::ExeUser);
}

} // namespace

class TestPackage : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_deb;
    QString m_root; // the .deb's files, extracted

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void devScriptFindsEveryPackageInstalled()
    {
        const Run r = run(QStringLiteral("bash"), {QStringLiteral(RECOLLECTOR_SOURCE_DIR "/scripts/dev.sh"), QStringLiteral("missing")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // A name dpkg does not know as installed (a virtual package, a typo) would be listed
        // on every run, and every run would call apt.
        QVERIFY2(r.out.trimmed().isEmpty(), qPrintable(QStringLiteral("missing: ") + r.out));
    }

    void aReadyMachineRunsNoAptCommand()
    {
        const QString bin = m_dir.filePath(QStringLiteral("stubs"));
        QVERIFY(QDir().mkpath(bin));
        const QString marker = m_dir.filePath(QStringLiteral("apt-was-called"));
        for (const char *name : {"apt-get", "apt", "sudo"})
            QVERIFY(writeStub(bin + QLatin1Char('/') + QLatin1String(name), marker));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"), bin + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        const Run r = run(QStringLiteral("bash"), {QStringLiteral(RECOLLECTOR_SOURCE_DIR "/scripts/dev.sh"), QStringLiteral("install")}, env);
        QFile calls(marker);
        const QString called = calls.open(QIODevice::ReadOnly) ? QString::fromUtf8(calls.readAll()) : QString();
        QVERIFY2(called.isEmpty(), qPrintable(QStringLiteral("apt ran: ") + called + r.out));
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void cpackBuildsADeb()
    {
        const QString out = m_dir.filePath(QStringLiteral("deb"));
        const Run r = run(QStringLiteral("cpack"), {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("--config"),
                                                    buildDir() + QStringLiteral("/CPackConfig.cmake"), QStringLiteral("-B"), out});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const QStringList debs = QDir(out).entryList({QStringLiteral("recollector_*.deb")}, QDir::Files);
        QCOMPARE(debs.size(), 1);
        m_deb = QDir(out).filePath(debs.first());
        m_root = m_dir.filePath(QStringLiteral("root"));
        const Run x = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-x"), m_deb, m_root});
        QVERIFY2(x.code == 0, qPrintable(x.err));
    }

    void theDebDeclaresTheSqliteDriverAndCjkFonts()
    {
        QVERIFY(!m_deb.isEmpty());
        const Run r = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), m_deb, QStringLiteral("Depends")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QStringList depends;
        for (const QString &d : r.out.split(QLatin1Char(',')))
            depends.append(d.trimmed().section(QLatin1Char(' '), 0, 0));
        QVERIFY2(depends.contains(QStringLiteral("libqt6sql6-sqlite")), qPrintable(r.out));
        QVERIFY2(depends.contains(QStringLiteral("fonts-noto-cjk")), qPrintable(r.out));
        // What the binaries link is still computed (dpkg-shlibdeps).
        QVERIFY2(depends.contains(QStringLiteral("libqt6widgets6")), qPrintable(r.out));
        // The memory set's JSON reader links simdjson (Debian 12: libsimdjson14).
        QVERIFY2(depends.contains(QStringLiteral("libsimdjson14")), qPrintable(r.out));
    }

    void theDebRecommendsThePostgresDriver()
    {
        QVERIFY(!m_deb.isEmpty());
        const Run r = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), m_deb, QStringLiteral("Recommends")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("libqt6sql6-psql")), qPrintable(r.out));
    }

    void theDebTakesThePlaceOfEngram()
    {
        QVERIFY(!m_deb.isEmpty());
        for (const QString field : {QStringLiteral("Replaces"), QStringLiteral("Breaks")}) {
            const Run r = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), m_deb, field});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            QCOMPARE(r.out.trimmed(), QStringLiteral("engram (<< 0.2)"));
        }
        const Run p = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), m_deb, QStringLiteral("Package")});
        QCOMPARE(p.out.trimmed(), QStringLiteral("recollector"));
    }

    void theFilesArePlacedAndValid()
    {
        QVERIFY(!m_root.isEmpty());
        const QDir usr(m_root + QStringLiteral("/usr"));
        QVERIFY(QFileInfo(usr.filePath(QStringLiteral("bin/recollector"))).isExecutable());
        QVERIFY(QFileInfo(usr.filePath(QStringLiteral("bin/recollector-cli"))).isExecutable());
        QVERIFY(QFileInfo::exists(usr.filePath(QStringLiteral("share/icons/hicolor/scalable/apps/io.github.recollector.Recollector.svg"))));
        const QString desktop = usr.filePath(QStringLiteral("share/applications/io.github.recollector.Recollector.desktop"));
        const QString metainfo = usr.filePath(QStringLiteral("share/metainfo/io.github.recollector.Recollector.metainfo.xml"));
        QVERIFY(QFileInfo::exists(desktop));
        QVERIFY(QFileInfo::exists(metainfo));
        // The programs hold WordNet's word senses: its licence asks for its notice in every copy.
        QFile copyright(usr.filePath(QStringLiteral("share/doc/recollector/copyright")));
        QVERIFY(copyright.open(QIODevice::ReadOnly));
        QVERIFY(copyright.readAll().contains("WordNet 3.0 Copyright 2006 by Princeton University"));

        if (QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate")).isEmpty())
            QFAIL("desktop-file-validate is missing: bash scripts/dev.sh install");
        const Run d = run(QStringLiteral("desktop-file-validate"), {desktop});
        QVERIFY2(d.code == 0 && d.out.trimmed().isEmpty(), qPrintable(d.out + d.err));

        if (QStandardPaths::findExecutable(QStringLiteral("appstreamcli")).isEmpty())
            QFAIL("appstreamcli is missing: bash scripts/dev.sh install");
        const Run a = run(QStringLiteral("appstreamcli"), {QStringLiteral("validate"), QStringLiteral("--no-net"), metainfo});
        QVERIFY2(a.code == 0, qPrintable(a.out + a.err));
    }

    void theInstalledCliOpensAStore()
    {
        QVERIFY(!m_root.isEmpty());
        const QString cli = m_root + QStringLiteral("/usr/bin/recollector-cli");
        const QString store = m_dir.filePath(QStringLiteral("installed.recollector"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
        const Run add = run(cli, {QStringLiteral("--store"), store, QStringLiteral("add"), QStringLiteral("--content"),
                                  QStringLiteral("Prefers tabs over spaces")}, env);
        QVERIFY2(add.code == 0, qPrintable(add.err));
        const Run list = run(cli, {QStringLiteral("--store"), store, QStringLiteral("--json"), QStringLiteral("list")}, env);
        QVERIFY2(list.code == 0, qPrintable(list.err));
        QVERIFY2(list.out.contains(QStringLiteral("Prefers tabs over spaces")), qPrintable(list.out));
    }
};

QTEST_GUILESS_MAIN(TestPackage)
#include "tst_package.moc"
