// What Recollector wrote under its first name, Engram, opens and works as it is (docs/formats.md,
// "Files written under the name Engram"). The fixtures in tests/data/engram-0.1/ were written
// by the last Engram build; their README says how. The real recollector-cli runs on copies of
// them, as a person upgrading from Engram would run it.
#include "CliProcess.h"
#include "TestFiles.h"

#include "io/AgentEntry.h"
#include "io/MemorySet.h"
#include "model/ProgramNames.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace recollector;
using namespace recollector::core;
using test::readAll;

namespace {

const QString kFixtures = QStringLiteral(RECOLLECTOR_TEST_DATA "/engram-0.1");
// What the fixtures hold (tests/data/engram-0.1/README.md).
constexpr int kStoreMemories = 4;
const QString kSealedText = QStringLiteral("The user's bank PIN hint is the year the cat was adopted");
const QString kDeletedAgentFile = QStringLiteral("1a2b0003.json");

/// `recollector-cli ARGS…` with this home's data and config folders.
test::CliRun cli(const QString &home, const QStringList &args, const test::CliEnvironment &extra = {})
{
    test::CliEnvironment env {{QStringLiteral("HOME"), home},
                              {QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/.local/share")},
                              {QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/.config")}};
    return test::runCli(args, env + extra);
}

QString failure(const test::CliRun &r) { return QString::fromUtf8(r.out + r.err); }

bool copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString target = QDir(to).filePath(QDir(from).relativeFilePath(path));
        if (!QDir().mkpath(QFileInfo(target).path()) || !QFile::copy(path, target))
            return false;
        QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner);
    }
    return true;
}

QStringList contentsOf(const QJsonDocument &list)
{
    QStringList out;
    for (const QJsonValue &m : list.array())
        out << m.toObject().value(QStringLiteral("content")).toString();
    out.sort();
    return out;
}

} // namespace

class TestEngramCompat : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    int m_homes = 0;

    /// A fresh home folder for one test.
    QString newHome()
    {
        const QString home = m_tmp.filePath(QStringLiteral("home%1").arg(++m_homes));
        QDir().mkpath(home);
        return home;
    }

    QString copyOf(const QString &fixture, const QString &name)
    {
        const QString path = m_tmp.filePath(name);
        QFile::remove(path);
        if (!QFile::copy(QDir(kFixtures).filePath(fixture), path))
            return {};
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        return path;
    }

private slots:
    void opensAStoreEngramWroteAndDecidesOnIt()
    {
        const QString home = newHome();
        const QString store = copyOf(QStringLiteral("store.engram"), QStringLiteral("opened.engram"));
        QVERIFY(!store.isEmpty());
        test::CliRun list = cli(home, {QStringLiteral("--store"), store, QStringLiteral("--json"), QStringLiteral("list")});
        QVERIFY2(list.code == 0, qPrintable(failure(list)));
        QCOMPARE(list.json().array().size(), kStoreMemories);
        QVERIFY(contentsOf(list.json()).contains(QStringLiteral("The user prefers tabs over spaces in Go code")));

        // A decision on it is written into the same file, which stays where it is.
        const test::CliRun added = cli(home, {QStringLiteral("--store"), store, QStringLiteral("add"), QStringLiteral("--content"),
                                              QStringLiteral("Added after the rename")});
        QVERIFY2(added.code == 0, qPrintable(failure(added)));
        list = cli(home, {QStringLiteral("--store"), store, QStringLiteral("--json"), QStringLiteral("list")});
        QCOMPARE(list.json().array().size(), kStoreMemories + 1);
        QCOMPARE(QDir(m_tmp.path()).entryList({QStringLiteral("opened.recollector*")}), QStringList());
        const test::CliRun check = cli(home, {QStringLiteral("--store"), store, QStringLiteral("check")});
        QVERIFY2(check.code == 0, qPrintable(failure(check)));
    }

    void unlocksTheSealedMemoryOfAStoreEngramWrote()
    {
        // The key check Engram sealed into the store opens with the same passphrase.
        const QString home = newHome();
        const QString store = copyOf(QStringLiteral("store.engram"), QStringLiteral("sealed.engram"));
        const QString passphrase = QDir(kFixtures).filePath(QStringLiteral("passphrase.txt"));
        const test::CliRun check = cli(home, {QStringLiteral("--store"), store, QStringLiteral("--passphrase-file"), passphrase,
                                              QStringLiteral("unlock"), QStringLiteral("--check")});
        QVERIFY2(check.code == 0, qPrintable(failure(check)));
        // Engram's variable still names the passphrase file.
        const test::CliRun list = cli(home, {QStringLiteral("--store"), store, QStringLiteral("--json"), QStringLiteral("list")},
                                      {{QStringLiteral("ENGRAM_PASSPHRASE_FILE"), passphrase}});
        QVERIFY2(list.code == 0, qPrintable(failure(list)));
        QVERIFY2(contentsOf(list.json()).contains(kSealedText), list.out.constData());
        const test::CliRun locked = cli(home, {QStringLiteral("--store"), store, QStringLiteral("--json"), QStringLiteral("list")});
        QVERIFY2(locked.code == 0, qPrintable(failure(locked)));
        QVERIFY(!contentsOf(locked.json()).contains(kSealedText));
    }

    void importsAMemorySetEngramWrote()
    {
        const QString home = newHome();
        const QString set = QDir(kFixtures).filePath(QStringLiteral("set.json"));
        QVERIFY(readAll(set).contains("\"engram-memory-set\""));
        for (const QStringList &how : {QStringList {}, QStringList {QStringLiteral("--format"), QStringLiteral("engram")}}) {
            const QString store = m_tmp.filePath(QStringLiteral("imported%1.recollector").arg(how.size()));
            const test::CliRun imported = cli(home, QStringList {QStringLiteral("--store"), store, QStringLiteral("import"), set} + how);
            QVERIFY2(imported.code == 0, qPrintable(failure(imported)));
            const test::CliRun list = cli(home, {QStringLiteral("--store"), store, QStringLiteral("--json"), QStringLiteral("list")});
            QCOMPARE(list.json().array().size(), 3);
            QVERIFY(contentsOf(list.json()).contains(QStringLiteral("The user prefers tabs over spaces in Go code")));
        }
        // An export names the new format, and reads back.
        const QString store = m_tmp.filePath(QStringLiteral("imported0.recollector"));
        const QString out = m_tmp.filePath(QStringLiteral("again.json"));
        const test::CliRun exported = cli(home, {QStringLiteral("--store"), store, QStringLiteral("export"), out});
        QVERIFY2(exported.code == 0, qPrintable(failure(exported)));
        const QJsonObject doc = QJsonDocument::fromJson(readAll(out)).object();
        QCOMPARE(doc.value(QStringLiteral("format")).toString(), io::MemorySet::kFormat);
        QCOMPARE(doc.value(QStringLiteral("memories")).toArray().size(), 3);
    }

    void theDefaultStoreIsEngramsUntilThereIsANewOne()
    {
        const QString home = newHome();
        const QString legacy = home + QStringLiteral("/.local/share/Engram/Engram");
        QVERIFY(QDir().mkpath(legacy));
        QVERIFY(QFile::copy(QDir(kFixtures).filePath(QStringLiteral("store.engram")), legacy + QStringLiteral("/default.engram")));
        QFile::setPermissions(legacy + QStringLiteral("/default.engram"), QFile::ReadOwner | QFile::WriteOwner);
        const test::CliRun list = cli(home, {QStringLiteral("--json"), QStringLiteral("list")});
        QVERIFY2(list.code == 0, qPrintable(failure(list)));
        QCOMPARE(list.json().array().size(), kStoreMemories);
        // No second, demo default store was made beside it.
        QVERIFY(!QFileInfo::exists(home + QStringLiteral("/.local/share/Recollector/Recollector/default.recollector")));
    }

    void aNewUserGetsTheNewDefaultStore()
    {
        const QString home = newHome();
        const test::CliRun stats = cli(home, {QStringLiteral("stats")});
        QVERIFY2(stats.code == 0, qPrintable(failure(stats)));
        QVERIFY(QFileInfo::exists(home + QStringLiteral("/.local/share/Recollector/Recollector/default.recollector")));
        QVERIFY(!QFileInfo::exists(home + QStringLiteral("/.local/share/Engram")));
    }

    void engramsVariablesAreReadWhenTheNewOnesAreNot()
    {
        qputenv("RECOLLECTOR_COMPAT_PROBE", "");
        qputenv("ENGRAM_COMPAT_PROBE", "old");
        QCOMPARE(names::environment("COMPAT_PROBE"), QStringLiteral("old"));
        qputenv("RECOLLECTOR_COMPAT_PROBE", "new");
        QCOMPARE(names::environment("COMPAT_PROBE"), QStringLiteral("new"));
        qunsetenv("RECOLLECTOR_COMPAT_PROBE");
        qunsetenv("ENGRAM_COMPAT_PROBE");
        QCOMPARE(names::environment("COMPAT_PROBE"), QString());
    }

    void engramsSettingsAreCopiedOnce()
    {
        const QString home = newHome();
        const QByteArray oldConfig = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", (home + QStringLiteral("/.config")).toUtf8());
        QCoreApplication::setOrganizationName(QStringLiteral("Recollector"));
        QCoreApplication::setApplicationName(QStringLiteral("Recollector"));
        {
            QSettings legacy(home + QStringLiteral("/.config/Engram/Engram.conf"), QSettings::IniFormat);
            legacy.setValue(QStringLiteral("stores/last"), QStringLiteral("/data/work.engram"));
            legacy.setValue(QStringLiteral("stores/recent"), QStringList {QStringLiteral("/data/work.engram"), QStringLiteral("/data/b.engram")});
        }
        QVERIFY(names::importLegacySettings());
        {
            QSettings settings;
            QCOMPARE(settings.value(QStringLiteral("stores/last")).toString(), QStringLiteral("/data/work.engram"));
            QCOMPARE(settings.value(QStringLiteral("stores/recent")).toStringList().size(), 2);
            settings.setValue(QStringLiteral("stores/last"), QStringLiteral("/data/new.recollector"));
        }
        // Once: Recollector's own settings are never overwritten by Engram's.
        QVERIFY(!names::importLegacySettings());
        QCOMPARE(QSettings().value(QStringLiteral("stores/last")).toString(), QStringLiteral("/data/new.recollector"));
        QVERIFY(QFileInfo::exists(home + QStringLiteral("/.config/Recollector/Recollector.conf")));
        qputenv("XDG_CONFIG_HOME", oldConfig);
    }

    void agentFilesKeepTheirEngramFields()
    {
        // An agent file Engram wrote: its own importance, tier and superseded flag under
        // Engram's keys.
        const QJsonObject file {
            {QStringLiteral("id"), QStringLiteral("1a2b0009")},
            {QStringLiteral("content"), QStringLiteral("Deploys go out on Tuesdays")},
            {QStringLiteral("category"), QStringLiteral("pattern")},
            {QStringLiteral("importance"), 7},
            {QStringLiteral("engramImportance"), 0.4},
            {QStringLiteral("tier"), QStringLiteral("longterm")},
            {QStringLiteral("engramAgentTier"), QStringLiteral("permanent")},
            {QStringLiteral("createdAt"), QStringLiteral("2025-03-01T09:00:00.000Z")},
        };
        auto read = io::AgentEntry::fromObject(file, QStringLiteral("1a2b0009.json"), {});
        QVERIFY2(read, read ? "" : qPrintable(read.error().message));
        QCOMPARE(read->importance, 0.4);
        QCOMPARE(read->agentImportance.value_or(0), 7.0);
        QCOMPARE(read->agentTier, QStringLiteral("permanent"));
        QVERIFY(!read->extra.contains(QStringLiteral("engramImportance")));

        // Written again: the new keys, and none of Engram's left beside them.
        const QJsonObject written = io::AgentEntry::toObject(*read, {}, file);
        QCOMPARE(written.value(QStringLiteral("recollectorImportance")).toDouble(), 0.4);
        QCOMPARE(written.value(QStringLiteral("recollectorAgentTier")).toString(), QStringLiteral("permanent"));
        for (const char *key : {"engramImportance", "engramAgentTier", "engramSuperseded"})
            QVERIFY2(!written.contains(QString::fromLatin1(key)), key);
        auto again = io::AgentEntry::fromObject(written, QStringLiteral("1a2b0009.json"), {});
        QVERIFY(again);
        QCOMPARE(again->importance, 0.4);
        QCOMPARE(again->agentTier, QStringLiteral("permanent"));
    }

    void importsAnAgentFolderEngramExported()
    {
        // Engram's own importance travelled in the file as engramImportance.
        const QString home = newHome();
        const QString store = m_tmp.filePath(QStringLiteral("from-folder.recollector"));
        const test::CliRun imported = cli(home, {QStringLiteral("--store"), store, QStringLiteral("import"),
                                                 QDir(kFixtures).filePath(QStringLiteral("agent-export"))});
        QVERIFY2(imported.code == 0, qPrintable(failure(imported)));
        const test::CliRun list = cli(home, {QStringLiteral("--store"), store, QStringLiteral("--json"), QStringLiteral("list")});
        QCOMPARE(list.json().array().size(), 1);
        const QJsonObject memory = list.json().array().first().toObject();
        QCOMPARE(memory.value(QStringLiteral("content")).toString(), QStringLiteral("Deploys need two approvals"));
        QCOMPARE(memory.value(QStringLiteral("importance")).toDouble(), 0.4);
        QVERIFY(!memory.value(QStringLiteral("extra")).toObject().contains(QStringLiteral("engramImportance")));
    }

    void undoOfADeleteEngramMadeBringsTheFileBack()
    {
        // An agent folder Engram was attached to: it deleted one memory (its file went to
        // .engram-trash) and kept the history in its side store. Recollector attached to the
        // same folder uses that side store where it is, and its undo brings the file back.
        const QString home = newHome();
        const QString project = home + QStringLiteral("/agent");
        QVERIFY(copyTree(QDir(kFixtures).filePath(QStringLiteral("agent")), project));
        const QString folder = QFileInfo(project + QStringLiteral("/memory")).canonicalFilePath();
        QVERIFY(!folder.isEmpty());
        QVERIFY(QFileInfo::exists(project + QStringLiteral("/.engram-trash/") + kDeletedAgentFile));
        QVERIFY(!QFileInfo::exists(folder + QLatin1Char('/') + kDeletedAgentFile));
        const QString hash = QString::fromLatin1(
            QCryptographicHash::hash(folder.toUtf8(), QCryptographicHash::Sha256).toHex().left(16));
        const QString side = home + QStringLiteral("/.local/share/Engram/Engram/attached/") + hash + QStringLiteral(".engram");
        QVERIFY(QDir().mkpath(QFileInfo(side).path()));
        QVERIFY(QFile::copy(QDir(kFixtures).filePath(QStringLiteral("agent-side.engram")), side));
        QFile::setPermissions(side, QFile::ReadOwner | QFile::WriteOwner);

        const QString id = QFileInfo(kDeletedAgentFile).completeBaseName();
        const test::CliRun show = cli(home, {QStringLiteral("--attach"), folder, QStringLiteral("--json"), QStringLiteral("show"), id});
        QVERIFY2(show.code == 0, qPrintable(failure(show)));
        qint64 deleteEvent = 0;
        for (const QJsonValue &e : show.json().object().value(QStringLiteral("history")).toArray()) {
            if (e.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("delete"))
                deleteEvent = qint64(e.toObject().value(QStringLiteral("id")).toDouble());
        }
        QVERIFY2(deleteEvent > 0, show.out.constData());

        const test::CliRun revert = cli(home, {QStringLiteral("--attach"), folder, QStringLiteral("revert"), QString::number(deleteEvent)});
        QVERIFY2(revert.code == 0, qPrintable(failure(revert)));
        QVERIFY(QFileInfo::exists(folder + QLatin1Char('/') + kDeletedAgentFile));
        QVERIFY(!QFileInfo::exists(project + QStringLiteral("/.engram-trash/") + kDeletedAgentFile));
        QCOMPARE(readAll(folder + QLatin1Char('/') + kDeletedAgentFile),
                 readAll(QDir(kFixtures).filePath(QStringLiteral("agent/.engram-trash/")) + kDeletedAgentFile));
        // The history stayed in Engram's side store: no second one was started.
        QVERIFY(!QFileInfo::exists(home + QStringLiteral("/.local/share/Recollector/Recollector/attached/") + hash
                                   + QStringLiteral(".recollector")));

        // A new delete goes to the new trash.
        const test::CliRun del = cli(home, {QStringLiteral("--attach"), folder, QStringLiteral("delete"), id});
        QVERIFY2(del.code == 0, qPrintable(failure(del)));
        QVERIFY(QFileInfo::exists(project + QStringLiteral("/.recollector-trash/") + kDeletedAgentFile));
    }
};

QTEST_GUILESS_MAIN(TestEngramCompat)
#include "tst_engram_compat.moc"
