// Issue 14, rule 11 (docs/scoring.md, "Dismissal" and "Automatic handling"): a conflict can be
// dismissed as "not a conflict" in one undoable decision (core and the real recollector-cli, on a
// store file on disk and on a team store); undo reopens it exactly; detection does not raise a
// dismissed pair again; a temporal shift settled latest-wins marks the newer memory "recently
// updated".
#include "engine/conflicts/ConflictDetector.h"
#include "engine/conflicts/ConflictResolver.h"
#include "engine/decisions/Decisions.h"
#include "CliProcess.h"
#include "EngineStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kBase = 1704067200000; // 2024-01-01T00:00Z

Memory mem(const QString &id, const QString &content, double days, const QStringList &keywords)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("preference");
    m.keywords = keywords;
    m.confidence = 0.8;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = kBase + Millis(days * double(kMsPerDay));
    return m;
}

QStringList kindsOf(Store &store, const QString &id)
{
    QStringList kinds;
    const auto history = store.events().forMemory(id);
    for (const Event &e : *history)
        kinds << e.kind;
    return kinds;
}

using Run = test::CliRun;

Run cli(const QString &store, const QStringList &args)
{
    return test::runRecollectorCli(store, args, QStringLiteral("2024-03-01T00:00:00Z"));
}

// A store holding one open direct contradiction (confidences lowered to 0.64 by detection).
Conflict plantContradiction(test::EngineStore &store)
{
    [&] {
        QVERIFY(store->memories().insert(mem(QStringLiteral("a"), QStringLiteral("User likes coffee"), 0,
                                             {QStringLiteral("coffee")}))
                    .ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("b"), QStringLiteral("User does not like coffee"), 1,
                                             {QStringLiteral("coffee")}))
                    .ok());
    }();
    ConflictDetector detector(*store, Config::defaults());
    auto found = detector.detectAll(kBase + 2 * kMsPerDay);
    if (!found || found->size() != 1)
        return {};
    return found->front();
}

} // namespace

class Rule11ConflictDismissalTest : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private slots:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void rule11_dismissIsOneUndoableDecisionAndIsNotRedetected()
    {
        test::EngineStore store(m_engines);
        const Conflict open = plantContradiction(store);
        QVERIFY(open.id != 0);
        QCOMPARE(open.status, ConflictStatus::Open);
        QCOMPARE(store->memories().get(QStringLiteral("a"))->confidence, 0.8 * 0.8);

        ConflictResolver resolver(*store, Config::defaults());
        const Millis at = kBase + 3 * kMsPerDay;
        auto dismissed = resolver.dismiss(open.id, at);
        QVERIFY2(dismissed.ok(), qPrintable(dismissed.ok() ? QString() : dismissed.error().message));

        // Written to the store: reopen and read it back.
        store.reopen();
        const Conflict stored = *store->conflicts().get(open.id);
        QCOMPARE(stored.status, ConflictStatus::Dismissed);
        QCOMPARE(stored.resolution, ConflictResolution::None);
        QCOMPARE(stored.resolvedAt, at);
        // "Not a conflict": the detector's confidence penalty is taken back.
        QCOMPARE(store->memories().get(QStringLiteral("a"))->confidence, 0.8);
        QCOMPARE(store->memories().get(QStringLiteral("b"))->confidence, 0.8);
        QCOMPARE(kindsOf(*store, QStringLiteral("a")),
                 (QStringList{QStringLiteral("conflict_detected"), QStringLiteral("conflict_dismissed")}));
        QCOMPARE(kindsOf(*store, QStringLiteral("b")),
                 (QStringList{QStringLiteral("conflict_detected"), QStringLiteral("conflict_dismissed")}));
        const Event last = store->events().forMemory(QStringLiteral("a"))->back();
        QCOMPARE(last.payload.value(QStringLiteral("dismissed")).toBool(), true);

        // A dismissed conflict is settled: neither resolved nor dismissed again.
        ConflictResolver again(*store, Config::defaults());
        QVERIFY(!again.dismiss(open.id, at).ok());
        QVERIFY(!again.resolve(open.id, ResolutionStrategy::KeepA, at).ok());

        // The next detection does not raise the pair as a new conflict.
        ConflictDetector detector(*store, Config::defaults());
        auto redetected = detector.detectAll(kBase + 4 * kMsPerDay);
        QVERIFY(redetected.ok());
        QCOMPARE(int(redetected->size()), 0);
        QCOMPARE(int(store->conflicts().list()->size()), 1);

        // Undo (one revert of the decision) reopens it exactly, penalty included.
        Decisions decisions(*store, Config::defaults());
        auto undone = decisions.revert(last.id, kBase + 5 * kMsPerDay);
        QVERIFY2(undone.ok(), qPrintable(undone.ok() ? QString() : undone.error().message));
        QCOMPARE(*store->conflicts().get(open.id), open);
        QCOMPARE(store->memories().get(QStringLiteral("a"))->confidence, 0.8 * 0.8);
        QCOMPARE(store->memories().get(QStringLiteral("b"))->confidence, 0.8 * 0.8);
    }

    void rule11_dismissFromTheCommandLine()
    {
        test::EngineStore store(m_engines);
        const Conflict open = plantContradiction(store);
        QVERIFY(open.id != 0);
        store.close();
        const QString id = QString::number(open.id);

        const Run dry = cli(store.path(), {QStringLiteral("resolve"), id, QStringLiteral("--dismiss"), QStringLiteral("--dry-run")});
        QCOMPARE(dry.code, 0);
        QVERIFY2(dry.out.contains("dismissing conflict #" + id.toUtf8()), dry.out.constData());
        const Run bad = cli(store.path(), {QStringLiteral("resolve"), id, QStringLiteral("--dismiss"),
                                           QStringLiteral("--strategy"), QStringLiteral("keep_a")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("--dismiss takes no --strategy"), bad.err.constData());

        const Run done = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("resolve"), id, QStringLiteral("--dismiss")});
        QCOMPARE(done.code, 0);
        const QJsonObject after = QJsonDocument::fromJson(done.out).object();
        QCOMPARE(after.value(QStringLiteral("status")).toString(), QStringLiteral("dismissed"));

        const Run listed = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("conflicts"), QStringLiteral("--status"),
                                              QStringLiteral("dismissed")});
        QCOMPARE(QJsonDocument::fromJson(listed.out).array().size(), 1);
        const Run redetect = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("conflicts"), QStringLiteral("--detect")});
        QCOMPARE(redetect.code, 0);
        QCOMPARE(QJsonDocument::fromJson(redetect.out).array().size(), 1); // still the one, dismissed

        // Undo through revert of the dismissal event: open again.
        const QJsonObject shown = QJsonDocument::fromJson(
                                      cli(store.path(), {QStringLiteral("--json"), QStringLiteral("show"), QStringLiteral("a")}).out)
                                      .object();
        const QJsonObject lastEvent = shown.value(QStringLiteral("history")).toArray().last().toObject();
        QCOMPARE(lastEvent.value(QStringLiteral("kind")).toString(), QStringLiteral("conflict_dismissed"));
        const Run reverted = cli(store.path(), {QStringLiteral("revert"),
                                                QString::number(qint64(lastEvent.value(QStringLiteral("id")).toDouble()))});
        QVERIFY2(reverted.code == 0, reverted.err.constData());
        const Run open2 = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("conflicts"), QStringLiteral("--status"),
                                             QStringLiteral("open")});
        QCOMPARE(QJsonDocument::fromJson(open2.out).array().size(), 1);

        const Run help = cli(store.path(), {QStringLiteral("--help")});
        QVERIFY2(help.out.contains("--dismiss") || help.err.contains("--dismiss"), help.out.constData());
    }

    void rule11_temporalShiftMarksTheNewerRecentlyUpdated()
    {
        test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(mem(QStringLiteral("old"), QString::fromUtf8("主人住在北京朝阳区"), 0,
                                             {QString::fromUtf8("住址")}))
                    .ok());
        // A move (搬到): an update the newest wins (docs/scoring.md#status-changes).
        QVERIFY(store->memories().insert(mem(QStringLiteral("new"), QString::fromUtf8("主人搬到上海浦东新区"), 60,
                                             {QString::fromUtf8("住址")}))
                    .ok());
        ConflictDetector detector(*store, Config::defaults());
        auto found = detector.detectAll(kBase + 100 * kMsPerDay);
        QVERIFY(found.ok());
        QCOMPARE(int(found->size()), 1);
        QCOMPARE(found->front().type, ConflictType::TemporalShift);
        QCOMPARE(found->front().resolution, ConflictResolution::AutoLatestWins);

        store.reopen();
        const auto history = *store->events().forMemory(QStringLiteral("new"));
        QCOMPARE(history.back().kind, QStringLiteral("recently_updated"));
        QCOMPARE(history.back().payload.value(QStringLiteral("supersedes")).toString(), QStringLiteral("old"));
        QCOMPARE(qint64(history.back().payload.value(QStringLiteral("conflictId")).toDouble()), found->front().id);
        QVERIFY(!kindsOf(*store, QStringLiteral("old")).contains(QStringLiteral("recently_updated")));
    }
};

QTEST_GUILESS_MAIN(Rule11ConflictDismissalTest)
#include "tst_rule11_conflict_dismissal.moc"
