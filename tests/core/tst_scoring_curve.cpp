// DecayCurve: a memory's past rebuilt from its events (each decision's "before" fields), the
// future projected from now, and markers where events happened.
#include "TempStore.h"

#include "engine/decisions/Decisions.h"
#include "scoring/DecayCurve.h"
#include "scoring/EnhancedProfile.h"

#include <QtTest>

#include <cmath>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1717200000000; // 2024-06-01T00:00Z

Millis hours(double h) { return kT0 + Millis(h * double(kMsPerHour)); }

Memory fresh(const QString &id)
{
    Memory m = test::sampleMemory(id, kT0);
    m.confidence = 0.5;
    m.category = QStringLiteral("fact");
    m.lastAccessedAt = kT0;
    return m;
}

double scoreAt(const DecayCurveData &curve, Millis at)
{
    for (const CurveSample &p : curve.points) {
        if (p.at == at)
            return p.score;
    }
    return -1;
}

} // namespace

class TestScoringCurve : public QObject
{
    Q_OBJECT

private:
    const Config m_config = Config::defaults();

    struct Built
    {
        Memory memory;
        std::vector<Event> history;
    };
    Built load(Store &s, const QString &id)
    {
        return {*s.memories().get(id), *s.events().forMemory(id)};
    }

private Q_SLOTS:
    void pastFromEventsFutureProjected_data()
    {
        QTest::addColumn<double>("hour");
        QTest::addColumn<double>("strength");
        QTest::addColumn<bool>("projected");
        // S = 24 h until the manual reinforcement at 48 h, then 36 h from there.
        QTest::newRow("created") << 0.0 << 100.0 << false;
        QTest::newRow("a day: 37") << 24.0 << 37.0 << false;
        QTest::newRow("just before the reinforcement") << 48.0 - 1.0 / 3600000 << 14.0 << false;
        QTest::newRow("reinforced: 100") << 48.0 << 100.0 << false;
        QTest::newRow("now: e^(-24/36)") << 72.0 << 51.0 << false;
        QTest::newRow("projection: e^(-48/36)") << 96.0 << 26.0 << true;
    }
    void pastFromEventsFutureProjected()
    {
        QFETCH(double, hour);
        QFETCH(double, strength);
        QFETCH(bool, projected);
        test::TempStore s;
        QVERIFY(s->memories().insert(fresh(QStringLiteral("m"))));
        QVERIFY(Decisions(*s, m_config).reinforce(QStringLiteral("m"), ReinforceEvent::Manual, hours(48)));
        const auto [memory, history] = load(*s, QStringLiteral("m"));
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        const DecayCurveData curve = DecayCurve::build(*profile, memory, history, kT0, hours(96), hours(72), 4);
        const Millis at = hours(hour);
        bool found = false;
        for (const CurveSample &p : curve.points) {
            if (p.at == at) {
                QCOMPARE(p.strength, strength);
                QCOMPARE(p.projected, projected);
                found = true;
            }
        }
        QVERIFY2(found, "the instant is sampled");
        QCOMPARE(curve.thresholds.size(), size_t(3));
    }

    void markersCarryTheJump()
    {
        test::TempStore s;
        QVERIFY(s->memories().insert(fresh(QStringLiteral("m"))));
        Decisions d(*s, m_config);
        QVERIFY(d.reinforce(QStringLiteral("m"), ReinforceEvent::Manual, hours(48)));
        QVERIFY(d.negate(QStringLiteral("m"), {}, hours(60)));
        const auto [memory, history] = load(*s, QStringLiteral("m"));
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        const DecayCurveData curve = DecayCurve::build(*profile, memory, history, kT0, hours(96), hours(72), 8);
        QCOMPARE(curve.markers.size(), size_t(2));
        QCOMPARE(curve.markers[0].label, QStringLiteral("reinforce (manual)"));
        QCOMPARE(curve.markers[0].scoreBefore, 14.0);
        QCOMPARE(curve.markers[0].scoreAfter, 100.0);
        QCOMPARE(curve.markers[1].kind, events::kNegate);
        // 12 h after the reinforcement: e^(-12/36) = 0.72; negation multiplies by C(0) = 0.3.
        QCOMPARE(curve.markers[1].scoreBefore, 72.0);
        QCOMPARE(curve.markers[1].scoreAfter, std::round(100 * std::exp(-12.0 / 36) * 0.3));
        // Before the negation the past is not penalised.
        QCOMPARE(scoreAt(curve, hours(60) - 1), 72.0);
    }

    void aRevertTakesTheCurveBack()
    {
        test::TempStore s;
        QVERIFY(s->memories().insert(fresh(QStringLiteral("m"))));
        Decisions d(*s, m_config);
        const auto done = d.reinforce(QStringLiteral("m"), ReinforceEvent::TaskSuccess, hours(12));
        QVERIFY(done);
        QVERIFY(d.revert(done->firstEventId(), hours(24)));
        const auto [memory, history] = load(*s, QStringLiteral("m"));
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        const DecayCurveData curve = DecayCurve::build(*profile, memory, history, kT0, hours(48), hours(48), 4);
        QCOMPARE(curve.markers.back().label, QStringLiteral("revert of reinforce"));
        QCOMPARE(scoreAt(curve, hours(12)), 100.0);                       // reinforced, S = 48
        QCOMPARE(scoreAt(curve, hours(24) - 1), std::round(100 * std::exp(-12.0 / 48)));
        QCOMPARE(scoreAt(curve, hours(24)), 37.0);                        // back to S = 24 from creation
        QCOMPARE(scoreAt(curve, hours(48)), 14.0);
    }

    void nothingBeforeTheMemoryExisted()
    {
        // The corrected memory of a negation is created by the decision: no points before it.
        test::TempStore s;
        QVERIFY(s->memories().insert(fresh(QStringLiteral("m"))));
        const auto done = Decisions(*s, m_config).negate(QStringLiteral("m"), QStringLiteral("other"), hours(24));
        QVERIFY(done);
        const auto [memory, history] = load(*s, done->createdIds.first());
        const auto profile = makeProfile(QStringLiteral("lifecycle"), m_config);
        const DecayCurveData curve = DecayCurve::build(*profile, memory, history, kT0, hours(48), hours(48), 4);
        QVERIFY(!curve.points.empty());
        QCOMPARE(curve.points.front().at, hours(24));
        QCOMPARE(curve.markers.size(), size_t(1));
        QCOMPARE(curve.markers[0].kind, events::kCreate);
    }

    void mentionsShapeTheEnhancedPast()
    {
        test::TempStore s;
        QVERIFY(s->memories().insert(fresh(QStringLiteral("m"))));
        QVERIFY(Decisions(*s, m_config).reinforce(QStringLiteral("m"), ReinforceEvent::Manual, hours(48)));
        const auto [memory, history] = load(*s, QStringLiteral("m"));
        const EnhancedProfile profile(m_config);
        const DecayCurveData curve = DecayCurve::build(profile, memory, history, kT0, hours(96), hours(96), 4);
        // Before the mention: w_time × I (fact 1.1); at it: w_time 1 × S 1.5 × I × M(1).
        const double before = 1.1 / (1 + 0.01 / 1.1 * 2.0);
        QCOMPARE(std::round(scoreAt(curve, hours(48) - 1) * 1e4) / 1e4, std::round(before * 1e4) / 1e4);
        QCOMPARE(std::round(scoreAt(curve, hours(48)) * 1e4) / 1e4,
                 std::round(1.1 * 1.5 * EnhancedProfile::momentum(0.3, 0.5, 1) * 1e4) / 1e4);
    }
};

QTEST_GUILESS_MAIN(TestScoringCurve)
#include "tst_scoring_curve.moc"
