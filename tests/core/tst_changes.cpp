// The review inbox's list (docs/scoring.md#review-inbox): a store changed by the assistant
// (over MCP), the user and an import over ten days; `recollector-cli changes` (the real
// process) and core::ChangeList list exactly the expected rows, newest first, for several
// --since points, --since-review, --between and each filter. On a store file and on a team
// store of the suite's own PostgreSQL (EngineStore.h), the same ten days on each.
#include "CliProcess.h"
#include "EngineStore.h"
#include "TempStore.h"

#include "config/Config.h"
#include "engine/decisions/Decisions.h"
#include "engine/review/ChangeDetail.h"
#include "engine/review/ChangeList.h"
#include "engine/review/ReviewPoint.h"
#include "model/Time.h"
#include "scoring/ScoringProfile.h"
#include "snapshot/SnapshotLoader.h"
#include "store/ChangeScan.h"
#include "store/Database.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSqlQuery>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace recollector;
using namespace recollector::core;

namespace {

const Millis kT0 = *time::fromIso(QStringLiteral("2026-05-01T00:00:00Z"));
Millis day(double d) { return kT0 + Millis(d * double(kMsPerDay)) + 10 * kMsPerHour; }
QString dayIso(double d) { return time::toIso(day(d)); }

const QString kAssistant = QStringLiteral("assistant");
const QString kUser = QStringLiteral("user");

Memory memory(const QString &id, const QString &content, const QString &category)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = category;
    m.keywords = { QStringLiteral("k") };
    // Strong enough not to cross a tier line in ten days: the rows are the events'.
    m.stability = 1e6;
    return m;
}

} // namespace

class TestChanges : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;
    test::StorePerEngine m_store { m_engines };
    Config m_config = Config::defaults();

    test::CliRun cli(const QStringList &args, double atDay = 10)
    {
        return test::runCli(QStringList { QStringLiteral("--store"), m_store.path(), QStringLiteral("--at"), dayIso(atDay) } + args,
                            { { QStringLiteral("USER"), QStringLiteral("tester") } });
    }

    /// The ids and summaries `changes … --json` lists, in its order.
    QStringList rows(const QStringList &args)
    {
        const auto run = cli(QStringList { QStringLiteral("--json"), QStringLiteral("changes") } + args);
        if (run.code != 0)
            qWarning("changes failed: %s", run.err.constData());
        QStringList out;
        for (const QJsonValue &v : run.json().array())
            out << v[QStringLiteral("id")].toString() + QStringLiteral(": ") + v[QStringLiteral("summary")].toString();
        return out;
    }

    void decide(const std::function<Result<DecisionOutcome>(Decisions &)> &step)
    {
        Decisions d(*m_store, m_config);
        const auto r = step(d);
        QVERIFY2(r.ok(), r ? "" : qPrintable(r.error().message));
    }

    // Ten days: day 0 the user's four memories, then a change a day by one of three actors.
    void buildTenDays()
    {
        for (const QString &id : { QStringLiteral("u1"), QStringLiteral("u2"), QStringLiteral("u3"), QStringLiteral("u4") })
            decide([&](Decisions &d) { return d.create(memory(id, QStringLiteral("Fact %1 as the user wrote it").arg(id), QStringLiteral("fact")), day(0), kUser); });
        decide([](Decisions &d) { return d.create(memory(QStringLiteral("a1"), QStringLiteral("The assistant learned uv"), QStringLiteral("tool")), day(1), kAssistant); });
        MemoryEdit text;
        text.content = QStringLiteral("Fact u1 as the assistant rewrote it");
        decide([&](Decisions &d) { return d.edit(QStringLiteral("u1"), text, day(2), kAssistant); });
        m_store.close();
        const auto imported = cli({ QStringLiteral("import"), QStringLiteral(RECOLLECTOR_TEST_DATA "/import-small.json") }, 3);
        QVERIFY2(imported.code == 0, imported.err.constData());
        m_store.reopen();
        MemoryEdit keywords;
        keywords.keywords = QStringList { QStringLiteral("k"), QStringLiteral("added") };
        decide([&](Decisions &d) { return d.edit(QStringLiteral("u2"), keywords, day(4), kUser); });
        decide([](Decisions &d) { return d.softDelete(QStringLiteral("u3"), day(5), kAssistant); });
        decide([](Decisions &d) { return d.confirm(QStringLiteral("u4"), day(6), kUser); });
        m_store.close();
        const auto marked = cli({ QStringLiteral("changes"), QStringLiteral("--mark-reviewed") }, 6.5);
        QVERIFY2(marked.code == 0, marked.err.constData());
        m_store.reopen();
        decide([](Decisions &d) { return d.reinforce(QStringLiteral("u2"), ReinforceEvent::Access, day(7), kAssistant); });
        MemoryEdit a1;
        a1.content = QStringLiteral("The assistant learned uv, and the user corrected it");
        decide([&](Decisions &d) { return d.edit(QStringLiteral("a1"), a1, day(8), kUser); });
        MemoryEdit category;
        category.category = QStringLiteral("preference");
        decide([&](Decisions &d) { return d.edit(QStringLiteral("u4"), category, day(9), kAssistant); });
        m_store.close();
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase() { m_store.buildEach([this] { buildTenDays(); }); }
    void init() { m_store.select(); }

    void sinceDates_data()
    {
        QTest::addColumn<double>("since");
        QTest::addColumn<QStringList>("expected");
        const QString imports[] = { QStringLiteral("c3d4e5f6: New by an import"), QStringLiteral("b2c3d4e5: New by an import"),
                                    QStringLiteral("a1b2c3d4: New by an import") };
        QTest::newRow("day 0.5: everything after the user's own memories")
            << 0.5
            << QStringList { QStringLiteral("u4: Edited category by the assistant, confirmed by you (and 1 more)"),
                             QStringLiteral("a1: New by the assistant"),
                             QStringLiteral("u2: Edited keywords by you, reinforced by the assistant"),
                             QStringLiteral("u3: Deleted by the assistant"),
                             imports[0], imports[1], imports[2],
                             QStringLiteral("u1: Edited text by the assistant") };
        QTest::newRow("day 4.5")
            << 4.5
            << QStringList { QStringLiteral("u4: Edited category by the assistant, confirmed by you (and 1 more)"),
                             QStringLiteral("a1: Edited text by you"),
                             QStringLiteral("u2: Reinforced by the assistant"),
                             QStringLiteral("u3: Deleted by the assistant") };
        QTest::newRow("day 8.5") << 8.5 << QStringList { QStringLiteral("u4: Edited category by the assistant") };
        QTest::newRow("day 9.5: nothing") << 9.5 << QStringList {};
    }

    void sinceDates()
    {
        QFETCH(double, since);
        QFETCH(QStringList, expected);
        QCOMPARE(rows({ QStringLiteral("--since"), dayIso(since) }), expected);
    }

    void filters_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("expected");
        const QStringList since { QStringLiteral("--since"), dayIso(0.5) };
        QTest::newRow("by the assistant")
            << since + QStringList { QStringLiteral("--by"), QStringLiteral("assistant") }
            << QStringList { QStringLiteral("u4: Edited category by the assistant"), QStringLiteral("u2: Reinforced by the assistant"),
                             QStringLiteral("u3: Deleted by the assistant"), QStringLiteral("u1: Edited text by the assistant"),
                             QStringLiteral("a1: New by the assistant") };
        QTest::newRow("by the user")
            << since + QStringList { QStringLiteral("--by"), QStringLiteral("user") }
            << QStringList { QStringLiteral("a1: Edited text by you"), QStringLiteral("u4: Confirmed by you, reinforced"),
                             QStringLiteral("u2: Edited keywords by you") };
        QTest::newRow("by an import")
            << since + QStringList { QStringLiteral("--by"), QStringLiteral("import") }
            << QStringList { QStringLiteral("c3d4e5f6: New by an import"), QStringLiteral("b2c3d4e5: New by an import"),
                             QStringLiteral("a1b2c3d4: New by an import") };
        QTest::newRow("deleted") << since + QStringList { QStringLiteral("--kind"), QStringLiteral("deleted") }
                                 << QStringList { QStringLiteral("u3: Deleted by the assistant") };
        QTest::newRow("category") << since + QStringList { QStringLiteral("--category"), QStringLiteral("preference") }
                                  << QStringList { QStringLiteral("u4: Edited category by the assistant, confirmed by you (and 1 more)") };
        QTest::newRow("since the review (day 6.5)")
            << QStringList { QStringLiteral("--since-review") }
            << QStringList { QStringLiteral("u4: Edited category by the assistant"), QStringLiteral("a1: Edited text by you"),
                             QStringLiteral("u2: Reinforced by the assistant") };
        QTest::newRow("the default is since the review")
            << QStringList { QStringLiteral("--by"), QStringLiteral("assistant") }
            << QStringList { QStringLiteral("u4: Edited category by the assistant"), QStringLiteral("u2: Reinforced by the assistant") };
    }

    void filters()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, expected);
        QCOMPARE(rows(args), expected);
    }

    void betweenTwoDatesGivesAddedRemovedChanged()
    {
        const auto run = cli({ QStringLiteral("--json"), QStringLiteral("changes"), QStringLiteral("--between"), dayIso(1.5), dayIso(5.5) });
        QVERIFY2(run.code == 0, run.err.constData());
        const QJsonObject o = run.json().object();
        QCOMPARE(o[QStringLiteral("added")].toArray().size(), 3);
        const QJsonArray removed = o[QStringLiteral("removed")].toArray();
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed[0][QStringLiteral("id")].toString(), QStringLiteral("u3"));
        const QJsonArray changed = o[QStringLiteral("changed")].toArray();
        QCOMPARE(changed.size(), 2); // u2's keywords, u1's text
        QCOMPARE(changed[0][QStringLiteral("id")].toString(), QStringLiteral("u2"));
        QCOMPARE(changed[0][QStringLiteral("before")][QStringLiteral("keywords")].toArray().size(), 1);
        QCOMPARE(changed[0][QStringLiteral("after")][QStringLiteral("keywords")].toArray().size(), 2);
        QCOMPARE(changed[1][QStringLiteral("before")][QStringLiteral("content")].toString(), QStringLiteral("Fact u1 as the user wrote it"));
        QCOMPARE(changed[1][QStringLiteral("after")][QStringLiteral("content")].toString(), QStringLiteral("Fact u1 as the assistant rewrote it"));
    }

    void detailNamesWhatRejectTakesBack()
    {
        m_store.reopen();
        ChangeScanRange range;
        range.from = day(0.5);
        auto u4 = ChangeDetail::of(*m_store, QStringLiteral("u4"), range);
        QVERIFY(u4.ok());
        QCOMPARE(u4->before[QStringLiteral("category")].toString(), QStringLiteral("fact"));
        QCOMPARE(u4->after[QStringLiteral("category")].toString(), QStringLiteral("preference"));
        QCOMPARE(u4->rejectEvents.size(), std::size_t(1)); // the assistant's edit, not the user's confirm
        auto a1 = ChangeDetail::of(*m_store, QStringLiteral("a1"), range);
        QVERIFY(a1->isNew);
        QCOMPARE(a1->rejectEvents.size(), std::size_t(1));
        auto u3 = ChangeDetail::of(*m_store, QStringLiteral("u3"), range);
        QVERIFY(u3->isGone);
        m_store.close();
    }

    // The review point is per OS user; an accepted row stays hidden until a newer change.
    void reviewPointIsPerUserAndAcceptedRowsStayHidden()
    {
        m_store.reopen();
        auto tester = ReviewPoint::read(*m_store, QStringLiteral("tester"));
        QVERIFY(tester && tester->isSet());
        QCOMPARE(tester->reviewedAt, day(6.5));
        auto other = ReviewPoint::read(*m_store, QStringLiteral("someone-else"));
        QVERIFY(other && !other->isSet());

        ReviewState state = *tester;
        ChangeQuery query;
        query.range.afterEventId = state.throughEventId;
        query.review = &state;
        auto before = ChangeList::build(*m_store, query);
        QCOMPARE(before->size(), std::size_t(3));
        state.seen.insert(QStringLiteral("u2"), before->at(2).lastEventId);
        auto after = ChangeList::build(*m_store, query);
        QCOMPARE(after->size(), std::size_t(2));
        QVERIFY(ReviewPoint::write(*m_store, QStringLiteral("tester"), state));
        QCOMPARE(*ReviewPoint::read(*m_store, QStringLiteral("tester")), state);
        QVERIFY(ReviewPoint::write(*m_store, QStringLiteral("tester"), *tester));
        m_store.close();
    }

    // The inbox's read is an index range (changes_ms): SQLite's plan searches events_kind.
    void theReadIsIndexed()
    {
        m_store.reopen();
        if (!test::EngineFixture::onServer()) {
            QSqlQuery q(m_store->database().handle());
            QVERIFY(q.exec(QStringLiteral("EXPLAIN QUERY PLAN ") + ChangeScan::sql().replace(QLatin1Char('?'), QLatin1Char('1'))));
            QStringList plan;
            while (q.next())
                plan << q.value(3).toString();
            QVERIFY2(plan.join('\n').contains(QStringLiteral("SEARCH events USING INDEX events_kind (kind=? AND id>?)")),
                     qPrintable(plan.join('\n')));
        }
        // SQLite hands the rows over a kind at a time; the read gives them oldest first.
        const auto events = ChangeScan(m_store->database()).read({});
        QVERIFY(events.ok() && events->size() > 10);
        for (std::size_t i = 1; i < events->size(); ++i)
            QVERIFY((*events)[i - 1].id < (*events)[i].id);
        m_store.close();
    }

    // The list leaves the texts to the rows shown; ChangeList::texts words every row's,
    // and the filters by category and project read the snapshot.
    void textsComeFromTheSnapshot()
    {
        m_store.reopen();
        const auto snapshot = SnapshotLoader::load(*m_store, m_config, {});
        QVERIFY(snapshot.ok());
        ChangeQuery query;
        query.range.from = day(0.5);
        auto rows = ChangeList::build(*m_store, query, &*snapshot);
        QVERIFY(rows.ok() && rows->size() > 3);
        const std::vector<ChangeTexts> texts = ChangeList::texts(*rows, *snapshot);
        QCOMPARE(texts.size(), rows->size());
        for (std::size_t i = 0; i < rows->size(); ++i) {
            const auto r = snapshot->rowOf((*rows)[i].memoryId);
            QVERIFY2(r != MemorySnapshot::kNoRow, qPrintable((*rows)[i].memoryId));
            QCOMPARE(texts[i].preview, snapshot->contentPreview(r));
            QCOMPARE(texts[i].category, snapshot->category(r));
            QCOMPARE(texts[i].project, snapshot->project(r));
        }
        query.filter.category = QStringLiteral("preference");
        const auto preference = ChangeList::build(*m_store, query, &*snapshot);
        QVERIFY(preference.ok());
        QCOMPARE(preference->size(), std::size_t(1));
        QCOMPARE(preference->front().memoryId, QStringLiteral("u4"));
        m_store.close();
    }

    // The status bar's count (ChangeList::count) is the length of the list the inbox shows,
    // the memories that crossed a tier line and those marked seen included.
    void theCountIsTheListsLength()
    {
        m_store.reopen();
        const auto snapshot = SnapshotLoader::load(*m_store, m_config, {});
        QVERIFY(snapshot.ok());
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        auto review = ReviewPoint::read(*m_store, QStringLiteral("tester"));
        QVERIFY(review && review->isSet());
        ReviewState state = *review;
        ChangeQuery query;
        query.now = day(36500); // long enough for u2 and u4 to fade past a line
        query.tiersFrom = day(0.5);
        query.review = &state;
        const auto same = [&](std::size_t expected) {
            const auto rows = ChangeList::build(*m_store, query, &*snapshot, profile.get());
            const auto counted = ChangeList::count(*m_store, query, &*snapshot, profile.get());
            QVERIFY(rows.ok() && counted.ok());
            QCOMPARE(rows->size(), expected);
            QCOMPARE(*counted, qint64(expected));
        };
        // Since the tester's review (day 6.5): the three memories changed since, by their events.
        query.range.afterEventId = state.throughEventId;
        same(3);
        // After the last event: only the crossings, rows without an id until they are listed.
        query.range.afterEventId = *m_store->events().lastId();
        same(2);
        state.seen.insert(QStringLiteral("u2"), 0);
        same(1);
        m_store.close();
    }

    // The tier crossings' rows merged with the events' (ChangeList::build): newest first, an
    // event's row before a crossing of the same instant, crossings of one minute in the store's
    // order; each crossing named and at the minute the halving finds; a memory an event lists
    // has no crossing row. Enough crossings that both threads name some. With a date in the
    // range (no room made ahead), the same list.
    void tierCrossingsMergeIntoTheEventsRows()
    {
        m_store.reopen();
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        MemorySnapshot snapshot;
        const QStringList listed { QStringLiteral("u1"), QStringLiteral("u2"), QStringLiteral("u3"), QStringLiteral("u4"), QStringLiteral("a1") };
        constexpr int kDecaying = 20'000;
        for (int i = 0; i < kDecaying + int(listed.size()); ++i) {
            SnapshotRecord r;
            r.rowid = i + 1;
            r.id = (i < listed.size() ? listed[i] : QStringLiteral("m%1").arg(i, 5, 10, QLatin1Char('0'))).toStdString();
            r.category = "fact";
            // Every one fades within the ten days, at its own speed; many cross in one minute.
            r.input.stability = 6 + (i % 331);
            r.input.lastReinforcedAt = day(0) + (i % 7) * kMsPerHour;
            r.input.createdAt = day(0);
            snapshot.append(r);
        }
        ChangeQuery query;
        // The instant of a1's edit. Three memories fade in the minute before it, so their
        // crossings are timed at it too and come after the edit's row.
        query.now = day(8);
        query.tiersFrom = day(1);
        for (const double stability : { 50.0, 60.0, 70.0 }) {
            SnapshotRecord r;
            r.rowid = Millis(snapshot.size()) + 1;
            r.id = QStringLiteral("late%1").arg(stability).toStdString();
            r.input.stability = stability;
            const double hours = -stability * std::log((std::ceil(m_config.decay.fadingThreshold) - 0.5) / 100);
            r.input.lastReinforcedAt = query.now - Millis(hours * double(kMsPerHour)) - 30'000;
            snapshot.append(r);
        }
        const auto rows = ChangeList::build(*m_store, query, &snapshot, profile.get());
        const auto counted = ChangeList::count(*m_store, query, &snapshot, profile.get());
        QVERIFY(rows.ok() && counted.ok());
        QCOMPARE(qint64(rows->size()), *counted);
        int crossings = 0;
        for (std::uint32_t r = std::uint32_t(listed.size()); r < snapshot.size(); ++r)
            crossings += profile->evaluate(snapshot.input(r), query.tiersFrom).tier != profile->evaluate(snapshot.input(r), query.now).tier;
        QVERIFY(crossings > 8192);
        int tierRows = 0;
        for (std::size_t i = 0; i < rows->size(); ++i) {
            const ChangeRow &row = (*rows)[i];
            if (i > 0) {
                const ChangeRow &prev = (*rows)[i - 1];
                QVERIFY(prev.at >= row.at);
                if (prev.at == row.at && row.lastEventId != 0)
                    QVERIFY(prev.lastEventId != 0);
                if (prev.at == row.at && row.lastEventId == 0 && prev.lastEventId == 0)
                    QVERIFY(snapshot.rowOf(prev.memoryId) < snapshot.rowOf(row.memoryId));
            }
            if (row.lastEventId != 0)
                continue;
            ++tierRows;
            QVERIFY(!listed.contains(row.memoryId));
            const std::uint32_t r = snapshot.rowOf(row.memoryId);
            QVERIFY(r != MemorySnapshot::kNoRow);
            QCOMPARE(row.tierBefore, profile->evaluate(snapshot.input(r), query.tiersFrom).tier);
            const Millis halved = profile->ScoringProfile::tierLeftAt(snapshot.input(r), *row.tierBefore, query.tiersFrom, query.now);
            QVERIFY(std::abs(row.at - halved) <= kMsPerHour / 60);
        }
        QCOMPARE(tierRows, crossings);
        const auto atNow = std::count_if(rows->begin(), rows->end(), [&](const ChangeRow &row) { return row.at == query.now; });
        QVERIFY(atNow > 3);
        // A range with a date is read without a count first, so the tier pass makes no room
        // for the events' rows and the merge grows its list: the same rows, in the same order.
        query.range.from = std::numeric_limits<Millis>::min() + 1;
        const auto dated = ChangeList::build(*m_store, query, &snapshot, profile.get());
        QVERIFY(dated.ok());
        QCOMPARE(dated->size(), rows->size());
        for (std::size_t i = 0; i < rows->size(); ++i) {
            QCOMPARE((*dated)[i].memoryId, (*rows)[i].memoryId);
            QCOMPARE((*dated)[i].at, (*rows)[i].at);
            QCOMPARE((*dated)[i].lastEventId, (*rows)[i].lastEventId);
            QCOMPARE((*dated)[i].kinds, (*rows)[i].kinds);
        }
        m_store.close();
    }

    void badArgumentsSayWhichAndChangeNothing()
    {
        const auto run = cli({ QStringLiteral("changes"), QStringLiteral("--by"), QStringLiteral("robot") });
        QCOMPARE(run.code, 2);
        QVERIFY(run.err.contains("--by \"robot\""));
        const auto date = cli({ QStringLiteral("changes"), QStringLiteral("--since"), QStringLiteral("last week") });
        QCOMPARE(date.code, 2);
        QVERIFY(date.err.contains("not a date"));
    }
};

QTEST_GUILESS_MAIN(TestChanges)
#include "tst_changes.moc"
