// The text index and the text ranking (docs/scoring.md, "Text index", "Query terms",
// "Recall ranking"): a memory without keywords is found by its text, stemming, the index in
// step with edit / negate / delete / purge / undo, level 3 kept out, CJK, the explanation,
// and the spread to the memory written next. On a store file and on a team store
// (EngineStore.h), where the text search is PostgreSQL's (docs/team-store.md#text-search).
#include "engine/decisions/Decisions.h"
#include "engine/decisions/MemoryEdit.h"
#include "engine/recall/Retrieval.h"
#include "engine/text/CalendarDates.h"
#include "engine/text/QueryTerms.h"
#include "engine/text/StatementWords.h"
#include "io/ImportOperation.h"
#include "scoring/ScoringProfile.h"
#include "store/TextSearch.h"
#include "EngineStore.h"

#include <QJsonArray>
#include <QSqlQuery>
#include <QTest>

#include <cmath>

using namespace recollector::core;

namespace {

constexpr Millis kBase = 1704067200000; // 2024-01-01T00:00Z

Memory mem(const QString &id, const QString &content, const QStringList &keywords = {}, Millis at = kBase)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("fact");
    m.keywords = keywords;
    m.confidence = 0.8;
    m.stability = 24 * 365; // hours: nothing fades within these tests
    m.createdAt = m.updatedAt = m.lastReinforcedAt = at;
    return m;
}

struct Fixture
{
    explicit Fixture(recollector::test::EngineFixture &engines) : store(engines) {}
    recollector::test::EngineStore store;
    Config config = Config::defaults();
    std::unique_ptr<ScoringProfile> profile = makeProfile(QStringLiteral("ebbinghaus"), config);

    void add(const Memory &m) { QVERIFY(store->memories().insert(m).ok()); }
    std::vector<RetrievalResult> run(const QString &query, QueryMode mode = QueryMode::Normal)
    {
        RetrievalOptions options;
        options.preview = true;
        options.mode = mode;
        Retrieval retrieval(*store, config, *profile);
        auto r = retrieval.retrieve(query, options, kBase);
        if (!r) {
            qWarning("%s", qPrintable(r.error().message));
            return {};
        }
        return *r;
    }
    QStringList ids(const QString &query, QueryMode mode = QueryMode::Normal)
    {
        QStringList out;
        for (const RetrievalResult &r : run(query, mode))
            out << r.id;
        return out;
    }
    /// The text index alone, whatever the mode: which rows it holds for `word`.
    QStringList indexed(const QString &word)
    {
        auto hits = TextSearch(store->database()).search({word}, {}, 50);
        QStringList out;
        if (hits) {
            for (const TextHit &h : *hits)
                out << h.id;
        }
        return out;
    }
};

} // namespace

class TextRecallTest : public QObject
{
    Q_OBJECT
    recollector::test::EngineFixture m_engines;

private slots:
    void initTestCase_data() { recollector::test::EngineFixture::addEngines(); }

    void queryTerms()
    {
        const text::QueryTerms t = text::queryTerms(QStringLiteral("What did Caroline's dog eat at the node.js meetup?"));
        QCOMPARE(t.words, (QStringList{QStringLiteral("caroline"), QStringLiteral("dog"), QStringLiteral("eat"),
                                       QStringLiteral("node"), QStringLiteral("js"), QStringLiteral("meetup")}));
        const text::QueryTerms cjk = text::queryTerms(QString::fromUtf8("我喜欢咖啡 咖啡"));
        QCOMPARE(cjk.cjkRuns, QStringList{QString::fromUtf8("我喜欢咖啡")});
        QCOMPARE(cjk.words, QStringList{QString::fromUtf8("咖啡")});
    }

    void frameWords()
    {
        // docs/scoring.md#query-terms: the words of a question's frame are not searched for,
        // unless nothing else is left; a name never is one.
        const text::QueryTerms t = text::queryTerms(
            QStringLiteral("How long did Maria go to the kind of yoga class Jean makes time for?"));
        QCOMPARE(t.frame, (QStringList{QStringLiteral("long"), QStringLiteral("go"), QStringLiteral("kind"),
                                       QStringLiteral("makes")}));
        QCOMPARE(t.searchWords(), (QStringList{QStringLiteral("maria"), QStringLiteral("yoga"),
                                               QStringLiteral("class"), QStringLiteral("jean"),
                                               QStringLiteral("time")}));
        QVERIFY(t.words.contains(QStringLiteral("long")));
        QCOMPARE(text::queryTerms(QStringLiteral("go")).searchWords(), QStringList{QStringLiteral("go")});
        QCOMPARE(text::queryTerms(QStringLiteral("a long walk")).searchWords(),
                 (QStringList{QStringLiteral("long"), QStringLiteral("walk")}));
        const text::QueryTerms language = text::queryTerms(QStringLiteral("What do I know about Go?"));
        QVERIFY(language.frame.isEmpty());
        QCOMPARE(language.searchWords(), (QStringList{QStringLiteral("know"), QStringLiteral("go")}));
    }

    void aLightVerbDoesNotOutweighWhatIsAsked()
    {
        // "go" is rarer in this store than "yoga", so BM25 alone puts the one memory with
        // "going" first; a light verb says nothing of what the question asks about.
        Fixture f(m_engines);
        const QStringList texts{QStringLiteral("John is going into local politics"),
                                QStringLiteral("John's colleague invited him to a yoga class"),
                                QStringLiteral("John attends a yoga studio downtown with friends"),
                                QStringLiteral("John practises yoga on Sunday mornings before work"),
                                QStringLiteral("John plays basketball for a team in the city"),
                                QStringLiteral("John reads fantasy novels in the evening")};
        for (int i = 0; i < texts.size(); ++i)
            f.add(mem(QStringLiteral("m%1").arg(i), texts[i], {}, kBase - (i + 1) * 3 * kMsPerDay));
        const auto results = f.run(QStringLiteral("Who did John go to yoga with?"));
        QVERIFY(results.size() >= 3);
        for (std::size_t i = 0; i < 3; ++i)
            QVERIFY2(results[i].memory.content.contains(QLatin1String("yoga")),
                     qPrintable(results[i].memory.content));
    }

    void sameStatementAndDeniedWords()
    {
        // docs/scoring.md, "Same statement" and "Denied words".
        using text::StatementWords;
        const QString pnpm = QStringLiteral("Use pnpm for installs, never npm");
        const QString npm = QStringLiteral("Do not use pnpm for installs; use npm");
        QVERIFY(StatementWords::sameStatement(QStringLiteral("User edits code in neovim"),
                                              QStringLiteral("The user edits code in Neovim.")));
        QVERIFY(StatementWords::sameStatement(npm, npm + QLatin1Char('.')));
        QVERIFY(!StatementWords::sameStatement(pnpm, npm));
        QVERIFY(!StatementWords::sameStatement(QStringLiteral("The API listens on port 8080"),
                                               QStringLiteral("The API listens on port 9090")));
        QVERIFY(!StatementWords::sameStatement(QStringLiteral("User likes dark mode"),
                                               QStringLiteral("User never likes dark mode")));
        QCOMPARE(StatementWords::deniedWords(pnpm), QStringList{QStringLiteral("npm")});
        QCOMPARE(StatementWords::deniedWords(npm),
                 (QStringList{QStringLiteral("installs"), QStringLiteral("pnpm"), QStringLiteral("use")}));
        QVERIFY(StatementWords::affirmsWhatTheOtherDenies(StatementWords::polarityOf(pnpm),
                                                          StatementWords::polarityOf(npm)));
        QVERIFY(!StatementWords::affirmsWhatTheOtherDenies(
            StatementWords::polarityOf(QStringLiteral("Don't use `any` in TypeScript; use `unknown` and narrow it.")),
            StatementWords::polarityOf(QStringLiteral("Never turn off `strict` in tsconfig; fix the types instead."))));
        QVERIFY(!StatementWords::affirmsWhatTheOtherDenies(
            StatementWords::polarityOf(QStringLiteral("Don't use tabs; use spaces")),
            StatementWords::polarityOf(QStringLiteral("Never use semicolons; use ASI"))));
    }

    void memoryWithoutKeywordsIsFoundByItsText()
    {
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("m1"), QStringLiteral("The user's dog is named Biscuit")));
        // Days apart: neither is the other's neighbour in time.
        f.add(mem(QStringLiteral("m2"), QStringLiteral("Deploys go through the staging cluster first"), {},
                  kBase - 3 * kMsPerDay));
        QCOMPARE(f.ids(QStringLiteral("biscuit")), QStringList{QStringLiteral("m1")});
        // Porter stemming: "dogs" finds "dog", "deploying" finds "Deploys".
        QCOMPARE(f.ids(QStringLiteral("dogs")), QStringList{QStringLiteral("m1")});
        QCOMPARE(f.ids(QStringLiteral("deploying")), QStringList{QStringLiteral("m2")});
        // Only stop words: nothing to look up.
        QVERIFY(f.ids(QStringLiteral("what is the")).isEmpty());
    }

    void importedWithoutKeywordsIsFoundByItsText()
    {
        // An import writes its rows in bulk (BulkWriter); the index fills in the same
        // transaction, keywords or not.
        Fixture f(m_engines);
        io::MemorySet set;
        set.sourceName = QStringLiteral("incoming.json");
        set.memories.push_back(mem(QStringLiteral("imp1"), QStringLiteral("The user's cat is called Miso")));
        set.memories.push_back(
            mem(QStringLiteral("imp2"), QStringLiteral("Standups are at half past nine"), {}, kBase - 3 * kMsPerDay));
        const io::ImportOperation operation(*f.store, f.config, kBase);
        auto plan = operation.preview(set);
        QVERIFY(plan);
        auto outcome = operation.apply(set, *plan, io::ImportPolicy{});
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QVERIFY(f.store->memories().get(QStringLiteral("imp1"))->keywords.isEmpty());
        QCOMPARE(f.ids(QStringLiteral("what is the cat called")), QStringList{QStringLiteral("imp1")});
        QCOMPARE(f.indexed(QStringLiteral("standup")), QStringList{QStringLiteral("imp2")});
    }

    void titleAndDescriptionAreSearched()
    {
        Fixture f(m_engines);
        Memory m = mem(QStringLiteral("m1"), QStringLiteral("Run the linter before pushing"));
        m.extra.insert(QStringLiteral("title"), QStringLiteral("Pre-push checklist"));
        m.extra.insert(QStringLiteral("description"), QStringLiteral("habits for the monorepo"));
        f.add(m);
        QCOMPARE(f.ids(QStringLiteral("checklist")), QStringList{QStringLiteral("m1")});
        QCOMPARE(f.ids(QStringLiteral("monorepo")), QStringList{QStringLiteral("m1")});
    }

    void rareWordOutranksCommonOne()
    {
        Fixture f(m_engines);
        for (int i = 0; i < 6; ++i)
            f.add(mem(QStringLiteral("c%1").arg(i), QStringLiteral("The user likes tea number %1").arg(i)));
        f.add(mem(QStringLiteral("rare"), QStringLiteral("The user keeps a tortoise")));
        const auto results = f.run(QStringLiteral("does the user keep a tortoise"));
        QVERIFY(!results.empty());
        QCOMPARE(results.front().id, QStringLiteral("rare"));
        // Explained word by word: each matched word with its weight, the rarer one weighing more.
        const QJsonArray words = results.front().factors.value(QStringLiteral("words")).toArray();
        QCOMPARE(words.size(), 3);
        double user = 0, tortoise = 0;
        for (const QJsonValue &w : words) {
            const QString word = w.toObject().value(QStringLiteral("word")).toString();
            const double weight = w.toObject().value(QStringLiteral("weight")).toDouble();
            if (word == QLatin1String("user"))
                user = weight;
            if (word == QLatin1String("tortoise"))
                tortoise = weight;
        }
        QVERIFY2(tortoise > user, "a rare word counts more than a common one");
        QVERIFY(results.front().explanation().contains(QStringLiteral("tortoise")));
    }

    // The text search keeps the `limit` best rows as the index visits each match, and skips a
    // match that could not be among them (docs/scoring.md#text-index): the best 10 are the
    // first 10 of every match ranked, shares and all, rows of every length and a weighted word.
    void theBestRowsAreTheFirstOfAllMatches()
    {
        Fixture f(m_engines);
        const QStringList vocabulary{QStringLiteral("river"),  QStringLiteral("stone"), QStringLiteral("garden"),
                                     QStringLiteral("window"), QStringLiteral("coffee"), QStringLiteral("letter"),
                                     QStringLiteral("violin"), QStringLiteral("harbor"), QStringLiteral("lantern")};
        quint32 state = 12345;
        const auto next = [&state](quint32 n) {
            state = state * 1664525u + 1013904223u; // Numerical Recipes' LCG: the same rows on every run
            return (state >> 8) % n;
        };
        for (int i = 0; i < 300; ++i) {
            QStringList words;
            const int length = 2 + int(next(25));
            for (int w = 0; w < length; ++w)
                words << vocabulary[int(next(quint32(vocabulary.size()) - (i % 3 == 0 ? 0 : 4)))];
            f.add(mem(QStringLiteral("m%1").arg(i), words.join(QLatin1Char(' '))));
        }
        TextSearch search(f.store->database());
        const QList<QStringList> queries{{QStringLiteral("river"), QStringLiteral("stone")},
                                         {QStringLiteral("violin"), QStringLiteral("garden"), QStringLiteral("coffee")},
                                         {QStringLiteral("lantern"), QStringLiteral("river"), QStringLiteral("harbor")}};
        for (const QStringList &query : queries) {
            for (const std::vector<double> &weights : {std::vector<double>{}, std::vector<double>{2.0}}) {
                auto best = search.search(query, {}, 10, weights);
                auto all = search.search(query, {}, 100000, weights);
                QVERIFY(best && all);
                QCOMPARE(best->size(), std::size_t(10));
                QVERIFY(all->size() > 100);
                for (std::size_t i = 0; i < best->size(); ++i) {
                    QCOMPARE((*best)[i].id, (*all)[i].id);
                    QCOMPARE((*best)[i].shares, (*all)[i].shares);
                }
            }
        }
    }

    void indexFollowsEditNegateDeleteUndo()
    {
        Fixture f(m_engines);
        Decisions decisions(*f.store, f.config);
        auto created = decisions.create(mem(QString(), QStringLiteral("The build uses gradle")), kBase);
        QVERIFY(created.ok());
        const QString id = created->createdIds.first();
        QCOMPARE(f.indexed(QStringLiteral("gradle")), QStringList{id});

        MemoryEdit edit;
        edit.content = QStringLiteral("The build uses bazel");
        auto edited = decisions.edit(id, edit, kBase + 1000);
        QVERIFY(edited.ok());
        QVERIFY(f.indexed(QStringLiteral("gradle")).isEmpty());
        QCOMPARE(f.indexed(QStringLiteral("bazel")), QStringList{id});

        // Undo the edit: the old text is found again, the new one no more.
        QVERIFY(decisions.revert(edited->firstEventId(), kBase + 2000).ok());
        QCOMPARE(f.indexed(QStringLiteral("gradle")), QStringList{id});
        QVERIFY(f.indexed(QStringLiteral("bazel")).isEmpty());

        // Negated: still indexed, recalled in review mode only.
        QVERIFY(decisions.negate(id, {}, kBase + 3000).ok());
        QVERIFY(f.ids(QStringLiteral("gradle")).isEmpty());
        QCOMPARE(f.ids(QStringLiteral("gradle"), QueryMode::Review), QStringList{id});

        // Deleted: debug mode only; purged: gone from the index.
        QVERIFY(decisions.softDelete(id, kBase + 4000).ok());
        QVERIFY(f.ids(QStringLiteral("gradle"), QueryMode::Review).isEmpty());
        QCOMPARE(f.ids(QStringLiteral("gradle"), QueryMode::Debug), QStringList{id});
        auto purged = decisions.purge(id, kBase + 5000, QStringLiteral("user"), /*ignoreRetention=*/true);
        QVERIFY(purged.ok());
        QVERIFY(f.indexed(QStringLiteral("gradle")).isEmpty());
        // Undo the purge: the row and its text are back.
        QVERIFY(decisions.revert(purged->firstEventId(), kBase + 6000).ok());
        QCOMPARE(f.indexed(QStringLiteral("gradle")), QStringList{id});
        if (!recollector::test::EngineFixture::onServer()) { // FTS5's own check of its index
            QSqlQuery check(f.store->database().handle());
            QVERIFY(check.exec(QStringLiteral("INSERT INTO memory_text(memory_text, rank) VALUES('integrity-check', 0)")));
        }
    }

    void eachIndexedColumnChangeReachesTheIndex()
    {
        // MemoryRepository::update leaves the text columns out of an update that does not change
        // them (docs/performance.md, decision_commit_ms); one that changes any of them is
        // indexed again, by the trigger, whichever it is.
        Fixture f(m_engines);
        Memory m =
            mem(QStringLiteral("m1"), QStringLiteral("The build uses gradle"), {QStringLiteral("gradle")});
        m.extra.insert(QStringLiteral("title"), QStringLiteral("Toolchain notes"));
        f.add(m);
        const QStringList one{QStringLiteral("m1")};
        const auto update = [&](const Memory &changed) {
            QVERIFY(f.store->memories().update(changed).ok());
        };

        m.confidence = 0.9;
        m.accessCount = 3;
        update(m); // the state alone
        QCOMPARE(f.indexed(QStringLiteral("gradle")), one);
        QCOMPARE(f.indexed(QStringLiteral("toolchain")), one);

        m.keywords = {QStringLiteral("maven")};
        update(m);
        QCOMPARE(f.indexed(QStringLiteral("maven")), one);
        m.extra.insert(QStringLiteral("title"), QStringLiteral("Launch checklist"));
        update(m);
        QCOMPARE(f.indexed(QStringLiteral("launch")), one);
        QVERIFY(f.indexed(QStringLiteral("toolchain")).isEmpty());
        m.content = QStringLiteral("The build uses bazel");
        update(m);
        QCOMPARE(f.indexed(QStringLiteral("bazel")), one);
        QVERIFY(f.indexed(QStringLiteral("gradle")).isEmpty());
        m.sensitivity = 3;
        update(m);
        QVERIFY(f.indexed(QStringLiteral("bazel")).isEmpty());
        m.sensitivity = 1;
        update(m);
        QCOMPARE(f.indexed(QStringLiteral("bazel")), one);
        const auto stored = f.store->memories().get(QStringLiteral("m1"));
        QVERIFY(stored.ok());
        QCOMPARE(stored->content, m.content);
        QCOMPARE(stored->accessCount, 3);
        if (!recollector::test::EngineFixture::onServer()) {
            QSqlQuery check(f.store->database().handle());
            QVERIFY(check.exec(
                QStringLiteral("INSERT INTO memory_text(memory_text, rank) VALUES('integrity-check', 0)")));
        }
    }

    void levelThreeIsNotIndexed()
    {
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("open"), QStringLiteral("The wifi password hint is pelican")));
        QCOMPARE(f.indexed(QStringLiteral("pelican")), QStringList{QStringLiteral("open")});
        QSqlQuery q(f.store->database().handle());
        QVERIFY(q.exec(QStringLiteral("UPDATE memories SET sensitivity = 3 WHERE id = 'open'")));
        QVERIFY(f.indexed(QStringLiteral("pelican")).isEmpty());
        QVERIFY(q.exec(QStringLiteral("UPDATE memories SET sensitivity = 1 WHERE id = 'open'")));
        QCOMPARE(f.indexed(QStringLiteral("pelican")), QStringList{QStringLiteral("open")});
    }

    void chineseByTrigramsAndKeywords()
    {
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("zh"), QString::fromUtf8("用户每天早上喝黑咖啡"), {QString::fromUtf8("咖啡")}));
        f.add(mem(QStringLiteral("en"), QStringLiteral("The user drinks green tea"), {}, kBase - 3 * kMsPerDay));
        QCOMPARE(f.ids(QString::fromUtf8("喝黑咖啡")), QStringList{QStringLiteral("zh")});
        QCOMPARE(f.ids(QString::fromUtf8("咖啡")), QStringList{QStringLiteral("zh")});
    }

    void spreadReachesTheMemoryWrittenNext()
    {
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("a"), QStringLiteral("Melanie went on a road trip with her family"), {}, kBase));
        f.add(mem(QStringLiteral("b"), QStringLiteral("Her son got hurt in an accident on the way"), {}, kBase + 1000));
        f.add(mem(QStringLiteral("c"), QStringLiteral("Unrelated: the office moved to Berlin"), {}, kBase + 9 * 24 * kMsPerHour));
        const auto results = f.run(QStringLiteral("road trip"));
        QCOMPARE(results.size(), std::size_t(2));
        QCOMPARE(results[0].id, QStringLiteral("a"));
        QCOMPARE(results[1].id, QStringLiteral("b"));
        QVERIFY(!results[1].direct);
        QCOMPARE(results[1].path, QStringList{QStringLiteral("a")});
        QCOMPARE(results[1].factors.value(QStringLiteral("link")).toString(), QStringLiteral("time"));
    }

    void calendarDates()
    {
        using text::calendarDates;
        const QDate oct13(2023, 10, 13);
        QCOMPARE(calendarDates(QStringLiteral("What did she show on October 13, 2023?")), QList<QDate>{oct13});
        QCOMPARE(calendarDates(QStringLiteral("on 13 October, 2023")), QList<QDate>{oct13});
        QCOMPARE(calendarDates(QStringLiteral("on Oct. 13th 2023 and 2023-10-13")), QList<QDate>{oct13});
        QCOMPARE(calendarDates(QStringLiteral("the 13th of October 2023")), QList<QDate>{oct13});
        QCOMPARE(calendarDates(QString::fromUtf8("2023年10月13日说的")), QList<QDate>{oct13});
        QCOMPARE(calendarDates(QStringLiteral("Between May 3, 2023 and 7 July 2023")),
                 (QList<QDate>{QDate(2023, 5, 3), QDate(2023, 7, 7)}));
        // Without a year, or not a day: no date.
        QVERIFY(calendarDates(QStringLiteral("on May 3")).isEmpty());
        QVERIFY(calendarDates(QStringLiteral("February 30, 2023; Node 18 2023; may 2023")).isEmpty());
    }

    void aMemoryWrittenOnTheNamedDayIsFound()
    {
        // docs/scoring.md#recall-ranking: a query that names a day finds what was written then,
        // even with no word in common, and says so.
        Fixture f(m_engines);
        // Noon of 11 January 2024 where the test runs: the day is the user's, in local time.
        const Millis day = QDate(2024, 1, 11).startOfDay().toMSecsSinceEpoch() + 12 * kMsPerHour;
        f.add(mem(QStringLiteral("that-day"), QStringLiteral("Melanie showed a painting of a sunset"), {}, day));
        f.add(mem(QStringLiteral("other-day"), QStringLiteral("Melanie talked about her new kitchen"), {},
                  day - 5 * kMsPerDay));
        const auto results = f.run(QStringLiteral("What did Melanie talk about on January 11, 2024?"));
        QVERIFY(results.size() >= 2);
        QCOMPARE(results[0].id, QStringLiteral("that-day"));
        QCOMPARE(results[0].factors.value(QStringLiteral("date")).toDouble(), 1.0);
        QCOMPARE(results[1].factors.value(QStringLiteral("date")).toDouble(), 0.0);
        // A date alone is a query.
        QCOMPARE(f.ids(QStringLiteral("2024-01-11")), QStringList{QStringLiteral("that-day")});
    }

    void theNamedDayCountsOnce()
    {
        // docs/scoring.md#recall-ranking: every memory of the named day has the day's score
        // already, so none of them is reached in time from another of that day. Otherwise the
        // ones written next to each other would count the day twice and pass the one of that
        // day that has a word of the query.
        Fixture f(m_engines);
        const Millis noon = QDate(2024, 1, 11).startOfDay().toMSecsSinceEpoch() + 12 * kMsPerHour;
        f.add(mem(QStringLiteral("plan"), QStringLiteral("Maria is planning a tournament for the shelter"),
            {}, noon - 5 * kMsPerDay));
        for (int i = 0; i < 3; ++i)
            f.add(mem(QStringLiteral("day-%1").arg(i),
                QStringLiteral("John talked about the weather, part %1").arg(i), {}, noon + i * 60000));
        f.add(mem(QStringLiteral("dinner"), QStringLiteral("Maria had dinner with friends from the gym"), {},
            noon + 6 * kMsPerHour));
        const auto results
            = f.run(QStringLiteral("What did Maria plan for the evening of January 11, 2024?"));
        QVERIFY(results.size() >= 5);
        QCOMPARE(results[0].id, QStringLiteral("dinner"));
        for (const RetrievalResult &r : results) {
            if (r.id.startsWith(QLatin1String("day-")))
                QCOMPARE(r.factors.value(QStringLiteral("spread")).toDouble(), 0.0);
        }
    }

    void aMemoryAboutTheNamedPersonWinsATie()
    {
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("about-john"), QStringLiteral("Maria admires John's new bike"), {}, kBase));
        f.add(mem(QStringLiteral("johns"), QStringLiteral("John bought a new bike"), {}, kBase - 5 * kMsPerDay));
        const auto results = f.run(QStringLiteral("What did John buy?"));
        QVERIFY(!results.empty());
        QCOMPARE(results[0].id, QStringLiteral("johns"));
        QCOMPARE(results[0].factors.value(QStringLiteral("subject")).toDouble(), 0.1);
    }

    void aNeighbourAboutTheNamedPersonWinsATie()
    {
        // docs/scoring.md#recall-ranking: the subject counts for a memory the spread alone
        // reached too. Maria is in more memories than the text hits read, so the long one
        // written after the hit is reached only in time, as the one before it about John
        // (whose id would win a tie).
        Fixture f(m_engines);
        for (int i = 0; i < 60; ++i)
            f.add(mem(QStringLiteral("other-%1").arg(i), QStringLiteral("Maria mentioned a plan for the garden, number %1").arg(i),
                      {}, kBase - 10 * kMsPerDay - i * kMsPerHour));
        const QString afternoon = QStringLiteral(" said the long afternoon spent there with the others was the best part of ");
        f.add(mem(QStringLiteral("a-john"), QStringLiteral("John") + afternoon + QStringLiteral("his whole week by far"), {},
                  kBase - 1000));
        f.add(mem(QStringLiteral("hit"), QStringLiteral("Maria volunteers at a homeless shelter"), {}, kBase));
        f.add(mem(QStringLiteral("b-maria"), QStringLiteral("Maria") + afternoon + QStringLiteral("her whole week by far"), {},
                  kBase + 1000));
        const auto results = f.run(QStringLiteral("Where does Maria volunteer?"));
        QVERIFY(results.size() >= 3);
        QCOMPARE(results[0].id, QStringLiteral("hit"));
        QCOMPARE(results[1].id, QStringLiteral("b-maria"));
        QCOMPARE(results[2].id, QStringLiteral("a-john"));
        QVERIFY(!results[1].direct && !results[2].direct);
        QCOMPARE(results[1].factors.value(QStringLiteral("subject")).toDouble(), 0.1);
        QCOMPARE(results[2].factors.value(QStringLiteral("subject")).toDouble(), 0.0);
        QVERIFY(qAbs(results[1].score - results[2].score - 0.1) < 1e-6);
    }

    void recencyIsOfUseNotOfAge()
    {
        // A memory never recalled has no recency (its age is in its strength); one recalled
        // lately has, and wins a tie with one written later but never used.
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("newer"), QStringLiteral("The deploy script lives in tools"), {}, kBase - kMsPerDay));
        Memory used = mem(QStringLiteral("used"), QStringLiteral("The deploy script lives in tools"), {}, kBase - 20 * kMsPerDay);
        used.lastAccessedAt = kBase - 2 * kMsPerDay;
        f.add(used);
        const auto results = f.run(QStringLiteral("deploy script"));
        QCOMPARE(results.size(), std::size_t(2));
        QCOMPARE(results[0].id, QStringLiteral("used"));
        QVERIFY(qAbs(results[0].factors.value(QStringLiteral("recency")).toDouble() - std::pow(0.5, 2.0 / 30.0)) < 1e-6);
        QCOMPARE(results[1].factors.value(QStringLiteral("recency")).toDouble(), 0.0);
    }

    void monthsAndWeekdaysAreNotNames()
    {
        const text::QueryTerms terms = text::queryTerms(QStringLiteral("What did Maria do last Friday in June?"));
        QCOMPARE(terms.names, QStringList{QStringLiteral("maria")});
        QVERIFY(terms.words.contains(QStringLiteral("june")));
    }

    void keywordsRankingIsKept()
    {
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("k"), QStringLiteral("no shared text"), {QStringLiteral("vitest")}));
        RetrievalOptions options;
        options.preview = true;
        options.ranking = Ranking::Keywords;
        Retrieval retrieval(*f.store, f.config, *f.profile);
        auto r = retrieval.retrieve(QStringLiteral("vitest"), options, kBase);
        QVERIFY(r.ok());
        QCOMPARE(r->size(), std::size_t(1));
        QVERIFY(r->front().explanation().startsWith(QStringLiteral("direct: overlap")));
        QCOMPARE(rankingFromName(QStringLiteral("keywords")), std::optional<Ranking>(Ranking::Keywords));
    }
};

QTEST_GUILESS_MAIN(TextRecallTest)
#include "tst_text_recall.moc"
