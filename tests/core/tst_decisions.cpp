// Decisions (docs/architecture.md, "What each decision writes") on a real store file: what each
// one writes to the row and to the event log, reinforcement per
// docs/scoring.md, "Reinforcement", and that a failing decision writes nothing.
#include "EngineStore.h"
#include "TempStore.h"

#include "engine/decisions/Decisions.h"
#include "engine/decisions/Reinforcement.h"
#include "scoring/EnhancedProfile.h"
#include "scoring/MentionIndex.h"

#include <QtTest>

#include <cmath>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1717200000000; // 2024-06-01T00:00Z

Millis at(double hours) { return kT0 + Millis(hours * double(kMsPerHour)); }

QStringList kindsOf(Store &s, const QString &id)
{
    QStringList kinds;
    const auto history = s.events().forMemory(id);
    for (const Event &e : *history)
        kinds << e.kind;
    return kinds;
}

Memory plain(const QString &id, const QString &category = QStringLiteral("fact"))
{
    Memory m = test::sampleMemory(id, kT0 - 10 * kMsPerDay);
    m.category = category;
    m.confidence = 0.5;
    m.stability = 24;
    return m;
}

} // namespace

class TestDecisions : public QObject
{
    Q_OBJECT

private:
    const Config m_config = Config::defaults();

    test::EngineFixture m_engines;

private Q_SLOTS:
    // Each test runs on SQLite and on PostgreSQL (docs/team-store.md, "Tests").
    void initTestCase_data() { test::EngineFixture::addEngines(test::EngineFixture::Cost::Heavy); }

    // ---- reinforcement -----------------------------------------------------------------------
    void reinforceMultipliers_data()
    {
        QTest::addColumn<QString>("event");
        QTest::addColumn<double>("stabilityBefore");
        QTest::addColumn<double>("stabilityAfter");
        QTest::addColumn<bool>("mention");
        QTest::addColumn<double>("importanceAfter");
        QTest::newRow("access ×1.2") << "access" << 24.0 << 28.8 << false << 1.0;
        QTest::newRow("task_success ×2.0, BOOST") << "task_success" << 24.0 << 48.0 << true << 1.3;
        QTest::newRow("task_failure ×0.8") << "task_failure" << 24.0 << 19.2 << true << 1.0;
        QTest::newRow("manual ×1.5, BOOST") << "manual" << 24.0 << 36.0 << true << 1.3;
        QTest::newRow("association_hit ×1.1") << "association_hit" << 24.0 << 26.4 << false << 1.0;
        QTest::newRow("capped at 8760 h") << "task_success" << 6000.0 << 8760.0 << true << 1.3;
    }
    void reinforceMultipliers()
    {
        QFETCH(QString, event);
        QFETCH(double, stabilityBefore);
        QFETCH(double, stabilityAfter);
        QFETCH(bool, mention);
        QFETCH(double, importanceAfter);
        test::EngineStore s(m_engines);
        Memory m = plain(QStringLiteral("m1"));
        m.stability = stabilityBefore;
        m.lastAccessedAt = kT0 - kMsPerDay; // within the importance design's grace: no decay to write back
        QVERIFY(s->memories().insert(m));
        Decisions d(*s, m_config);
        const auto out = d.reinforce(m.id, *Reinforcement::eventFromName(event), kT0);
        QVERIFY2(out, out ? "" : qPrintable(out.error().message));
        const Memory after = *s->memories().get(m.id);
        QCOMPARE(after.stability, stabilityAfter);
        QCOMPARE(after.reinforceCount, m.reinforceCount + 1);
        QCOMPARE(after.accessCount, m.accessCount + 1);
        QCOMPARE(after.lastReinforcedAt, kT0);
        QCOMPARE(after.lastAccessedAt, kT0);
        QCOMPARE(after.updatedAt, kT0);
        QCOMPARE(after.strength, 100.0); // persisted on every write (docs/scoring.md, "Reinforcement")
        QCOMPARE(std::round(after.importance * 1000) / 1000, importanceAfter);
        const auto history = *s->events().forMemory(m.id);
        QCOMPARE(history.size(), size_t(1));
        QCOMPARE(history[0].kind, events::kReinforce);
        QCOMPARE(history[0].payload.value("event").toString(), event);
        QCOMPARE(history[0].payload.value("mention").toBool(), mention);
        QCOMPARE(history[0].payload.value("before").toObject().value("stability").toDouble(), stabilityBefore);
        QCOMPARE(history[0].payload.value("after").toObject().value("stability").toDouble(), stabilityAfter);
        QCOMPARE(history[0].payload.value("decision").toString(), out->decisionId);
        QCOMPARE(out->eventIds, QList<qint64>{history[0].id});
        QCOMPARE(out->changedIds, QStringList{m.id});
    }

    void decayRateRules_data()
    {
        QTest::addColumn<double>("confidence");
        QTest::addColumn<int>("reinforceCount");
        QTest::addColumn<QString>("category");
        QTest::addColumn<double>("rate");
        QTest::newRow("plain") << 0.5 << 0 << "fact" << 1.0;
        QTest::newRow("confidence ≥ 0.8: ×0.7") << 0.8 << 0 << "fact" << 0.7;
        QTest::newRow("confidence 0.79: no change") << 0.79 << 0 << "fact" << 1.0;
        QTest::newRow("reinforced ≥ 5 times: ×0.8") << 0.5 << 5 << "fact" << 0.8;
        QTest::newRow("4 times: no change") << 0.5 << 4 << "fact" << 1.0;
        QTest::newRow("pitfall: ×0.9") << 0.5 << 0 << "pitfall" << 0.9;
        QTest::newRow("all three: 0.504, above the floor") << 0.9 << 7 << "pitfall" << 0.504;
    }
    void decayRateRules()
    {
        QFETCH(double, confidence);
        QFETCH(int, reinforceCount);
        QFETCH(QString, category);
        QFETCH(double, rate);
        Memory m = plain(QStringLiteral("m"), category);
        m.confidence = confidence;
        m.reinforceCount = reinforceCount;
        QCOMPARE(std::round(Reinforcement(m_config).decayRateFor(m) * 1e6) / 1e6, rate);
    }

    void decayRateFloor()
    {
        Config c = m_config;
        c.decay.highConfidenceFactor = 0.5;
        c.decay.wellReinforcedFactor = 0.5;
        Memory m = plain(QStringLiteral("m"));
        m.confidence = 0.9;
        m.reinforceCount = 9;
        QCOMPARE(Reinforcement(c).decayRateFor(m), 0.5); // 0.25 floored at 0.5
    }

    void reinforcementRecomputesDecayRate()
    {
        // The fifth reinforcement crosses the ebbinghaus design's "≥ 5" line: 1 × 0.8.
        test::EngineStore s(m_engines);
        Memory m = plain(QStringLiteral("m1"));
        m.reinforceCount = 4;
        QVERIFY(s->memories().insert(m));
        QVERIFY(Decisions(*s, m_config).reinforce(m.id, ReinforceEvent::Access, kT0));
        QCOMPARE(s->memories().get(m.id)->decayRate, 0.8);
    }

    void frequentMentionsGetTheSmallerBoost()
    {
        // The enhanced design: three mentions within 24 h are merged into one update with boost 0.3:
        // the third manual reinforcement multiplies stability by 1.3, not 1.5.
        test::EngineStore s(m_engines);
        Memory m = plain(QStringLiteral("m1"));
        QVERIFY(s->memories().insert(m));
        Decisions d(*s, m_config);
        QVERIFY(d.reinforce(m.id, ReinforceEvent::Manual, at(0)));
        QVERIFY(d.reinforce(m.id, ReinforceEvent::Manual, at(6)));
        QCOMPARE(s->memories().get(m.id)->stability, 24 * 1.5 * 1.5);
        QVERIFY(d.reinforce(m.id, ReinforceEvent::Manual, at(12)));
        QCOMPARE(s->memories().get(m.id)->stability, 24 * 1.5 * 1.5 * 1.3);
        const auto history = *s->events().forMemory(m.id);
        QCOMPARE(history.back().payload.value("frequent").toBool(), true);
        QCOMPARE(history.back().payload.value("multiplier").toDouble(), 1.3);
        QCOMPARE(history.front().payload.value("frequent").toBool(), false);

        // The enhanced profile sees three mentions in its window and the frequent boost.
        auto index = MentionIndex::load(s->events(), m_config);
        QVERIFY(index);
        const MentionSummary summary = index->summary(m.id, at(12));
        QCOMPARE(int(summary.inWindow), 3);
        QVERIFY(summary.frequent);
        const auto f = EnhancedProfile(m_config).breakdown(
            ScoreInput::from(*s->memories().get(m.id), m_config, summary), at(12));
        QCOMPARE(std::round(f.semanticBoost * 100) / 100, 1.30);
        QCOMPARE(std::round(f.momentum * 100) / 100, 1.23);
        // A mention a day later than the 24 h window is not frequent any more.
        QVERIFY(d.reinforce(m.id, ReinforceEvent::Manual, at(40)));
        QCOMPARE(s->events().forMemory(m.id)->back().payload.value("frequent").toBool(), false);
    }

    void accessIsNotAMention()
    {
        test::EngineStore s(m_engines);
        Memory m = plain(QStringLiteral("m1"));
        QVERIFY(s->memories().insert(m));
        Decisions d(*s, m_config);
        for (int i = 0; i < 4; ++i)
            QVERIFY(d.reinforce(m.id, ReinforceEvent::Access, at(i)));
        auto index = MentionIndex::load(s->events(), m_config);
        QCOMPARE(index->summary(m.id, at(4)).lastAt, Millis(0));
    }

    void importanceDecayIsWrittenBackBeforeABoost()
    {
        // A fact last used 10 days ago has decayed to 0.95³ (docs/scoring.md, "Importance")
        // when it is confirmed:
        // the BOOST adds 0.3 to that, not to the stale 1.0.
        test::EngineStore s(m_engines);
        Memory m = plain(QStringLiteral("m1"));
        m.lastAccessedAt = kT0 - 10 * kMsPerDay;
        QVERIFY(s->memories().insert(m));
        QVERIFY(Decisions(*s, m_config).confirm(m.id, kT0));
        QCOMPARE(std::round(s->memories().get(m.id)->importance * 1e6) / 1e6, std::round((std::pow(0.95, 3) + 0.3) * 1e6) / 1e6);
    }

    // ---- decisions -----------------------------------------------------------------------------
    void confirmReinforcesAndVerifies()
    {
        test::EngineStore s(m_engines);
        Memory m = plain(QStringLiteral("m1"));
        m.lastAccessedAt = kT0 - kMsPerDay;
        QVERIFY(s->memories().insert(m));
        const auto out = Decisions(*s, m_config).confirm(m.id, kT0);
        QVERIFY(out);
        const Memory after = *s->memories().get(m.id);
        QVERIFY(after.verified);
        QCOMPARE(after.stability, 36.0);     // manual ×1.5 (ebbinghaus)
        QCOMPARE(after.importance, 1.3);     // BOOST (importance)
        QCOMPARE(after.accessCount, 1);      // recall (lifecycle)
        QCOMPARE(after.lastReinforcedAt, kT0);
        QCOMPARE(kindsOf(*s, m.id), (QStringList{events::kReinforce, events::kConfirm}));
        const auto history = *s->events().forMemory(m.id);
        QVERIFY(history[0].payload.value("mention").toBool()); // a mention (enhanced)
        QCOMPARE(history[1].payload.value("after").toObject().value("verified").toBool(), true);
        QCOMPARE(out->eventIds.size(), 2);
        QCOMPARE(history[0].payload.value("decision"), history[1].payload.value("decision"));
    }

    void negateWithoutCorrection()
    {
        test::EngineStore s(m_engines);
        const Memory m = plain(QStringLiteral("m1"));
        QVERIFY(s->memories().insert(m));
        Decisions d(*s, m_config);
        QVERIFY(d.negate(m.id, {}, kT0));
        const Memory after = *s->memories().get(m.id);
        QVERIFY(after.negated);
        QCOMPARE(after.negatedAt, kT0);
        QCOMPARE(after.correctionHistory.size(), 1);
        QCOMPARE(after.correctionHistory[0].toObject().value("reason").toString(), QStringLiteral("user negation"));
        QCOMPARE(kindsOf(*s, m.id), QStringList{events::kNegate});
        // Negating it again without a correction is refused and writes nothing.
        const qint64 events = *s->events().count();
        const auto again = d.negate(m.id, {}, at(1));
        QVERIFY(!again);
        QCOMPARE(again.error().code, Error::Code::Conflict);
        QCOMPARE(*s->events().count(), events);
        QCOMPARE(*s->memories().get(m.id), after);
    }

    void negateWithCorrection()
    {
        // The enhanced design: "我喜欢喝咖啡" negated with "不喜欢咖啡": the old one down-weighted with a
        // correction history entry, the new one in full, linked by a resolved conflict.
        test::EngineStore s(m_engines);
        Memory m = plain(QStringLiteral("m1"), QStringLiteral("stable_preference"));
        m.content = QStringLiteral("我喜欢喝咖啡");
        m.keywords = {QStringLiteral("咖啡")};
        QVERIFY(s->memories().insert(m));
        const auto out = Decisions(*s, m_config).negate(m.id, QStringLiteral("不喜欢咖啡"), kT0);
        QVERIFY2(out, out ? "" : qPrintable(out.error().message));
        QCOMPARE(out->createdIds.size(), 1);
        const QString newId = out->createdIds.first();
        QVERIFY(newId.startsWith(QStringLiteral("mem_")));
        const Memory old = *s->memories().get(m.id);
        const Memory corrected = *s->memories().get(newId);
        QVERIFY(old.negated);
        const QJsonObject entry = old.correctionHistory[0].toObject();
        QCOMPARE(entry.value("newPreference").toString(), QStringLiteral("不喜欢咖啡"));
        QCOMPARE(entry.value("newId").toString(), newId);
        QCOMPARE(entry.value("time").toString(), time::toIso(kT0));
        QCOMPARE(corrected.content, QStringLiteral("不喜欢咖啡"));
        QCOMPARE(corrected.level, MemoryLevel::Full);
        QCOMPARE(corrected.supersedesId, m.id);
        QCOMPARE(corrected.category, m.category);
        QVERIFY(!corrected.negated);
        QCOMPARE(corrected.createdAt, kT0);
        const auto conflicts = *s->conflicts().list();
        QCOMPARE(conflicts.size(), size_t(1));
        QCOMPARE(conflicts[0].a, m.id);
        QCOMPARE(conflicts[0].b, newId);
        QCOMPARE(conflicts[0].status, ConflictStatus::Resolved);
        QCOMPARE(conflicts[0].resolution, ConflictResolution::VersionKeep);
        QCOMPARE(out->conflictIds, QList<qint64>{conflicts[0].id});
        QCOMPARE(kindsOf(*s, m.id), (QStringList{events::kNegate, events::kConflictResolved}));
        QCOMPARE(kindsOf(*s, newId), QStringList{events::kCreate});
        // C(t) starts: the old memory's cached strength is 30 % of what it was.
        QCOMPARE(old.strength, std::round(100 * std::exp(-240.0 / 24) * 0.3));
    }

    void permanentOnAndOff()
    {
        test::EngineStore s(m_engines);
        const Memory m = plain(QStringLiteral("m1"));
        QVERIFY(s->memories().insert(m));
        Decisions d(*s, m_config);
        QVERIFY(d.setPermanent(m.id, true, kT0));
        QVERIFY(s->memories().get(m.id)->permanent);
        QCOMPARE(s->memories().get(m.id)->strength, 100.0);
        QCOMPARE(d.setPermanent(m.id, true, kT0).error().code, Error::Code::Conflict);
        QVERIFY(d.setPermanent(m.id, false, at(1)));
        QVERIFY(!s->memories().get(m.id)->permanent);
        QCOMPARE(kindsOf(*s, m.id), (QStringList{events::kPermanent, events::kPermanent}));
    }

    void editKeepsPreviousValuesInTheEvent()
    {
        test::EngineStore s(m_engines);
        const Memory m = plain(QStringLiteral("m1"));
        QVERIFY(s->memories().insert(m));
        Decisions d(*s, m_config);
        MemoryEdit edit;
        edit.content = QStringLiteral("Prefers vitest");
        edit.keywords = QStringList{QStringLiteral(" Vitest "), QStringLiteral("TESTING"), QStringLiteral("vitest")};
        edit.category = QStringLiteral("skill");
        QVERIFY(d.edit(m.id, edit, kT0));
        const Memory after = *s->memories().get(m.id);
        QCOMPARE(after.content, QStringLiteral("Prefers vitest"));
        QCOMPARE(after.keywords, (QStringList{QStringLiteral("vitest"), QStringLiteral("testing")}));
        QCOMPARE(after.category, QStringLiteral("skill"));
        const Event e = s->events().forMemory(m.id)->back();
        QCOMPARE(e.kind, events::kEdit);
        QCOMPARE(e.payload.value("before").toObject().value("content").toString(), m.content);
        QCOMPARE(e.payload.value("before").toObject().value("category").toString(), QStringLiteral("fact"));
        QCOMPARE(e.payload.value("after").toObject().value("category").toString(), QStringLiteral("skill"));
        QCOMPARE(e.payload.value("before").toObject().value("keywords").toArray().size(), 3);
        // Nothing to change / empty content: usage errors, nothing written.
        QCOMPARE(d.edit(m.id, MemoryEdit{}, kT0).error().code, Error::Code::Usage);
        MemoryEdit blank;
        blank.content = QStringLiteral("  ");
        QCOMPARE(d.edit(m.id, blank, kT0).error().code, Error::Code::Validation);
        QCOMPARE(s->events().forMemory(m.id)->size(), size_t(1));
    }

    void deleteRestoreAndPurge()
    {
        test::EngineStore s(m_engines);
        const Memory m = plain(QStringLiteral("m1"));
        const Memory other = plain(QStringLiteral("m2"));
        QVERIFY(s->memories().insert(m));
        QVERIFY(s->memories().insert(other));
        QVERIFY(s->associations().put({m.id, other.id, 0.5, QStringLiteral("keyword"), kT0}));
        Decisions d(*s, m_config);
        QVERIFY(d.softDelete(m.id, kT0));
        QCOMPARE(s->memories().get(m.id)->deletedAt, kT0);
        QCOMPARE(d.softDelete(m.id, kT0).error().code, Error::Code::Conflict);  // already deleted
        QCOMPARE(d.confirm(m.id, kT0).error().code, Error::Code::Conflict);     // decisions need a live memory
        QVERIFY(d.restore(m.id, at(1)));
        QCOMPARE(s->memories().get(m.id)->deletedAt, Millis(0));
        QCOMPARE(d.restore(m.id, at(1)).error().code, Error::Code::Conflict);

        QVERIFY(d.softDelete(m.id, at(2)));
        // Kept 30 days (budgets.purgeAfterDays).
        const auto early = d.purge(m.id, at(2) + 29 * kMsPerDay);
        QVERIFY(!early);
        QVERIFY(early.error().message.contains(QStringLiteral("kept 30 days")));
        const auto purged = d.purge(m.id, at(2) + 30 * kMsPerDay);
        QVERIFY(purged);
        QCOMPARE(*s->memories().contains(m.id), false);
        QCOMPARE(purged->removedIds, QStringList{m.id});
        // The events stay, the last one keeps the memory and its link.
        const auto history = *s->events().forMemory(m.id);
        QCOMPARE(history.back().kind, events::kPurge);
        QCOMPARE(history.back().payload.value("before").toObject().value("content").toString(), m.content);
        QCOMPARE(history.back().payload.value("associations").toArray().size(), 1);
        QCOMPARE(s->associations().count().value(), qint64(0));
    }

    void mergeKeepsProvenance()
    {
        test::EngineStore s(m_engines);
        QStringList ids;
        const QStringList contents{QStringLiteral("我喜欢喝咖啡"), QStringLiteral("今天喝了拿铁"), QStringLiteral("早上来杯美式")};
        for (int i = 0; i < 3; ++i) {
            Memory m = plain(QStringLiteral("mem_00%1").arg(i + 1), QStringLiteral("stable_preference"));
            m.content = contents[i];
            m.keywords = {QStringLiteral("coffee"), QStringLiteral("drink%1").arg(i)};
            m.accessCount = i + 1;
            QVERIFY(s->memories().insert(m));
            ids << m.id;
        }
        const auto out = Decisions(*s, m_config).merge(ids, QStringLiteral("用户喜欢咖啡类饮品（长期偏好）"), kT0);
        QVERIFY2(out, out ? "" : qPrintable(out.error().message));
        const QString newId = out->createdIds.value(0);
        const Memory merged = *s->memories().get(newId);
        QCOMPARE(merged.content, QStringLiteral("用户喜欢咖啡类饮品（长期偏好）"));
        QCOMPARE(merged.level, MemoryLevel::Summary);
        QCOMPARE(merged.mergedFrom, ids);
        QCOMPARE(merged.sourceIds, ids);
        QCOMPARE(merged.originalContents, contents);
        QCOMPARE(merged.category, QStringLiteral("stable_preference"));
        QCOMPARE(merged.accessCount, 6);
        QCOMPARE(merged.keywords.size(), 4);
        for (const QString &id : ids) {
            const Memory src = *s->memories().get(id);
            QCOMPARE(src.mergedInto, newId);
            QCOMPARE(src.level, MemoryLevel::Archive);
            QCOMPARE(kindsOf(*s, id), QStringList{events::kMerge});
        }
        QCOMPARE(kindsOf(*s, newId), QStringList{events::kMerge});
        QCOMPARE(out->eventIds.size(), 4);
        // Merging one of them again, or a single memory: refused.
        Decisions d(*s, m_config);
        QCOMPARE(d.merge({ids[0], newId}, {}, at(1)).error().code, Error::Code::Conflict);
        QCOMPARE(d.merge({newId, newId}, {}, at(1)).error().code, Error::Code::Usage);
    }

    void mergeWithoutTextJoinsTheContents()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(plain(QStringLiteral("a"))));
        Memory b = plain(QStringLiteral("b"));
        b.content = QStringLiteral("second");
        QVERIFY(s->memories().insert(b));
        const auto out = Decisions(*s, m_config).merge({QStringLiteral("a"), QStringLiteral("b")}, {}, kT0);
        QVERIFY(out);
        QCOMPARE(s->memories().get(out->createdIds[0])->content, plain("a").content + QStringLiteral("\nsecond"));
    }

    void mergeCombinesTheSourcesFields()
    {
        // How each field of the merged memory comes from the sources (the enhanced design): maxima of
        // confidence, importance, stability and sensitivity; permanent if any source is;
        // verified only if all are; the project when all share it; modalities united in order;
        // the most common category (the first source's on a tie); keywords normalised.
        test::EngineStore s(m_engines);
        Memory a = plain(QStringLiteral("a"), QStringLiteral("fact"));
        a.confidence = 0.4;
        a.importance = 1.0;
        a.stability = 10;
        a.verified = true;
        a.projectPath = QStringLiteral("/p");
        a.keywords = {QStringLiteral("Cache"), QStringLiteral("disk")};
        a.modalities = {QStringLiteral("text")};
        Memory b = plain(QStringLiteral("b"), QStringLiteral("episode"));
        b.confidence = 0.9;
        b.importance = 2.0;
        b.stability = 50;
        b.sensitivity = 1;
        b.permanent = true;
        b.verified = true;
        b.projectPath = QStringLiteral("/p");
        b.keywords = {QStringLiteral("cache")};
        b.modalities = {QStringLiteral("image"), QStringLiteral("text")};
        Memory c = plain(QStringLiteral("c"), QStringLiteral("episode"));
        c.confidence = 0.2;
        c.importance = 0.5;
        c.stability = 30;
        c.projectPath = QStringLiteral("/q");
        c.modalities = {QStringLiteral("audio")};
        for (const Memory &m : {a, b, c})
            QVERIFY(s->memories().insert(m));
        const auto out = Decisions(*s, m_config).merge({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}, {}, kT0);
        QVERIFY2(out, out ? "" : qPrintable(out.error().message));
        const Memory merged = *s->memories().get(out->createdIds.value(0));
        QCOMPARE(merged.category, QStringLiteral("episode"));
        QCOMPARE(merged.confidence, 0.9);
        QCOMPARE(merged.importance, 2.0);
        QCOMPARE(merged.stability, 50.0);
        QCOMPARE(merged.sensitivity, 1);
        QVERIFY(merged.permanent);
        QVERIFY(!merged.verified);
        QCOMPARE(merged.projectPath, QString());
        QCOMPARE(merged.modalities, (QStringList{QStringLiteral("text"), QStringLiteral("image"), QStringLiteral("audio")}));
        QCOMPARE(merged.keywords, normalizeKeywords(a.keywords + b.keywords + c.keywords));
        QCOMPARE(merged.source.type, QStringLiteral("manual"));
        QCOMPARE(merged.createdAt, kT0);
        QCOMPARE(merged.updatedAt, kT0);
        QCOMPARE(merged.decayRate, Reinforcement(m_config).decayRateFor(merged));

        // A tie between categories: the first source's; one project: kept.
        QVERIFY(s->memories().insert(plain(QStringLiteral("d"), QStringLiteral("fact"))));
        QVERIFY(s->memories().insert(plain(QStringLiteral("e"), QStringLiteral("episode"))));
        const auto tie = Decisions(*s, m_config).merge({QStringLiteral("e"), QStringLiteral("d")}, {}, kT0);
        QVERIFY(tie);
        const Memory tied = *s->memories().get(tie->createdIds.value(0));
        QCOMPARE(tied.category, QStringLiteral("episode"));
        QCOMPARE(tied.projectPath, plain(QStringLiteral("d")).projectPath);
    }

    void aFailingStepWritesNothing()
    {
        // The second source is deleted: the merged memory was already inserted when that is
        // found, and the transaction must take it back.
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(plain(QStringLiteral("a"))));
        Memory b = plain(QStringLiteral("b"));
        b.deletedAt = kT0 - kMsPerDay;
        QVERIFY(s->memories().insert(b));
        const auto out = Decisions(*s, m_config).merge({QStringLiteral("a"), QStringLiteral("b")}, {}, kT0);
        QVERIFY(!out);
        QCOMPARE(*s->memories().count(true), qint64(2));
        QCOMPARE(*s->events().count(), qint64(0));
        QCOMPARE(*s->memories().get(QStringLiteral("a")), plain(QStringLiteral("a")));
        // Unknown ids are NotFound.
        QCOMPARE(Decisions(*s, m_config).confirm(QStringLiteral("nope"), kT0).error().code, Error::Code::NotFound);
    }

    void reviewAnswers()
    {
        test::EngineStore s(m_engines);
        Memory high = plain(QStringLiteral("high"));
        high.importance = 2.6;
        Memory low = plain(QStringLiteral("low"));
        low.importance = 0.4;
        low.lastAccessedAt = kT0 - 3 * kMsPerDay;
        QVERIFY(s->memories().insert(high));
        QVERIFY(s->memories().insert(low));
        Decisions d(*s, m_config);
        QVERIFY(d.answerReview(high.id, ReviewKind::Promote, ReviewAnswer::Promote, kT0));
        QCOMPARE(s->memories().get(high.id)->category, QStringLiteral("core"));
        QVERIFY(d.answerReview(low.id, ReviewKind::Decay, ReviewAnswer::Keep, kT0));
        QCOMPARE(s->memories().get(low.id)->importance, 0.5);
        QCOMPARE(s->memories().get(low.id)->lastAccessedAt, kT0);
        QCOMPARE(d.answerReview(low.id, ReviewKind::Decay, ReviewAnswer::Promote, kT0).error().code, Error::Code::Usage);
        QVERIFY(d.answerReview(low.id, ReviewKind::Decay, ReviewAnswer::Delete, at(1)));
        QVERIFY(s->memories().get(low.id)->isDeleted());
        const Event e = s->events().forMemory(low.id)->back();
        QCOMPARE(e.kind, kReviewEventKind);
        QCOMPARE(e.payload.value("review").toString(), QStringLiteral("decay"));
        QCOMPARE(e.payload.value("answer").toString(), QStringLiteral("delete"));
    }

    void enhancedStoresLogTheWeightChange()
    {
        // The enhanced design's weight change log: the reinforce event holds old/new weight, delta and
        // the factor breakdown, under every profile (issue 14 rule 7).
        test::EngineStore s(m_engines);
        Memory m = plain(QStringLiteral("m1"));
        m.lastReinforcedAt = kT0 - 11 * kMsPerDay;
        QVERIFY(s->memories().insert(m));
        QVERIFY(Decisions(*s, m_config, QStringLiteral("enhanced")).reinforce(m.id, ReinforceEvent::Manual, kT0));
        const QJsonObject w = s->events().forMemory(m.id)->back().payload.value("weight").toObject();
        QCOMPARE(w.value("reason").toString(), events::kReinforce);
        // Before: a fact 11 days after its last activation, w_time = 1/(1 + 0.01/1.1·11) = 1/1.1.
        QCOMPARE(w.value("oldWeight").toDouble(), 1.0);
        // After: w_time 1 × S 1.5 × I 1.1 × M(1 mention) 1.118 = 1.8448.
        QCOMPARE(std::round(w.value("newWeight").toDouble() * 1e4) / 1e4, 1.8448);
        QCOMPARE(std::round(w.value("delta").toDouble() * 1e4) / 1e4, 0.8448);
        const QJsonObject f = w.value("factors").toObject();
        for (const char *key : {"timeWeight", "semanticBoost", "conflictPenalty", "importance", "userFactor", "momentum"})
            QVERIFY2(f.contains(QLatin1String(key)), key);
        QCOMPARE(f.value("semanticBoost").toDouble(), 1.5);

        Memory n = plain(QStringLiteral("m2"));
        QVERIFY(s->memories().insert(n));
        QVERIFY(Decisions(*s, m_config, QStringLiteral("ebbinghaus")).reinforce(n.id, ReinforceEvent::Manual, kT0));
        const QJsonObject other = s->events().forMemory(n.id)->back().payload.value("weight").toObject();
        QCOMPARE(std::round(other.value("newWeight").toDouble() * 1e4) / 1e4, 1.8448);
    }
};

QTEST_GUILESS_MAIN(TestDecisions)
#include "tst_decisions.moc"
