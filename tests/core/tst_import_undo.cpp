// An import undone as one step (docs/formats.md, "Import", "Undo"), on a real store file and on a team store:
// the import's own decision and the contradiction detector's, reverted newest first, take
// every table back to exactly what it held before (memories field by field, links, conflicts
// with their ids, meta; the event log only grows, its earlier rows untouched); reverting
// those reverts (redo) brings the import back; a later decision on an imported memory makes
// the undo refuse, naming it, and writes nothing; an import event of an older store (no
// decision, no before state) is refused too, not "reverted" into nothing.
#include "StoreFingerprint.h"
#include "EngineStore.h"

#include "engine/capture/AfterChange.h"
#include "engine/decisions/Decisions.h"
#include "io/ImportOperation.h"
#include "io/MemorySetJson.h"
#include "io/MemorySetReader.h"
#include "model/Event.h"

#include <QSqlQuery>
#include <QtTest>

#include <algorithm>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1704103200000;  // 2024-01-01T10:00Z
constexpr Millis kNow = 1717236000000; // 2024-06-01T10:00Z

Memory tabs()
{
    Memory m = test::sampleMemory(QStringLiteral("tabs"), kT0);
    m.content = QStringLiteral("The user indents code with tabs");
    m.keywords = {QStringLiteral("indentation"), QStringLiteral("tabs"), QStringLiteral("style")};
    m.source = {QStringLiteral("chat"), {}, {}, {}};
    return m;
}

Memory plain(const QString &id, int n)
{
    Memory m = test::sampleMemory(id, kT0 + n);
    m.content = QStringLiteral("Unrelated fact number %1").arg(n);
    m.keywords = {QStringLiteral("topic%1").arg(n), QStringLiteral("fact%1").arg(n)};
    return m;
}

/// The store before: "tabs", "x" and "y" linked, "keep" linked to "tabs", one conflict.
void fill(Store &s)
{
    QVERIFY(s.memories().insert(tabs()));
    QVERIFY(s.memories().insert(plain(QStringLiteral("x"), 1)));
    QVERIFY(s.memories().insert(plain(QStringLiteral("y"), 2)));
    QVERIFY(s.memories().insert(plain(QStringLiteral("keep"), 3)));
    QVERIFY(s.associations().put({QStringLiteral("x"), QStringLiteral("y"), 0.3, QStringLiteral("keyword"), kT0}));
    QVERIFY(s.associations().put({QStringLiteral("keep"), QStringLiteral("tabs"), 0.2, QStringLiteral("manual"), kT0}));
    Conflict c{0, QStringLiteral("x"), QStringLiteral("keep"), ConflictType::ScopeOverlap, ConflictStatus::Open,
               ConflictResolution::None, kT0, 0};
    QVERIFY(s.conflicts().insert(c));
    QVERIFY(s.meta().setValue(MetaRepository::kProfile, QStringLiteral("enhanced")));
}

/// A later version of "tabs" (overwritten), a new memory contradicting it (the detector
/// lowers both confidences), a new unrelated one, a link between the new ones, a stronger
/// link x–y (replaces the stored one), an event and a conflict from the file.
io::MemorySet incomingSet()
{
    io::MemorySet set;
    set.sourceName = QStringLiteral("incoming.json");
    Memory newer = tabs();
    newer.content = QStringLiteral("The user indents code with tabs, width four");
    newer.updatedAt = kT0 + kMsPerDay;
    Memory contra = tabs();
    contra.id = QStringLiteral("nottabs");
    contra.content = QStringLiteral("The user does not indent code with tabs");
    contra.createdAt = contra.updatedAt = contra.lastReinforcedAt = kT0 + kMsPerHour;
    set.memories = {newer, contra, plain(QStringLiteral("other"), 9)};
    set.associations = {
        Association{QStringLiteral("nottabs"), QStringLiteral("other"), 0.4, QStringLiteral("keyword"), kT0},
        Association{QStringLiteral("x"), QStringLiteral("y"), 0.9, QStringLiteral("keyword"), kT0 + 1}};
    set.events = {Event{0, QStringLiteral("other"), events::kReinforce, QStringLiteral("assistant"), kT0 + 5,
                        QJsonObject{{QStringLiteral("reason"), QStringLiteral("task_success")}}}};
    set.conflicts = {Conflict{0, QStringLiteral("keep"), QStringLiteral("other"), ConflictType::ScopeOverlap,
                              ConflictStatus::Open, ConflictResolution::None, kT0 + 10, 0}};
    return set;
}

/// Every table but the log, field by field (conflicts with their ids unless `ids` is false:
/// a redo puts a conflict back under a new id).
struct Tables
{
    std::vector<Memory> memories;
    std::vector<Association> links;
    std::vector<Conflict> conflicts;
    QList<QPair<QString, QString>> meta;
    qint64 lastEvent = 0;

    static Tables of(Store &s, bool ids = true)
    {
        Tables t;
        t.memories = *s.memories().all(true);
        std::sort(t.memories.begin(), t.memories.end(), [](const Memory &a, const Memory &b) { return a.id < b.id; });
        t.links = *s.associations().all();
        std::sort(t.links.begin(), t.links.end(),
                  [](const Association &a, const Association &b) { return std::tie(a.a, a.b) < std::tie(b.a, b.b); });
        t.conflicts = *s.conflicts().list();
        for (Conflict &c : t.conflicts)
            c.id = ids ? c.id : 0;
        std::sort(t.conflicts.begin(), t.conflicts.end(), [](const Conflict &a, const Conflict &b) {
            return std::tie(a.a, a.b, a.type) < std::tie(b.a, b.b, b.type);
        });
        QSqlQuery q(s.database().handle());
        if (!q.exec(QStringLiteral("SELECT key, value FROM meta ORDER BY key")))
            qFatal("meta");
        while (q.next())
            t.meta.append({q.value(0).toString(), q.value(1).toString()});
        t.lastEvent = *s.events().count();
        return t;
    }
};

void compareTables(const Tables &now, const Tables &expected)
{
    QCOMPARE(now.memories.size(), expected.memories.size());
    for (std::size_t i = 0; i < now.memories.size(); ++i)
        QCOMPARE(now.memories[i], expected.memories[i]);
    QCOMPARE(now.links.size(), expected.links.size());
    for (std::size_t i = 0; i < now.links.size(); ++i)
        QCOMPARE(now.links[i], expected.links[i]);
    QCOMPARE(now.conflicts.size(), expected.conflicts.size());
    for (std::size_t i = 0; i < now.conflicts.size(); ++i)
        QCOMPARE(now.conflicts[i], expected.conflicts[i]);
    QCOMPARE(now.meta, expected.meta);
}

std::vector<qint64> firstEvents(const std::vector<DecisionOutcome> &outcomes)
{
    std::vector<qint64> out;
    for (const DecisionOutcome &o : outcomes)
        out.push_back(o.firstEventId());
    return out;
}

} // namespace

class TestImportUndo : public QObject
{
    Q_OBJECT

private:
    Result<io::ImportOutcome> import(test::EngineStore &s)
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("incoming.json"));
        if (!io::MemorySetJson::writeFile(file, incomingSet()))
            return Error::make(Error::Code::Io, QStringLiteral("write"));
        auto set = io::MemorySetReader::read(file);
        if (!set)
            return set.error();
        const io::ImportOperation operation(*s, m_config, kNow);
        auto plan = operation.preview(*set);
        if (!plan)
            return plan.error();
        io::ImportPolicy policy;
        policy.changed = io::ImportAction::Overwrite;
        return operation.apply(*set, *plan, policy);
    }

    test::EngineFixture m_engines;
    Config m_config = Config::defaults();

private Q_SLOTS:
    // On a store file and on a team store (EngineStore.h).
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void undoTakesEveryTableBackAndRedoReapplies()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        const Tables before = Tables::of(*s);
        QSqlQuery q(s->database().handle());
        const auto eventsBefore = *s->events().between(1, before.lastEvent);

        auto outcome = import(s);
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QCOMPARE(outcome->report.added, 2);
        QCOMPARE(outcome->report.updated, 1);
        QCOMPARE(outcome->recorded.size(), std::size_t(1)); // tabs – nottabs
        // The import's decision and the detector's: two undo targets, the import's first.
        QCOMPARE(outcome->decisionEvents.size(), std::size_t(2));
        QCOMPARE(outcome->decisionEvents.front(), outcome->report.firstEventId);
        const Tables imported = Tables::of(*s, false);
        QCOMPARE(imported.memories.size(), before.memories.size() + 2);
        QCOMPARE(s->associations().get(QStringLiteral("x"), QStringLiteral("y"))->value().weight, 0.9);

        // Undo, as the window does it: the decisions newest first, one transaction, on a
        // fresh connection to the file.
        s.reopen();
        std::vector<qint64> undo(outcome->decisionEvents.rbegin(), outcome->decisionEvents.rend());
        Decisions decisions(*s, m_config);
        AfterChange after(*s, m_config);
        auto undone = after.revertAll(decisions, undo, kNow + kMsPerHour);
        QVERIFY2(undone, undone ? "" : qPrintable(undone.error().message));
        compareTables(Tables::of(*s), before);
        QVERIFY(!QTest::currentTestFailed());
        // The log only grew: its rows from before the import are as they were.
        QCOMPARE(*s->events().between(1, before.lastEvent), eventsBefore);
        QVERIFY(*s->events().count() > imported.lastEvent);

        // Redo: revert the reverts, in the original order.
        std::vector<qint64> redo = firstEvents(*undone);
        std::reverse(redo.begin(), redo.end());
        auto redone = after.revertAll(decisions, redo, kNow + 2 * kMsPerHour);
        QVERIFY2(redone, redone ? "" : qPrintable(redone.error().message));
        const Tables again = Tables::of(*s, false);
        compareTables(again, imported);
        QVERIFY(!QTest::currentTestFailed());

        // And undo once more.
        std::vector<qint64> undoAgain = firstEvents(*redone);
        std::reverse(undoAgain.begin(), undoAgain.end());
        auto undoneAgain = after.revertAll(decisions, undoAgain, kNow + 3 * kMsPerHour);
        QVERIFY2(undoneAgain, undoneAgain ? "" : qPrintable(undoneAgain.error().message));
        Tables last = Tables::of(*s);
        compareTables(last, before);
    }

    void aLaterDecisionOnAnImportedMemoryRefusesTheUndo()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        auto outcome = import(s);
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        Decisions decisions(*s, m_config);
        auto confirmed = decisions.confirm(QStringLiteral("other"), kNow + kMsPerHour);
        QVERIFY2(confirmed, confirmed ? "" : qPrintable(confirmed.error().message));

        const auto fingerprint = test::fingerprint(*s);
        std::vector<qint64> undo(outcome->decisionEvents.rbegin(), outcome->decisionEvents.rend());
        AfterChange after(*s, m_config);
        auto refused = after.revertAll(decisions, undo, kNow + 2 * kMsPerHour);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, Error::Code::Conflict);
        const QString message = refused.error().message;
        QVERIFY2(message.contains(QStringLiteral("other")) && message.contains(QStringLiteral("reinforce")) /* a confirm's first event */
                     && message.contains(QStringLiteral("incoming.json")),
                 qPrintable(message));
        QCOMPARE(test::fingerprint(*s), fingerprint); // nothing written

        // Once the confirm is undone, the import can be.
        QVERIFY(decisions.revert(confirmed->firstEventId(), kNow + 3 * kMsPerHour));
        auto undone = after.revertAll(decisions, undo, kNow + 4 * kMsPerHour);
        QVERIFY2(undone, undone ? "" : qPrintable(undone.error().message));
        QVERIFY(!*s->memories().contains(QStringLiteral("other")));
    }

    void anOlderStoresImportEventIsReadableButNotUndone()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(plain(QStringLiteral("old"), 1)));
        Event e{0, QStringLiteral("old"), events::kImport, QStringLiteral("import"), kT0,
                QJsonObject{{QStringLiteral("source"), QStringLiteral("legacy.json")},
                            {QStringLiteral("action"), QStringLiteral("added")}}};
        QVERIFY(s->events().append(e));
        auto read = s->events().forMemory(QStringLiteral("old"));
        QVERIFY(read);
        QCOMPARE(read->size(), std::size_t(1));
        QCOMPARE(read->front().payload.value(QStringLiteral("source")).toString(), QStringLiteral("legacy.json"));
        const auto fingerprint = test::fingerprint(*s);
        Decisions decisions(*s, m_config);
        auto refused = decisions.revert(e.id, kNow);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(QStringLiteral("older")), qPrintable(refused.error().message));
        QCOMPARE(test::fingerprint(*s), fingerprint);
    }
};

QTEST_GUILESS_MAIN(TestImportUndo)
#include "tst_import_undo.moc"
