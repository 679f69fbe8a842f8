// Conflicts (docs/scoring.md, "Detection" and "Conflicts"): the negation and time cues, a table
// of pairs that must and must not conflict in English and Chinese, detection and automatic
// handling on a real store, and every resolution strategy with its events.
#include "engine/conflicts/ConflictDetector.h"
#include "engine/conflicts/ConflictResolver.h"
#include "engine/decisions/Decisions.h"
#include "engine/text/NegationCues.h"
#include "engine/text/TimeAnchors.h"
#include "EngineStore.h"

#include <QJsonArray>
#include <QTest>

using namespace recollector::core;

namespace {

constexpr Millis kBase = 1704067200000; // 2024-01-01T00:00Z

QString u(const char *text) { return QString::fromUtf8(text); }

Memory mem(const QString &id, const QString &content, double days = 0, const QString &project = {},
           const QStringList &keywords = {QStringLiteral("subject"), QStringLiteral("topic")})
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("preference");
    m.keywords = keywords;
    m.projectPath = project;
    m.confidence = 0.8;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = kBase + Millis(days * double(kMsPerDay));
    return m;
}

QStringList kindsOf(Store &store, const QString &id)
{
    QStringList kinds;
    const auto history = store.events().forMemory(id); // a named Result: the loop must not outlive it
    for (const Event &e : *history)
        kinds << e.kind;
    return kinds;
}

} // namespace

class ConflictsTest : public QObject
{
    Q_OBJECT

    recollector::test::EngineFixture m_engines;

private slots:
    // On a store file and on a team store (EngineStore.h).
    void initTestCase_data() { recollector::test::EngineFixture::addEngines(); }
    void negationCues_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("cues");
        QTest::newRow("note is not not") << u("Write a note first") << QStringList{};
        QTest::newRow("not") << u("This is not stable") << QStringList{u("not")};
        QTest::newRow("another, knot, cannot") << u("Another knot; it cannot hold") << QStringList{u("cannot")};
        QTest::newRow("don't") << u("Don't use var") << QStringList{u("don't")};
        QTest::newRow("curly doesn’t") << u("She doesn’t like tea") << QStringList{u("doesn't")};
        QTest::newRow("dont without apostrophe") << u("dont push to main") << QStringList{u("dont")};
        QTest::newRow("no longer is one cue") << u("I no longer drink coffee") << QStringList{u("no longer")};
        QTest::newRow("never, stopped") << u("Never again; he stopped smoking") << QStringList{u("never"), u("stopped")};
        QTest::newRow("not only is additive") << u("Not only fast but safe") << QStringList{};
        QTest::newRow("no-op is a word") << u("Use a no-op handler") << QStringList{};
        QTest::newRow("nothing") << u("Nothing works") << QStringList{u("nothing")};
        QTest::newRow("不") << u("我不喜欢咖啡") << QStringList{u("不")};
        QTest::newRow("不再") << u("我不再喝咖啡") << QStringList{u("不再")};
        QTest::newRow("不要") << u("不要用 pnpm") << QStringList{u("不要")};
        QTest::newRow("从不") << u("他从不迟到") << QStringList{u("从不")};
        QTest::newRow("没有") << u("没有时间写测试") << QStringList{u("没有")};
        QTest::newRow("别 alone") << u("别去那里") << QStringList{u("别")};
        QTest::newRow("不错 is praise") << u("这个方案不错") << QStringList{};
        QTest::newRow("非常 is very") << u("非常重要") << QStringList{};
        QTest::newRow("未来 is future") << u("未来计划用 Rust") << QStringList{};
        QTest::newRow("特别 / 别人 / 区别") << u("别人特别在意区别") << QStringList{};
        QTest::newRow("差不多 / 不得不") << u("差不多了，不得不走") << QStringList{};
        QTest::newRow("没错") << u("没错，就是这样") << QStringList{};
        QTest::newRow("mixed") << u("不要 push, it's not ready") << QStringList{u("not"), u("不要")};
    }

    void negationCues()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, cues);
        const auto analysis = NegationCues::analyse(text);
        QCOMPARE(analysis.cues, cues);
        QCOMPARE(analysis.isNegative(), !cues.isEmpty());
    }

    void timeAnchors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("anchors");
        QTest::newRow("ago with its amount") << u("User was nervous ten days ago")
                                             << QStringList{u("past:was"), u("past:ten days ago")};
        QTest::newRow("now") << u("User is relaxed now") << QStringList{u("present:now")};
        QTest::newRow("timeless") << u("User likes coffee") << QStringList{};
        QTest::newRow("used to (habit)") << u("I used to like coffee") << QStringList{u("past:used to")};
        QTest::newRow("is used to (passive)") << u("Vite is used to build the app") << QStringList{};
        QTest::newRow("last week, in 2023, tomorrow") << u("Last week we moved; in 2023 we chose jest; tomorrow we ship")
                                                      << QStringList{u("past:last week"), u("dated:in 2023"),
                                                                     u("dated:tomorrow")};
        QTest::newRow("十天前") << u("主人十天前很紧张") << QStringList{u("past:十天前")};
        QTest::newRow("现在") << u("主人现在很放松") << QStringList{u("present:现在")};
        QTest::newRow("3个月前 / 两周后") << u("3个月前换了工作，两周后出差")
                                      << QStringList{u("past:3个月前"), u("dated:两周后")};
        QTest::newRow("明天") << u("主人明天要面试") << QStringList{u("dated:明天")};
        QTest::newRow("我以前") << u("我以前不喜欢咖啡") << QStringList{u("past:以前")};
        QTest::newRow("提交之前 is no moment") << u("提交之前要跑测试") << QStringList{};
        QTest::newRow("那时 = then, in a rule") << u("会议安排在早上，那时头脑最清醒") << QStringList{};
    }

    void timeAnchors()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, anchors);
        QStringList found;
        for (const auto &a : TimeAnchors::find(text))
            found << TimeAnchors::describe(a);
        QCOMPARE(found, anchors);
    }

    void pairs_data()
    {
        QTest::addColumn<QString>("older");
        QTest::addColumn<QString>("newer");
        QTest::addColumn<double>("daysApart");
        QTest::addColumn<QString>("olderProject");
        QTest::addColumn<QString>("newerProject");
        QTest::addColumn<QString>("type"); // empty: must not conflict

        const QString none;
        const QString direct = QStringLiteral("direct_contradiction");
        const QString scope = QStringLiteral("scope_overlap");
        const QString shift = QStringLiteral("temporal_shift");
        // Should conflict — English.
        QTest::newRow("en: likes / does not like") << u("User likes coffee") << u("User does not like coffee") << 1.0
                                                   << none << none << direct;
        QTest::newRow("en: prefers tabs / never tabs") << u("Prefers tabs for indentation")
                                                       << u("Never use tabs for indentation") << 0.0 << none << none
                                                       << direct;
        // "no longer" says the newer replaced the older (docs/scoring.md#counts-and-values).
        QTest::newRow("en: no longer = an update") << u("I like coffee") << u("I no longer like coffee") << 2.0 << none
                                                   << none << shift;
        QTest::newRow("en: isn't") << u("The API is stable") << u("The API isn't stable") << 0.5 << none << none
                                   << direct;
        QTest::newRow("en: same moment, same day") << u("The deploy is today") << u("The deploy is not today") << 0.2
                                                   << none << none << direct;
        // Time alone is no update (docs/scoring.md#temporal-shift): values that exclude each
        // other, or opposite polarity, with no word of change stay open however far apart.
        QTest::newRow("en: pnpm / npm exclude each other (45 d)") << u("Use pnpm for installs") << u("Use npm for installs")
                                                                  << 45.0 << none << none << direct;
        QTest::newRow("en: opposite, 30 d apart, no word of change") << u("User likes coffee")
                                                                     << u("User doesn't like coffee") << 30.0 << none
                                                                     << none << direct;
        QTest::newRow("en: tabs / spaces") << u("The user prefers tabs") << u("The user prefers spaces") << 40.0 << none
                                           << none << direct;
        QTest::newRow("en: plan carried out (40 d)") << u("The user is planning to adopt a dog")
                                                     << u("The user adopted a dog named Max") << 40.0 << none << none
                                                     << shift;
        QTest::newRow("en: a standing claim updated 'now' (45 d)")
            << u("recollector-web targets Node 18") << u("recollector-web targets Node 22 now") << 45.0 << none << none << shift;
        QTest::newRow("en: global vs project") << u("Indent with 2 spaces") << u("Indent with 4 spaces") << 1.0 << none
                                               << u("/web") << scope;
        // Should conflict — Chinese.
        QTest::newRow("zh: 喜欢 / 不喜欢") << u("我喜欢喝咖啡") << u("我不喜欢咖啡了") << 1.0 << none << none << direct;
        QTest::newRow("zh: 用 / 不要用") << u("用 pnpm 安装依赖") << u("不要用 pnpm 安装依赖") << 0.0 << none << none
                                       << direct;
        QTest::newRow("zh: 从不") << u("主人喜欢猫") << u("主人从不喜欢猫") << 3.0 << none << none << direct;
        QTest::newRow("zh: two homes, no word of change (60 d)") << u("主人住在北京朝阳区") << u("主人住在上海浦东新区")
                                                                << 60.0 << none << none << direct;
        QTest::newRow("zh: 搬到 (60 d)") << u("主人住在北京朝阳区") << u("主人搬到上海浦东新区") << 60.0 << none << none
                                       << shift;
        QTest::newRow("zh: 全局 vs 项目") << u("项目使用 Tab 缩进") << u("项目使用空格缩进") << 0.0 << u("/app")
                                         << none << scope;
        QTest::newRow("zh: 现在 updates a standing claim (45 d)") << u("项目用 Node 18") << u("项目现在用 Node 22") << 45.0
                                                               << none << none << shift;
        QTest::newRow("zh: 那时 in a rule is no moment") << u("用户喜欢把会议安排在早上，那时头脑最清醒")
                                                      << u("用户不喜欢早上开会") << 2.0 << none << none << direct;
        QTest::newRow("zh: 同一天说明天") << u("主人明天要面试") << u("主人明天不面试") << 0.1 << none << none << direct;
        // Must not conflict — English.
        QTest::newRow("en: note is not not") << u("Write a note before committing") << u("Write notes before committing")
                                             << 0.0 << none << none << none;
        QTest::newRow("en: nervous then, relaxed now") << u("User was nervous ten days ago") << u("User is relaxed now")
                                                       << 10.0 << none << none << none;
        QTest::newRow("en: today's episode vs a standing claim") << u("Drank a latte today") << u("Doesn't drink coffee")
                                                                 << 0.0 << none << none << none;
        QTest::newRow("en: tomorrow, said on different days") << u("The deploy is tomorrow")
                                                              << u("The deploy is not tomorrow") << 3.0 << none << none
                                                              << none;
        QTest::newRow("en: past state vs present") << u("User was not nervous yesterday") << u("User is nervous") << 1.0
                                                   << none << none << none;
        QTest::newRow("en: used to") << u("I used to like coffee") << u("I don't like coffee") << 1.0 << none << none
                                     << none;
        QTest::newRow("en: an old episode, 60 d") << u("The build was failing last week") << u("The build passes")
                                                  << 60.0 << none << none << none;
        QTest::newRow("en: not only") << u("Not only fast but also safe") << u("Fast and safe") << 0.0 << none << none
                                      << none;
        QTest::newRow("en: another") << u("Another approach to caching") << u("An approach to caching") << 0.0 << none
                                     << none << none;
        QTest::newRow("en: same text") << u("Use vitest") << u("use vitest.") << 90.0 << none << none << none;
        QTest::newRow("en: different projects") << u("Use tabs") << u("Don't use tabs") << 0.0 << u("/a") << u("/b")
                                                << none;
        QTest::newRow("en: same polarity, same period") << u("Don't use var") << u("Never use var") << 2.0 << none
                                                        << none << none;
        QTest::newRow("en: keyword overlap and 90 d alone") << u("The deploy script uploads the build to staging")
                                                            << u("The deploy script uploads the build to production")
                                                            << 90.0 << none << none << none;
        // Must not conflict — Chinese.
        QTest::newRow("zh: 十天前紧张 / 现在放松 (importance design)") << u("主人十天前很紧张") << u("主人现在很放松") << 10.0
                                                         << none << none << none;
        QTest::newRow("zh: 昨天不开心 / 今天开心") << u("主人昨天不开心") << u("主人今天很开心") << 1.0 << none << none
                                                 << none;
        QTest::newRow("zh: 以前不喜欢 / 喜欢") << u("我以前不喜欢咖啡") << u("我喜欢咖啡") << 1.0 << none << none << none;
        QTest::newRow("zh: 不错 / 很好") << u("这个方案不错") << u("这个方案很好") << 0.0 << none << none << none;
        QTest::newRow("zh: 非常重要 / 很重要") << u("项目非常重要") << u("项目很重要") << 0.0 << none << none << none;
        QTest::newRow("zh: 未来 / 计划") << u("未来计划用 Rust") << u("计划用 Rust") << 0.0 << none << none << none;
        QTest::newRow("zh: 别人的代码") << u("别人的代码要先审查") << u("代码要先审查") << 0.0 << none << none << none;
    }

    void pairs()
    {
        QFETCH(QString, older);
        QFETCH(QString, newer);
        QFETCH(double, daysApart);
        QFETCH(QString, olderProject);
        QFETCH(QString, newerProject);
        QFETCH(QString, type);
        const Memory a = mem(QStringLiteral("a"), older, 0, olderProject);
        const Memory b = mem(QStringLiteral("b"), newer, daysApart, newerProject);
        const auto rules = Config::defaults().conflicts;
        for (const auto &[x, y] : {std::pair{&a, &b}, std::pair{&b, &a}}) { // order of the call does not matter
            const auto c = ConflictDetector::classify(*x, *y, rules);
            QCOMPARE(c ? conflictTypeName(c->type) : QString(), type);
            if (c) {
                QCOMPARE(c->older, QStringLiteral("a"));
                QCOMPARE(c->newer, QStringLiteral("b"));
                QVERIFY(!c->reason.isEmpty());
            }
        }
    }

    void candidatesNeedTheSameSubject()
    {
        const auto rules = Config::defaults().conflicts;
        const Memory a = mem(QStringLiteral("a"), u("User likes coffee"), 0, {}, {u("coffee"), u("drink")});
        Memory b = mem(QStringLiteral("b"), u("User does not like tea"), 1, {}, {u("tea"), u("drink")});
        QVERIFY(!ConflictDetector::classify(a, b, rules)); // Jaccard 1/3
        b.keywords = QStringList{u("coffee"), u("drink"), u("morning")};
        QVERIFY(ConflictDetector::classify(a, b, rules)); // Jaccard 2/3
        b.negated = true;
        QVERIFY(!ConflictDetector::classify(a, b, rules)); // a negated memory has lost already
    }

    void detectionOnStoreAppliesAutomaticHandling()
    {
        recollector::test::EngineStore store(m_engines);
        const Millis now = kBase + 100 * kMsPerDay;
        const std::vector<Memory> memories{
            mem(QStringLiteral("d1"), u("User likes coffee"), 0, {}, {u("coffee")}),
            mem(QStringLiteral("d2"), u("User does not like coffee"), 1, {}, {u("coffee")}),
            mem(QStringLiteral("t1"), u("主人住在北京朝阳区"), 0, {}, {u("住址")}),
            mem(QStringLiteral("t2"), u("主人搬到上海浦东新区"), 60, {}, {u("住址")}),
            mem(QStringLiteral("s1"), u("Indent with 2 spaces"), 0, {}, {u("indent")}),
            mem(QStringLiteral("s2"), u("Indent with 4 spaces"), 0, u("/web"), {u("indent")}),
            mem(QStringLiteral("n1"), u("主人十天前很紧张"), 0, {}, {u("情绪")}),
            mem(QStringLiteral("n2"), u("主人现在很放松"), 10, {}, {u("情绪")}),
        };
        for (const Memory &m : memories)
            QVERIFY(store->memories().insert(m).ok());

        ConflictDetector detector(*store, Config::defaults());
        auto found = detector.findAll();
        QVERIFY2(found.ok(), qPrintable(found.ok() ? QString() : found.error().message));
        QCOMPARE(int(found->size()), 3);
        QCOMPARE(*store->conflicts().countOpen(), qint64(0)); // finding writes nothing

        auto recorded = detector.detectAll(now);
        QVERIFY2(recorded.ok(), qPrintable(recorded.ok() ? QString() : recorded.error().message));
        QCOMPARE(int(recorded->size()), 3);
        QHash<QString, Conflict> byType;
        for (const Conflict &c : *recorded)
            byType.insert(conflictTypeName(c.type), c);

        // direct_contradiction: both confidences × 0.8, waits for the user.
        const Conflict direct = byType.value(QStringLiteral("direct_contradiction"));
        QCOMPARE(direct.a, QStringLiteral("d1"));
        QCOMPARE(direct.status, ConflictStatus::Open);
        QVERIFY(qFuzzyCompare(store->memories().get(QStringLiteral("d1"))->confidence, 0.64));
        QVERIFY(qFuzzyCompare(store->memories().get(QStringLiteral("d2"))->confidence, 0.64));
        QCOMPARE(kindsOf(*store, QStringLiteral("d1")), QStringList{QStringLiteral("conflict_detected")});
        const Event detected = store->events().forMemory(QStringLiteral("d2"))->front();
        QCOMPARE(qint64(detected.payload.value(QStringLiteral("conflictId")).toDouble()), direct.id);
        QCOMPARE(detected.payload.value(QStringLiteral("before")).toObject().value(QStringLiteral("confidence")).toDouble(), 0.8);

        // temporal_shift: newest wins, the older is superseded and C(t) starts now.
        const Conflict shift = byType.value(QStringLiteral("temporal_shift"));
        QCOMPARE(shift.status, ConflictStatus::Resolved);
        QCOMPARE(shift.resolution, ConflictResolution::AutoLatestWins);
        const Memory t1 = *store->memories().get(QStringLiteral("t1"));
        QVERIFY(t1.superseded);
        QVERIFY(!t1.negated);
        QCOMPARE(t1.negatedAt, now);
        QCOMPARE(store->memories().get(QStringLiteral("t2"))->supersedesId, QStringLiteral("t1"));
        QCOMPARE(kindsOf(*store, QStringLiteral("t1")),
                 QStringList({QStringLiteral("conflict_detected"), QStringLiteral("conflict_resolved")}));
        QCOMPARE(kindsOf(*store, QStringLiteral("t2")),
                 QStringList({QStringLiteral("conflict_detected"), QStringLiteral("conflict_resolved"),
                              QStringLiteral("recently_updated")}));

        // scope_overlap: recorded as project_wins, nothing changes.
        const Conflict scope = byType.value(QStringLiteral("scope_overlap"));
        QCOMPARE(scope.resolution, ConflictResolution::AutoProjectWins);
        QCOMPARE(*store->memories().get(QStringLiteral("s1")), memories[4]);
        QCOMPARE(*store->memories().get(QStringLiteral("s2")), memories[5]);

        // The importance design's change over time raised nothing.
        QVERIFY(kindsOf(*store, QStringLiteral("n1")).isEmpty());
        // Detecting again raises nothing new.
        QCOMPARE(int(detector.detectAll(now)->size()), 0);
        QCOMPARE(int(store->conflicts().list()->size()), 3);
    }

    void automaticHandlingFollowsConfig()
    {
        recollector::test::EngineStore store(m_engines);
        Memory old = mem(QStringLiteral("o"), u("Use pnpm"), 0);
        old.permanent = true;
        QVERIFY(store->memories().insert(old).ok());
        // "now" says the newer replaced the older: an update, but the older is permanent.
        QVERIFY(store->memories().insert(mem(QStringLiteral("n"), u("Now use npm"), 40)).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("g"), u("Use vitest"), 40, {}, {u("other")})).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("p"), u("Use jest"), 40, u("/x"), {u("other")})).ok());
        Config config = Config::defaults();
        config.conflicts.onScopeOverlap = QStringLiteral("flag");
        ConflictDetector detector(*store, config);
        auto recorded = detector.detectAll(kBase + 50 * kMsPerDay);
        QVERIFY(recorded.ok());
        QCOMPARE(int(recorded->size()), 2);
        for (const Conflict &c : *recorded)
            QCOMPARE(c.status, ConflictStatus::Open); // permanent older / scope flagged: the user decides
        QVERIFY(!store->memories().get(QStringLiteral("o"))->superseded);
    }

    void detectForOneMemoryAndIncomingBatch()
    {
        recollector::test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(mem(QStringLiteral("s1"), u("User likes coffee"), 0, {}, {u("coffee")})).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("s2"), u("Tabs for indentation"), 0, {}, {u("indent")})).ok());
        ConflictDetector detector(*store, Config::defaults());

        // Import preview: incoming against the store and against each other; nothing written.
        const std::vector<Memory> incoming{
            mem(QStringLiteral("i1"), u("User does not like coffee"), 1, {}, {u("coffee")}),
            mem(QStringLiteral("i2"), u("Never use tabs for indentation"), 1, {}, {u("indent")}),
            mem(QStringLiteral("i3"), u("Use tabs for indentation"), 1, {}, {u("indent")}),
            mem(QStringLiteral("s1"), u("User likes coffee a lot"), 0, {}, {u("coffee")}), // update of s1
        };
        const IncomingConflictCheck check = incomingConflictCheck(*store, Config::defaults());
        auto found = check(incoming);
        QVERIFY(found.ok());
        QStringList pairs;
        for (const ConflictCandidate &c : *found)
            pairs << c.older + QLatin1Char('-') + c.newer + QLatin1Char(':') + conflictTypeName(c.type);
        pairs.sort();
        // s1-i1 is found twice (stored s1 and its incoming update): reported once.
        QCOMPARE(pairs, QStringList({u("i2-i3:direct_contradiction"), u("s1-i1:direct_contradiction"),
                                     u("s2-i2:direct_contradiction")}));
        QCOMPARE(*store->conflicts().countOpen(), qint64(0));
        QCOMPARE(*store->events().count(), qint64(0));

        // On edit: one memory against the store, recorded.
        QVERIFY(store->memories().insert(incoming[0]).ok());
        auto recorded = detector.detectFor(QStringLiteral("i1"), kBase + 2 * kMsPerDay);
        QVERIFY(recorded.ok());
        QCOMPARE(int(recorded->size()), 1);
        QCOMPARE(recorded->front().a, QStringLiteral("s1"));
        QCOMPARE(recorded->front().b, QStringLiteral("i1"));
        QCOMPARE(*store->conflicts().countOpen(), qint64(1));
    }

    void resolve_data()
    {
        QTest::addColumn<QString>("strategy");
        for (const QString &s : strategyNames())
            QTest::newRow(qPrintable(s)) << s;
    }

    void resolve()
    {
        QFETCH(QString, strategy);
        recollector::test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(mem(QStringLiteral("a"), u("User likes coffee"), 0)).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("b"), u("User does not like coffee"), 2)).ok());
        ConflictDetector detector(*store, Config::defaults());
        auto recorded = detector.detectAll(kBase + 3 * kMsPerDay);
        QVERIFY(recorded.ok() && recorded->size() == 1);
        const qint64 id = recorded->front().id;
        const Memory a0 = *store->memories().get(QStringLiteral("a"));
        const Memory b0 = *store->memories().get(QStringLiteral("b"));
        QVERIFY(qFuzzyCompare(a0.confidence, 0.64));
        const qint64 eventsBefore = *store->events().count();

        ConflictResolver resolver(*store, Config::defaults());
        const auto s = *strategyFromName(strategy);
        const Millis at = kBase + 5 * kMsPerDay;
        const QString text = u("User used to like coffee; now prefers tea");
        // The preview writes nothing.
        auto plan = resolver.plan(id, s, at, text);
        QVERIFY2(plan.ok(), qPrintable(plan.ok() ? QString() : plan.error().message));
        QVERIFY(!plan->changes.isEmpty());
        QCOMPARE(*store->events().count(), eventsBefore);
        QCOMPARE(*store->memories().get(QStringLiteral("a")), a0);

        auto after = resolver.apply(*plan);
        QVERIFY2(after.ok(), qPrintable(after.ok() ? QString() : after.error().message));
        QCOMPARE(after->status, ConflictStatus::Resolved);
        QCOMPARE(conflictResolutionName(after->resolution), strategy);
        QCOMPARE(after->resolvedAt, at);
        QCOMPARE(*store->conflicts().get(id), *after);
        const Memory a = *store->memories().get(QStringLiteral("a"));
        const Memory b = *store->memories().get(QStringLiteral("b"));

        // conflict_resolved on both, with the strategy and both sides' before/after.
        for (const QString &mid : {QStringLiteral("a"), QStringLiteral("b")}) {
            const Event last = store->events().forMemory(mid)->back();
            QCOMPARE(last.kind, QStringLiteral("conflict_resolved"));
            QCOMPARE(last.payload.value(QStringLiteral("strategy")).toString(), strategy);
            QCOMPARE(qint64(last.payload.value(QStringLiteral("conflictId")).toDouble()), id);
            QCOMPARE(last.payload.value(QStringLiteral("a")).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("a"));
            QVERIFY(last.payload.value(QStringLiteral("b")).toObject().contains(QStringLiteral("after")));
            QCOMPARE(last.at, at);
        }

        if (strategy == QLatin1String("latest_wins") || strategy == QLatin1String("keep_b")) {
            QVERIFY(a.negated);
            QCOMPARE(a.negatedAt, at);
            QCOMPARE(a.correctionHistory.size(), 1);
            QCOMPARE(a.correctionHistory[0].toObject().value(QStringLiteral("newId")).toString(), QStringLiteral("b"));
            QVERIFY(!b.negated);
            QCOMPARE(b.content, b0.content);
        } else if (strategy == QLatin1String("keep_a")) {
            QVERIFY(!a.negated);
            QVERIFY(b.negated);
            QCOMPARE(b.negatedAt, at);
        } else if (strategy == QLatin1String("version_keep")) {
            QVERIFY(a.superseded && !a.negated);
            QCOMPARE(a.negatedAt, at);
            QCOMPARE(b.supersedesId, QStringLiteral("a"));
            const auto link = *store->associations().get(QStringLiteral("a"), QStringLiteral("b"));
            QVERIFY(link.has_value());
            QCOMPARE(link->type, QStringLiteral("manual"));
            QCOMPARE(link->weight, ConflictResolver::kVersionLinkWeight);
        } else if (strategy == QLatin1String("weight_balance")) {
            QCOMPARE(a, a0);
            QCOMPARE(b, b0);
        } else if (strategy == QLatin1String("keep_both")) {
            // The automatic confidence penalty is taken back.
            QCOMPARE(a.confidence, 0.8);
            QCOMPARE(b.confidence, 0.8);
            QVERIFY(!a.negated && !b.negated);
        } else if (strategy == QLatin1String("merge")) {
            QCOMPARE(a.mergedInto, b.mergedInto);
            auto merged = store->memories().get(a.mergedInto);
            QVERIFY(merged.ok());
            QCOMPARE(merged->content, text);
            QCOMPARE(merged->mergedFrom, QStringList({QStringLiteral("a"), QStringLiteral("b")}));
            QCOMPARE(merged->originalContents, QStringList({a0.content, b0.content}));
            QCOMPARE(merged->level, MemoryLevel::Summary);
            QCOMPARE(a.level, MemoryLevel::Archive);
            QCOMPARE(b.level, MemoryLevel::Archive);
            QCOMPARE(plan->merged->content, merged->content);
            QCOMPARE(kindsOf(*store, merged->id), QStringList{QStringLiteral("merge")});
        }

        // A settled conflict cannot be settled again.
        auto again = resolver.resolve(id, s, at, text);
        QVERIFY(!again.ok());
        QCOMPARE(again.error().code, Error::Code::Conflict);
    }

    void resolutionIsUndoable_data()
    {
        QTest::addColumn<QString>("strategy");
        for (const QString &s : strategyNames()) {
            if (s != QLatin1String("merge")) // a merge resolution is two decisions (merge + resolution)
                QTest::newRow(qPrintable(s)) << s;
        }
    }

    void resolutionIsUndoable()
    {
        QFETCH(QString, strategy);
        recollector::test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(mem(QStringLiteral("a"), u("主人喜欢猫"), 0)).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("b"), u("主人不喜欢猫"), 1)).ok());
        // A derived link the version link replaces, and must come back on undo.
        QVERIFY(store->associations().put({QStringLiteral("a"), QStringLiteral("b"), 0.3, QStringLiteral("temporal"), 0}).ok());
        ConflictDetector detector(*store, Config::defaults());
        const Conflict detected = detector.detectAll(kBase + 2 * kMsPerDay)->front();
        const Memory a0 = *store->memories().get(QStringLiteral("a"));
        const Memory b0 = *store->memories().get(QStringLiteral("b"));
        ConflictResolver resolver(*store, Config::defaults());
        QVERIFY(resolver.resolve(detected.id, *strategyFromName(strategy), kBase + 3 * kMsPerDay).ok());
        QVERIFY(!resolver.lastOutcome().isEmpty());

        Decisions decisions(*store, Config::defaults());
        auto undone = decisions.revert(resolver.lastOutcome().firstEventId(), kBase + 4 * kMsPerDay);
        QVERIFY2(undone.ok(), qPrintable(undone.ok() ? QString() : undone.error().message));
        QCOMPARE(*store->conflicts().get(detected.id), detected);
        Memory a = *store->memories().get(QStringLiteral("a"));
        Memory b = *store->memories().get(QStringLiteral("b"));
        a.updatedAt = a0.updatedAt; // the revert is a write of its own
        b.updatedAt = b0.updatedAt;
        a.strength = a0.strength;
        b.strength = b0.strength;
        QCOMPARE(a, a0);
        QCOMPARE(b, b0);
        const auto link = *store->associations().get(QStringLiteral("a"), QStringLiteral("b"));
        QVERIFY(link.has_value());
        QCOMPARE(link->type, QStringLiteral("temporal"));
        QCOMPARE(link->weight, 0.3);
    }

    void detectionIsUndoable()
    {
        recollector::test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(mem(QStringLiteral("a"), u("User likes coffee"), 0)).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("b"), u("User does not like coffee"), 1)).ok());
        ConflictDetector detector(*store, Config::defaults());
        QCOMPARE(int(detector.detectAll(kBase + 2 * kMsPerDay)->size()), 1);
        const Event first = store->events().forMemory(QStringLiteral("a"))->front();
        Decisions decisions(*store, Config::defaults());
        QVERIFY(decisions.revert(first.id, kBase + 3 * kMsPerDay).ok());
        QCOMPARE(int(store->conflicts().list()->size()), 0);
        QCOMPARE(store->memories().get(QStringLiteral("a"))->confidence, 0.8);
        QCOMPARE(store->memories().get(QStringLiteral("b"))->confidence, 0.8);
    }

    void staleOrIncompletePlansAreRefused()
    {
        recollector::test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(mem(QStringLiteral("a"), u("我喜欢喝咖啡"), 0)).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("b"), u("我不喜欢咖啡了"), 1)).ok());
        ConflictDetector detector(*store, Config::defaults());
        const qint64 id = detector.detectAll(kBase + 2 * kMsPerDay)->front().id;
        ConflictResolver resolver(*store, Config::defaults());
        auto merge = resolver.plan(id, ResolutionStrategy::Merge, kBase, QStringLiteral("  "));
        QVERIFY(!merge.ok()); // merge needs the user's text
        auto plan = resolver.plan(id, ResolutionStrategy::LatestWins, kBase + 3 * kMsPerDay);
        QVERIFY(plan.ok());
        Memory edited = *store->memories().get(QStringLiteral("a"));
        edited.content = u("我很喜欢喝咖啡");
        QVERIFY(store->memories().update(edited).ok());
        const qint64 events = *store->events().count();
        auto applied = resolver.apply(*plan);
        QVERIFY(!applied.ok());
        QCOMPARE(applied.error().code, Error::Code::Conflict);
        QCOMPARE(*store->events().count(), events);
        QVERIFY(store->conflicts().get(id)->isOpen());
        QVERIFY(!resolver.plan(9999, ResolutionStrategy::KeepA, kBase).ok());
    }
};

QTEST_GUILESS_MAIN(ConflictsTest)
#include "tst_conflicts.moc"
