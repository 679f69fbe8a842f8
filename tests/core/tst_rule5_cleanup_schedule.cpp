// Issue 14, rule 5 (docs/scoring.md, "Scheduled cleanup"): `cleanupIntervalHours` after meta
// `last_cleanup_at` decides whether a cleanup is due (a store never cleaned is due; 0 schedules
// none), on a real store file and on a team store. `recollector-cli cleanup --due` (the real
// process) says "not due until …" and writes nothing when it is not due; when due it prints the
// plan and applies it only with --apply or when the store's configuration says
// `scheduledCleanup: automatic`.
#include "config/Config.h"
#include "engine/review/Cleanup.h"
#include "engine/review/CleanupSchedule.h"
#include "scoring/ScoringProfile.h"
#include "store/MetaRepository.h"
#include "CliProcess.h"
#include "EngineStore.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kNow = 1709251200000; // 2024-03-01T00:00Z
const QString kNowIso = QStringLiteral("2024-03-01T00:00:00Z");

Memory memoryAged(const QString &id, double hours)
{
    Memory m;
    m.id = id;
    m.content = QStringLiteral("content of ") + id;
    m.category = QStringLiteral("fact");
    m.keywords = {QStringLiteral("deploy")};
    m.confidence = 0.5;
    m.stability = 24;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = kNow - Millis(hours * double(kMsPerHour));
    return m;
}

/// A store with one memory below the delete line (strength e^(−120/24) ≈ 0.7 < 5) and one strong one.
void fill(Store &store)
{
    QVERIFY(store.memories().insert(memoryAged(QStringLiteral("forgotten"), 120)).ok());
    QVERIFY(store.memories().insert(memoryAged(QStringLiteral("fresh"), 1)).ok());
}

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run cli(const QString &store, const QString &at, const QStringList &args)
{
    const test::CliRun r = test::runRecollectorCli(store, args, at);
    return Run{r.code, QString::fromUtf8(r.out), QString::fromUtf8(r.err)};
}

/// Re-reads the store (another process wrote it).
struct Look
{
    QString lastCleanupAt;
    bool forgottenDeleted = false;
};

Look look(const QString &path)
{
    auto store = Store::open(path);
    if (!store)
        return {};
    Look l;
    l.lastCleanupAt = *(*store)->meta().value(MetaRepository::kLastCleanupAt);
    l.forgottenDeleted = (*store)->memories().get(QStringLiteral("forgotten"))->isDeleted();
    return l;
}

} // namespace

class Rule5CleanupScheduleTest : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void dueFromMetaAndInterval()
    {
        test::EngineStore store(m_engines);
        fill(*store);
        Config config = Config::defaults();
        QCOMPARE(config.decay.cleanupIntervalHours, 1.0);

        // Never cleaned: due at once.
        auto s = CleanupSchedule::at(*store, config, kNow);
        QVERIFY2(s, s ? "" : qPrintable(s.error().message));
        QVERIFY(s->scheduled);
        QVERIFY(s->due);
        QCOMPARE(s->lastAt, Millis(0));

        // A cleanup applied writes last_cleanup_at; the next is due an interval later.
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), config);
        Cleanup cleanup(*store, config, *profile);
        auto plan = cleanup.plan(kNow);
        QVERIFY(plan && !plan->isEmpty());
        QVERIFY(cleanup.apply(*plan));
        store.reopen(); // read back through a new connection
        s = CleanupSchedule::at(*store, config, kNow + 30 * 60 * 1000);
        QVERIFY(s);
        QCOMPARE(s->lastAt, kNow);
        QCOMPARE(s->dueAt, kNow + kMsPerHour);
        QVERIFY(!s->due);
        QVERIFY(CleanupSchedule::at(*store, config, kNow + kMsPerHour)->due);

        config.decay.cleanupIntervalHours = 24;
        QVERIFY(!CleanupSchedule::at(*store, config, kNow + 23 * kMsPerHour)->due);
        QVERIFY(CleanupSchedule::at(*store, config, kNow + 24 * kMsPerHour)->due);
        config.decay.cleanupIntervalHours = 0; // none scheduled, even for a store never cleaned
        QVERIFY(!CleanupSchedule::at(*store, config, kNow + 1000 * kMsPerHour)->scheduled);
        QVERIFY(!CleanupSchedule::at(*store, config, kNow + 1000 * kMsPerHour)->due);

        // The mode is configuration: review unless switched to automatic; anything else is refused.
        QVERIFY(!CleanupSchedule::isAutomatic(Config::defaults()));
        auto automatic = Config::fromYamlText("memory:\n  decay:\n    scheduledCleanup: automatic\n", QStringLiteral("c.yaml"));
        QVERIFY(automatic && CleanupSchedule::isAutomatic(*automatic));
        auto wrong = Config::fromYamlText("memory:\n  decay:\n    scheduledCleanup: silently\n", QStringLiteral("c.yaml"));
        QVERIFY(!wrong);
        QVERIFY2(wrong.error().message.contains(QStringLiteral("memory.decay.scheduledCleanup")), qPrintable(wrong.error().message));
    }

    void cliDuePreviewsFirstAndAppliesOnlyWhenAsked()
    {
        test::EngineStore store(m_engines);
        fill(*store);
        const QString path = store.path();
        store.close();

        // Due (never cleaned): the plan is printed, nothing is written.
        Run r = cli(path, kNowIso, {QStringLiteral("cleanup"), QStringLiteral("--due")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("forgotten")) && r.out.contains(QStringLiteral("cleanup due: 1 planned")),
                 qPrintable(r.out));
        QVERIFY(look(path).lastCleanupAt.isEmpty());
        QVERIFY(!look(path).forgottenDeleted);

        // --apply applies it and records the cleanup.
        r = cli(path, kNowIso, {QStringLiteral("cleanup"), QStringLiteral("--due"), QStringLiteral("--apply")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("1 applied")), qPrintable(r.out));
        QCOMPARE(look(path).lastCleanupAt, time::toIso(kNow));
        QVERIFY(look(path).forgottenDeleted);

        // Half an hour later: not due, one line, exit 0.
        r = cli(path, QStringLiteral("2024-03-01T00:30:00Z"), {QStringLiteral("cleanup"), QStringLiteral("--due")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, QStringLiteral("cleanup not due until 2024-03-01T01:00:00.000Z\n"));
        r = cli(path, QStringLiteral("2024-03-01T00:30:00Z"),
                {QStringLiteral("--json"), QStringLiteral("cleanup"), QStringLiteral("--due"), QStringLiteral("--apply")});
        QCOMPARE(r.code, 0);
        const QJsonObject notDue = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(notDue.value(QStringLiteral("due")).toBool(true), false);
        QCOMPARE(notDue.value(QStringLiteral("dueAt")).toString(), QStringLiteral("2024-03-01T01:00:00.000Z"));

        // Misuse is a usage error.
        QCOMPARE(cli(path, kNowIso, {QStringLiteral("cleanup"), QStringLiteral("--apply")}).code, 2);
        QCOMPARE(cli(path, kNowIso, {QStringLiteral("cleanup"), QStringLiteral("--due"), QStringLiteral("--apply"),
                                     QStringLiteral("--dry-run")})
                     .code,
                 2);
    }

    void cliDueAppliesWhenTheStoreSaysAutomatic()
    {
        test::EngineStore store(m_engines);
        fill(*store);
        Config config = Config::defaults();
        config.decay.scheduledCleanup = QStringLiteral("automatic");
        QVERIFY(store->meta().setValue(MetaRepository::kConfig, QString::fromUtf8(config.toYaml())).ok());
        const QString path = store.path();
        store.close();

        Run r = cli(path, kNowIso, {QStringLiteral("cleanup"), QStringLiteral("--due")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("1 applied (automatic scheduled cleanup)")), qPrintable(r.out));
        QVERIFY(look(path).forgottenDeleted);
        QCOMPARE(look(path).lastCleanupAt, time::toIso(kNow));
        // --dry-run still only shows, automatic or not.
        r = cli(path, QStringLiteral("2024-03-01T02:00:00Z"),
                {QStringLiteral("cleanup"), QStringLiteral("--due"), QStringLiteral("--dry-run")});
        QCOMPARE(r.code, 0);
        QCOMPARE(look(path).lastCleanupAt, time::toIso(kNow));
    }
};

QTEST_GUILESS_MAIN(Rule5CleanupScheduleTest)
#include "tst_rule5_cleanup_schedule.moc"
