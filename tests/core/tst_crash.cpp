// Crash safety (docs/architecture.md, "Data safety"): the real recollector-cli is killed with
// SIGKILL between the statements of a decision's or a cleanup's transaction (CrashPoint,
// RECOLLECTOR_CRASH_AT); the store must then be exactly as before, field for field. Without the kill
// the same command lands in full.
#include "TempStore.h"

#include <QProcess>
#include <QtTest>

#include <algorithm>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kNow = 1735689600000; // 2025-01-01T00:00Z

struct StoreState
{
    std::vector<Memory> memories;
    std::vector<Conflict> conflicts;
    std::vector<Association> associations;
    std::vector<Event> events;
    QString lastCleanup;

    static StoreState of(const QString &path)
    {
        auto s = Store::open(path);
        if (!s)
            qFatal("cannot open %s: %s", qPrintable(path), qPrintable(s.error().message));
        StoreState st;
        st.memories = *(*s)->memories().all(true);
        std::sort(st.memories.begin(), st.memories.end(), [](const Memory &a, const Memory &b) { return a.id < b.id; });
        st.conflicts = *(*s)->conflicts().list();
        st.associations = *(*s)->associations().all();
        st.events = *(*s)->events().all();
        st.lastCleanup = *(*s)->meta().value(QStringLiteral("last_cleanup_at"));
        return st;
    }
    bool operator==(const StoreState &) const = default;
};

Memory aged(const QString &id, double hours)
{
    Memory m = test::sampleMemory(id, kNow - 400 * kMsPerDay);
    m.confidence = 0.5;
    m.stability = 24;
    m.lastReinforcedAt = kNow - Millis(hours * double(kMsPerHour));
    m.updatedAt = m.lastReinforcedAt;
    return m;
}

} // namespace

class TestCrash : public QObject
{
    Q_OBJECT

private:
    /// Runs recollector-cli; returns true when it was killed (crashed) rather than exiting.
    bool run(const QString &store, const QStringList &args, const QString &crashAt, int *exitCode = nullptr)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("recollector.*=false"));
        if (!crashAt.isEmpty())
            env.insert(QStringLiteral("RECOLLECTOR_CRASH_AT"), crashAt);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH),
                QStringList{QStringLiteral("--store"), store, QStringLiteral("--at"), QStringLiteral("2025-01-01T00:00:00Z")}
                    + args);
        if (!p.waitForFinished(60000))
            qFatal("recollector-cli did not finish");
        if (exitCode)
            *exitCode = p.exitCode();
        return p.exitStatus() == QProcess::CrashExit;
    }

    void fill(Store &s)
    {
        for (const char *id : {"a", "b", "c"})
            QVERIFY(s.memories().insert(aged(QString::fromLatin1(id), 1)));
        QVERIFY(s.memories().insert(aged(QStringLiteral("weak"), 60)));      // archive
        QVERIFY(s.memories().insert(aged(QStringLiteral("forgotten"), 90))); // delete
        Memory old = aged(QStringLiteral("deleted"), 2000);
        old.deletedAt = kNow - 40 * kMsPerDay;                                // purge
        QVERIFY(s.memories().insert(old));
        QVERIFY(s.associations().put({QStringLiteral("a"), QStringLiteral("deleted"), 0.4, QStringLiteral("keyword"), kNow}));
        QVERIFY(s.associations().put({QStringLiteral("a"), QStringLiteral("b"), 0.6, QStringLiteral("co-task"), kNow}));
    }

private Q_SLOTS:
    void killedMidTransactionLeavesTheStoreAsBefore_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("crashAt");
        QTest::newRow("confirm: after the first event") << QStringList{"confirm", "a"} << "decision.event-appended";
        QTest::newRow("confirm: before commit") << QStringList{"confirm", "a"} << "decision.before-commit";
        QTest::newRow("negate + correction: before commit")
            << QStringList{"negate", "b", "--correction", "no longer true"} << "decision.before-commit";
        QTest::newRow("merge: after the first event") << QStringList{"merge", "a", "b", "c"} << "decision.event-appended";
        QTest::newRow("cleanup: after the first action") << QStringList{"cleanup"} << "cleanup.action-applied";
        QTest::newRow("cleanup: before commit") << QStringList{"cleanup"} << "cleanup.before-commit";
    }
    void killedMidTransactionLeavesTheStoreAsBefore()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, crashAt);
        test::TempStore s;
        fill(*s);
        s.close();
        const StoreState before = StoreState::of(s.path());

        QVERIFY2(run(s.path(), args, crashAt), "the process was killed at the crash point");
        const StoreState afterCrash = StoreState::of(s.path());
        QCOMPARE(afterCrash.memories.size(), before.memories.size());
        for (size_t i = 0; i < before.memories.size(); ++i)
            QCOMPARE(afterCrash.memories[i], before.memories[i]);
        QCOMPARE(afterCrash.events.size(), before.events.size());
        QVERIFY(afterCrash == before);

        // The same command without the kill lands in full.
        int code = -1;
        QVERIFY(!run(s.path(), args, {}, &code));
        QCOMPARE(code, 0);
        const StoreState after = StoreState::of(s.path());
        QVERIFY(after.events.size() > before.events.size());
        QVERIFY(!(after.memories == before.memories));
    }

    void killedDuringARevertLeavesTheDecisionInPlace()
    {
        test::TempStore s;
        fill(*s);
        s.close();
        QVERIFY(!run(s.path(), {QStringLiteral("confirm"), QStringLiteral("a")}, {}));
        const StoreState decided = StoreState::of(s.path());
        const QString eventId = QString::number(decided.events.back().id);
        QVERIFY(run(s.path(), {QStringLiteral("revert"), eventId}, QStringLiteral("revert.before-commit")));
        QVERIFY(StoreState::of(s.path()) == decided);
        QVERIFY(!run(s.path(), {QStringLiteral("revert"), eventId}, {}));
        QVERIFY(!(StoreState::of(s.path()).memories == decided.memories));
    }

    void anUnrelatedCrashPointNameDoesNothing()
    {
        test::TempStore s;
        fill(*s);
        s.close();
        int code = -1;
        QVERIFY(!run(s.path(), {QStringLiteral("confirm"), QStringLiteral("a")}, QStringLiteral("no.such.point"), &code));
        QCOMPARE(code, 0);
        QVERIFY(StoreState::of(s.path()).memories[0].verified);
    }
};

QTEST_GUILESS_MAIN(TestCrash)
#include "tst_crash.moc"
