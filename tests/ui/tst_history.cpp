// A memory's history as the detail panel shows it: readable sentences per event kind,
// "field: before → after" lines, relative times, newest first, from a real store (an SQLite
// file and a team store of the suite's own PostgreSQL).
#include "EngineStore.h"

#include "models/HistoryModel.h"
#include "text/EventText.h"
#include "views/HistoryView.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {
constexpr Millis kT0 = 1704103200000; // 2024-01-01T10:00Z

Event makeEvent(const QString &kind, const QJsonObject &payload, Millis at = kT0, const QString &actor = QStringLiteral("user"))
{
    Event e;
    e.memoryId = QStringLiteral("mem_1");
    e.kind = kind;
    e.actor = actor;
    e.at = at;
    e.payload = payload;
    return e;
}

QJsonObject beforeAfter(const QJsonObject &before, const QJsonObject &after, QJsonObject extra = {})
{
    extra.insert(QStringLiteral("before"), before);
    extra.insert(QStringLiteral("after"), after);
    return extra;
}
} // namespace

class TestHistory : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void summary_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QJsonObject>("payload");
        QTest::addColumn<QString>("expected");

        QTest::newRow("reinforce task_success")
            << events::kReinforce
            << beforeAfter({{"stability", 48}}, {{"stability", 96}}, {{"event", "task_success"}})
            << QStringLiteral("Reinforced (a task it helped succeeded): stability 48 h → 96 h");
        QTest::newRow("reinforce without stability") << events::kReinforce << QJsonObject{{"event", "access"}}
                                                     << QStringLiteral("Reinforced (recalled by the assistant)");
        QTest::newRow("confirm") << events::kConfirm << QJsonObject{} << QStringLiteral("Confirmed");
        QTest::newRow("negate with correction")
            << events::kNegate << QJsonObject{{"correction", "no longer drinks coffee"}, {"reason", "user negation"}}
            << QStringLiteral("Negated: 'no longer drinks coffee'");
        QTest::newRow("negate, correction in history")
            << events::kNegate
            << beforeAfter({{"negated", false}},
                           {{"negated", true},
                            {"correctionHistory", QJsonArray{QJsonObject{{"newPreference", "drinks green tea"}}}}})
            << QStringLiteral("Negated: 'drinks green tea'");
        QTest::newRow("negate, reason only") << events::kNegate << QJsonObject{{"reason", "user negation"}}
                                             << QStringLiteral("Negated (user negation)");
        QTest::newRow("permanent on") << events::kPermanent << beforeAfter({{"permanent", false}}, {{"permanent", true}})
                                      << QStringLiteral("Marked permanent");
        QTest::newRow("permanent off") << events::kPermanent << beforeAfter({{"permanent", true}}, {{"permanent", false}})
                                       << QStringLiteral("Permanent mark removed");
        QTest::newRow("edit content") << events::kEdit << beforeAfter({{"content", "a"}}, {{"content", "b"}})
                                      << QStringLiteral("Edited content");
        QTest::newRow("edit two fields")
            << events::kEdit << beforeAfter({{"category", "fact"}, {"keywords", QJsonArray{"a"}}},
                                            {{"category", "skill"}, {"keywords", QJsonArray{"a", "b"}}})
            << QStringLiteral("Edited category and keywords");
        // Rule 12: the summary names the field the user changed, not what every write refreshes.
        QTest::newRow("edit importance")
            << events::kEdit
            << beforeAfter({{"importance", 1.0}, {"updatedAt", "2024-06-01T00:00:00.000Z"}, {"strength", 40.0}},
                           {{"importance", 2.5}, {"updatedAt", "2024-06-02T00:00:00.000Z"}, {"strength", 41.0}})
            << QStringLiteral("Edited importance");
        QTest::newRow("archive with reason") << events::kArchive << QJsonObject{{"reason", "strength 7 is under the archive line (10)"}}
                                             << QStringLiteral("Archived: strength 7 is under the archive line (10)");
        QTest::newRow("merge into") << events::kMerge << beforeAfter({}, {{"mergedInto", "mem_9"}})
                                    << QStringLiteral("Merged into a memory no longer in the store");
        QTest::newRow("merge from") << events::kMerge << QJsonObject{{"mergedFrom", QJsonArray{"a", "b", "c"}}}
                                    << QStringLiteral("Merged from 3 memories");
        QTest::newRow("import") << events::kImport << QJsonObject{{"file", "demo.json"}}
                                << QStringLiteral("Imported from demo.json");
        QTest::newRow("conflict resolved") << events::kConflictResolved << QJsonObject{{"strategy", "version_keep"}}
                                           << QStringLiteral("Conflict resolved: keep versions");
        QTest::newRow("rule11 conflict dismissed") << events::kConflictDismissed << QJsonObject{{"dismissed", true}}
                                                   << QStringLiteral("Conflict dismissed: not a conflict");
        QTest::newRow("rule11 recently updated") << events::kRecentlyUpdated << QJsonObject{{"supersedes", "mem_1"}}
                                                 << QStringLiteral("Recently updated (replaces a memory no longer in the store)");
        QTest::newRow("revert") << events::kRevert << QJsonObject{{"eventId", 12}} << QStringLiteral("Reverted event #12");
        QTest::newRow("rule9 link learned together")
            << events::kLinkBoost
            << QJsonObject{{"other", "mem_2"}, {"weightBefore", 1.0 / 3}, {"weightAfter", 1.0 / 3 + 0.05}, {"reason", "co_retrieval"}}
            << QStringLiteral("Link to a memory no longer in the store strengthened 0.33 → 0.38 (recalled together)");
        QTest::newRow("rule9 link confirmed")
            << events::kLinkBoost
            << QJsonObject{{"other", "mem_3"}, {"weightBefore", 0.4}, {"weightAfter", 0.5}, {"reason", "confirmed_hit"}}
            << QStringLiteral("Link to a memory no longer in the store strengthened 0.40 → 0.50 (confirmed as a useful association)");
        QTest::newRow("unknown kind") << QStringLiteral("weight_change") << QJsonObject{} << QStringLiteral("Weight change");
    }
    void summary()
    {
        QFETCH(QString, kind);
        QFETCH(QJsonObject, payload);
        QFETCH(QString, expected);
        QCOMPARE(EventText::summary(makeEvent(kind, payload)), expected);
    }

    void changes_data()
    {
        QTest::addColumn<QJsonObject>("payload");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("stability in hours") << beforeAfter({{"stability", 48}}, {{"stability", 96}})
                                            << QStringList{"stability: 48 h → 96 h"};
        QTest::newRow("content quoted") << beforeAfter({{"content", "Likes coffee"}}, {{"content", "Drinks tea"}})
                                        << QStringList{"content: 'Likes coffee' → 'Drinks tea'"};
        QTest::newRow("numbers without noise") << beforeAfter({{"decayRate", 1.0}}, {{"decayRate", 0.7}})
                                               << QStringList{"decay rate: 1 → 0.7"};
        QTest::newRow("flag added") << beforeAfter({}, {{"verified", true}}) << QStringList{"verified: — → yes"};
        QTest::newRow("keywords joined") << beforeAfter({{"keywords", QJsonArray{"a", "b"}}}, {{"keywords", QJsonArray{"a"}}})
                                         << QStringList{"keywords: a, b → a"};
        QTest::newRow("two fields, key order")
            << beforeAfter({{"confidence", 0.5}, {"stability", 24}}, {{"confidence", 0.8}, {"stability", 36}})
            << QStringList{"confidence: 0.5 → 0.8", "stability: 24 h → 36 h"};
        // Issue 20, item 9: the words a person uses, never a field name.
        QTest::newRow("field names in words")
            << beforeAfter({{"projectPath", "/a"}, {"negatedAt", QJsonValue()}, {"correctionHistory", QJsonArray{}}},
                           {{"projectPath", "/b"}, {"negatedAt", "x"}, {"correctionHistory", QJsonArray{"y"}}})
            << QStringList{"correction history: (none) → y", "negated at: — → 'x'", "project: '/a' → '/b'"};
        QTest::newRow("no before/after") << QJsonObject{{"reason", "x"}} << QStringList{};
        QTest::newRow("unchanged field left out")
            << beforeAfter({{"decayRate", 0.8}, {"stability", 237.6}}, {{"decayRate", 0.8}, {"stability", 356.4}})
            << QStringList{"stability: 237.6 h → 356.4 h"};
        // Issue 14 rule 7: note 001's weight change log, in words, after the fields.
        QTest::newRow("rule7 weight change")
            << beforeAfter({{"stability", 24}}, {{"stability", 36}},
                           {{"weight", QJsonObject{{"oldWeight", 0.4213}, {"newWeight", 0.5089}, {"reason", "reinforce"}}}})
            << QStringList{"stability: 24 h → 36 h", "weight 0.42 → 0.51 (reinforced)"};
        QTest::newRow("rule7 weight unmoved left out")
            << beforeAfter({{"content", "a"}}, {{"content", "b"}},
                           {{"weight", QJsonObject{{"oldWeight", 0.5}, {"newWeight", 0.5}, {"reason", "edit"}}}})
            << QStringList{"content: 'a' → 'b'"};
    }
    void changes()
    {
        QFETCH(QJsonObject, payload);
        QFETCH(QStringList, expected);
        QCOMPARE(EventText::changes(makeEvent(events::kEdit, payload)), expected);
    }

    // Issue 20, item 9: another memory an event names is shown by the start of its text
    // (elided to 40 characters), its id only when the store has no such memory.
    void otherMemoriesNamedByTheirText()
    {
        const QString longText = QStringLiteral("Drinks green tea every morning and never coffee after noon, since 2023");
        const EventText::MemoryNamer namer = [&](const QString &id) {
            return id == QLatin1String("mem_9") ? longText : QString();
        };
        const QString shown = QStringLiteral("“%1…”").arg(longText.left(39));
        const Event merged = makeEvent(events::kMerge, beforeAfter({}, {{"mergedInto", "mem_9"}}));
        QCOMPARE(EventText::summary(merged, namer), QStringLiteral("Merged into ") + shown);
        QCOMPARE(EventText::summary(makeEvent(events::kAssociate, QJsonObject{{"other", "mem_9"}}), namer),
                 QStringLiteral("Linked to ") + shown);
        QCOMPARE(EventText::summary(makeEvent(events::kRecentlyUpdated, QJsonObject{{"supersedes", "mem_9"}}), namer),
                 QStringLiteral("Recently updated (replaces %1)").arg(shown));
        // Not in the store (or no namer): the id.
        QCOMPARE(EventText::summary(makeEvent(events::kMerge, beforeAfter({}, {{"mergedInto", "mem_gone"}})), namer),
                 QStringLiteral("Merged into a memory no longer in the store"));
        QCOMPARE(EventText::summary(merged), QStringLiteral("Merged into a memory no longer in the store"));

        // The history list shows it so once the panel gives the model its namer.
        HistoryModel model;
        model.setEvents({merged}, kT0);
        QCOMPARE(model.index(0).data().toString(), QStringLiteral("Merged into a memory no longer in the store"));
        model.setNamer(namer);
        QCOMPARE(model.index(0).data().toString(), QStringLiteral("Merged into ") + shown);
    }

    void instantsShownInLocalTime()
    {
        const QString iso = time::toIso(kT0);
        const QStringList lines
            = EventText::changes(makeEvent(events::kReinforce, beforeAfter({{"lastReinforcedAt", iso}}, {{"lastReinforcedAt", double(kT0 + kMsPerDay)}})));
        QCOMPARE(lines.size(), 1);
        QCOMPARE(lines.first(), QStringLiteral("last reinforced: %1 → %2")
                                    .arg(EventText::localTime(kT0), EventText::localTime(kT0 + kMsPerDay)));
        QVERIFY(!lines.first().contains(QLatin1Char('Z'))); // not the raw ISO text
    }

    void relative_data()
    {
        QTest::addColumn<qint64>("ago"); // ms before now; negative = in the future
        QTest::addColumn<QString>("expected");
        QTest::newRow("now") << qint64(0) << QStringLiteral("just now");
        QTest::newRow("90 s") << qint64(90'000) << QStringLiteral("1 minute ago");
        QTest::newRow("5 h") << qint64(5 * kMsPerHour) << QStringLiteral("5 hours ago");
        QTest::newRow("1 d") << qint64(kMsPerDay) << QStringLiteral("1 day ago");
        QTest::newRow("3 d") << qint64(3 * kMsPerDay) << QStringLiteral("3 days ago");
        QTest::newRow("90 d") << qint64(90 * kMsPerDay) << QStringLiteral("2 months ago");
        QTest::newRow("800 d") << qint64(800 * kMsPerDay) << QStringLiteral("2 years ago");
        QTest::newRow("future") << qint64(-3 * kMsPerDay) << QStringLiteral("in 3 days");
    }
    void relative()
    {
        QFETCH(qint64, ago);
        QFETCH(QString, expected);
        QCOMPARE(EventText::relative(kT0 - ago, kT0), expected);
    }

    void toolTipNeverRichText()
    {
        const QString tip = EventText::plainToolTip(QStringLiteral("<b>bold</b> & co"));
        QVERIFY(tip.contains(QStringLiteral("&lt;b&gt;bold&lt;/b&gt; &amp; co")));
        QVERIFY(!tip.contains(QStringLiteral("<b>")));
    }

    void modelListsStoreEventsNewestFirst()
    {
        test::EngineStore s(m_engines);
        const Memory m = test::sampleMemory(QStringLiteral("mem_1"));
        QVERIFY(s->memories().insert(m));
        std::vector<Event> written{
            makeEvent(events::kCreate, {}, kT0, QStringLiteral("assistant")),
            makeEvent(events::kReinforce, beforeAfter({{"stability", 48}}, {{"stability", 96}}, {{"event", "task_success"}}),
                      kT0 + kMsPerDay, QStringLiteral("assistant")),
            makeEvent(events::kEdit, beforeAfter({{"content", "Likes coffee"}}, {{"content", "Drinks tea"}}), kT0 + 2 * kMsPerDay),
            makeEvent(events::kConfirm, {}, kT0 + 3 * kMsPerDay),
        };
        for (Event &e : written)
            QVERIFY(s->events().append(e));
        auto history = s->events().forMemory(m.id);
        QVERIFY(history);

        HistoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setEvents(*history, kT0 + 6 * kMsPerDay);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.index(0).data().toString(), QStringLiteral("Confirmed"));
        QCOMPARE(model.index(1).data().toString(), QStringLiteral("Edited content"));
        QCOMPARE(model.index(2).data().toString(), QStringLiteral("Reinforced (a task it helped succeeded): stability 48 h → 96 h"));
        QCOMPARE(model.index(3).data().toString(), QStringLiteral("Created"));
        QCOMPARE(model.index(1).data(HistoryModel::ChangesRole).toStringList(),
                 QStringList{"content: 'Likes coffee' → 'Drinks tea'"});
        QCOMPARE(model.index(2).data(HistoryModel::ActorRole).toString(), QStringLiteral("assistant"));
        // Who decided: on a team store the database role, the kind of decider beside it.
        QCOMPARE(model.index(2).data(HistoryModel::WhoRole).toString(),
                 test::EngineFixture::onServer() ? QStringLiteral("%1 (assistant)").arg(QLatin1String(test::PgTestServer::kUser))
                                                 : QStringLiteral("assistant"));
        QCOMPARE(model.index(2).data(HistoryModel::KindRole).toString(), events::kReinforce);
        QCOMPARE(model.index(2).data(HistoryModel::EventIdRole).toLongLong(), written[1].id);
        QVERIFY(model.index(0).data(HistoryModel::WhenRole).toString().endsWith(QStringLiteral("3 days ago")));
        QVERIFY(model.index(3).data(HistoryModel::WhenRole).toString().startsWith(EventText::localTime(kT0)));

        // Preview at another date: only the relative part moves.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setNow(kT0 + 10 * kMsPerDay);
        QCOMPARE(changed.count(), 1);
        QVERIFY(model.index(0).data(HistoryModel::WhenRole).toString().endsWith(QStringLiteral("7 days ago")));
        const QString tip = model.index(2).data(Qt::ToolTipRole).toString();
        QVERIFY(tip.contains(QStringLiteral("stability: 48 h → 96 h")));
        QVERIFY(tip.contains(QStringLiteral("by ") + model.index(2).data(HistoryModel::WhoRole).toString()));
    }

    void sameInstantKeepsAppendOrderReversed()
    {
        HistoryModel model;
        Event reinforce = makeEvent(events::kReinforce, {{"event", "manual"}});
        reinforce.id = 1;
        Event confirm = makeEvent(events::kConfirm, {});
        confirm.id = 2;
        model.setEvents({reinforce, confirm}, kT0);
        QCOMPARE(model.index(0).data(HistoryModel::KindRole).toString(), events::kConfirm);
        QCOMPARE(model.index(1).data(HistoryModel::KindRole).toString(), events::kReinforce);
    }

    void viewPaintsCardsTallEnoughForTheirChanges()
    {
        HistoryView view;
        view.resize(380, 400);
        view.setEvents({makeEvent(events::kConfirm, {}),
                        makeEvent(events::kEdit,
                                  beforeAfter({{"content", "a"}, {"keywords", QJsonArray{"x"}}},
                                              {{"content", "b"}, {"keywords", QJsonArray{"y"}}}),
                                  kT0 + 1000)},
                       kT0 + kMsPerDay);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.model()->rowCount(), 2);
        const int editHeight = view.visualRect(view.model()->index(0, 0)).height();
        const int confirmHeight = view.visualRect(view.model()->index(1, 0)).height();
        QVERIFY2(editHeight > confirmHeight, "two change lines make the edit card taller");
        QVERIFY(confirmHeight >= 2 * view.fontMetrics().height());
        QVERIFY(!view.grab().isNull());
    }
};

QTEST_MAIN(TestHistory)
#include "tst_history.moc"
