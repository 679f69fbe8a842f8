// `recollector-cli changes --between D1 D2` (the real process; docs/cli.md#changes,
// docs/scoring.md#contents-as-of): each memory of the range compared as it was at the two
// dates, rebuilt from the events: added (a restore included), removed (a delete, a purge),
// changed with its fields before and after; a memory changed and changed back is left out;
// a date that does not read is one message naming --between, and the store is unchanged.
#include "CliProcess.h"
#include "EngineStore.h"

#include "config/Config.h"
#include "engine/decisions/Decisions.h"
#include "model/Time.h"
#include "store/EventLog.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace recollector;
using namespace recollector::core;

namespace {

const Millis kT0 = *time::fromIso(QStringLiteral("2026-05-01T00:00:00Z"));
Millis day(double d) { return kT0 + Millis(d * double(kMsPerDay)); }
QString dayIso(double d) { return time::toIso(day(d)); }

Memory memory(const QString &id, const QString &content)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("fact");
    m.keywords = { QStringLiteral("k") };
    m.stability = 1e6;
    return m;
}

QStringList idsOf(const QJsonArray &rows)
{
    QStringList out;
    for (const QJsonValue &v : rows)
        out << v[QStringLiteral("id")].toString();
    out.sort();
    return out;
}

} // namespace

class TestChangesBetween : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;
    test::StorePerEngine m_store { m_engines };
    Config m_config = Config::defaults();

    void decide(const std::function<Result<DecisionOutcome>(Decisions &)> &step)
    {
        Decisions d(*m_store, m_config);
        const auto r = step(d);
        QVERIFY2(r.ok(), r ? "" : qPrintable(r.error().message));
    }

    test::CliRun cli(const QStringList &args)
    {
        return test::runCli(QStringList { QStringLiteral("--store"), m_store.path(), QStringLiteral("--at"), dayIso(10) } + args,
                            { { QStringLiteral("USER"), QStringLiteral("tester") } });
    }

    void buildStore()
    {
        for (const char *id : { "kept", "edited", "deleted", "purged", "restored", "flipped" })
            decide([&](Decisions &d) { return d.create(memory(QString::fromLatin1(id), QStringLiteral("Fact %1 at first").arg(QLatin1String(id))), day(1)); });
        decide([](Decisions &d) { return d.softDelete(QStringLiteral("restored"), day(1.5)); });
        // Between day 2 and day 5:
        decide([](Decisions &d) { return d.create(memory(QStringLiteral("new"), QStringLiteral("Fact new")), day(3)); });
        decide([](Decisions &d) {
            MemoryEdit e;
            e.content = QStringLiteral("Fact edited, rewritten by the assistant");
            return d.edit(QStringLiteral("edited"), e, day(3), QStringLiteral("assistant"));
        });
        decide([](Decisions &d) { return d.softDelete(QStringLiteral("deleted"), day(3)); });
        decide([](Decisions &d) { return d.softDelete(QStringLiteral("purged"), day(3)); });
        decide([](Decisions &d) { return d.purge(QStringLiteral("purged"), day(3.5), QStringLiteral("user"), true); });
        decide([](Decisions &d) { return d.restore(QStringLiteral("restored"), day(3)); });
        decide([](Decisions &d) { return d.setPermanent(QStringLiteral("flipped"), true, day(3)); });
        decide([](Decisions &d) { return d.setPermanent(QStringLiteral("flipped"), false, day(4)); });
        decide([](Decisions &d) { return d.create(memory(QStringLiteral("came-and-went"), QStringLiteral("Short-lived")), day(3)); });
        decide([](Decisions &d) { return d.softDelete(QStringLiteral("came-and-went"), day(4)); });
        // After day 5: not in the difference, though in the store now.
        decide([](Decisions &d) {
            MemoryEdit e;
            e.content = QStringLiteral("Fact edited, once more");
            return d.edit(QStringLiteral("edited"), e, day(6));
        });
        m_store.close();
    }

private Q_SLOTS:
    // On a store file and on a team store (EngineStore.h), the same changes on each.
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase() { m_store.buildEach([this] { buildStore(); }); }
    void init() { m_store.select(); }

    void betweenComparesTheContentsAtEachDate()
    {
        const auto run = cli({ QStringLiteral("--json"), QStringLiteral("changes"), QStringLiteral("--between"), dayIso(2), dayIso(5) });
        QVERIFY2(run.code == 0, run.err.constData());
        const QJsonObject o = run.json().object();
        QCOMPARE(idsOf(o[QStringLiteral("added")].toArray()), (QStringList { QStringLiteral("new"), QStringLiteral("restored") }));
        QCOMPARE(idsOf(o[QStringLiteral("removed")].toArray()), (QStringList { QStringLiteral("deleted"), QStringLiteral("purged") }));
        const QJsonArray changed = o[QStringLiteral("changed")].toArray();
        QCOMPARE(idsOf(changed), QStringList { QStringLiteral("edited") }); // "flipped" came back as it was
        const QJsonObject edited = changed[0].toObject();
        // As it was at each date, not as it is now (edited again on day 6).
        QCOMPARE(edited[QStringLiteral("before")][QStringLiteral("content")].toString(), QStringLiteral("Fact edited at first"));
        QCOMPARE(edited[QStringLiteral("after")][QStringLiteral("content")].toString(), QStringLiteral("Fact edited, rewritten by the assistant"));
        QVERIFY(!edited.contains(QStringLiteral("exact")));
        for (const QJsonValue &v : o[QStringLiteral("added")].toArray()) {
            if (v[QStringLiteral("id")].toString() == QLatin1String("new")) {
                QVERIFY(v[QStringLiteral("before")].toObject().isEmpty());
                QCOMPARE(v[QStringLiteral("after")][QStringLiteral("content")].toString(), QStringLiteral("Fact new"));
            } else { // restored: deleted at the first date, not at the second
                QVERIFY(v[QStringLiteral("before")][QStringLiteral("deletedAt")].isString());
                QVERIFY(v[QStringLiteral("after")][QStringLiteral("deletedAt")].isNull());
            }
        }
        for (const QJsonValue &v : o[QStringLiteral("removed")].toArray()) {
            if (v[QStringLiteral("id")].toString() == QLatin1String("purged")) {
                QCOMPARE(v[QStringLiteral("before")][QStringLiteral("content")].toString(), QStringLiteral("Fact purged at first"));
                QVERIFY(v[QStringLiteral("after")].toObject().isEmpty());
            }
        }

        const auto text = cli({ QStringLiteral("changes"), QStringLiteral("--between"), dayIso(2), dayIso(5) });
        QVERIFY2(text.code == 0, text.err.constData());
        QVERIFY2(text.out.contains("~ edited  content"), text.out.constData());
        QVERIFY2(text.out.contains("+ new  "), text.out.constData());
        QVERIFY2(text.out.endsWith("2 added, 2 removed, 1 changed\n"), text.out.constData());
    }

    void aBadDateIsOneMessageNamingTheOption_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("first") << QStringLiteral("last tuesday") << dayIso(5)
                               << QByteArray("changes: --between: \"last tuesday\" is not a date (2026-05-01 or 2026-05-01T09:00:00Z)\n");
        QTest::newRow("second") << dayIso(2) << QStringLiteral("2026-13-01")
                                << QByteArray("changes: --between: \"2026-13-01\" is not a date (2026-05-01 or 2026-05-01T09:00:00Z)\n");
        QTest::newRow("order") << dayIso(5) << dayIso(2) << QByteArray("two dates, the earlier first");
    }

    void aBadDateIsOneMessageNamingTheOption()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QByteArray, message);
        const auto run = cli({ QStringLiteral("--json"), QStringLiteral("changes"), QStringLiteral("--between"), from, to });
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.contains(message), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(run.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestChangesBetween)
#include "tst_changes_between.moc"
