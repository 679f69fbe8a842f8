// A full disk is said as a full disk (docs/formats.md, "Writing back"): the real
// recollector-cli with its store, and an attached folder's side store, on a small tmpfs that
// is then filled (mounted in a user and mount namespace of its own, `unshare -rm`, so the test
// needs no privileges). A decision then fails with "the disk is full", never SQLite's "disk
// I/O error", and the attached folder's file is unchanged. A damaged sealed envelope is
// reported as damaged, not as a locked store (tests/core/tst_level3_every_export.cpp has the
// locked case).
#include "CliProcess.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// `script` run by sh in a namespace where `mount` is a tmpfs of `size`; stdout and stderr.
QByteArray inSmallDisk(const QString &mount, const QString &size, const QString &script)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
    env.insert(QStringLiteral("CLI"), QStringLiteral(RECOLLECTOR_CLI_PATH));
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("unshare"), {QStringLiteral("-rm"), QStringLiteral("sh"), QStringLiteral("-c"),
                                        QStringLiteral("mount -t tmpfs -o size=%1 tmpfs '%2' && %3").arg(size, mount, script)});
    if (!p.waitForFinished(120000))
        qFatal("the small-disk script did not finish");
    return p.readAll();
}

} // namespace

class TestFullDiskMessages : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

private slots:
    void initTestCase()
    {
        QProcess probe;
        probe.start(QStringLiteral("unshare"), {QStringLiteral("-rm"), QStringLiteral("true")});
        if (!probe.waitForFinished(30000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
            QSKIP("this system gives no user and mount namespaces (unshare -rm): no small disk to fill");
    }

    void aFullDiskIsSaidSo()
    {
        const QString disk = m_tmp.filePath(QStringLiteral("disk"));
        QVERIFY(QDir().mkpath(disk));
        const QString folder = m_tmp.filePath(QStringLiteral("hub/memory"));
        QVERIFY(QDir().mkpath(folder));
        const QString file = QDir(folder).filePath(QStringLiteral("1a2de668.json"));
        QVERIFY(QFile::copy(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/agent-folder/1a2de668.json"), file));
        const QByteArray before = readAll(file);
        // Both stores made while there is room, the disk filled, then one decision on each.
        const QString script = QStringLiteral(
            "export XDG_DATA_HOME='%1/data'; "
            "$CLI --store '%1/s.recollector' add --content 'Likes green tea' >/dev/null 2>&1 || echo SETUP-FAILED; "
            "$CLI --attach '%2' list >/dev/null 2>&1 || echo SETUP-FAILED; "
            "dd if=/dev/zero of='%1/fill' bs=4k >/dev/null 2>&1; "
            "echo STORE:; $CLI --store '%1/s.recollector' add --content 'Deploys on Tuesdays, every week, without fail'; echo \"exit $?\"; "
            "echo ATTACHED:; $CLI --attach '%2' reinforce 1a2de668; echo \"exit $?\"")
                                   .arg(disk, folder);
        const QByteArray out = inSmallDisk(disk, QStringLiteral("2m"), script);
        QVERIFY2(!out.contains("SETUP-FAILED"), out.constData());
        qInfo("%s", out.constData());
        const QByteArray store = out.mid(out.indexOf("STORE:"), out.indexOf("ATTACHED:") - out.indexOf("STORE:"));
        const QByteArray attached = out.mid(out.indexOf("ATTACHED:"));
        for (const QByteArray &part : {store, attached}) {
            QVERIFY2(part.contains("disk is full") || part.contains("No space left on device"), out.constData());
            QVERIFY2(!part.contains("disk I/O error"), out.constData());
            QVERIFY2(!part.contains("exit 0"), out.constData());
        }
        QCOMPARE(readAll(file), before);
    }
};

QTEST_GUILESS_MAIN(TestFullDiskMessages)
#include "tst_full_disk_messages.moc"
