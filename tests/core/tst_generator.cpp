// The synthetic store generator behind `recollector-cli generate` and recollector-bench: exact counts,
// determinism, refusal of a non-empty store, realistic distributions, and associations that
// follow the rules of docs/scoring.md, "Associations" (so a rebuild would agree with every generated link).
#include "StoreQuery.h"
#include "TempStore.h"

#include "synthetic/StoreGenerator.h"
#include "synthetic/SyntheticCorpus.h"
#include "synthetic/SyntheticLinks.h"
#include "config/Config.h"
#include "scoring/MentionIndex.h"
#include "scoring/ScoringProfile.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QtTest>

#include <map>
#include <set>

using namespace recollector;
using namespace recollector::core;

namespace {

using test::scalar;

constexpr Millis kAnchor = 1735689600000; // 2025-01-01T00:00:00Z

Result<GeneratorReport> generate(Store &store, std::int64_t memories, std::int64_t associations, std::uint64_t seed,
                                 bool replace = false)
{
    GeneratorOptions o;
    o.memories = memories;
    o.associations = associations;
    o.seed = seed;
    o.anchor = kAnchor;
    o.replaceExisting = replace;
    return StoreGenerator(o).generate(store);
}

// Everything a generated store holds, as text, to compare two stores row by row.
QStringList dump(Store &store)
{
    QStringList out;
    for (const char *sql : {"SELECT * FROM memories ORDER BY id", "SELECT * FROM associations ORDER BY a, b",
                            "SELECT * FROM events ORDER BY id", "SELECT * FROM conflicts ORDER BY id"})
        out += test::queryRows(store, QString::fromLatin1(sql));
    return out;
}
} // namespace

class TestGenerator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exactCounts_data()
    {
        QTest::addColumn<qint64>("memories");
        QTest::addColumn<qint64>("associations");
        QTest::addColumn<qint64>("expectedAssociations");
        QTest::newRow("empty") << qint64(0) << qint64(-1) << qint64(0);
        QTest::newRow("tiny") << qint64(12) << qint64(20) << qint64(20);
        QTest::newRow("default ratio 5 per memory") << qint64(800) << qint64(-1) << qint64(4000);
        QTest::newRow("explicit") << qint64(1500) << qint64(9000) << qint64(9000);
        QTest::newRow("fewer links than task pairs") << qint64(1000) << qint64(50) << qint64(50);
    }
    void exactCounts()
    {
        QFETCH(qint64, memories);
        QFETCH(qint64, associations);
        QFETCH(qint64, expectedAssociations);
        test::TempStore s;
        const auto report = generate(*s, memories, associations, 42);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->memories, memories);
        QCOMPARE(report->associations, expectedAssociations);
        QCOMPARE(scalar(*s, "SELECT count(*) FROM memories"), memories);
        QCOMPARE(scalar(*s, "SELECT count(*) FROM associations"), expectedAssociations);
        QCOMPARE(scalar(*s, "SELECT count(*) FROM events"), report->events);
        // Every memory has its create event; a non-trivial store has open conflicts to resolve.
        QCOMPARE(scalar(*s, "SELECT count(*) FROM events WHERE kind = 'create'"), memories);
        if (memories >= 10)
            QVERIFY(scalar(*s, "SELECT count(*) FROM conflicts WHERE status = 'open'") >= 3);
    }

    void aSmallVocabularyNamesProjectsFromItsOwnWords()
    {
        // Project folders were drawn from the first 5,000 words whatever the vocabulary's
        // size: a vocabulary of 2,000 read past its end.
        test::TempStore s;
        GeneratorOptions o;
        o.memories = 300;
        o.associations = 600;
        o.seed = 7;
        o.anchor = kAnchor;
        o.vocabulary = 2000;
        const auto report = StoreGenerator(o).generate(*s);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(scalar(*s, "SELECT count(*) FROM memories"), qint64(300));
        QVERIFY(scalar(*s, "SELECT count(DISTINCT project_path) FROM memories WHERE project_path LIKE '/home/dev/projects/%'") > 1);
    }

    void storeIsIntactAndPragmasRestored()
    {
        test::TempStore s;
        QVERIFY(generate(*s, 600, -1, 3));
        QCOMPARE(scalar(*s, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
        QSqlQuery q(s->database().handle());
        QVERIFY(q.exec("PRAGMA integrity_check") && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
        QVERIFY(q.exec("PRAGMA journal_mode") && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        QVERIFY(q.exec("PRAGMA foreign_keys") && q.next());
        QCOMPARE(q.value(0).toInt(), 1);
        // The secondary indexes dropped for the bulk load are back.
        QCOMPARE(scalar(*s, "SELECT count(*) FROM sqlite_master WHERE name IN ('associations_b', 'events_memory')"), 2);
        // Links reference real memories, ordered a < b, one row per pair.
        QCOMPARE(scalar(*s, "SELECT count(*) FROM associations WHERE a >= b"), 0);
        // The repository reads generated rows like any others.
        const auto all = s->memories().all();
        QVERIFY(all);
        QCOMPARE(qint64(all->size()), qint64(600));
    }

    void sameSeedSameStore()
    {
        test::TempStore first, second, other;
        QVERIFY(generate(*first, 700, 3000, 9));
        QVERIFY(generate(*second, 700, 3000, 9));
        QVERIFY(generate(*other, 700, 3000, 10));
        const QStringList a = dump(*first);
        QVERIFY(a.size() > 700 + 3000);
        QCOMPARE(dump(*second), a);
        QVERIFY(dump(*other) != a);
    }

    void refusesANonEmptyStoreUnlessForced()
    {
        test::TempStore s;
        QVERIFY(s->memories().insert(test::sampleMemory(QStringLiteral("mem_keep"))));
        const auto refused = generate(*s, 50, -1, 1);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, Error::Code::Conflict);
        QVERIFY(refused.error().message.contains(QStringLiteral("--force")));
        QCOMPARE(scalar(*s, "SELECT count(*) FROM memories"), 1);

        const auto forced = generate(*s, 50, -1, 1, true);
        QVERIFY2(forced, forced ? "" : qPrintable(forced.error().message));
        QCOMPARE(scalar(*s, "SELECT count(*) FROM memories"), 50);
        QCOMPARE(scalar(*s, "SELECT count(*) FROM memories WHERE id = 'mem_keep'"), 0);
        // Event ids restart, so a regenerated store equals a fresh one.
        QCOMPARE(scalar(*s, "SELECT min(id) FROM events"), 1);
    }

    void rejectsImpossibleCounts()
    {
        test::TempStore s;
        const auto tooMany = generate(*s, 10, 46, 1); // 10 memories hold at most 45 pairs
        QVERIFY(!tooMany);
        QCOMPARE(tooMany.error().code, Error::Code::Usage);
        QCOMPARE(scalar(*s, "SELECT count(*) FROM memories"), 0);
        // Links are only made where a rule of docs/scoring.md, "Associations" relates the pair,
        // so a tiny store may hold fewer than asked; the report says how many there are, never
        // more than asked.
        const auto capped = generate(*s, 10, 45, 1);
        QVERIFY(capped);
        QVERIFY(capped->associations > 0 && capped->associations <= 45);
        QCOMPARE(scalar(*s, "SELECT count(*) FROM associations"), capped->associations);
    }

    void fieldsAreRealistic()
    {
        test::TempStore s;
        QVERIFY(generate(*s, 5000, -1, 5));
        const auto all = s->memories().all();
        QVERIFY(all);
        const Config config = Config::defaults();
        std::set<QString> categories, sources;
        std::map<QString, int> keywordUse;
        int verified = 0, permanent = 0, negated = 0, sensitive = 0, scoped = 0, archived = 0, deleted = 0;
        QString previousId;
        Millis previousCreated = 0;
        for (const Memory &m : *all) {
            QVERIFY(m.id.startsWith(QLatin1String("mem_")) && m.id.size() == 30);
            QVERIFY2(m.id > previousId, "ids sort in creation order");
            QVERIFY(m.createdAt > previousCreated);
            previousId = m.id;
            previousCreated = m.createdAt;
            const qsizetype length = m.content.size();
            QVERIFY2(length >= 40 && length <= 200, qPrintable(m.content));
            QVERIFY(m.keywords.size() >= 2 && m.keywords.size() <= 6);
            QCOMPARE(normalizeKeywords(m.keywords), m.keywords);
            QVERIFY2(config.categoryIndex(m.category) != config.categoryIndex(QStringLiteral("fact"))
                         || m.category == QLatin1String("fact"),
                     qPrintable(m.category));
            QVERIFY(m.createdAt <= kAnchor && m.createdAt >= kAnchor - 731 * kMsPerDay);
            QVERIFY(m.lastReinforcedAt >= m.createdAt && m.lastReinforcedAt <= kAnchor);
            QVERIFY(m.updatedAt >= m.createdAt);
            QVERIFY(m.accessCount >= m.reinforceCount);
            QVERIFY(m.confidence > 0 && m.confidence <= 1);
            QVERIFY(m.stability > 0 && m.stability <= 8760);
            QVERIFY(m.decayRate >= 0.5 && m.decayRate <= 1.0);
            QVERIFY(m.strength >= 0 && m.strength <= 100);
            QVERIFY(m.sensitivity >= 0 && m.sensitivity <= 2);
            if (m.source.type == QLatin1String("task"))
                QVERIFY(m.source.taskId.startsWith(QLatin1String("task-")));
            categories.insert(m.category);
            sources.insert(m.source.type);
            for (const QString &k : m.keywords)
                ++keywordUse[k];
            verified += m.verified;
            permanent += m.permanent;
            negated += m.negated;
            sensitive += m.sensitivity > 0;
            scoped += !m.projectPath.isEmpty();
            archived += m.level == MemoryLevel::Archive;
            deleted += m.isDeleted();
        }
        QCOMPARE(int(categories.size()), int(synth::SyntheticCorpus::categoryNames().size()));
        QCOMPARE(int(sources.size()), 7);
        // Shares (of 5000): verified ≈ 12 %, permanent ≈ 1.5 %, negated ≈ 2 %, sensitive ≈ 6.5 %,
        // project-scoped ≈ 60 %; generous bounds, the point is "some, not all".
        QVERIFY2(verified > 250 && verified < 1250, qPrintable(QString::number(verified)));
        QVERIFY2(permanent > 20 && permanent < 250, qPrintable(QString::number(permanent)));
        QVERIFY2(negated > 40 && negated < 250, qPrintable(QString::number(negated)));
        QVERIFY2(sensitive > 150 && sensitive < 600, qPrintable(QString::number(sensitive)));
        QVERIFY2(scoped > 2000 && scoped < 4200, qPrintable(QString::number(scoped)));
        QVERIFY(archived > 0);
        QVERIFY(deleted > 0);
        // Zipf keywords: the most used keyword is far more common than the typical one.
        std::vector<int> uses;
        for (const auto &[k, n] : keywordUse)
            uses.push_back(n);
        std::sort(uses.rbegin(), uses.rend());
        QVERIFY2(uses.front() >= 20 * uses[uses.size() / 2],
                 qPrintable(QStringLiteral("top %1, median %2").arg(uses.front()).arg(uses[uses.size() / 2])));
    }

    void tasksGroupTwoToEightMemories()
    {
        test::TempStore s;
        QVERIFY(generate(*s, 3000, -1, 8));
        QSqlQuery q(s->database().handle());
        QVERIFY(q.exec("SELECT count(*) FROM memories WHERE source_type = 'task' GROUP BY source_task_id"));
        int tasks = 0;
        while (q.next()) {
            ++tasks;
            const int size = q.value(0).toInt();
            // The last burst may be cut short by the memory count; every other task has 2..8.
            QVERIFY2(size >= 1 && size <= 8, qPrintable(QString::number(size)));
        }
        QVERIFY(tasks > 100);
        QVERIFY(scalar(*s, "SELECT count(*) FROM (SELECT 1 FROM memories WHERE source_type = 'task' "
                           "GROUP BY source_task_id HAVING count(*) = 1)")
                <= 1);
    }

    void associationsFollowTheEngineRules()
    {
        test::TempStore s;
        QVERIFY(generate(*s, 2000, -1, 11));
        const auto all = s->memories().all();
        QVERIFY(all);
        std::map<QString, const Memory *> byId;
        for (const Memory &m : *all)
            byId[m.id] = &m;
        const auto links = s->associations().all();
        QVERIFY(links);
        QCOMPARE(int(links->size()), 10000);
        std::map<QString, int> types;
        for (const Association &link : *links) {
            const Memory &x = *byId.at(link.a);
            const Memory &y = *byId.at(link.b);
            // Every rule that applies to the pair, as docs/scoring.md, "Associations" states it.
            const QSet<QString> kx(x.keywords.begin(), x.keywords.end()), ky(y.keywords.begin(), y.keywords.end());
            const double jaccard = double((kx & ky).size()) / double((kx | ky).size());
            std::map<QString, double> rules;
            if (jaccard >= 0.3)
                rules["keyword"] = jaccard;
            if (!x.source.taskId.isEmpty() && x.source.taskId == y.source.taskId)
                rules["co-task"] = 0.5;
            const double hours = std::abs(time::hoursBetween(x.createdAt, y.createdAt));
            if (hours < 24 && 0.3 * (1 - hours / 24) > 0.05)
                rules["temporal"] = 0.3 * (1 - hours / 24);
            if (!x.projectPath.isEmpty() && x.projectPath == y.projectPath)
                rules["co-project"] = 0.2;
            QVERIFY2(rules.count(link.type), qPrintable(link.a + " " + link.b + " " + link.type));
            QVERIFY(std::abs(rules[link.type] - link.weight) < 1e-4);
            for (const auto &[type, weight] : rules)
                QVERIFY2(weight <= link.weight + 1e-4, "one edge per pair keeps the strongest");
            QCOMPARE(link.createdAt, std::max(x.createdAt, y.createdAt));
            ++types[link.type];
        }
        // All four kinds occur, none dominates completely.
        QCOMPARE(int(types.size()), 4);
        for (const auto &[type, n] : types)
            QVERIFY2(n > 200 && n < 7000, qPrintable(type + QStringLiteral(": ") + QString::number(n)));
    }

    void cachedStrengthMatchesEbbinghaus()
    {
        test::TempStore s;
        QVERIFY(generate(*s, 2000, 0, 12));
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), Config::defaults());
        QVERIFY(profile);
        const auto all = s->memories().all();
        QVERIFY(all);
        std::array<int, kTierCount> tiers{};
        for (const Memory &m : *all) {
            const Score score = profile->evaluate(m, kAnchor);
            // The stored (cached) strength is what the default profile computes at the anchor,
            // up to rounding of the persisted stability / decay rate.
            QVERIFY2(std::abs(score.strength - m.strength) <= 1.0,
                     qPrintable(QStringLiteral("%1: stored %2, profile %3").arg(m.id).arg(m.strength).arg(score.strength)));
            ++tiers[std::size_t(score.tier)];
        }
        // A lived-in store has memories in every tier.
        for (int t = 0; t < kTierCount; ++t)
            QVERIFY2(tiers[std::size_t(t)] > 0, qPrintable(tierName(Tier(t))));
    }

    // The enhanced profile's momentum counts mentions (docs/scoring.md, "Mentions"): the
    // reinforcements a user brings about (manual, task_success, task_failure) carry one, as
    // Decisions writes them; an access or an association hit does not. Without them a
    // benchmark of the enhanced profile would skip its mention work.
    void reinforcementsThatAreMentionsSayItAndTheIndexCountsThem()
    {
        test::TempStore s;
        QVERIFY(generate(*s, 3000, 0, 21));
        QCOMPARE(StoreGenerator::stampedVersion(*s), StoreGenerator::kVersion);
        QSqlQuery q(s->database().handle());
        QVERIFY(q.exec("SELECT json_extract(payload, '$.event'), json_extract(payload, '$.mention') IS 1, count(*) "
                       "FROM events WHERE kind = 'reinforce' GROUP BY 1, 2"));
        QMap<QString, qint64> mentions, plain;
        while (q.next())
            (q.value(1).toBool() ? mentions : plain)[q.value(0).toString()] = q.value(2).toLongLong();
        QCOMPARE(QSet<QString>(mentions.keyBegin(), mentions.keyEnd()),
                 QSet<QString>({"manual", "task_success", "task_failure"}));
        QCOMPARE(QSet<QString>(plain.keyBegin(), plain.keyEnd()), QSet<QString>({"access", "association_hit"}));
        qint64 mentioned = 0;
        for (const qint64 n : mentions)
            mentioned += n;
        const auto index = MentionIndex::load(s->events(), Config::defaults());
        QVERIFY(index);
        qint64 found = 0;
        for (const QString &id : index->ids())
            found += qint64(index->mentionsOf(id).size());
        QCOMPARE(found, mentioned);
        const QString id = index->ids().constFirst();
        const Millis last = index->mentionsOf(id).back();
        QCOMPARE(index->summary(id, last).lastAt, last);
    }

    void openConflictsAreDetectable()
    {
        test::TempStore s;
        QVERIFY(generate(*s, 4000, 0, 13));
        const auto open = s->conflicts().list(ConflictStatus::Open);
        QVERIFY(open);
        QVERIFY(open->size() >= 4);
        for (const Conflict &c : *open) {
            const auto a = s->memories().get(c.a);
            const auto b = s->memories().get(c.b);
            QVERIFY(a && b);
            // Same subject: keyword Jaccard ≥ 0.5 (candidates, docs/scoring.md, "Detection");
            // the newer one is b.
            QCOMPARE(a->keywords, b->keywords);
            QVERIFY(a->createdAt < b->createdAt);
            QVERIFY(QStringList({"direct_contradiction", "scope_overlap", "temporal_shift"}).contains(conflictTypeName(c.type)));
        }
    }

    void commandLinePrintsCounts()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gen.recollector"));
        auto run = [&](const QStringList &args, QByteArray *out = nullptr, QByteArray *err = nullptr) {
            QProcess p;
            p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), QStringList{"--store", path, "--json"} + args);
            p.waitForFinished(120000);
            if (out)
                *out = p.readAllStandardOutput();
            if (err)
                *err = p.readAllStandardError();
            return p.exitCode();
        };
        QByteArray out, err;
        QCOMPARE(run({"generate", "--memories", "300", "--seed", "7"}, &out), 0);
        const QJsonObject counts = QJsonDocument::fromJson(out).object();
        QCOMPARE(counts.value("memories").toInt(), 300);
        QCOMPARE(counts.value("associations").toInt(), 1500);
        QVERIFY(run({"generate", "--memories", "300"}, nullptr, &err) != 0);
        QVERIFY2(err.contains("--force"), err.constData());
        QCOMPARE(run({"generate", "--memories", "200", "--associations", "600", "--force"}, &out), 0);
        QCOMPARE(QJsonDocument::fromJson(out).object().value("associations").toInt(), 600);
        QVERIFY(run({"generate", "--memories", "many"}, nullptr, &err) != 0);
        QVERIFY(err.contains("--memories"));
    }
};

QTEST_GUILESS_MAIN(TestGenerator)
#include "tst_generator.moc"
