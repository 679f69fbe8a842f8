// Level-3 text that OTHER rows quote (docs/formats.md, "Encryption at rest"), through the real
// recollector-cli on a store file on disk: a correction's new text (in the old memory's correction
// history and its negate event), a conflict resolution's winner (in the loser's correction
// history and the events written to both memories) and a merge's originals. Whether the memory
// is level 3 before the decision or raised to level 3 after it, neither the store file nor its
// -wal nor an export holds the text once every connection is closed; unlocked, `show` gives
// each text and history back.
#include "CliProcess.h"
#include "TempStore.h"

#include "store/StoreSeal.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    if (!f.exists())
        return {};
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// The texts that must never be on disk in plain; each one is a level-3 memory's own words.
const char *const kSecrets[] = {"QX5531", "QX7788", "QX2468", "QX9753", "Pelican", "Heron", "Kestrel", "Osprey", "QX8642"};
// Each secret holds letters: four digits alone turn up by chance in timestamps and base64.

} // namespace

class TestSealQuotes : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_pass;

    test::CliRun cli(const QStringList &args, bool unlocked = true)
    {
        QStringList all;
        if (unlocked)
            all << QStringLiteral("--passphrase-file") << m_pass;
        return test::runRecollectorCli(m_store, all + args);
    }
    QJsonObject json(const QStringList &args, bool unlocked = true)
    {
        const test::CliRun r = cli(QStringList{QStringLiteral("--json")} + args, unlocked);
        if (r.code != 0)
            qFatal("%s: %s", qPrintable(args.join(QLatin1Char(' '))), r.err.constData());
        return QJsonDocument::fromJson(r.out).object();
    }
    QString add(const QString &content, int sensitivity)
    {
        const QString id = json({QStringLiteral("add"), QStringLiteral("--content"), content, QStringLiteral("--keywords"),
                                 QStringLiteral("locker,code")})
                               .value(QStringLiteral("id"))
                               .toString();
        if (sensitivity > 0)
            json({QStringLiteral("edit"), id, QStringLiteral("--sensitivity"), QString::number(sensitivity)});
        return id;
    }
    /// The corrected memory's id.
    QString correct(const QString &id, const QString &text)
    {
        json({QStringLiteral("negate"), id, QStringLiteral("--correction"), text});
        const QJsonArray history = json({QStringLiteral("show"), id}).value(QStringLiteral("correctionHistory")).toArray();
        if (history.isEmpty())
            qFatal("no correction history on %s", qPrintable(id));
        return history.last().toObject().value(QStringLiteral("newId")).toString();
    }
    /// A conflict between `a` and `b`, resolved keep_a (b negated, a's text quoted in b's history).
    void resolveKeepA(const QString &a, const QString &b)
    {
        qint64 id = 0;
        {
            auto opened = Store::open(m_store);
            QVERIFY(opened.ok());
            Conflict c;
            c.a = a;
            c.b = b;
            c.detectedAt = time::nowMs();
            QVERIFY((*opened)->conflicts().insert(c).ok());
            id = c.id;
        }
        const test::CliRun r = cli({QStringLiteral("resolve"), QString::number(id), QStringLiteral("--strategy"),
                                    QStringLiteral("keep_a")});
        QVERIFY2(r.code == 0, r.err.constData());
    }
    QString historyText(const QString &id, bool unlocked)
    {
        const QJsonObject shown = json({QStringLiteral("show"), id}, unlocked);
        return QString::fromUtf8(QJsonDocument(shown).toJson());
    }
    static QByteArray leaked(const QByteArray &bytes)
    {
        QByteArray found;
        for (const char *secret : kSecrets) {
            if (bytes.contains(secret))
                found += QByteArray(secret) + ' ';
        }
        return found;
    }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        static int n = 0;
        const QString sub = m_dir.filePath(QString::number(++n));
        QVERIFY(QDir().mkpath(sub));
        m_store = sub + QStringLiteral("/s.recollector");
        m_pass = sub + QStringLiteral("/pass.txt");
        QFile f(m_pass);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("correct horse battery\n") > 0);
        f.close();
        const test::CliRun set = test::runRecollectorCli(m_store, {QStringLiteral("passphrase"), QStringLiteral("--new-file"), m_pass,
                                                              QStringLiteral("--kdf"), QStringLiteral("interactive")});
        QVERIFY2(set.code == 0, set.err.constData());
    }

    void quotesOfLevel3TextAreSealedOrNeverMade()
    {
        // Level 3 before the decisions.
        const QString x = add(QStringLiteral("Pelican harbour PIN QX5531"), 3);
        const QString y = correct(x, QStringLiteral("Pelican harbour PIN QX7788")); // level 3 like x
        const QString loser = add(QStringLiteral("The harbour has no PIN at all"), 0);
        resolveKeepA(y, loser); // the level-3 winner is not quoted in the level-0 loser
        const QString plain = add(QStringLiteral("Likes green tea"), 0);
        const QJsonObject merged = json({QStringLiteral("merge"), y, plain, QStringLiteral("--content"),
                                         QStringLiteral("A harbour fact and a tea fact")});
        Q_UNUSED(merged);

        // Level 0 at the decisions, raised to 3 afterwards.
        const QString heron = add(QStringLiteral("Heron gate code QX2468"), 0);
        const QString other = add(QStringLiteral("The gate has no code"), 0);
        resolveKeepA(heron, other); // other's history and events quote heron's text
        const QString old = add(QStringLiteral("Locker combination unknown"), 0);
        const QString kestrel = correct(old, QStringLiteral("Kestrel locker QX9753")); // old's history quotes it
        for (const QString &id : {heron, kestrel}) {
            const test::CliRun raise = cli({QStringLiteral("edit"), id, QStringLiteral("--sensitivity"), QStringLiteral("3")});
            QVERIFY2(raise.code == 0, raise.err.constData());
        }

        // Exports, written unlocked and locked.
        const QString dir = QFileInfo(m_store).path();
        QVERIFY(cli({QStringLiteral("export"), dir + QStringLiteral("/open.json")}).code == 0);
        QVERIFY(cli({QStringLiteral("export"), dir + QStringLiteral("/locked.json")}, false).code == 0);
        QVERIFY(cli({QStringLiteral("export"), dir + QStringLiteral("/open.csv")}).code == 0);

        // No process runs: the files are read after every connection closed.
        const QByteArray disk = fileBytes(m_store) + fileBytes(m_store + QStringLiteral("-wal"));
        QVERIFY(disk.contains("Likes green tea") && disk.contains("The gate has no code"));
        QVERIFY2(leaked(disk).isEmpty(), leaked(disk).constData());
        for (const QString &name : {QStringLiteral("open.json"), QStringLiteral("locked.json"), QStringLiteral("open.csv")}) {
            const QByteArray bytes = fileBytes(dir + QLatin1Char('/') + name);
            QVERIFY2(bytes.contains("green tea"), qPrintable(name));
            QVERIFY2(leaked(bytes).isEmpty(), qPrintable(name + QStringLiteral(": ") + QString::fromLatin1(leaked(bytes))));
        }

        // Unlocked, every text is back: the memories, the histories that quote them.
        QCOMPARE(json({QStringLiteral("show"), y}).value(QStringLiteral("content")).toString(),
                 QStringLiteral("Pelican harbour PIN QX7788"));
        QVERIFY(historyText(x, true).contains(QLatin1String("PIN QX7788"))); // x's correction history, sealed with x
        QVERIFY(!historyText(x, false).contains(QLatin1String("QX7788")));
        QVERIFY(historyText(other, true).contains(QLatin1String("Heron gate code QX2468"))); // the resolution event
        QVERIFY(!historyText(other, false).contains(QLatin1String("QX2468")));
        QVERIFY(historyText(old, true).contains(QLatin1String("Kestrel locker QX9753"))); // the negate event
        QVERIFY(!historyText(old, false).contains(QLatin1String("QX9753")));
        QCOMPARE(json({QStringLiteral("show"), heron}).value(QStringLiteral("content")).toString(),
                 QStringLiteral("Heron gate code QX2468"));
        // The loser's history names the winner without its words.
        const QJsonArray loserHistory = json({QStringLiteral("show"), loser}).value(QStringLiteral("correctionHistory")).toArray();
        QCOMPARE(loserHistory.size(), 1);
        QCOMPARE(loserHistory.first().toObject().value(QStringLiteral("newId")).toString(), y);
        QCOMPARE(loserHistory.first().toObject().value(QStringLiteral("newPreference")).toString(), QString());
        // The merge summary is level 3, sealed with its originals.
        QCOMPARE(json({QStringLiteral("show"), y}, false).value(QStringLiteral("locked")).toBool(), true);
    }

    // Fields an entry brought from another system (kept as they were, e.g. a note's title)
    // can hold the memory's words: at level 3 they are sealed with its text, in the store
    // and in an export, and come back when unlocked, also in another store.
    void fieldsKeptFromAnotherSystemAreSealedWithTheText()
    {
        const QString dir = QFileInfo(m_store).path();
        const QString set = dir + QStringLiteral("/foreign.json");
        {
            QFile f(set);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"format": "recollector-memory-set", "version": 1, "memories": [
                {"id": "mem_osprey", "content": "Boat shed code", "category": "fact",
                 "createdAt": "2026-01-05T10:00:00Z", "updatedAt": "2026-01-05T10:00:00Z",
                 "noteTitle": "Osprey boat shed QX8642", "noteTags": ["Osprey"]}]})");
        }
        QCOMPARE(cli({QStringLiteral("import"), set}).code, 0);
        QCOMPARE(json({QStringLiteral("show"), QStringLiteral("mem_osprey")}).value(QStringLiteral("noteTitle")).toString(),
                 QStringLiteral("Osprey boat shed QX8642"));
        const test::CliRun raise = cli({QStringLiteral("edit"), QStringLiteral("mem_osprey"), QStringLiteral("--sensitivity"),
                                        QStringLiteral("3")});
        QVERIFY2(raise.code == 0, raise.err.constData());
        // A newer copy of the entry, still level 3, overwrites it: the change of its kept
        // fields is recorded, sealed.
        const QString newer = dir + QStringLiteral("/newer.json");
        {
            QFile f(newer);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"format": "recollector-memory-set", "version": 1, "memories": [
                {"id": "mem_osprey", "content": "Boat shed code", "category": "fact", "sensitivity": 3,
                 "createdAt": "2026-01-05T10:00:00Z", "updatedAt": "2026-02-05T10:00:00Z",
                 "noteTitle": "Osprey boat shed QX8642, changed", "noteTags": ["Osprey"]}]})");
        }
        const test::CliRun overwrite = cli({QStringLiteral("import"), newer, QStringLiteral("--on-conflict"),
                                            QStringLiteral("overwrite")});
        QVERIFY2(overwrite.code == 0, overwrite.err.constData());
        const QString exported = dir + QStringLiteral("/sealed.json");
        QVERIFY(cli({QStringLiteral("export"), exported}).code == 0);

        // No process runs: the files are read after every connection closed.
        const QByteArray disk = fileBytes(m_store) + fileBytes(m_store + QStringLiteral("-wal"));
        QVERIFY2(leaked(disk).isEmpty(), leaked(disk).constData());
        QVERIFY2(leaked(fileBytes(exported)).isEmpty(), leaked(fileBytes(exported)).constData());

        // Locked, they are not shown; unlocked, they are back as they came.
        QVERIFY(!historyText(QStringLiteral("mem_osprey"), false).contains(QLatin1String("Osprey")));
        const QJsonObject shown = json({QStringLiteral("show"), QStringLiteral("mem_osprey")});
        QCOMPARE(shown.value(QStringLiteral("noteTitle")).toString(), QStringLiteral("Osprey boat shed QX8642, changed"));
        QCOMPARE(shown.value(QStringLiteral("noteTags")).toArray(), QJsonArray({QStringLiteral("Osprey")}));

        // The sealed export opens in another store with the same passphrase.
        const QString other = dir + QStringLiteral("/other.recollector");
        const test::CliRun imported = test::runRecollectorCli(other, {QStringLiteral("--passphrase-file"), m_pass,
                                                                 QStringLiteral("import"), exported});
        QVERIFY2(imported.code == 0, imported.err.constData());
        const test::CliRun shownThere = test::runRecollectorCli(other, {QStringLiteral("--passphrase-file"), m_pass,
                                                                   QStringLiteral("--json"), QStringLiteral("show"),
                                                                   QStringLiteral("mem_osprey")});
        QVERIFY2(shownThere.code == 0, shownThere.err.constData());
        QCOMPARE(shownThere.json().object().value(QStringLiteral("noteTitle")).toString(),
                 QStringLiteral("Osprey boat shed QX8642, changed"));
    }
};

QTEST_GUILESS_MAIN(TestSealQuotes)
#include "tst_seal_quotes.moc"
