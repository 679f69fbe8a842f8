// Folder exports are all or nothing (docs/formats.md, "Agent memory folders"): an agent
// folder and a Claude Code memory folder are written into a temporary sibling and moved into
// place. Through the real recollector-cli, a write that fails as on a full disk leaves no new
// folder, an existing folder exactly as it was, and no temporary sibling; the same export
// without the failure writes every file (the Claude folder's index lists each one).
#include "CliProcess.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace recollector;

namespace {

std::map<QString, QByteArray> snapshot(const QString &dir)
{
    std::map<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(path));
        out[QDir(dir).relativeFilePath(path)] = f.readAll();
    }
    return out;
}

} // namespace

class TestExportFolderAllOrNothing : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_store;

    test::CliRun cli(const QStringList &args, const test::CliEnvironment &env = {}) const
    {
        return test::runRecollectorCli(m_store, args, {}, 120000, env);
    }
    void add(const QString &content) const
    {
        QCOMPARE(cli({QStringLiteral("add"), QStringLiteral("--content"), content}).code, 0);
    }

private slots:
    void initTestCase()
    {
        m_store = m_tmp.filePath(QStringLiteral("s.recollector"));
        add(QStringLiteral("Likes green tea in the afternoon"));
        add(QStringLiteral("Deploys the billing service on Tuesdays"));
    }

    void aFailedExportLeavesNothing_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("agent folder") << "folder";
        QTest::newRow("claude-memory") << "claude-memory";
    }

    void aFailedExportLeavesNothing()
    {
        QFETCH(QString, format);
        const QString parent = m_tmp.filePath(format);
        const QString out = parent + QStringLiteral("/out");
        const test::CliEnvironment full{{QStringLiteral("RECOLLECTOR_FAIL_AT"), QStringLiteral("export.rename")}};
        const QStringList args{QStringLiteral("export"), out + QLatin1Char('/'), QStringLiteral("--format"), format};

        // A new folder: not made at all.
        const test::CliRun failed = cli(args, full);
        QVERIFY2(failed.code != 0, failed.out.constData());
        QVERIFY2(failed.err.contains("No space left on device"), failed.err.constData());
        QVERIFY(!QFileInfo::exists(out));
        QCOMPARE(QDir(parent).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList());

        // The same export without the failure writes every file.
        const test::CliRun done = cli(args);
        QVERIFY2(done.code == 0, done.err.constData());
        const auto before = snapshot(out);
        const int memories = cli({QStringLiteral("--json"), QStringLiteral("stats")}).json().object().value(QStringLiteral("memories")).toInt();
        QVERIFY(memories >= 2);
        if (format == QLatin1String("claude-memory")) { // each memory's file and its index line
            QCOMPARE(int(before.size()), memories + 1);
            QCOMPARE(int(before.at(QStringLiteral("MEMORY.md")).count("](")), memories);
        } else {
            QCOMPARE(int(before.size()), memories);
        }

        // An existing folder: exactly as it was after a failed export of one more memory.
        add(QStringLiteral("Reads the release notes on Fridays ") + format);
        const test::CliRun again = cli(args, full);
        QVERIFY(again.code != 0);
        QCOMPARE(snapshot(out), before);
        QCOMPARE(QDir(parent).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{QStringLiteral("out")});
        QVERIFY(cli(args).code == 0);
        QVERIFY(snapshot(out).size() > before.size());
    }
};

QTEST_GUILESS_MAIN(TestExportFolderAllOrNothing)
#include "tst_export_folder_all_or_nothing.moc"
