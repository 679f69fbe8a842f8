// io::ImportOperation, the one import recollector-cli and the window run, on a real store file and
// on a team store: the preview (kinds, contradictions, nothing written), the apply (rows, the
// set's links, events and conflicts, and the contradictions recorded with the engine's automatic
// handling, all in one transaction), progress phases, a cancel at the commit hook and during the
// writing, a failure injected after the rows were written, the detection limit and the caps note.
#include "StoreFingerprint.h"
#include "EngineStore.h"

#include "engine/conflicts/ConflictDetector.h"
#include "io/ImportOperation.h"
#include "io/MemorySetJson.h"
#include "io/MemorySetReader.h"
#include "model/Event.h"

#include <QtTest>

#include <algorithm>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1704103200000; // 2024-01-01T10:00Z
constexpr Millis kNow = 1717236000000; // 2024-06-01T10:00Z
const ConflictType kDirect = ConflictType::DirectContradiction;

Memory tabs()
{
    Memory m = test::sampleMemory(QStringLiteral("tabs"), kT0);
    m.content = QStringLiteral("The user indents code with tabs");
    m.keywords = { QStringLiteral("indentation"), QStringLiteral("tabs"), QStringLiteral("style") };
    m.source = { QStringLiteral("chat"), {}, {}, {} };
    return m;
}

// Contradicts tabs() in the same period: a direct contradiction (both confidences × 0.8).
Memory notTabs(const QString &id = QStringLiteral("nottabs"))
{
    Memory m = tabs();
    m.id = id;
    m.content = QStringLiteral("The user does not indent code with tabs");
    m.createdAt = m.updatedAt = m.lastReinforcedAt = kT0 + kMsPerHour;
    return m;
}

Memory unrelated(const QString &id, int n)
{
    Memory m = test::sampleMemory(id, kT0 + n);
    m.content = QStringLiteral("Unrelated fact number %1").arg(n);
    m.keywords = { QStringLiteral("topic%1").arg(n), QStringLiteral("fact%1").arg(n) };
    return m;
}

// The stored "tabs" and a set holding a contradiction of it, a second new memory, a link
// between the two, an event of the new one and a conflict between the stored and a new one.
io::MemorySet contradictingSet(bool withConflict = true)
{
    io::MemorySet set;
    set.sourceName = QStringLiteral("incoming.json");
    set.profile = QStringLiteral("ebbinghaus");
    set.memories = { notTabs(), unrelated(QStringLiteral("other"), 1) };
    set.associations = { Association { QStringLiteral("nottabs"), QStringLiteral("other"), 0.4,
        QStringLiteral("keyword"), kT0 } };
    set.events = { Event { 0, QStringLiteral("other"), events::kReinforce, QStringLiteral("assistant"), kT0 + 5,
        QJsonObject { { QStringLiteral("reason"), QStringLiteral("task_success") } } } };
    if (withConflict)
        set.conflicts = { Conflict { 0, QStringLiteral("tabs"), QStringLiteral("other"),
            ConflictType::ScopeOverlap, ConflictStatus::Open, ConflictResolution::None, kT0 + 10, 0 } };
    return set;
}

struct Call
{
    io::ImportPhase phase;
    int done;
    int total;
};

} // namespace

class TestImportOperation : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void previewThenApplyOnAStoreFile()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(tabs()));
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("incoming.json"));
        QVERIFY(io::MemorySetJson::writeFile(file, contradictingSet()));
        auto set = io::MemorySetReader::read(file);
        QVERIFY2(set, set ? "" : qPrintable(set.error().message));

        const io::ImportOperation operation(*s, Config::defaults(), kNow);
        const auto before = test::fingerprint(*s);
        auto plan = operation.preview(*set);
        QVERIFY2(plan, plan ? "" : qPrintable(plan.error().message));
        QCOMPARE(test::fingerprint(*s), before); // a preview writes nothing
        QCOMPARE(plan->preview.newIds, (QStringList { QStringLiteral("nottabs"), QStringLiteral("other") }));
        QVERIFY(plan->detection.ran());
        QCOMPARE(plan->detection.capsNote, QString());
        QCOMPARE(plan->detection.candidates.size(), size_t(1));
        QCOMPARE(plan->detection.candidates.front().older, QStringLiteral("tabs"));
        QCOMPARE(plan->detection.candidates.front().newer, QStringLiteral("nottabs"));
        QCOMPARE(plan->detection.candidates.front().type, kDirect);
        QCOMPARE(plan->preview.contradictions.size(), size_t(1));
        QCOMPARE(plan->preview.contradictions.front().b, QStringLiteral("nottabs"));

        std::vector<Call> calls;
        auto outcome = operation.apply(*set, *plan, io::ImportPolicy {}, [&](io::ImportPhase phase, int done, int total) {
            calls.push_back({ phase, done, total });
            return true;
        });
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QCOMPARE(outcome->report.added, 2);
        QCOMPARE(outcome->report.associations, 1);
        QCOMPARE(outcome->report.events, 1);
        QCOMPARE(outcome->report.conflictsRecorded, 1);
        QCOMPARE(outcome->detection.candidates.size(), size_t(1));
        QCOMPARE(outcome->recorded.size(), size_t(1));
        QCOMPARE(outcome->report.contradictionsRecorded, 1);
        const Conflict recorded = outcome->recorded.front();
        QVERIFY(recorded.id > 0);
        QCOMPARE(recorded.detectedAt, kNow);

        // Progress: the writing up to its total, then the recording, then the commit hook last.
        const int total = 2 + 1 + 1 + 1; // memories, link, event, conflict of the set
        QCOMPARE(calls.size(), size_t(3));
        QCOMPARE(calls[0].phase, io::ImportPhase::Writing);
        QCOMPARE(calls[0].done, total);
        QCOMPARE(calls[0].total, total);
        QCOMPARE(calls[1].phase, io::ImportPhase::RecordingContradictions);
        QCOMPARE(calls[2].phase, io::ImportPhase::Committing);
        QCOMPARE(calls[2].done, total);
        QCOMPARE(calls[2].total, total);

        // All of it committed, as another connection to the store sees it.
        s.reopen();
        auto between = s->conflicts().between(QStringLiteral("tabs"), QStringLiteral("nottabs"));
        QVERIFY(between);
        QCOMPARE(between->size(), size_t(1));
        QCOMPARE(between->front().id, recorded.id);
        QCOMPARE(between->front().type, kDirect);
        QCOMPARE(between->front().status, ConflictStatus::Open);
        // The engine's automatic handling of a direct contradiction: both lose confidence.
        QCOMPARE(s->memories().get(QStringLiteral("tabs"))->confidence, 0.8 * 0.8);
        QCOMPARE(s->memories().get(QStringLiteral("nottabs"))->confidence, 0.8 * 0.8);
        // The detector's two events, and the import's own record of the set's conflict (its
        // undo removes it: docs/formats.md, "Import").
        auto detected = s->events().since(0, events::kConflictDetected);
        QCOMPARE(detected->size(), size_t(3));
        QCOMPARE(std::count_if(detected->begin(), detected->end(),
                               [](const Event &e) { return e.actor == QLatin1String("import"); }),
                 1);
        auto imports = s->events().since(0, events::kImport);
        QCOMPARE(imports->size(), size_t(2));
        // On a team store the import says who imported, as a decision's events do.
        for (const Event &e : *imports)
            QCOMPARE(e.payload.value(QStringLiteral("dbRole")).toString(),
                     test::EngineFixture::onServer() ? QString::fromLatin1(test::PgTestServer::kUser) : QString());
        QVERIFY(*s->associations().get(QStringLiteral("nottabs"), QStringLiteral("other")));
        QCOMPARE(s->conflicts().between(QStringLiteral("tabs"), QStringLiteral("other"))->size(), size_t(1));
        QCOMPARE(*s->meta().value(MetaRepository::kProfile), QStringLiteral("ebbinghaus"));
    }

    // What a skipped memory would have raised is not recorded; a keep-both copy raises it
    // under its new id.
    void candidatesFollowThePolicy()
    {
        test::EngineStore s(m_engines);
        Memory stored = notTabs();
        stored.content = QStringLiteral("The user indents code with tabs, mostly");
        QVERIFY(s->memories().insert(tabs()));
        QVERIFY(s->memories().insert(stored));
        io::MemorySet set;
        set.sourceName = QStringLiteral("incoming.json");
        Memory incoming = notTabs();
        incoming.createdAt -= 1; // another createdAt: conflicting with the stored "nottabs"
        set.memories = { incoming };
        const io::ImportOperation operation(*s, Config::defaults(), kNow);
        auto plan = operation.preview(set);
        QVERIFY(plan);
        QCOMPARE(plan->preview.conflictingIds, QStringList { QStringLiteral("nottabs") });
        QCOMPARE(plan->detection.candidates.size(), size_t(1));

        auto skipped = operation.apply(set, *plan, io::ImportPolicy::all(io::ImportAction::Skip));
        QVERIFY(skipped);
        QCOMPARE(skipped->detection.candidates.size(), size_t(0));
        QCOMPARE(skipped->recorded.size(), size_t(0));
        QCOMPARE(*s->conflicts().countOpen(), qint64(0));

        auto copied = operation.apply(set, *plan, io::ImportPolicy::all(io::ImportAction::KeepBoth));
        QVERIFY(copied);
        const QString copy = copied->report.renamed.value(QStringLiteral("nottabs"));
        QVERIFY(copy.startsWith(QStringLiteral("mem_")));
        QCOMPARE(copied->recorded.size(), size_t(1));
        QCOMPARE(copied->recorded.front().a, QStringLiteral("tabs"));
        QCOMPARE(copied->recorded.front().b, copy);
    }

    void cancelAtTheCommitHookLeavesTheStoreAsItWas()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(tabs()));
        const io::MemorySet set = contradictingSet();
        const io::ImportOperation operation(*s, Config::defaults(), kNow);
        auto plan = operation.preview(set);
        QVERIFY(plan);
        const auto before = test::fingerprint(*s);

        bool sawEverything = false;
        auto outcome = operation.apply(set, *plan, io::ImportPolicy {}, [&](io::ImportPhase phase, int, int) {
            if (phase != io::ImportPhase::Committing)
                return true;
            // Everything is written (inside the transaction) when the hook runs.
            auto recorded = s->conflicts().between(QStringLiteral("tabs"), QStringLiteral("nottabs"));
            sawEverything = s->memories().get(QStringLiteral("nottabs")).ok() && recorded && recorded->size() == 1
                && *s->events().count() > 0;
            return false;
        });
        QVERIFY(!outcome);
        QCOMPARE(outcome.error().code, Error::Code::Cancelled);
        QVERIFY(sawEverything);
        QCOMPARE(test::fingerprint(*s), before);
        s.reopen();
        QCOMPARE(test::fingerprint(*s), before);

        // Nothing is left open: the same import goes through afterwards.
        const io::ImportOperation again(*s, Config::defaults(), kNow);
        auto done = again.apply(set, *plan, io::ImportPolicy {});
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QCOMPARE(done->recorded.size(), size_t(1));
    }

    void cancelDuringTheWritingLeavesTheStoreAsItWas()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(tabs()));
        io::MemorySet set = contradictingSet();
        for (int i = 0; i < 600; ++i)
            set.memories.push_back(unrelated(QStringLiteral("bulk%1").arg(i), 100 + i));
        const io::ImportOperation operation(*s, Config::defaults(), kNow);
        auto plan = operation.preview(set);
        QVERIFY(plan);
        QCOMPARE(plan->detection.candidates.size(), size_t(1));
        const auto before = test::fingerprint(*s);

        std::vector<Call> calls;
        auto outcome = operation.apply(set, *plan, io::ImportPolicy {}, [&](io::ImportPhase phase, int done, int total) {
            calls.push_back({ phase, done, total });
            return done < 512;
        });
        QVERIFY(!outcome);
        QCOMPARE(outcome.error().code, Error::Code::Cancelled);
        QCOMPARE(calls.size(), size_t(2)); // reported every 256 steps; nothing after the cancel
        QCOMPARE(calls.back().phase, io::ImportPhase::Writing);
        QCOMPARE(calls.back().done, 512);
        QCOMPARE(test::fingerprint(*s), before);
        s.reopen();
        QCOMPARE(test::fingerprint(*s), before);
    }

    // The recording of the contradictions fails after the rows were written (a trigger that
    // refuses, on this connection only, a conflict row once the incoming memory is in the
    // table): the rows go too.
    void aFailureAfterTheRowsLeavesNothing()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(tabs()));
        const io::MemorySet set = contradictingSet(false);
        const io::ImportOperation operation(*s, Config::defaults(), kNow);
        auto plan = operation.preview(set);
        QVERIFY(plan);
        QCOMPARE(plan->detection.candidates.size(), size_t(1));
        const auto before = test::fingerprint(*s);
        // PostgreSQL has no trigger of one connection: the trigger refuses only where this
        // session set a flag of its own, and goes with the test (the database serves the next).
        auto dropTrigger = qScopeGuard([&] {
            if (test::EngineFixture::onServer()) {
                (void)s->database().exec(QStringLiteral("DROP TRIGGER IF EXISTS refuse_conflict ON conflicts"));
                (void)s->database().exec(QStringLiteral("DROP FUNCTION IF EXISTS refuse_conflict()"));
            }
        });
        if (test::EngineFixture::onServer()) {
            QVERIFY(s->database().exec(QStringLiteral(
                "CREATE FUNCTION refuse_conflict() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                "IF current_setting('recollector_test.refuse', true) = 'on' "
                "AND EXISTS (SELECT 1 FROM memories WHERE id = 'nottabs') THEN "
                "RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$")));
            QVERIFY(s->database().exec(QStringLiteral(
                "CREATE TRIGGER refuse_conflict BEFORE INSERT ON conflicts "
                "FOR EACH ROW EXECUTE FUNCTION refuse_conflict()")));
            QVERIFY(s->database().exec(QStringLiteral("SET recollector_test.refuse = 'on'")));
        } else {
            QVERIFY(s->database().exec(QStringLiteral(
                "CREATE TEMP TRIGGER refuse_conflict BEFORE INSERT ON main.conflicts "
                "WHEN EXISTS (SELECT 1 FROM main.memories WHERE id = 'nottabs') "
                "BEGIN SELECT RAISE(ABORT, 'injected failure'); END")));
        }

        bool reachedRecording = false;
        auto outcome = operation.apply(set, *plan, io::ImportPolicy {}, [&](io::ImportPhase phase, int, int) {
            reachedRecording = reachedRecording || phase == io::ImportPhase::RecordingContradictions;
            return true;
        });
        QVERIFY(!outcome);
        QVERIFY2(outcome.error().message.contains(QStringLiteral("injected failure"))
                     || outcome.error().detail.contains(QStringLiteral("injected failure")),
            qPrintable(outcome.error().message));
        QVERIFY(reachedRecording); // it failed after the writing
        QCOMPARE(test::fingerprint(*s), before);
        s.reopen(); // the trigger was this connection's only
        QCOMPARE(test::fingerprint(*s), before);
        auto done = io::ImportOperation(*s, Config::defaults(), kNow).apply(set, *plan, io::ImportPolicy {});
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QCOMPARE(done->recorded.size(), size_t(1));
    }

    void detectionIsSkippedAboveTheLimit()
    {
        // The limit counts the set, whatever the store; the writing of twenty thousand memories
        // and their links on a team store is core.bulk_engines' to test.
        if (test::EngineFixture::onServer())
            QSKIP("the limit is a count of the set: the sqlite row covers it");
        test::EngineStore s(m_engines);
        io::MemorySet set;
        set.sourceName = QStringLiteral("big.json");
        for (std::size_t i = 0; i < io::ImportOperation::kDetectAtMost; ++i)
            set.memories.push_back(unrelated(QStringLiteral("m%1").arg(i), int(i)));
        const io::ImportOperation operation(*s, Config::defaults(), kNow);
        auto atLimit = operation.preview(set);
        QVERIFY(atLimit);
        QVERIFY(atLimit->detection.ran());

        set.memories.push_back(notTabs());
        set.memories.push_back(tabs());
        auto above = operation.preview(set);
        QVERIFY(above);
        QVERIFY(above->detection.skipped);
        QVERIFY(!above->detection.ran());
        QVERIFY(above->detection.candidates.empty()); // the pair in it is left to conflicts --detect
        QVERIFY(above->preview.contradictions.empty());
        auto outcome = operation.apply(set, *above, io::ImportPolicy {});
        QVERIFY(outcome);
        QCOMPARE(outcome->report.added, int(io::ImportOperation::kDetectAtMost) + 2);
        QVERIFY(outcome->detection.skipped);
        QVERIFY(outcome->recorded.empty());
        QCOMPARE(*s->conflicts().countOpen(), qint64(0));
    }

    // More contradictions of one memory than ConflictDetector raises per memory: the plan and
    // the outcome carry the detector's note saying so.
    void theCapsNoteIsReported()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(tabs()));
        io::MemorySet set;
        set.sourceName = QStringLiteral("many.json");
        const int n = ConflictDetector::kMaxCandidatesPerMemory + 6;
        for (int i = 0; i < n; ++i)
            set.memories.push_back(notTabs(QStringLiteral("no%1").arg(i, 3, 10, QLatin1Char('0'))));
        const io::ImportOperation operation(*s, Config::defaults(), kNow);
        auto plan = operation.preview(set);
        QVERIFY(plan);
        QCOMPARE(plan->detection.candidates.size(), size_t(ConflictDetector::kMaxCandidatesPerMemory));
        QVERIFY2(plan->detection.capsNote.startsWith(QStringLiteral("contradiction detection was bounded: 6 ")),
            qPrintable(plan->detection.capsNote));
        auto outcome = operation.apply(set, *plan, io::ImportPolicy {});
        QVERIFY(outcome);
        QCOMPARE(outcome->detection.capsNote, plan->detection.capsNote);
        QVERIFY(!outcome->recorded.empty());
    }
};

QTEST_GUILESS_MAIN(TestImportOperation)
#include "tst_import_operation.moc"
