// Undo as docs/architecture.md, "Undo" wants it: every decision, reverted, leaves every memory
// exactly as before (Memory ==), the conflicts and links too, while the event log only grows;
// reverting the revert (redo) brings the decision back.
#include "EngineStore.h"
#include "TempStore.h"

#include "engine/decisions/Decisions.h"
#include "engine/decisions/Reverter.h"
#include "scoring/MentionIndex.h"

#include <QtTest>

#include <algorithm>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1717200000000; // 2024-06-01T00:00Z

/// Everything a decision may touch, in a comparable form.
struct StoreState
{
    std::vector<Memory> memories;
    std::vector<Conflict> conflicts; ///< ids zeroed: a redo re-creates a row under a new id
    std::vector<Association> associations;
    qint64 events = 0;

    static StoreState of(Store &s)
    {
        StoreState st;
        st.memories = *s.memories().all(true);
        std::sort(st.memories.begin(), st.memories.end(), [](const Memory &a, const Memory &b) { return a.id < b.id; });
        st.conflicts = *s.conflicts().list();
        for (Conflict &c : st.conflicts)
            c.id = 0;
        st.associations = *s.associations().all();
        std::sort(st.associations.begin(), st.associations.end(),
                  [](const Association &a, const Association &b) { return std::tie(a.a, a.b) < std::tie(b.a, b.b); });
        st.events = *s.events().count();
        return st;
    }
    bool sameData(const StoreState &o) const
    {
        return memories == o.memories && conflicts == o.conflicts && associations == o.associations;
    }
};

Memory make(const QString &id)
{
    Memory m = test::sampleMemory(id, kT0 - 10 * kMsPerDay);
    m.category = QStringLiteral("fact");
    m.lastAccessedAt = kT0 - 9 * kMsPerDay;
    m.strength = 0; // a stale cached value: writes refresh it, reverts must put it back
    return m;
}

void fill(Store &s)
{
    for (const char *id : {"a", "b", "c"})
        QVERIFY(s.memories().insert(make(QString::fromLatin1(id))));
    Memory d = make(QStringLiteral("d"));
    d.deletedAt = kT0 - 40 * kMsPerDay;
    QVERIFY(s.memories().insert(d));
    Memory e = make(QStringLiteral("e"));
    e.permanent = true;
    QVERIFY(s.memories().insert(e));
    QVERIFY(s.associations().put({QStringLiteral("a"), QStringLiteral("b"), 0.5, QStringLiteral("keyword"), kT0}));
    QVERIFY(s.associations().put({QStringLiteral("a"), QStringLiteral("d"), 0.3, QStringLiteral("temporal"), kT0}));
}

Result<DecisionOutcome> decide(Decisions &d, const QString &name, Millis at)
{
    if (name.startsWith(QLatin1String("reinforce-")))
        return d.reinforce(QStringLiteral("a"), *Reinforcement::eventFromName(name.mid(10)), at);
    if (name == QLatin1String("confirm"))
        return d.confirm(QStringLiteral("a"), at);
    if (name == QLatin1String("negate"))
        return d.negate(QStringLiteral("a"), {}, at);
    if (name == QLatin1String("negate-correction"))
        return d.negate(QStringLiteral("a"), QStringLiteral("Prefers jest now"), at);
    if (name == QLatin1String("permanent-on"))
        return d.setPermanent(QStringLiteral("a"), true, at);
    if (name == QLatin1String("permanent-off"))
        return d.setPermanent(QStringLiteral("e"), false, at);
    if (name == QLatin1String("edit")) {
        MemoryEdit edit;
        edit.content = QStringLiteral("new text");
        edit.keywords = QStringList{QStringLiteral("x")};
        edit.category = QStringLiteral("skill");
        edit.confidence = 0.2;
        edit.importance = 2.75;
        edit.projectPath = QStringLiteral("/work/api");
        edit.sensitivity = 2;
        return d.edit(QStringLiteral("a"), edit, at);
    }
    if (name == QLatin1String("delete"))
        return d.softDelete(QStringLiteral("a"), at);
    if (name == QLatin1String("restore"))
        return d.restore(QStringLiteral("d"), at);
    if (name == QLatin1String("purge"))
        return d.purge(QStringLiteral("d"), at);
    if (name == QLatin1String("merge"))
        return d.merge({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}, {}, at);
    if (name == QLatin1String("review-promote"))
        return d.answerReview(QStringLiteral("a"), ReviewKind::Promote, ReviewAnswer::Promote, at);
    if (name == QLatin1String("review-keep"))
        return d.answerReview(QStringLiteral("a"), ReviewKind::Decay, ReviewAnswer::Keep, at);
    if (name == QLatin1String("review-delete"))
        return d.answerReview(QStringLiteral("a"), ReviewKind::Decay, ReviewAnswer::Delete, at);
    if (name == QLatin1String("link-new"))
        return d.link(QStringLiteral("c"), QStringLiteral("e"), 0.7, at);
    if (name == QLatin1String("link-replace"))
        return d.link(QStringLiteral("b"), QStringLiteral("a"), 0.9, at);
    if (name == QLatin1String("unlink"))
        return d.unlink(QStringLiteral("a"), QStringLiteral("b"), at);
    return Error::make(Error::Code::Usage, QStringLiteral("unknown decision ") + name);
}

const QStringList kDecisions{QStringLiteral("reinforce-access"),
                             QStringLiteral("reinforce-task_success"),
                             QStringLiteral("reinforce-task_failure"),
                             QStringLiteral("reinforce-manual"),
                             QStringLiteral("reinforce-association_hit"),
                             QStringLiteral("confirm"),
                             QStringLiteral("negate"),
                             QStringLiteral("negate-correction"),
                             QStringLiteral("permanent-on"),
                             QStringLiteral("permanent-off"),
                             QStringLiteral("edit"),
                             QStringLiteral("delete"),
                             QStringLiteral("restore"),
                             QStringLiteral("purge"),
                             QStringLiteral("merge"),
                             QStringLiteral("review-promote"),
                             QStringLiteral("review-keep"),
                             QStringLiteral("review-delete"),
                             QStringLiteral("link-new"),
                             QStringLiteral("link-replace"),
                             QStringLiteral("unlink")};

} // namespace

class TestDecisionsRevert : public QObject
{
    Q_OBJECT

private:
    const Config m_config = Config::defaults();

    test::EngineFixture m_engines;

private Q_SLOTS:
    // Each test runs on SQLite and on PostgreSQL (docs/team-store.md, "Tests").
    void initTestCase_data() { test::EngineFixture::addEngines(test::EngineFixture::Cost::Heavy); }

    void revertRestoresFieldForField_data()
    {
        QTest::addColumn<QString>("decision");
        QTest::addColumn<QString>("profile");
        for (const QString &profile : {QStringLiteral("ebbinghaus"), QStringLiteral("enhanced")}) {
            for (const QString &decision : kDecisions)
                QTest::newRow(qPrintable(decision + QLatin1Char('/') + profile)) << decision << profile;
        }
    }
    void revertRestoresFieldForField()
    {
        QFETCH(QString, decision);
        QFETCH(QString, profile);
        test::EngineStore s(m_engines);
        fill(*s);
        Decisions d(*s, m_config, profile);
        const StoreState before = StoreState::of(*s);

        const auto done = decide(d, decision, kT0);
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        const StoreState after = StoreState::of(*s);
        QVERIFY2(!after.sameData(before), "the decision changed something");
        QCOMPARE(after.events, before.events + done->eventIds.size());
        // Every event of the decision is in its memory's history, with before/after.
        for (qint64 id : done->eventIds) {
            const Event e = *Reverter(*s, m_config).event(id);
            QCOMPARE(e.payload.value("decision").toString(), done->decisionId);
            QCOMPARE(e.at, kT0);
            const auto history = *s->events().forMemory(e.memoryId);
            QVERIFY(std::any_of(history.begin(), history.end(), [&](const Event &h) { return h.id == id; }));
        }

        // Undo: revert any event of the decision → the whole decision is undone.
        const auto undone = d.revert(done->eventIds.last(), kT0 + kMsPerHour);
        QVERIFY2(undone, undone ? "" : qPrintable(undone.error().message));
        const StoreState reverted = StoreState::of(*s);
        QCOMPARE(reverted.memories.size(), before.memories.size());
        for (size_t i = 0; i < before.memories.size(); ++i)
            QCOMPARE(reverted.memories[i], before.memories[i]);
        QVERIFY(reverted.sameData(before));
        QCOMPARE(reverted.events, after.events + done->eventIds.size()); // one revert per event
        for (qint64 id : undone->eventIds) {
            const Event e = *Reverter(*s, m_config).event(id);
            QCOMPARE(e.kind, events::kRevert);
            QVERIFY(done->eventIds.contains(qint64(e.payload.value("reverts").toDouble())));
            QCOMPARE(e.payload.value("revertsDecision").toString(), done->decisionId);
        }
        // Reverting it twice is refused and writes nothing.
        const auto twice = d.revert(done->eventIds.first(), kT0 + 2 * kMsPerHour);
        QVERIFY(!twice);
        QCOMPARE(twice.error().code, Error::Code::Conflict);
        QCOMPARE(StoreState::of(*s).events, reverted.events);

        // Redo: revert the revert.
        const auto redone = d.revert(undone->firstEventId(), kT0 + 3 * kMsPerHour);
        QVERIFY2(redone, redone ? "" : qPrintable(redone.error().message));
        const StoreState again = StoreState::of(*s);
        QVERIFY(again.sameData(after));

        // And undo once more: the original decision is live again, so it can be reverted.
        const auto undoneAgain = d.revert(done->firstEventId(), kT0 + 4 * kMsPerHour);
        QVERIFY2(undoneAgain, undoneAgain ? "" : qPrintable(undoneAgain.error().message));
        QVERIFY(StoreState::of(*s).sameData(before));
    }

    void aLaterChangeBlocksTheRevert()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        Decisions d(*s, m_config);
        MemoryEdit first;
        first.content = QStringLiteral("first");
        MemoryEdit second;
        second.content = QStringLiteral("second");
        const auto e1 = d.edit(QStringLiteral("a"), first, kT0);
        const auto e2 = d.edit(QStringLiteral("a"), second, kT0 + 1000);
        QVERIFY(e1 && e2);
        const auto refused = d.revert(e1->firstEventId(), kT0 + 2000);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, Error::Code::Conflict);
        QVERIFY(refused.error().message.contains(QStringLiteral("content changed after event")));
        // In stack order it works.
        QVERIFY(d.revert(e2->firstEventId(), kT0 + 3000));
        QVERIFY(d.revert(e1->firstEventId(), kT0 + 4000));
        QCOMPARE(*s->memories().get(QStringLiteral("a")), make(QStringLiteral("a")));
    }

    void oneEventOfADecision()
    {
        // Reverting only the confirm event of a confirm decision leaves the reinforcement.
        test::EngineStore s(m_engines);
        fill(*s);
        Decisions d(*s, m_config);
        const auto done = d.confirm(QStringLiteral("a"), kT0);
        QVERIFY(done);
        const auto undone = Reverter(*s, m_config).revert(done->eventIds.last(), kT0 + 1000, QStringLiteral("user"), false);
        QVERIFY2(undone, undone ? "" : qPrintable(undone.error().message));
        const Memory a = *s->memories().get(QStringLiteral("a"));
        QVERIFY(!a.verified);
        QCOMPARE(a.stability, 36.0);
        QCOMPARE(undone->eventIds.size(), 1);
    }

    void revertedMentionsStopCounting()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        Decisions d(*s, m_config);
        const auto done = d.reinforce(QStringLiteral("a"), ReinforceEvent::Manual, kT0);
        QVERIFY(done);
        auto count = [&] {
            return int(MentionIndex::load(s->events(), m_config)->summary(QStringLiteral("a"), kT0 + kMsPerDay).inWindow);
        };
        QCOMPARE(count(), 1);
        const auto undone = d.revert(done->firstEventId(), kT0 + 1000);
        QVERIFY(undone);
        QCOMPARE(count(), 0);
        QVERIFY(d.revert(undone->firstEventId(), kT0 + 2000)); // redo
        QCOMPARE(count(), 1);
    }

    // Decisions::runAll: several decisions as one transaction; one failing rolls back the
    // ones before it. revertAll: undo of the lot in a given order, 0 = nothing, and redo.
    void runAllIsOneTransactionAndRevertAllUndoesIt()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        Decisions d(*s, m_config);
        const StoreState start = StoreState::of(*s);

        const QStringList ids{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("d")}; // d is deleted
        auto failed = d.runAll(3, [&](std::size_t i) { return d.confirm(ids[qsizetype(i)], kT0); });
        QVERIFY(!failed);
        QVERIFY2(failed.error().message.contains(QStringLiteral("memory d is deleted")), qPrintable(failed.error().message));
        QVERIFY(StoreState::of(*s).sameData(start));
        QCOMPARE(StoreState::of(*s).events, start.events); // a and b were rolled back too

        auto done = d.runAll(2, [&](std::size_t i) { return d.confirm(ids[qsizetype(i)], kT0); });
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QCOMPARE(done->size(), std::size_t(2));
        QVERIFY((*done)[0].changedIds.contains(QStringLiteral("a")));
        QVERIFY((*done)[1].changedIds.contains(QStringLiteral("b")));
        QVERIFY(s->memories().get(QStringLiteral("a"))->verified && s->memories().get(QStringLiteral("b"))->verified);
        const StoreState confirmed = StoreState::of(*s);

        // Undo, the last first, with a step that has nothing to revert in between.
        auto undone = d.revertAll({(*done)[1].firstEventId(), 0, (*done)[0].firstEventId()}, kT0 + 1000);
        QVERIFY2(undone, undone ? "" : qPrintable(undone.error().message));
        QCOMPARE(undone->size(), std::size_t(3));
        QVERIFY((*undone)[1].isEmpty());
        QVERIFY((*undone)[0].changedIds.contains(QStringLiteral("b")));
        QVERIFY((*undone)[2].changedIds.contains(QStringLiteral("a")));
        QVERIFY(StoreState::of(*s).sameData(start));
        QVERIFY(StoreState::of(*s).events > confirmed.events); // compensating events only

        // Redo = revert the reverts; one that cannot be reverted rolls the others back.
        const StoreState afterUndo = StoreState::of(*s);
        auto blocked = d.revertAll({(*undone)[2].firstEventId(), 999999}, kT0 + 2000);
        QVERIFY(!blocked);
        QCOMPARE(blocked.error().code, Error::Code::NotFound);
        QVERIFY(StoreState::of(*s).sameData(afterUndo));
        QCOMPARE(StoreState::of(*s).events, afterUndo.events);
        auto redone = d.revertAll({(*undone)[2].firstEventId(), (*undone)[0].firstEventId()}, kT0 + 2000);
        QVERIFY2(redone, redone ? "" : qPrintable(redone.error().message));
        QVERIFY(s->memories().get(QStringLiteral("a"))->verified && s->memories().get(QStringLiteral("b"))->verified);
    }

    void unknownEventIsNotFound()
    {
        test::EngineStore s(m_engines);
        const auto r = Decisions(*s, m_config).revert(12345, kT0);
        QVERIFY(!r);
        QCOMPARE(r.error().code, Error::Code::NotFound);
    }
};

QTEST_GUILESS_MAIN(TestDecisionsRevert)
#include "tst_decisions_revert.moc"
