// Level-3 memories sealed at rest (docs/formats.md, "Encryption at rest"), through the real
// recollector-cli on store files on disk: a raised memory leaves no plain text in the file or its
// WAL (past versions included), comes back exactly when unlocked, shows "locked" otherwise;
// a wrong passphrase changes nothing; lowering and its undo keep the store consistent; a
// tampered or moved ciphertext is an error for that memory only; locked retrieval, detection
// and link building never see the text; a passphrase change killed mid-way leaves every
// memory readable with exactly one of the two passphrases.
#include "CliProcess.h"
#include "EngineStore.h"
#include "StoreFingerprint.h"
#include "TempStore.h"

#include "crypto/KdfParams.h"
#include "scoring/MentionIndex.h"
#include "config/Config.h"
#include "store/SealedRow.h"
#include "store/ServerUrl.h"
#include "store/StoreSeal.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

using Run = test::CliRun;

const QString kOld = QStringLiteral("Zanzibar vault code 4417-OLD");
const QString kNew = QStringLiteral("Zanzibar vault code 9923-NEW");

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    if (!f.exists())
        return {};
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

} // namespace

class TestSealStore : public QObject
{
    Q_OBJECT

private:
    test::EngineFixture m_engines;
    std::unique_ptr<test::EngineStore> m_engineStore;
    QTemporaryDir m_dir;
    QString m_dirOfTest;
    QString m_store;
    QString m_pass;
    QString m_other;
    QString m_wrong;

    Run cli(const QStringList &args, const QString &passFile = {}, const QString &crashAt = {})
    {
        QStringList all;
        if (!passFile.isEmpty())
            all << QStringLiteral("--passphrase-file") << passFile;
        test::CliEnvironment environment;
        if (!crashAt.isEmpty())
            environment.append({QStringLiteral("RECOLLECTOR_CRASH_AT"), crashAt});
        return test::runRecollectorCli(m_store, all + args, {}, 120000, environment);
    }
    QString add(const QString &content, const QString &keywords)
    {
        const Run r = cli({QStringLiteral("--json"), QStringLiteral("add"), QStringLiteral("--content"), content,
                           QStringLiteral("--keywords"), keywords});
        if (r.code != 0)
            qFatal("add: %s", r.err.constData());
        return r.json().object().value(QStringLiteral("id")).toString();
    }
    QJsonObject show(const QString &id, const QString &passFile = {})
    {
        const Run r = cli({QStringLiteral("--json"), QStringLiteral("show"), id}, passFile);
        if (r.code != 0)
            qFatal("show: %s", r.err.constData());
        return r.json().object();
    }
    static void writeFile(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
    }
    /// What the store holds. A file: its bytes and its WAL's, read only when no connection is
    /// open. A team store: the text of every row of every table, as its role reads them (the
    /// server's dead row versions are its own: docs/team-store.md, "What is left").
    QByteArray onDisk() const
    {
        if (!ServerUrl::isServerUrl(m_store))
            return fileBytes(m_store) + fileBytes(m_store + QStringLiteral("-wal"));
        auto opened = Store::open(m_store);
        if (!opened)
            qFatal("cannot open %s: %s", qPrintable(m_store), qPrintable(opened.error().message));
        QByteArray out;
        test::visitRows(
            **opened, [&](const QByteArray &value) { out += value + ' '; }, [&] { out += '\n'; });
        return out;
    }
    /// A store with an added, edited level-0 memory raised to level 3; returns its id.
    QString raisedMemory()
    {
        const QString id = add(kOld, QStringLiteral("zanzibarvault,quokkasecret"));
        add(QStringLiteral("Likes green tea in the afternoon"), QStringLiteral("tea"));
        if (cli({QStringLiteral("edit"), id, QStringLiteral("--content"), kNew}).code != 0)
            qFatal("edit failed");
        const Run set = cli({QStringLiteral("passphrase"), QStringLiteral("--new-file"), m_pass, QStringLiteral("--kdf"),
                             QStringLiteral("interactive")});
        if (set.code != 0)
            qFatal("passphrase: %s", set.err.constData());
        const Run raise = cli({QStringLiteral("edit"), id, QStringLiteral("--sensitivity"), QStringLiteral("3")}, m_pass);
        if (raise.code != 0)
            qFatal("raise: %s", raise.err.constData());
        return id;
    }

private slots:
    // Each test runs on a store file and on a team store (EngineStore.h); the PostgreSQL row
    // runs many command-line processes, so the release build runs it only.
    void initTestCase_data() { test::EngineFixture::addEngines(test::EngineFixture::Cost::Heavy); }
    void init()
    {
        QVERIFY(m_dir.isValid());
        static int n = 0;
        const QString sub = m_dir.filePath(QString::number(++n));
        QVERIFY(QDir().mkpath(sub));
        m_dirOfTest = sub;
        m_store = sub + QStringLiteral("/s.recollector");
        if (test::EngineFixture::onServer()) {
            m_engineStore = std::make_unique<test::EngineStore>(m_engines);
            m_engineStore->close();
            m_store = m_engineStore->path();
        }
        m_pass = sub + QStringLiteral("/pass.txt");
        m_other = sub + QStringLiteral("/other.txt");
        m_wrong = sub + QStringLiteral("/wrong.txt");
        writeFile(m_pass, "correct horse battery\n");
        writeFile(m_other, "a different passphrase");
        writeFile(m_wrong, "not the passphrase\n");
    }

    void cleanup() { m_engineStore.reset(); }

    void raisedEditedMemoryLeavesNoPlainTextOnDisk()
    {
        const QString id = raisedMemory();
        // No process is running: the files are read only after every connection closed.
        const QByteArray disk = onDisk();
        QVERIFY(disk.contains("Likes green tea")); // the read does see plain text where there is some
        for (const char *secret : {"Zanzibar", "4417-OLD", "9923-NEW", "zanzibarvault", "quokkasecret"})
            QVERIFY2(!disk.contains(secret), secret);
        if (!test::EngineFixture::onServer())
            QVERIFY(fileBytes(m_store + QStringLiteral("-wal")).isEmpty()); // checkpointed and truncated

        // Unlocked: the text back exactly, and its history with the earlier version.
        const QJsonObject open = show(id, m_pass);
        QCOMPARE(open.value(QStringLiteral("content")).toString(), kNew);
        QCOMPARE(open.value(QStringLiteral("keywords")).toArray(),
                 QJsonArray({QStringLiteral("zanzibarvault"), QStringLiteral("quokkasecret")}));
        QCOMPARE(open.value(QStringLiteral("sensitivity")).toInt(), 3);
        QVERIFY(QJsonDocument(open.value(QStringLiteral("history")).toArray()).toJson().contains("4417-OLD"));
        // Locked: no text, no keywords, no history text.
        const QJsonObject locked = show(id);
        QVERIFY(locked.value(QStringLiteral("locked")).toBool());
        QCOMPARE(locked.value(QStringLiteral("content")).toString(), QString());
        QVERIFY(locked.value(QStringLiteral("keywords")).toArray().isEmpty());
        QVERIFY(!QJsonDocument(locked.value(QStringLiteral("history")).toArray()).toJson().contains("Zanzibar"));
        const Run text = cli({QStringLiteral("show"), id});
        QVERIFY(text.out.startsWith("locked\n"));
    }

    void aFirstPassphraseSealsLevel3TextThatWasPlain()
    {
        // Before a passphrase, level 3 stays plain (as it always did) and a command-line raise
        // is refused; setting one seals what is there.
        const QString id = add(kOld, QStringLiteral("zanzibarvault"));
        const Run refused = cli({QStringLiteral("edit"), id, QStringLiteral("--sensitivity"), QStringLiteral("3")});
        QCOMPARE(refused.code, 1);
        QVERIFY2(refused.err.contains("no passphrase yet"), refused.err.constData());
        {
            auto opened = Store::open(m_store);
            QVERIFY(opened.ok());
            Memory m = test::sampleMemory(QStringLiteral("mem_legacy3"));
            m.content = kNew;
            m.sensitivity = 3;
            QVERIFY((*opened)->memories().insert(m).ok());
        }
        QVERIFY(onDisk().contains("9923-NEW"));
        const Run set = cli({QStringLiteral("passphrase"), QStringLiteral("--new-file"), m_pass, QStringLiteral("--kdf"),
                             QStringLiteral("interactive")});
        QVERIFY2(set.code == 0, set.err.constData());
        QVERIFY2(set.out.contains("1 level-3 memories sealed"), set.out.constData());
        QVERIFY(!onDisk().contains("9923-NEW"));
        QVERIFY(onDisk().contains("4417-OLD")); // level 0 stays plain
        QCOMPARE(show(QStringLiteral("mem_legacy3"), m_pass).value(QStringLiteral("content")).toString(), kNew);
        // A second "set" is refused: changing needs the current passphrase.
        QCOMPARE(cli({QStringLiteral("passphrase"), QStringLiteral("--new-file"), m_other}).code, 2);
    }

    void wrongPassphraseIsOneLineAndChangesNothing()
    {
        const QString id = raisedMemory();
        const QByteArray before = onDisk();
        const Run r = cli({QStringLiteral("edit"), id, QStringLiteral("--category"), QStringLiteral("secret")}, m_wrong);
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains("wrong passphrase"), r.err.constData());
        QCOMPARE(onDisk(), before);
        const Run check = cli({QStringLiteral("unlock"), QStringLiteral("--check")}, m_wrong);
        QCOMPARE(check.code, 1);
        QVERIFY(check.err.contains("wrong passphrase"));
        const Run good = cli({QStringLiteral("unlock"), QStringLiteral("--check")}, m_pass);
        QCOMPARE(good.code, 0);
        QVERIFY2(good.out.contains("1 level-3 memory open"), good.out.constData());
        // Never a passphrase on the command line.
        const Run inline_ = cli({QStringLiteral("--passphrase"), QStringLiteral("x"), QStringLiteral("list")});
        QCOMPARE(inline_.code, 2);
    }

    void lowerDecryptsAndUndoSealsAgain()
    {
        const QString id = raisedMemory();
        // Locked, lowering is refused and nothing changes.
        const QByteArray sealedDisk = onDisk();
        const Run refused = cli({QStringLiteral("edit"), id, QStringLiteral("--sensitivity"), QStringLiteral("0")});
        QVERIFY(refused.code != 0);
        QVERIFY2(refused.err.contains("unlock"), refused.err.constData());
        QCOMPARE(onDisk(), sealedDisk);

        const Run lower = cli({QStringLiteral("edit"), id, QStringLiteral("--sensitivity"), QStringLiteral("0")}, m_pass);
        QCOMPARE(lower.code, 0);
        QJsonObject plain = show(id); // no passphrase needed any more
        QCOMPARE(plain.value(QStringLiteral("content")).toString(), kNew);
        QVERIFY(!plain.contains(QStringLiteral("locked")));
        QVERIFY(onDisk().contains("9923-NEW"));

        // Undo the lowering: sealed again, and no plain text left on disk.
        const QJsonArray history = plain.value(QStringLiteral("history")).toArray();
        const qint64 lowerEvent = history.last().toObject().value(QStringLiteral("id")).toInteger();
        QVERIFY(lowerEvent > 0);
        const Run undo = cli({QStringLiteral("revert"), QString::number(lowerEvent)}, m_pass);
        QVERIFY2(undo.code == 0, undo.err.constData());
        const QJsonObject again = show(id);
        QVERIFY(again.value(QStringLiteral("locked")).toBool());
        QCOMPARE(again.value(QStringLiteral("sensitivity")).toInt(), 3);
        const QByteArray disk = onDisk();
        for (const char *secret : {"Zanzibar", "4417-OLD", "9923-NEW", "zanzibarvault"})
            QVERIFY2(!disk.contains(secret), secret);
        QCOMPARE(show(id, m_pass).value(QStringLiteral("content")).toString(), kNew);
    }

    void tamperedOrMovedCiphertextIsAnErrorForThatMemoryOnly()
    {
        QString a, b, c, d;
        {
            auto opened = Store::open(m_store);
            QVERIFY(opened.ok());
            auto &s = *opened;
            QVERIFY(StoreSeal::setPassphrase(*s, "pw", crypto::KdfParams::interactive()).ok());
            for (QString *id : {&a, &b, &c, &d}) {
                Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg(id == &a ? 'A' : id == &b ? 'B' : id == &c ? 'C' : 'D'));
                m.content = QStringLiteral("text of ") + m.id;
                m.sensitivity = id == &d ? 0 : 3;
                QVERIFY(s->memories().insert(m).ok());
                *id = m.id;
            }
            // One byte of A's ciphertext flipped; B's ciphertext copied onto C.
            QSqlQuery q(s->database().handle());
            QVERIFY(q.exec(QStringLiteral("SELECT content FROM memories WHERE id = 'mem_A'")) && q.next());
            QString sealedA = q.value(0).toString();
            QVERIFY(sealedA.startsWith(QLatin1String("enc1:")));
            QByteArray raw = QByteArray::fromBase64(sealedA.mid(5).toLatin1());
            raw[30] = char(raw[30] ^ 0x20);
            sealedA = QStringLiteral("enc1:") + QString::fromLatin1(raw.toBase64());
            QVERIFY(q.prepare(QStringLiteral("UPDATE memories SET content = ? WHERE id = 'mem_A'")));
            q.addBindValue(sealedA);
            QVERIFY(q.exec());
            QVERIFY(q.exec(QStringLiteral("UPDATE memories SET content = (SELECT content FROM memories WHERE id = 'mem_B') "
                                          "WHERE id = 'mem_C'")));
            auto ga = s->memories().get(a);
            QVERIFY(ga.ok());
            QVERIFY(ga->isLocked());
            QVERIFY2(ga->sealError.contains(QLatin1String("does not open")), qPrintable(ga->sealError));
            auto gc = s->memories().get(c);
            QVERIFY(gc->isLocked());
            QCOMPARE(s->memories().get(b)->content, QStringLiteral("text of mem_B"));
            QCOMPARE(s->memories().get(d)->content, QStringLiteral("text of mem_D"));
            StoreSeal::lock(*s);
        }
        // The real command line: each damaged memory named, the rest readable, no crash.
        writeFile(m_pass, "pw");
        QCOMPARE(show(b, m_pass).value(QStringLiteral("content")).toString(), QStringLiteral("text of mem_B"));
        const QJsonObject shownA = show(a, m_pass);
        QVERIFY(shownA.value(QStringLiteral("locked")).toBool());
        QVERIFY(shownA.value(QStringLiteral("sealError")).toString().contains(QLatin1String("does not open")));
        const Run check = cli({QStringLiteral("unlock"), QStringLiteral("--check")}, m_pass);
        QCOMPARE(check.code, 1);
        QVERIFY(check.out.contains("1 level-3 memory open"));
        QVERIFY(check.err.contains("mem_A") && check.err.contains("mem_C") && !check.err.contains("mem_B"));
        QCOMPARE(show(d, m_pass).value(QStringLiteral("content")).toString(), QStringLiteral("text of mem_D"));
        const Run list = cli({QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("debug")}, m_pass);
        QCOMPARE(list.code, 0);
        QVERIFY2(list.out.contains("text of mem_B") && list.out.contains("locked"), list.out.constData());
    }

    void lockedRetrievalDetectionAndLinksNeverSeeTheText()
    {
        const QString id = raisedMemory();
        // Retrieval: the text index never holds level-3 text, so the text ranking never finds it
        // by its words, locked or not (docs/scoring.md, "Text index"); the keywords ranking
        // matches the sealed keywords only when unlocked.
        auto ids = [](const Run &r) {
            QStringList out;
            for (const auto &v : r.json().array())
                out << v.toObject().value(QStringLiteral("id")).toString();
            return out;
        };
        const QStringList text{QStringLiteral("--json"), QStringLiteral("retrieve"), QStringLiteral("zanzibarvault"),
                               QStringLiteral("--preview")};
        QVERIFY(!ids(cli(text)).contains(id));
        QVERIFY(!ids(cli(text, m_pass)).contains(id));
        const QStringList query = text + QStringList{QStringLiteral("--ranking"), QStringLiteral("keywords")};
        QVERIFY(!ids(cli(query)).contains(id));
        QVERIFY(ids(cli(query, m_pass)).contains(id));

        // Contradiction detection: a plain pair conflicts; the sealed one is never compared.
        const QString sealedCoffee = add(QStringLiteral("User does not drink coffee every morning"),
                                         QStringLiteral("coffee,morning"));
        QCOMPARE(cli({QStringLiteral("edit"), sealedCoffee, QStringLiteral("--sensitivity"), QStringLiteral("3")}, m_pass).code, 0);
        const QString plainCoffee = add(QStringLiteral("User drinks coffee every morning"), QStringLiteral("coffee,morning"));
        const QString plainTea = add(QStringLiteral("User drinks tea every evening"), QStringLiteral("tea,evening"));
        const QString plainNoTea = add(QStringLiteral("User does not drink tea every evening"), QStringLiteral("tea,evening"));
        const Run detect = cli({QStringLiteral("--json"), QStringLiteral("conflicts"), QStringLiteral("--detect")});
        QCOMPARE(detect.code, 0);
        bool teaPair = false;
        for (const auto &v : detect.json().array()) {
            const QJsonObject c = v.toObject();
            const QStringList pair{c.value(QStringLiteral("a")).toString(), c.value(QStringLiteral("b")).toString()};
            QVERIFY2(!pair.contains(sealedCoffee), "a sealed memory was compared while locked");
            teaPair = teaPair || (pair.contains(plainTea) && pair.contains(plainNoTea));
        }
        QVERIFY(teaPair);
        Q_UNUSED(plainCoffee);

        // Link building: rebuilt while locked, no keyword link reaches the sealed memory.
        QCOMPARE(cli({QStringLiteral("rebuild-associations")}).code, 0);
        const Run links = cli({QStringLiteral("--json"), QStringLiteral("associations"), sealedCoffee});
        QCOMPARE(links.code, 0);
        QVERIFY2(!links.out.contains("\"keyword\""), links.out.constData());
    }

    void lockedSnapshotRowsHaveNoTextAndAreMarkedLocked()
    {
        const QString id = raisedMemory();
        auto opened = Store::open(m_store);
        QVERIFY(opened.ok());
        Store &store = **opened;
        struct Seen
        {
            bool found = false;
            bool locked = false;
            QString content;
            std::string keywords;
            std::string name;
            std::string description;
        };
        auto rowOf = [&]() {
            Seen seen;
            const Status st = store.memories().scanSnapshotRows(0, -1, [&](SnapshotRow &r) {
                if (QString::fromUtf8(r.id.data(), qsizetype(r.id.size())) == id) {
                    seen = {true, r.locked, QString::fromUtf8(r.content.data(), qsizetype(r.content.size())),
                            std::string(r.keywordsJson), std::string(r.name), std::string(r.description)};
                }
                return true;
            });
            if (!st)
                qFatal("scan: %s", qPrintable(st.error().message));
            return seen;
        };
        const Seen locked = rowOf();
        QVERIFY(locked.found);
        QVERIFY(locked.locked);
        QVERIFY(locked.content.isEmpty());
        QCOMPARE(locked.keywords, std::string("[]"));
        QVERIFY(StoreSeal::unlock(store, "correct horse battery").ok());
        const Seen open = rowOf();
        QVERIFY(!open.locked);
        QCOMPARE(open.content, kNew);
        QCOMPARE(open.keywords, std::string(R"(["zanzibarvault","quokkasecret"])"));
        // A name and description kept from an assistant's memory file are sealed with the
        // text: shown while unlocked, not while locked.
        auto named = store.memories().get(id);
        QVERIFY(named.ok());
        named->extra.insert(QStringLiteral("name"), QStringLiteral("Zanzibar vault"));
        named->extra.insert(QStringLiteral("description"), QStringLiteral("The vault's code"));
        QVERIFY(store.memories().update(*named).ok());
        const Seen withName = rowOf();
        QCOMPARE(withName.name, std::string("Zanzibar vault"));
        QCOMPARE(withName.description, std::string("The vault's code"));
        StoreSeal::lock(store);
        const Seen lockedAgain = rowOf();
        QVERIFY(lockedAgain.locked && lockedAgain.name.empty() && lockedAgain.description.empty());
        QCOMPARE(store.memories().get(id)->shownContent(), QStringLiteral("locked"));
    }

    // A mention whose payload is sealed (it quotes the level-3 text) counts while the store is
    // unlocked; locked, it cannot be read and counts as none. The raw row holds no flag in plain.
    void aSealedMentionCountsOnlyWhenUnlocked()
    {
        const QString id = raisedMemory();
        auto opened = Store::open(m_store);
        QVERIFY(opened.ok());
        Store &store = **opened;
        QVERIFY(StoreSeal::unlock(store, "correct horse battery").ok());
        Event e;
        e.memoryId = id;
        e.kind = events::kReinforce;
        e.actor = QStringLiteral("user");
        e.at = time::nowMs();
        e.payload = QJsonObject{{QStringLiteral("mention"), true}, {QStringLiteral("content"), kNew}};
        QVERIFY(store.events().append(e).ok());
        QSqlQuery q(store.database().handle());
        QVERIFY(q.exec(QStringLiteral("SELECT payload FROM events WHERE id = %1").arg(e.id)) && q.next());
        QVERIFY2(q.value(0).toString().startsWith(QLatin1String("{\"sealed\"")), qPrintable(q.value(0).toString()));
        const Config config = Config::defaults();
        auto unlocked = MentionIndex::load(store.events(), config);
        QVERIFY(unlocked);
        QCOMPARE(unlocked->mentionsOf(id), std::vector<Millis>{e.at});
        StoreSeal::lock(store);
        auto locked = MentionIndex::load(store.events(), config);
        QVERIFY(locked);
        QVERIFY(locked->mentionsOf(id).empty());
    }

    // A decision's record of a change to the fields kept from another system (before/after
    // values of extra) quotes them: such a payload is sealed like one that quotes the text.
    void aChangeOfKeptFieldsIsTextToSeal()
    {
        const QJsonObject kept{{QStringLiteral("noteTitle"), QStringLiteral("Zanzibar vault")}};
        QVERIFY(sealed_row::carriesText(QJsonObject{{QStringLiteral("before"), QJsonObject{{QStringLiteral("extra"), kept}}},
                                                    {QStringLiteral("after"), QJsonObject{{QStringLiteral("extra"), QJsonObject()}}}}));
        QVERIFY(!sealed_row::carriesText(QJsonObject{{QStringLiteral("before"), QJsonObject{{QStringLiteral("stability"), 2.0}}},
                                                     {QStringLiteral("after"), QJsonObject{{QStringLiteral("stability"), 3.0}}}}));
    }

    void exportsKeepLevel3SealedOrLeaveItOut()
    {
        const QString id = raisedMemory();
        const QString dir = m_dirOfTest;
        auto noSecrets = [](const QByteArray &bytes) {
            for (const char *secret : {"Zanzibar", "4417-OLD", "9923-NEW", "zanzibarvault", "quokkasecret"}) {
                if (bytes.contains(secret))
                    return false;
            }
            return true;
        };
        // A Recollector set, written locked and unlocked: sealed entries, the seal header.
        for (const QString &pass : {QString(), m_pass}) {
            const QString set = dir + (pass.isEmpty() ? QStringLiteral("/locked.json") : QStringLiteral("/open.json"));
            const Run r = cli({QStringLiteral("export"), set}, pass);
            QVERIFY2(r.code == 0, r.err.constData());
            QVERIFY2(r.out.contains("level 3: 1 sealed, 0 in plain text, 0 left out"), r.out.constData());
            const QByteArray bytes = fileBytes(set);
            QVERIFY(noSecrets(bytes));
            QVERIFY(bytes.contains("\"sealed\": \"enc1:"));
            QVERIFY(bytes.contains("\"seal\""));
            QVERIFY(bytes.contains("\"green tea") || bytes.contains("green tea"));
        }
        // Another store imports it; the same passphrase opens the text and its history.
        const QString first = m_store;
        m_store = dir + QStringLiteral("/second.recollector");
        const Run imported = cli({QStringLiteral("import"), dir + QStringLiteral("/locked.json")});
        QVERIFY2(imported.code == 0, imported.err.constData());
        QVERIFY(noSecrets(onDisk()));
        const QJsonObject back = show(id, m_pass);
        QCOMPARE(back.value(QStringLiteral("content")).toString(), kNew);
        QVERIFY(QJsonDocument(back.value(QStringLiteral("history")).toArray()).toJson().contains("4417-OLD"));
        QVERIFY(show(id).value(QStringLiteral("locked")).toBool());
        // A store with another passphrase refuses the sealed entries, and is left as it was.
        m_store = dir + QStringLiteral("/third.recollector");
        QCOMPARE(cli({QStringLiteral("passphrase"), QStringLiteral("--new-file"), m_other, QStringLiteral("--kdf"),
                      QStringLiteral("interactive")}).code, 0);
        const Run refused = cli({QStringLiteral("import"), dir + QStringLiteral("/open.json")});
        QVERIFY(refused.code != 0);
        QVERIFY2(refused.err.contains("another passphrase"), refused.err.constData());
        QVERIFY(cli({QStringLiteral("show"), id}).code != 0);
        m_store = first;

        // CSV and agent folders leave level 3 out unless it is asked for in plain text.
        const QString csv = dir + QStringLiteral("/out.csv");
        Run r = cli({QStringLiteral("export"), csv}, m_pass);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("0 sealed, 0 in plain text, 1 left out"), r.out.constData());
        QVERIFY(noSecrets(fileBytes(csv)));
        QVERIFY(fileBytes(csv).contains("green tea"));
        r = cli({QStringLiteral("export"), csv, QStringLiteral("--include-level3-plain")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("unlock"), r.err.constData());
        r = cli({QStringLiteral("export"), csv, QStringLiteral("--include-level3-plain")}, m_pass);
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("0 sealed, 1 in plain text, 0 left out"));
        QVERIFY(fileBytes(csv).contains("9923-NEW"));
        const QString folder = dir + QStringLiteral("/agent/");
        r = cli({QStringLiteral("export"), folder, QStringLiteral("--format"), QStringLiteral("folder")}, m_pass);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("1 left out"));
        QByteArray all;
        QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            all += fileBytes(it.next());
        QVERIFY(!all.isEmpty());
        QVERIFY(noSecrets(all));
    }

    void passphraseChangeKilledMidWayLeavesOneWorkingPassphrase_data()
    {
        QTest::addColumn<QString>("crashAt");
        QTest::newRow("after reading") << QStringLiteral("passphrase_read");
        QTest::newRow("half the memories") << QStringLiteral("passphrase_half_memories");
        QTest::newRow("after the events") << QStringLiteral("passphrase_events");
        QTest::newRow("after meta") << QStringLiteral("passphrase_meta");
        QTest::newRow("no crash") << QString();
    }
    void passphraseChangeKilledMidWayLeavesOneWorkingPassphrase()
    {
        QFETCH(QString, crashAt);
        const QString id = raisedMemory();
        const QString second = add(QStringLiteral("Second secret: heliotrope"), QStringLiteral("heliotrope"));
        QCOMPARE(cli({QStringLiteral("edit"), second, QStringLiteral("--sensitivity"), QStringLiteral("3")}, m_pass).code, 0);
        const Run change = cli({QStringLiteral("passphrase"), QStringLiteral("--new-file"), m_other, QStringLiteral("--kdf"),
                                QStringLiteral("interactive")},
                               m_pass, crashAt);
        if (crashAt.isEmpty())
            QVERIFY2(change.code == 0, change.err.constData());
        else
            QCOMPARE(change.code, -1); // killed at the crash point
        const Run withOld = cli({QStringLiteral("unlock"), QStringLiteral("--check")}, m_pass);
        const Run withNew = cli({QStringLiteral("unlock"), QStringLiteral("--check")}, m_other);
        QVERIFY2((withOld.code == 0) != (withNew.code == 0), withOld.err + withNew.err);
        QCOMPARE(withNew.code == 0, crashAt.isEmpty());
        const QString good = withOld.code == 0 ? m_pass : m_other;
        QVERIFY((withOld.code == 0 ? withOld : withNew).out.contains("2 level-3 memories open"));
        QCOMPARE(show(id, good).value(QStringLiteral("content")).toString(), kNew);
        QCOMPARE(show(second, good).value(QStringLiteral("content")).toString(), QStringLiteral("Second secret: heliotrope"));
        QVERIFY(QJsonDocument(show(id, good).value(QStringLiteral("history")).toArray()).toJson().contains("4417-OLD"));
    }
};

QTEST_GUILESS_MAIN(TestSealStore)
#include "tst_seal_store.moc"
