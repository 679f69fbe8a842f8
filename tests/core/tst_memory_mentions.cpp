// A decision reads its memory's mentions as counts over the mention index (MemoryMentions),
// not as the memory's whole history (docs/team-store.md#many-writers). It must give exactly
// what MentionIndex gives from every mention: on a history of mentions, recalls, undone
// mentions and an undone undo, spread over days, asked at instants before, inside and after
// it, and with mentions the decision adds; on both engines.
#include "EngineStore.h"

#include "engine/decisions/Decisions.h"
#include "scoring/MemoryMentions.h"
#include "scoring/MentionIndex.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1717200000000; // 2024-06-01T00:00Z
const QString kId = QStringLiteral("mem_mentioned");

} // namespace

class TestMemoryMentions : public QObject
{
    Q_OBJECT
    test::EngineFixture m_engines;

    /// MentionIndex over the memory's whole history: the reference.
    static MentionIndex reference(Store &s, const Config &config)
    {
        MentionIndex index(config);
        index.addEvents(*s.events().forMemory(kId, {events::kReinforce, events::kConfirm, events::kRevert}));
        return index;
    }

    static void compareAt(Store &s, const Config &config, Millis at)
    {
        MentionIndex index = reference(s, config);
        auto counted = MemoryMentions::load(s.events(), config, kId, at);
        QVERIFY(counted);
        const Millis from = at - Millis(config.enhanced.frequentWindowHours * double(kMsPerHour));
        for (int added = 0; added < 4; ++added) {
            const QString where = QStringLiteral("at %1 (+%2 h), %3 added")
                                      .arg(at).arg(double(at - kT0) / kMsPerHour).arg(added);
            QVERIFY2(counted->summary() == index.summary(kId, at), qPrintable(where));
            QVERIFY2(counted->recent() == index.countBetween(kId, from, at), qPrintable(where));
            counted->addOne();
            index.add(kId, at);
        }
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void countsGiveWhatTheWholeHistoryGives()
    {
        test::EngineStore s(m_engines);
        const Config config = Config::defaults();
        QVERIFY(s->memories().insert(test::sampleMemory(kId, kT0 - 30 * kMsPerDay)));
        Decisions decisions(*s, config);
        compareAt(*s, config, kT0); // no mention yet
        // Mentions in bursts (frequent ones) and alone, days apart, with recalls between.
        std::vector<qint64> mentions;
        const std::vector<double> hours{0, 1, 2, 3, 30, 31, 80, 81.5, 82, 82.5, 140, 200, 201};
        for (const double h : hours) {
            auto done = decisions.reinforce(kId, ReinforceEvent::Manual, kT0 + Millis(h * kMsPerHour));
            QVERIFY2(done, done ? "" : qPrintable(done.error().message));
            mentions.push_back(done->eventIds.front());
            QVERIFY(decisions.reinforce(kId, ReinforceEvent::Access, kT0 + Millis((h + 0.25) * kMsPerHour)));
        }
        QVERIFY(decisions.confirm(kId, kT0 + 202 * kMsPerHour));
        // Undone mentions: two for good, one undone and redone (its undo undone). The revert
        // events alone (the Reverter would refuse to undo an old decision later ones built on;
        // what is counted here is which mentions the log says are undone).
        auto undo = [&](qint64 eventId, double h) {
            Event e{0, kId, events::kRevert, QStringLiteral("user"), kT0 + Millis(h * kMsPerHour),
                    QJsonObject{{QStringLiteral("reverts"), double(eventId)}}};
            return s->events().append(e) ? e.id : 0;
        };
        QVERIFY(undo(mentions[2], 203) != 0);
        const qint64 undone = undo(mentions[8], 203);
        QVERIFY(undone != 0);
        QVERIFY(undo(undone, 204) != 0);
        QVERIFY(undo(mentions.back(), 205) != 0);
        // Before, between and after the mentions, at their instants and just after them.
        for (const double h : {-1.0, 0.0, 2.0, 3.5, 26.9, 27.0, 30.5, 75.0, 82.0, 100.0, 104.99, 150.0, 201.0, 202.0,
                               250.0, 1000.0})
            compareAt(*s, config, kT0 + Millis(h * kMsPerHour));
    }
};

QTEST_GUILESS_MAIN(TestMemoryMentions)
#include "tst_memory_mentions.moc"
