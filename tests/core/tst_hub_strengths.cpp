// An agent hub folder's strengths are the hub's own (docs/formats.md, "hub-migration").
// The oracles were computed from the hub's published code (mizy/claude-agent-hub,
// src/memory/migrateMemory.ts computeInitialStability and forgettingEngine.ts
// calculateStrength, read at c484e647): for an entry without forgetting fields,
// S = 72 + 96·confidence + min(2·accessCount, 24) hours and
// strength = round(100·e^(−hours since createdAt / (S ÷ decayRate))), S halved for a hot entry.
//   confidence 0.8, 5 accesses:  S = 158.8 h → 86, 35, 1 at 24 h, 168 h, 720 h (hot: 74, 12, 0)
//   confidence 0.5, 20 accesses: S = 144 h   → 85, 31, 1
// The formula this replaced (24 + min(12·accessCount, 120) + 48·confidence) gives 82, 25, 0
// and 87, 37, 1 for the same entries.
#include "attach/AgentJsonFormat.h"
#include "config/Config.h"
#include "scoring/ScoringProfile.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

const Millis kCreated = 1767225600000; // 2026-01-01T00:00:00Z

Memory parsed(const QByteArray &json)
{
    const auto p = attach::AgentJsonFormat().parse(json, QStringLiteral("entry.json"), kCreated, 24);
    if (!p)
        qFatal("%s", qPrintable(p.error().message));
    return p->memory;
}

} // namespace

class TestHubStrengths : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void strengthsEqualTheHubsAtThreeInstants_data()
    {
        QTest::addColumn<QByteArray>("entry");
        QTest::addColumn<QList<int>>("expected");
        const QByteArray base = R"("content": "Use pnpm", "category": "pattern", "createdAt": "2026-01-01T00:00:00.000Z", "updatedAt": "2026-01-03T00:00:00.000Z")";
        QTest::newRow("confidence 0.8, 5 accesses")
            << QByteArray(R"({"id": "a", "confidence": 0.8, "accessCount": 5, )" + base + "}") << QList<int> { 86, 35, 1 };
        QTest::newRow("confidence 0.5, 20 accesses")
            << QByteArray(R"({"id": "b", "confidence": 0.5, "accessCount": 20, )" + base + "}") << QList<int> { 85, 31, 1 };
        QTest::newRow("hot")
            << QByteArray(R"({"id": "c", "confidence": 0.8, "accessCount": 5, "tier": "hot", )" + base + "}")
            << QList<int> { 74, 12, 0 };
        QTest::newRow("permanent")
            << QByteArray(R"({"id": "d", "confidence": 0.8, "accessCount": 5, "tier": "permanent", )" + base + "}")
            << QList<int> { 100, 100, 100 };
    }

    void strengthsEqualTheHubsAtThreeInstants()
    {
        QFETCH(QByteArray, entry);
        QFETCH(QList<int>, expected);
        const Memory m = parsed(entry);
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), Config::defaults());
        QVERIFY(profile);
        const QList<int> hours { 24, 168, 720 };
        for (int i = 0; i < hours.size(); ++i)
            QCOMPARE(int(profile->evaluate(m, kCreated + hours[i] * kMsPerHour).strength), expected[i]);
    }

    // A file the hub has migrated keeps its own fields.
    void forgettingFieldsInTheFileWin()
    {
        const Memory m = parsed(R"({"id": "e", "content": "x", "category": "pattern", "confidence": 0.8, "accessCount": 5,
            "createdAt": "2026-01-01T00:00:00.000Z", "stability": 30, "lastReinforcedAt": "2026-01-02T00:00:00.000Z", "decayRate": 1})");
        QCOMPARE(m.stability, 30.0);
        QCOMPARE(m.lastReinforcedAt, kCreated + 24 * kMsPerHour);
    }
};

QTEST_GUILESS_MAIN(TestHubStrengths)
#include "tst_hub_strengths.moc"
