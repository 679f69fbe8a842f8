// Import "keep both" of a sealed entry, through the real recollector-cli (docs/formats.md,
// "Encryption at rest"): the copy gets a new id, and the memory id is the additional data of
// its envelope. Unlocked, the copy's text and history are sealed again under the new id and
// open with the passphrase (no plain text on disk); locked, keep-both is refused with one line
// that says why and what to do, and the store keeps the memories it had.
#include "CliProcess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;

namespace {
const QString kSecret = QStringLiteral("Zanzibar vault code 9923");

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

class TestSealImportCopy : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_pass;
    QString m_set;
    QString m_id;

    test::CliRun cli(const QStringList &args, bool unlocked = true)
    {
        QStringList all;
        if (unlocked)
            all << QStringLiteral("--passphrase-file") << m_pass;
        return test::runRecollectorCli(m_store, all + args);
    }
    QJsonDocument json(const QStringList &args, bool unlocked = true)
    {
        const test::CliRun r = cli(QStringList{QStringLiteral("--json")} + args, unlocked);
        if (r.code != 0)
            qFatal("%s: %s", qPrintable(args.join(QLatin1Char(' '))), r.err.constData());
        return QJsonDocument::fromJson(r.out);
    }
    QStringList ids()
    {
        QStringList out;
        for (const QJsonValue &v : json({QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("debug")}, false).array())
            out << v[QStringLiteral("id")].toString();
        out.sort();
        return out;
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
        m_set = sub + QStringLiteral("/set.json");
        QFile f(m_pass);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("correct horse battery\n") > 0);
        f.close();
        QCOMPARE(cli({QStringLiteral("passphrase"), QStringLiteral("--new-file"), m_pass, QStringLiteral("--kdf"),
                      QStringLiteral("interactive")}, false).code, 0);
        m_id = json({QStringLiteral("add"), QStringLiteral("--content"), kSecret, QStringLiteral("--keywords"),
                     QStringLiteral("zanzibarvault")})
                   .object()
                   .value(QStringLiteral("id"))
                   .toString();
        QCOMPARE(cli({QStringLiteral("edit"), m_id, QStringLiteral("--sensitivity"), QStringLiteral("3")}).code, 0);
        const test::CliRun exported = cli({QStringLiteral("export"), m_set});
        QVERIFY2(exported.code == 0, exported.err.constData());
        QVERIFY(fileBytes(m_set).contains("\"sealed\": \"enc1:"));
        // The stored one changes afterwards: the incoming entry conflicts with it.
        QCOMPARE(cli({QStringLiteral("edit"), m_id, QStringLiteral("--category"), QStringLiteral("secret")}).code, 0);
    }

    void keepBothLockedIsRefusedWithOneLine()
    {
        const QStringList before = ids();
        const test::CliRun r = cli({QStringLiteral("import"), m_set, QStringLiteral("--on-conflict"), QStringLiteral("keep-both")},
                                   false);
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(m_id.toUtf8()) && r.err.contains("is locked") && r.err.contains("unlock the store"),
                 r.err.constData());
        QCOMPARE(ids(), before);
    }

    void keepBothUnlockedSealsTheCopyUnderItsNewId()
    {
        const QStringList before = ids();
        const test::CliRun r = cli({QStringLiteral("import"), m_set, QStringLiteral("--on-conflict"), QStringLiteral("keep-both")});
        QVERIFY2(r.code == 0, r.err.constData());
        QStringList after = ids();
        QCOMPARE(after.size(), before.size() + 1);
        for (const QString &id : before)
            after.removeOne(id);
        const QString copy = after.first();
        QVERIFY(copy != m_id);

        const QJsonObject shown = json({QStringLiteral("show"), copy}).object();
        QCOMPARE(shown.value(QStringLiteral("content")).toString(), kSecret);
        QCOMPARE(shown.value(QStringLiteral("keywords")).toArray(), QJsonArray({QStringLiteral("zanzibarvault")}));
        QVERIFY(!shown.contains(QStringLiteral("sealError")));
        // Its history came along, sealed under the new id: it opens, and says the text.
        const QByteArray history = QJsonDocument(shown.value(QStringLiteral("history")).toArray()).toJson();
        QVERIFY2(history.contains("Zanzibar") && !history.contains("\"locked\""), history.constData());
        QVERIFY(json({QStringLiteral("show"), copy}, false).object().value(QStringLiteral("locked")).toBool());
        const test::CliRun check = cli({QStringLiteral("unlock"), QStringLiteral("--check")});
        QVERIFY2(check.code == 0, check.err.constData());
        const QByteArray disk = fileBytes(m_store) + fileBytes(m_store + QStringLiteral("-wal"));
        QVERIFY(!disk.contains("Zanzibar") && !disk.contains("zanzibarvault"));
    }

    void aPlainSetImportedIntoASealedStoreIsSealedEventsIncluded()
    {
        const QString plain = QFileInfo(m_set).path() + QStringLiteral("/plain.json");
        const test::CliRun exported = cli({QStringLiteral("export"), plain, QStringLiteral("--include-level3-plain")});
        QVERIFY2(exported.code == 0, exported.err.constData());
        QVERIFY(fileBytes(plain).contains("Zanzibar")); // asked for in plain text
        // Another store with a passphrase of its own, unlocked for the import.
        m_store = QFileInfo(m_set).path() + QStringLiteral("/other.recollector");
        QCOMPARE(cli({QStringLiteral("passphrase"), QStringLiteral("--new-file"), m_pass, QStringLiteral("--kdf"),
                      QStringLiteral("interactive")}, false).code, 0);
        const test::CliRun imported = cli({QStringLiteral("import"), plain});
        QVERIFY2(imported.code == 0, imported.err.constData());
        const QByteArray disk = fileBytes(m_store) + fileBytes(m_store + QStringLiteral("-wal"));
        QVERIFY(!disk.contains("Zanzibar") && !disk.contains("zanzibarvault"));
        const QJsonObject shown = json({QStringLiteral("show"), m_id}).object();
        QCOMPARE(shown.value(QStringLiteral("content")).toString(), kSecret);
        QVERIFY(QJsonDocument(shown.value(QStringLiteral("history")).toArray()).toJson().contains("Zanzibar"));
    }
};

QTEST_GUILESS_MAIN(TestSealImportCopy)
#include "tst_seal_import_copy.moc"
