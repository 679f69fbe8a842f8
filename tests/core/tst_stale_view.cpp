// A decision made on what a person saw (docs/team-store.md#many-writers), on both engines: a
// recall since the view (the assistant using the memory: its use counts and clocks move, and
// an associative hit's reinforcement moves its updatedAt) does not make the view stale; any
// other change does. Restore, purge and undo, which do not read their memory as the other
// decisions do, are checked the same way, before anything is written.
#include "EngineStore.h"
#include "StoreFingerprint.h"

#include "engine/decisions/DecisionRecorder.h"
#include "engine/decisions/Decisions.h"
#include "engine/decisions/Reinforcement.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

const QString kId = QStringLiteral("mem_seen");
constexpr Millis kT0 = 1717200000000; // 2024-06-01T00:00Z

/// What Retrieval records when the assistant recalls `id` by association at `at`: the access,
/// and the association-hit reinforcement (which moves updatedAt), one decision.
void recall(Store &s, const Config &config, const QString &id, Millis at)
{
    Transaction tx(s.database());
    QVERIFY(tx.isActive());
    DecisionRecorder recorder(s, config, nullptr, QStringLiteral("assistant"), at);
    const Memory shown = *s.memories().get(id);
    Memory accessed = shown;
    accessed.accessCount += 1;
    accessed.lastAccessedAt = at;
    QVERIFY(recorder.change(events::kAccess, shown, accessed, {{QStringLiteral("direct"), false}}));
    Memory hit = accessed;
    const Reinforcement writes(config);
    const auto applied = writes.apply(hit, ReinforceEvent::AssociationHit, at, 0, false);
    QVERIFY(recorder.change(events::kReinforce, accessed, hit,
                            {{QStringLiteral("event"), Reinforcement::eventName(applied.event)},
                             {QStringLiteral("via"), QStringLiteral("mem_other")}}));
    QVERIFY(tx.commit());
}

} // namespace

class TestStaleView : public QObject
{
    Q_OBJECT
    test::EngineFixture m_engines;

    static void refusedAs(const Result<DecisionOutcome> &refused, const char *deed)
    {
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, Error::Code::Conflict);
        QVERIFY2(refused.error().message.contains(QLatin1String("changed since you looked at it"))
                     && refused.error().message.contains(QLatin1String(deed)),
                 qPrintable(refused.error().message));
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void aRecallSinceTheViewIsNoChange()
    {
        test::EngineStore s(m_engines);
        const Config config = Config::defaults();
        QVERIFY(s->memories().insert(test::sampleMemory(kId, kT0)));
        const Millis seen = s->memories().get(kId)->updatedAt;
        recall(*s, config, kId, kT0 + 60000);
        recall(*s, config, kId, kT0 + 120000);
        QVERIFY(s->memories().get(kId)->updatedAt != seen); // the hit moved it

        Decisions mine(*s, config);
        mine.expecting(kId, seen);
        auto confirmed = mine.confirm(kId, kT0 + 180000);
        QVERIFY2(confirmed, confirmed ? "" : qPrintable(confirmed.error().message));

        // A recall and then a person's decision: that one counts.
        const Millis seenAgain = s->memories().get(kId)->updatedAt;
        recall(*s, config, kId, kT0 + 240000);
        QVERIFY(Decisions(*s, config).setPermanent(kId, true, kT0 + 300000));
        recall(*s, config, kId, kT0 + 360000);
        const test::StoreFingerprint before = test::fingerprint(*s);
        mine.expecting(kId, seenAgain);
        refusedAs(mine.negate(kId, {}, kT0 + 420000), "kept for good");
        QVERIFY(test::fingerprint(*s) == before);
    }

    void restoreAndPurgeAreCheckedToo()
    {
        test::EngineStore s(m_engines);
        const Config config = Config::defaults();
        QVERIFY(s->memories().insert(test::sampleMemory(kId, kT0)));
        Decisions other(*s, config);
        QVERIFY(other.softDelete(kId, kT0 + 60000));
        const Millis seen = s->memories().get(kId)->updatedAt; // the window shows it deleted
        QVERIFY(other.restore(kId, kT0 + 120000));
        QVERIFY(other.softDelete(kId, kT0 + 180000));
        const test::StoreFingerprint before = test::fingerprint(*s);

        Decisions mine(*s, config);
        mine.expecting(kId, seen);
        refusedAs(mine.restore(kId, kT0 + 240000), "restored it");
        mine.expecting(kId, seen);
        refusedAs(mine.purge(kId, kT0 + 240000, QStringLiteral("user"), true), "deleted it");
        QVERIFY(test::fingerprint(*s) == before);
        // Seen as it is, both go through.
        mine.expecting(kId, s->memories().get(kId)->updatedAt);
        QVERIFY(mine.restore(kId, kT0 + 300000));
        QVERIFY(mine.softDelete(kId, kT0 + 360000));
        mine.expecting(kId, s->memories().get(kId)->updatedAt);
        QVERIFY(mine.purge(kId, kT0 + 420000, QStringLiteral("user"), true));
    }

    void anUndoOfWhatSomeoneChangedSinceIsRefused()
    {
        test::EngineStore s(m_engines);
        const Config config = Config::defaults();
        QVERIFY(s->memories().insert(test::sampleMemory(kId, kT0)));
        Decisions mine(*s, config);
        auto confirmed = mine.confirm(kId, kT0 + 60000);
        QVERIFY(confirmed);
        const Millis seen = s->memories().get(kId)->updatedAt; // the window after the confirm
        // Someone edits the text: the confirm's own fields are untouched, so an undo without
        // the view's state would go through over the edit it never saw.
        MemoryEdit edit;
        edit.content = QStringLiteral("the text as bob put it");
        QVERIFY(Decisions(*s, config).edit(kId, edit, kT0 + 120000));
        const test::StoreFingerprint before = test::fingerprint(*s);
        mine.expecting(kId, seen);
        auto undone = mine.revertAll({confirmed->firstEventId()}, kT0 + 180000);
        QVERIFY(!undone);
        QVERIFY2(undone.error().message.contains(QLatin1String("edited it")), qPrintable(undone.error().message));
        QVERIFY(test::fingerprint(*s) == before);
        mine.expecting(kId, seen);
        refusedAs(mine.revert(confirmed->firstEventId(), kT0 + 180000), "edited it");
        QVERIFY(test::fingerprint(*s) == before);
        // Seen as it is now, the undo goes through.
        mine.expecting(kId, s->memories().get(kId)->updatedAt);
        auto undo = mine.revert(confirmed->firstEventId(), kT0 + 240000);
        QVERIFY2(undo, undo ? "" : qPrintable(undo.error().message));
    }
};

QTEST_GUILESS_MAIN(TestStaleView)
#include "tst_stale_view.moc"
