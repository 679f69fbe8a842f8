// Manual associations as decisions (docs/architecture.md, "What each decision writes";
// docs/scoring.md, "Associations"): linking two memories writes the `manual` link and an
// `associate` event on each, in one transaction; a revert restores the pair's prior link
// exactly (none, or the keyword link it replaced); refusals write nothing.
#include "EngineStore.h"

#include "engine/decisions/Decisions.h"
#include "engine/decisions/Reverter.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1717200000000; // 2024-06-01T00:00Z

void fill(Store &s)
{
    for (const char *id : {"a", "b", "c"})
        QVERIFY(s.memories().insert(test::sampleMemory(QString::fromLatin1(id), kT0 - kMsPerDay)));
    Memory gone = test::sampleMemory(QStringLiteral("gone"), kT0 - kMsPerDay);
    gone.deletedAt = kT0 - kMsPerHour;
    QVERIFY(s.memories().insert(gone));
    QVERIFY(s.associations().put({QStringLiteral("a"), QStringLiteral("b"), 0.5, QStringLiteral("keyword"), kT0 - kMsPerDay}));
}

std::optional<Association> linkOf(Store &s, const char *x, const char *y)
{
    auto got = s.associations().get(QString::fromLatin1(x), QString::fromLatin1(y));
    return got ? *got : std::nullopt;
}

} // namespace

class TestDecisionsLink : public QObject
{
    Q_OBJECT

private:
    const Config m_config = Config::defaults();
    test::EngineFixture m_engines;

private Q_SLOTS:
    // Each test runs on SQLite and on PostgreSQL (docs/team-store.md, "Tests").
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void linkNewPairAndRevert()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        Decisions d(*s, m_config, QStringLiteral("ebbinghaus"));
        const qint64 eventsBefore = *s->events().count();

        const auto done = d.link(QStringLiteral("c"), QStringLiteral("a"), 0.7, kT0);
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        const auto made = linkOf(*s, "a", "c");
        QVERIFY(made);
        QCOMPARE(*made, (Association{QStringLiteral("a"), QStringLiteral("c"), 0.7, QStringLiteral("manual"), kT0}));
        QCOMPARE(done->eventIds.size(), 2);
        QCOMPARE(*s->events().count(), eventsBefore + 2);

        const Event first = *Reverter(*s, m_config).event(done->eventIds[0]);
        const Event second = *Reverter(*s, m_config).event(done->eventIds[1]);
        QCOMPARE(first.kind, events::kAssociate);
        QCOMPARE(first.memoryId, QStringLiteral("a"));
        QCOMPARE(first.payload.value("other").toString(), QStringLiteral("c"));
        QVERIFY(first.payload.value("weightBefore").isNull());
        QCOMPARE(first.payload.value("weightAfter").toDouble(), 0.7);
        QCOMPARE(first.payload.value("linkAdded").toObject().value("type").toString(), QStringLiteral("manual"));
        QVERIFY(!first.payload.contains("linkRemoved"));
        QCOMPARE(second.memoryId, QStringLiteral("c"));
        QCOMPARE(second.payload.value("other").toString(), QStringLiteral("a"));
        QVERIFY(!second.payload.contains("linkAdded")); // the link change rides on one event
        QCOMPARE(second.payload.value("decision").toString(), done->decisionId);

        const auto undone = d.revert(done->eventIds.last(), kT0 + 1);
        QVERIFY2(undone, undone ? "" : qPrintable(undone.error().message));
        QVERIFY(!linkOf(*s, "a", "c"));
        QCOMPARE(*s->events().count(), eventsBefore + 4); // compensating events, none deleted

        const auto redone = d.revert(undone->firstEventId(), kT0 + 2);
        QVERIFY2(redone, redone ? "" : qPrintable(redone.error().message));
        QCOMPARE(*linkOf(*s, "a", "c"), *made);
    }

    void linkReplacesAndRevertRestoresThePriorLink()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        Decisions d(*s, m_config, QStringLiteral("ebbinghaus"));
        const Association prior = *linkOf(*s, "a", "b");

        const auto done = d.link(QStringLiteral("b"), QStringLiteral("a"), 0.9, kT0);
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QCOMPARE(linkOf(*s, "a", "b")->type, QStringLiteral("manual"));
        QCOMPARE(linkOf(*s, "a", "b")->weight, 0.9);
        QCOMPARE(*s->associations().count(), qint64(1)); // replaced, one row per pair
        const Event first = *Reverter(*s, m_config).event(done->eventIds[0]);
        QCOMPARE(first.payload.value("weightBefore").toDouble(), 0.5);
        QCOMPARE(first.payload.value("typeBefore").toString(), QStringLiteral("keyword"));
        QCOMPARE(first.payload.value("linkRemoved").toObject().value("type").toString(), QStringLiteral("keyword"));

        QVERIFY(d.revert(done->firstEventId(), kT0 + 1));
        QCOMPARE(*linkOf(*s, "a", "b"), prior);

        // Unlink removes any type, and its revert brings it back.
        const auto cut = d.unlink(QStringLiteral("a"), QStringLiteral("b"), kT0 + 2);
        QVERIFY2(cut, cut ? "" : qPrintable(cut.error().message));
        QVERIFY(!linkOf(*s, "a", "b"));
        QVERIFY(d.revert(cut->firstEventId(), kT0 + 3));
        QCOMPARE(*linkOf(*s, "a", "b"), prior);
    }

    void refusalsWriteNothing_data()
    {
        QTest::addColumn<QString>("x");
        QTest::addColumn<QString>("y");
        QTest::addColumn<double>("weight"); // < 0: unlink
        QTest::addColumn<int>("code");
        QTest::newRow("self link") << "a" << "a" << 1.0 << int(Error::Code::Validation);
        QTest::newRow("weight 0") << "a" << "c" << 0.0 << int(Error::Code::Validation);
        QTest::newRow("weight above 1") << "a" << "c" << 1.5 << int(Error::Code::Validation);
        QTest::newRow("unknown memory") << "a" << "nobody" << 0.5 << int(Error::Code::NotFound);
        QTest::newRow("deleted memory") << "gone" << "a" << 0.5 << int(Error::Code::Conflict);
        QTest::newRow("unlink of an unlinked pair") << "a" << "c" << -1.0 << int(Error::Code::NotFound);
    }
    void refusalsWriteNothing()
    {
        QFETCH(QString, x);
        QFETCH(QString, y);
        QFETCH(double, weight);
        QFETCH(int, code);
        test::EngineStore s(m_engines);
        fill(*s);
        Decisions d(*s, m_config, QStringLiteral("ebbinghaus"));
        const qint64 events = *s->events().count();
        const auto links = *s->associations().all();
        const auto r = weight < 0 ? d.unlink(x, y, kT0) : d.link(x, y, weight, kT0);
        QVERIFY(!r);
        QCOMPARE(int(r.error().code), code);
        QCOMPARE(*s->events().count(), events);
        QCOMPARE(*s->associations().all(), links);
    }

    void theSameManualLinkTwiceIsRefused()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        Decisions d(*s, m_config, QStringLiteral("ebbinghaus"));
        QVERIFY(d.link(QStringLiteral("a"), QStringLiteral("c"), 0.6, kT0));
        const auto again = d.link(QStringLiteral("c"), QStringLiteral("a"), 0.6, kT0);
        QVERIFY(!again);
        QCOMPARE(again.error().code, Error::Code::Conflict);
        // Another weight is a new decision (the prior manual link kept in linkRemoved).
        const auto heavier = d.link(QStringLiteral("c"), QStringLiteral("a"), 0.8, kT0 + 1);
        QVERIFY(heavier);
        QVERIFY(d.revert(heavier->firstEventId(), kT0 + 2));
        QCOMPARE(linkOf(*s, "a", "c")->weight, 0.6);
    }
};

QTEST_GUILESS_MAIN(TestDecisionsLink)
#include "tst_decisions_link.moc"
