// The four scoring profiles (docs/scoring.md, "Scoring") against every number the notes quote,
// plus the shared rules: the conflict factor in every profile, permanent memories,
// daysUntilFade.
#include "scoring/EbbinghausProfile.h"
#include "scoring/EnhancedProfile.h"
#include "scoring/ImportanceProfile.h"
#include "scoring/LifecycleProfile.h"

#include <QElapsedTimer>
#include <QtTest>

#include <array>
#include <cmath>

using namespace recollector::core;

namespace {

constexpr Millis kNow = 1735689600000; // 2025-01-01T00:00Z

Millis hoursAgo(double h) { return kNow - Millis(h * double(kMsPerHour)); }
Millis daysAgo(double d) { return kNow - Millis(d * double(kMsPerDay)); }
double round2(double v) { return std::round(v * 100) / 100; }
double round4(double v) { return std::round(v * 10000) / 10000; }

ScoreInput input(const Config &config, const QString &category = QStringLiteral("fact"))
{
    ScoreInput in;
    in.lastReinforcedAt = kNow;
    in.lastAccessedAt = kNow;
    in.createdAt = daysAgo(400);
    in.categoryIndex = std::uint16_t(config.categoryIndex(category));
    return in;
}

// Every stability from hours to a month, every age over two months, on the lines' own instants
// (the minute tierLeftAt gives, and a millisecond either side), negated and permanent memories
// among them: EbbinghausProfile::tiersAt, without exp(), gives evaluate()'s tiers. Counts the
// tiers met in `seen` and the instants compared in `checked`.
void compareTiersAt(const Config &config, std::array<int, kTierCount> &seen, int &checked)
{
    const EbbinghausProfile profile(config);
    for (const double stability : { 0.5, 3.0, 24.0, 96.0, 333.3, 720.0 }) {
        for (const double rate : { 0.25, 1.0, 3.7 }) {
            for (int kind = 0; kind < 3; ++kind) {
                ScoreInput in = input(config);
                in.stability = stability;
                in.decayRate = rate;
                in.lastReinforcedAt = daysAgo(60);
                in.negatedAt = kind == 1 ? daysAgo(2) : 0;
                in.permanent = kind == 2;
                std::vector<Millis> instants;
                for (Millis t = daysAgo(61); t <= kNow; t += kMsPerHour * 7 + 13)
                    instants.push_back(t);
                for (Millis t = in.lastReinforcedAt; t < kNow;) {
                    const Tier before = profile.evaluate(in, t).tier;
                    if (profile.evaluate(in, kNow).tier == before)
                        break;
                    t = profile.tierLeftAt(in, before, t, kNow);
                    instants.insert(instants.end(), { t - 1, t, t + 1 });
                }
                for (std::size_t i = 1; i < instants.size(); ++i) {
                    const auto [from, to] = profile.tiersAt(in, instants[i - 1], instants[i]);
                    QCOMPARE(from, profile.evaluate(in, instants[i - 1]).tier);
                    QCOMPARE(to, profile.evaluate(in, instants[i]).tier);
                    ++seen[std::size_t(to)];
                    ++checked;
                }
            }
        }
    }
}

} // namespace

class TestScoring : public QObject
{
    Q_OBJECT

private:
    const Config m_config = Config::defaults();

private Q_SLOTS:
    // ---- ebbinghaus (docs/scoring.md, "Ebbinghaus") --------------------------------------------
    void ebbinghausStrength_data()
    {
        QTest::addColumn<double>("stability");
        QTest::addColumn<double>("decayRate");
        QTest::addColumn<double>("hours");
        QTest::addColumn<double>("strength");
        QTest::addColumn<QString>("tier");
        QTest::newRow("ebbinghaus design: S=24, one day later ≈ 37 %") << 24.0 << 1.0 << 24.0 << 37.0 << "active";
        QTest::newRow("just reinforced") << 24.0 << 1.0 << 0.0 << 100.0 << "active";
        QTest::newRow("manual S=168 after 7 days") << 168.0 << 1.0 << 168.0 << 37.0 << "active";
        QTest::newRow("decayRate 0.5 doubles S_eff") << 24.0 << 0.5 << 24.0 << 61.0 << "active";
        QTest::newRow("decayRate 2 halves S_eff") << 24.0 << 2.0 << 24.0 << 14.0 << "fading";
        QTest::newRow("two days: fading < 30") << 24.0 << 1.0 << 48.0 << 14.0 << "fading";
        QTest::newRow("e^-2.3026 = 10 is still fading") << 24.0 << 1.0 << 55.262 << 10.0 << "fading";
        QTest::newRow("three days: 4.98 rounds to 5, weak") << 24.0 << 1.0 << 72.0 << 5.0 << "weak";
        QTest::newRow("four days: forgotten < 5") << 24.0 << 1.0 << 96.0 << 2.0 << "forgotten";
        QTest::newRow("max stability after a year") << 8760.0 << 1.0 << 8760.0 << 37.0 << "active";
    }
    void ebbinghausStrength()
    {
        QFETCH(double, stability);
        QFETCH(double, decayRate);
        QFETCH(double, hours);
        QFETCH(double, strength);
        QFETCH(QString, tier);
        ScoreInput in = input(m_config);
        in.stability = stability;
        in.decayRate = decayRate;
        in.lastReinforcedAt = hoursAgo(hours);
        const Score s = EbbinghausProfile(m_config).evaluate(in, kNow);
        QCOMPARE(s.strength, strength);
        QCOMPARE(s.score, strength);
        QCOMPARE(tierName(s.tier), tier);
    }

    void ebbinghausDaysUntilFade_data()
    {
        QTest::addColumn<double>("stability");
        QTest::addColumn<double>("hours");
        QTest::addColumn<double>("days");
        // daysUntilFade (docs/cli.md, "health"): max(0, (−S_eff·ln(archive/100) − h)/24) to 0.1 day.
        QTest::newRow("S=24 fresh: 55.26 h") << 24.0 << 0.0 << 2.3;
        QTest::newRow("S=24 a day old") << 24.0 << 24.0 << 1.3;
        QTest::newRow("S=168 fresh") << 168.0 << 0.0 << 16.1;
        QTest::newRow("below the line: 0") << 24.0 << 80.0 << 0.0;
    }
    void ebbinghausDaysUntilFade()
    {
        QFETCH(double, stability);
        QFETCH(double, hours);
        QFETCH(double, days);
        ScoreInput in = input(m_config);
        in.stability = stability;
        in.lastReinforcedAt = hoursAgo(hours);
        QCOMPARE(*EbbinghausProfile(m_config).daysUntilWeak(in, kNow), days);
    }

    // The instant a tier line is crossed, solved for time, against the halving every profile
    // does: the same minute, for lines crossed and not crossed in the range, a negated memory
    // (C applies, so the halving), and one reinforced after the range's start.
    void ebbinghausTierLeftAtIsTheHalvingsMinute_data()
    {
        QTest::addColumn<double>("stability");
        QTest::addColumn<double>("hoursAgo");
        QTest::addColumn<double>("negatedDaysAgo");
        QTest::newRow("S=24, a day old") << 24.0 << 24.0 << 0.0;
        QTest::newRow("S=24, fresh") << 24.0 << 0.0 << 0.0;
        QTest::newRow("S=168, a week old") << 168.0 << 168.0 << 0.0;
        QTest::newRow("S=720, a month old") << 720.0 << 720.0 << 0.0;
        QTest::newRow("S=3, three days old") << 3.0 << 72.0 << 0.0;
        QTest::newRow("S=96, negated two days ago") << 96.0 << 100.0 << 2.0;
    }
    void ebbinghausTierLeftAtIsTheHalvingsMinute()
    {
        QFETCH(double, stability);
        QFETCH(double, hoursAgo);
        QFETCH(double, negatedDaysAgo);
        const EbbinghausProfile profile(m_config);
        ScoreInput in = input(m_config);
        in.stability = stability;
        in.lastReinforcedAt = ::hoursAgo(hoursAgo);
        in.negatedAt = negatedDaysAgo > 0 ? daysAgo(negatedDaysAgo) : 0;
        const Millis from = daysAgo(7);
        const Millis to = kNow + 30 * kMsPerDay;
        int crossings = 0;
        for (Millis t = from; t < to; t += kMsPerHour * 5) {
            const Tier before = profile.evaluate(in, t).tier;
            const Millis end = std::min(to, t + 7 * kMsPerDay);
            if (profile.evaluate(in, end).tier == before)
                continue;
            ++crossings;
            const Millis solved = profile.tierLeftAt(in, before, t, end);
            const Millis halved = profile.ScoringProfile::tierLeftAt(in, before, t, end);
            QVERIFY2(std::abs(solved - halved) <= kMsPerHour / 60, qPrintable(QString::number(solved - halved)));
            QVERIFY(solved > t && solved <= end);
            QVERIFY(profile.evaluate(in, solved).tier != before);
            // Solved: the whole minute after the line.
            if (in.negatedAt == 0 && solved != end) {
                QCOMPARE(solved % (kMsPerHour / 60), Millis(0));
                QVERIFY(solved - kMsPerHour / 60 <= t || profile.evaluate(in, solved - kMsPerHour / 60).tier == before);
            }
        }
        QVERIFY(crossings > 0 || stability >= 720);
    }
    void ebbinghausTiersAtAreEvaluatesTiers()
    {
        // Also with a line at zero, which nothing falls below.
        Config zeroLine = m_config;
        zeroLine.decay.deleteThreshold = 0;
        std::array<int, kTierCount> seen {};
        int checked = 0;
        for (const Config &config : { m_config, zeroLine }) {
            compareTiersAt(config, seen, checked);
            if (QTest::currentTestFailed())
                return;
        }
        QVERIFY(checked > 10000);
        for (const Tier t : { Tier::Permanent, Tier::Active, Tier::Fading, Tier::Weak, Tier::Forgotten })
            QVERIFY2(seen[std::size_t(t)] > 0, qPrintable(tierName(t)));
    }
    // ---- conflict factor (docs/scoring.md, "Conflict factor C(t)") -----------------------------
    void conflictFactor_data()
    {
        QTest::addColumn<double>("days");
        QTest::addColumn<double>("expected");
        QTest::newRow("drops to c_min at once") << 0.0 << 0.30;
        QTest::newRow("7 days") << 7.0 << 0.35;
        QTest::newRow("30 days") << 30.0 << 0.48;
        QTest::newRow("90 days") << 90.0 << 0.72;
    }
    void conflictFactor()
    {
        QFETCH(double, days);
        QFETCH(double, expected);
        QCOMPARE(round2(recollector::core::conflictFactor(m_config.conflicts, days)), expected);
    }

    void conflictFactorAppliesInEveryProfile_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<double>("factor");
        for (const QString &name : profileNames())
            QTest::newRow(qPrintable(name)) << name << 0.48;
    }
    void conflictFactorAppliesInEveryProfile()
    {
        QFETCH(QString, profile);
        QFETCH(double, factor);
        auto p = makeProfile(profile, m_config);
        QVERIFY(p);
        // Reinforced long ago enough that no profile is at its cap, negated 30 days ago.
        ScoreInput in = input(m_config);
        in.lastReinforcedAt = daysAgo(2);
        in.lastAccessedAt = daysAgo(2);
        in.stability = 480;
        in.importance = 1.0;
        const double plain = p->evaluate(in, kNow).score;
        in.negated = true;
        in.negatedAt = daysAgo(30);
        const double negated = p->evaluate(in, kNow).score;
        if (profile == QLatin1String("ebbinghaus")) // round(100·e^(−48/480)·C(30)) = round(43.56)
            QCOMPARE(negated, 44.0);
        else
            QCOMPARE(round2(negated / plain), factor);
    }

    // ---- enhanced (docs/scoring.md, "Enhanced") ------------------------------------------------
    void enhancedTimeWeight_data()
    {
        QTest::addColumn<QString>("category");
        QTest::addColumn<double>("days");
        QTest::addColumn<double>("expected");
        QTest::newRow("enhanced design: identity after 180 days") << "identity" << 180.0 << 0.4545;
        QTest::newRow("enhanced design: temporary after 180 days") << "temporary" << 180.0 << 0.3077;
        QTest::newRow("enhanced design log: stable_preference after 11 days") << "stable_preference" << 11.0 << 0.9220;
        QTest::newRow("fresh") << "fact" << 0.0 << 1.0;
    }
    void enhancedTimeWeight()
    {
        QFETCH(QString, category);
        QFETCH(double, days);
        QFETCH(double, expected);
        ScoreInput in = input(m_config, category);
        in.lastReinforcedAt = daysAgo(days);
        QCOMPARE(round4(EnhancedProfile(m_config).breakdown(in, kNow).timeWeight), expected);
        QCOMPARE(round4(EnhancedProfile::timeWeight(0.01, 1.0, m_config.category(category).enhancedImportance, days)),
                 expected);
    }

    void enhancedSemanticBoost_data()
    {
        QTest::addColumn<double>("daysSinceMention");
        QTest::addColumn<bool>("frequent");
        QTest::addColumn<double>("expected");
        QTest::newRow("enhanced design: mentioned today") << 0.0 << false << 1.50;
        QTest::newRow("enhanced design: 7 days") << 7.0 << false << 1.35;
        QTest::newRow("enhanced design: 30 days") << 30.0 << false << 1.11;
        QTest::newRow("enhanced design log: 11 days → 1.2885") << 11.0 << false << 1.29;
        QTest::newRow("frequent mention: +0.3, not +0.5") << 0.0 << true << 1.30;
    }
    void enhancedSemanticBoost()
    {
        QFETCH(double, daysSinceMention);
        QFETCH(bool, frequent);
        QFETCH(double, expected);
        ScoreInput in = input(m_config);
        in.lastMentionAt = daysAgo(daysSinceMention);
        in.firstWindowMentionAt = in.lastMentionAt;
        in.mentionsInWindow = 1;
        in.frequentMention = frequent;
        QCOMPARE(round2(EnhancedProfile(m_config).breakdown(in, kNow).semanticBoost), expected);
    }

    void enhancedNeverMentionedHasNoBoost()
    {
        const ScoreInput in = input(m_config);
        const auto f = EnhancedProfile(m_config).breakdown(in, kNow);
        QCOMPARE(f.semanticBoost, 1.0);
        QCOMPARE(f.momentum, 1.0);
    }

    void enhancedMomentum_data()
    {
        QTest::addColumn<int>("mentions");
        QTest::addColumn<double>("expected");
        QTest::newRow("enhanced design: 0 mentions") << 0 << 1.00;
        QTest::newRow("enhanced design: 3 mentions") << 3 << 1.23;
        QTest::newRow("enhanced design: 10 mentions, near the cap") << 10 << 1.30;
    }
    void enhancedMomentum()
    {
        QFETCH(int, mentions);
        QFETCH(double, expected);
        ScoreInput in = input(m_config);
        if (mentions > 0) {
            in.lastMentionAt = hoursAgo(1);
            in.firstWindowMentionAt = hoursAgo(60);
            in.mentionsInWindow = std::uint16_t(mentions);
        }
        QCOMPARE(round2(EnhancedProfile(m_config).breakdown(in, kNow).momentum), expected);
        QCOMPARE(round2(EnhancedProfile::momentum(0.3, 0.5, mentions)), expected);
    }

    void enhancedMomentumWindowSlides()
    {
        // Three mentions two days ago: inside the 3-day window now, gone two days later.
        ScoreInput in = input(m_config);
        in.lastMentionAt = daysAgo(2);
        in.firstWindowMentionAt = daysAgo(2.5);
        in.mentionsInWindow = 3;
        const EnhancedProfile p(m_config);
        QCOMPARE(p.mentionsInWindowAt(in, kNow), 3);
        QCOMPARE(p.mentionsInWindowAt(in, kNow + 2 * kMsPerDay), 0);
    }

    void enhancedWeightLogExample()
    {
        // The enhanced design's weight change log: a stable preference mentioned 11 days ago, nothing
        // since: time 0.9220 × semantic 1.2885 × conflict 1 × importance 1.3 × momentum 1
        // = new_weight 1.5443 (the "activated 1.54" of its summary).
        ScoreInput in = input(m_config, QStringLiteral("stable_preference"));
        in.lastReinforcedAt = daysAgo(11);
        in.lastMentionAt = daysAgo(11);
        in.firstWindowMentionAt = daysAgo(11);
        in.mentionsInWindow = 1;
        const EnhancedProfile p(m_config);
        const auto f = p.breakdown(in, kNow);
        QCOMPARE(round4(f.timeWeight), 0.9220);
        QCOMPARE(round4(f.semanticBoost), 1.2885);
        QCOMPARE(f.conflictPenalty, 1.0);
        QCOMPARE(f.importance, 1.3);
        QCOMPARE(f.momentum, 1.0);
        QCOMPARE(round4(f.weight), 1.5443);
        QCOMPARE(round2(p.evaluate(in, kNow).score), 1.54);
        QCOMPARE(tierName(p.evaluate(in, kNow).tier), QStringLiteral("active"));
        QCOMPARE(round2(p.evaluate(in, kNow).strength), 77.22); // 100·W/2
    }

    void enhancedClamp_data()
    {
        QTest::addColumn<QString>("category");
        QTest::addColumn<double>("days");
        QTest::addColumn<double>("userFactor");
        QTest::addColumn<double>("weight");
        QTest::addColumn<QString>("tier");
        // identity 1.5 × S 1.5 × M 1.3 × U 1.3 = 3.8 → clamped to 2.
        QTest::newRow("capped at 2.0") << "identity" << 0.0 << 1.3 << 2.0 << "active";
        // temporary after 100 years: raw ≈ 0.0023 → floor 0.01, and forgotten (raw < 0.01).
        QTest::newRow("floored at 0.01") << "temporary" << 36500.0 << 1.0 << 0.01 << "forgotten";
        QTest::newRow("fact after 100 days: 0.5238 × 1.1") << "fact" << 100.0 << 1.0 << 0.5762 << "active";
        QTest::newRow("fact after 300 days: weak") << "fact" << 300.0 << 1.0 << 0.2951 << "weak";
    }
    void enhancedClamp()
    {
        QFETCH(QString, category);
        QFETCH(double, days);
        QFETCH(double, userFactor);
        QFETCH(double, weight);
        QFETCH(QString, tier);
        Config config = m_config;
        config.enhanced.userFactor = userFactor;
        ScoreInput in = input(config, category);
        in.lastReinforcedAt = daysAgo(days);
        if (days == 0) {
            in.lastMentionAt = kNow;
            in.firstWindowMentionAt = hoursAgo(50);
            in.mentionsInWindow = 10;
        }
        const Score s = EnhancedProfile(config).evaluate(in, kNow);
        QCOMPARE(round4(s.score), weight);
        QCOMPARE(tierName(s.tier), tier);
    }

    // ---- importance (docs/scoring.md, "Importance") --------------------------------------------
    void importanceDecay_data()
    {
        QTest::addColumn<QString>("category");
        QTest::addColumn<double>("initial");
        QTest::addColumn<double>("days");
        QTest::addColumn<double>("expected");
        QTest::addColumn<QString>("tier");
        QTest::newRow("episode within the 7-day grace") << "episode" << 1.0 << 7.9 << 1.0 << "active";
        QTest::newRow("episode day 8: ×0.8") << "episode" << 1.0 << 8.0 << 0.8 << "active";
        QTest::newRow("episode day 9.5: ⌊d⌋ → ×0.8²") << "episode" << 1.0 << 9.5 << 0.64 << "active";
        QTest::newRow("episode day 11: 0.4096 weak") << "episode" << 1.0 << 11.0 << 0.4096 << "weak";
        QTest::newRow("episode kept strong, deleted at 14 days") << "episode" << 2.9 << 14.0 << 0.6082 << "forgotten";
        QTest::newRow("fact day 8: ×0.95") << "fact" << 1.0 << 8.0 << 0.95 << "active";
        QTest::newRow("fact day 30: 0.95^23") << "fact" << 1.0 << 30.0 << 0.3074 << "weak";
        QTest::newRow("fact day 31: below 0.3, deleted") << "fact" << 1.0 << 31.0 << 0.292 << "forgotten";
        QTest::newRow("core never decays") << "core" << 1.0 << 400.0 << 1.0 << "active";
        QTest::newRow("system never decays") << "system" << 0.4 << 400.0 << 0.4 << "weak";
        QTest::newRow("importance ≥ 3.0 never decays") << "fact" << 3.0 << 400.0 << 3.0 << "active";
        QTest::newRow("unknown category decays like a fact") << "whatever" << 1.0 << 8.0 << 0.95 << "active";
    }
    void importanceDecay()
    {
        QFETCH(QString, category);
        QFETCH(double, initial);
        QFETCH(double, days);
        QFETCH(double, expected);
        QFETCH(QString, tier);
        ScoreInput in = input(m_config, category);
        in.importance = initial;
        in.lastAccessedAt = daysAgo(days);
        in.createdAt = in.lastAccessedAt; // written then, not used since
        const Score s = ImportanceProfile(m_config).evaluate(in, kNow);
        QCOMPARE(round4(s.score), expected);
        QCOMPARE(tierName(s.tier), tier);
        const CategoryConfig &cat = m_config.category(category);
        if (!cat.neverDecays && initial < 3.0)
            QCOMPARE(round4(ImportanceProfile::decay(initial, cat.dailyDecayFactor, cat.graceDays, days)), expected);
    }

    // Rule: an episode's 14 days count from its creation (the importance design: "deleted after 14 days"),
    // not from its last access; and what never decays (system, core, importance ≥ 3.0) is never
    // a delete candidate, whatever the forgotten line says.
    void episodeAgeCountsFromCreation_data()
    {
        QTest::addColumn<QString>("category");
        QTest::addColumn<double>("initial");
        QTest::addColumn<double>("createdDaysAgo");
        QTest::addColumn<double>("accessedDaysAgo");
        QTest::addColumn<QString>("tier");
        QTest::newRow("episode written 15 d ago, used yesterday") << "episode" << 1.0 << 15.0 << 1.0 << "forgotten";
        QTest::newRow("episode written 14 d ago, used today") << "episode" << 2.0 << 14.0 << 0.0 << "forgotten";
        QTest::newRow("episode written 13.9 d ago, used today") << "episode" << 1.0 << 13.9 << 0.0 << "active";
        QTest::newRow("system at 0.2: weak, never forgotten") << "system" << 0.2 << 400.0 << 400.0 << "weak";
        QTest::newRow("core at 0.1: weak, never forgotten") << "core" << 0.1 << 400.0 << 400.0 << "weak";
        QTest::newRow("episode at 3.0: never decays, never forgotten") << "episode" << 3.0 << 400.0 << 400.0 << "active";
    }
    void episodeAgeCountsFromCreation()
    {
        QFETCH(QString, category);
        QFETCH(double, initial);
        QFETCH(double, createdDaysAgo);
        QFETCH(double, accessedDaysAgo);
        QFETCH(QString, tier);
        ScoreInput in = input(m_config, category);
        in.importance = initial;
        in.createdAt = daysAgo(createdDaysAgo);
        in.lastAccessedAt = in.lastReinforcedAt = daysAgo(accessedDaysAgo);
        QCOMPARE(tierName(ImportanceProfile(m_config).evaluate(in, kNow).tier), tier);
    }

    void importanceStrength_data()
    {
        QTest::addColumn<double>("importance");
        QTest::addColumn<double>("strength");
        QTest::newRow("1.5 → 50") << 1.5 << 50.0;
        QTest::newRow("3.0 → 100") << 3.0 << 100.0;
        QTest::newRow("above 3 caps at 100") << 4.2 << 100.0;
        QTest::newRow("0.3 → 10") << 0.3 << 10.0;
    }
    void importanceStrength()
    {
        QFETCH(double, importance);
        QFETCH(double, strength);
        ScoreInput in = input(m_config);
        in.importance = importance;
        QCOMPARE(round4(ImportanceProfile(m_config).evaluate(in, kNow).strength), strength);
    }

    // ---- lifecycle (docs/scoring.md, "Lifecycle") ----------------------------------------------
    void lifecycleScore_data()
    {
        QTest::addColumn<double>("ageDays");
        QTest::addColumn<int>("recall");
        QTest::addColumn<double>("importance");
        QTest::addColumn<double>("expected");
        QTest::addColumn<QString>("tier");
        QTest::newRow("new, capped at 1") << 0.0 << 0 << 1.0 << 1.0 << "active";
        QTest::newRow("e^-1 = 0.3679") << 10.0 << 0 << 0.0 << 0.3679 << "fading";
        QTest::newRow("10 d, 2 recalls, importance 1") << 10.0 << 2 << 1.0 << 0.6695 << "fading";
        QTest::newRow("5 d, importance 1") << 5.0 << 0 << 1.0 << 0.7885 << "active";
        QTest::newRow("just under 0.7") << 3.6 << 0 << 0.0 << 0.6977 << "fading";
        QTest::newRow("20 d: compress") << 20.0 << 0 << 0.0 << 0.1353 << "weak";
        QTest::newRow("30 d: evict") << 30.0 << 0 << 0.0 << 0.0498 << "forgotten";
        QTest::newRow("recalls slow the decay") << 30.0 << 10 << 2.0 << 0.239 << "weak";
        QTest::newRow("many recalls, capped") << 1.0 << 20 << 3.0 << 1.0 << "active";
    }
    void lifecycleScore()
    {
        QFETCH(double, ageDays);
        QFETCH(int, recall);
        QFETCH(double, importance);
        QFETCH(double, expected);
        QFETCH(QString, tier);
        ScoreInput in = input(m_config);
        in.lastReinforcedAt = daysAgo(ageDays);
        in.accessCount = recall;
        in.importance = importance;
        const Score s = LifecycleProfile(m_config).evaluate(in, kNow);
        QCOMPARE(round4(s.score), expected);
        QCOMPARE(round4(s.strength / 100), expected);
        QCOMPARE(tierName(s.tier), tier);
    }

    void lifecycleDaysUntilCompress()
    {
        // e^(−0.1·d) = 0.3 → d = 12.04: found numerically to 0.1 day.
        ScoreInput in = input(m_config);
        in.importance = 0;
        QCOMPARE(*LifecycleProfile(m_config).daysUntilWeak(in, kNow), 12.0);
    }

    // ---- shared rules ------------------------------------------------------------------------
    void permanentIsAtTheTop_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<double>("score");
        QTest::newRow("ebbinghaus") << "ebbinghaus" << 100.0;
        QTest::newRow("enhanced") << "enhanced" << 2.0;
        QTest::newRow("importance") << "importance" << 3.0;
        QTest::newRow("lifecycle") << "lifecycle" << 1.0;
    }
    void permanentIsAtTheTop()
    {
        QFETCH(QString, profile);
        QFETCH(double, score);
        auto p = makeProfile(profile, m_config);
        ScoreInput in = input(m_config, QStringLiteral("episode"));
        in.lastReinforcedAt = daysAgo(5000);
        in.lastAccessedAt = daysAgo(5000);
        in.permanent = true;
        in.negatedAt = daysAgo(1);
        const Score s = p->evaluate(in, kNow);
        QCOMPARE(s.score, score);
        QCOMPARE(s.score, p->maxScore());
        QCOMPARE(s.strength, 100.0);
        QCOMPARE(s.tier, Tier::Permanent);
        QVERIFY(!p->daysUntilWeak(in, kNow).has_value());
    }

    void thresholdsNameTheWeakLine_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<double>("weakLine");
        QTest::newRow("ebbinghaus archive 10") << "ebbinghaus" << 10.0;
        QTest::newRow("enhanced 0.3") << "enhanced" << 0.3;
        QTest::newRow("importance 0.5") << "importance" << 0.5;
        QTest::newRow("lifecycle compress 0.3") << "lifecycle" << 0.3;
    }
    void thresholdsNameTheWeakLine()
    {
        QFETCH(QString, profile);
        QFETCH(double, weakLine);
        QCOMPARE(makeProfile(profile, m_config)->weakLine(), weakLine);
    }

    void unknownProfileIsNull() { QVERIFY(!makeProfile(QStringLiteral("nope"), m_config)); }

    void curveSamplesEvenly()
    {
        ScoreInput in = input(m_config);
        in.lastReinforcedAt = kNow;
        const auto points = EbbinghausProfile(m_config).curve(in, kNow, kNow + 48 * kMsPerHour, 2);
        QCOMPARE(points.size(), size_t(3));
        QCOMPARE(points[0].score, 100.0);
        QCOMPARE(points[1].score, 37.0);
        QCOMPARE(points[2].score, 14.0);
    }

    void aMillionScoresPerProfile()
    {
        // Not a timing assertion (the benchmark owns speed,
        // docs/architecture.md, "Performance budget"): this runs the hot path a million times
        // per profile, checks every result is sane and logs the time taken.
        std::vector<ScoreInput> inputs(1000000, input(m_config));
        for (size_t i = 0; i < inputs.size(); ++i) {
            inputs[i].lastReinforcedAt = kNow - Millis(i % 5000) * kMsPerHour;
            inputs[i].lastAccessedAt = inputs[i].lastReinforcedAt;
            inputs[i].categoryIndex = std::uint16_t(i % m_config.categories.size());
            inputs[i].negatedAt = i % 97 == 0 ? daysAgo(3) : 0;
        }
        for (const QString &name : profileNames()) {
            auto p = makeProfile(name, m_config);
            int counts[kTierCount] = {};
            QElapsedTimer timer;
            timer.start();
            for (const ScoreInput &in : inputs)
                ++counts[int(p->evaluate(in, kNow).tier)];
            const qint64 ms = timer.elapsed();
            qInfo("%s: 1,000,000 evaluations in %lld ms", qPrintable(name), ms);
            int total = 0;
            for (int c : counts)
                total += c;
            QCOMPARE(total, 1000000);
            QCOMPARE(counts[int(Tier::Permanent)], 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestScoring)
#include "tst_scoring.moc"
