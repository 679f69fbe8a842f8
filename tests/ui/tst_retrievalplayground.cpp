// The retrieval playground on the demo store: the same ids and scores as core Retrieval for
// the same query, mode and project; every result explained term by term, associative ones
// with their activation path; nothing ever written to the store; modes change what is
// recalled; selection and activation signals; runs as the user types.
#include "TempStore.h"

#include "StoreSession.h"
#include "engine/recall/Retrieval.h"
#include "io/DemoStore.h"
#include "models/Roles.h"
#include "views/RetrievalExplanation.h"
#include "views/RetrievalPlayground.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

const QString kNegatedQtPlayer = QStringLiteral("mem_01KFR25DBFTZ882QH3Y04FH4WS"); // "qt-player builds with qmake"

/// Everything a retrieval could change: events, accesses, link weights; and the file's
/// data_version as another connection sees it.
struct StoreFingerprint
{
    qint64 events = -1;
    qint64 dataVersion = -1;
    QStringList accesses;
    QStringList links;
    bool operator==(const StoreFingerprint &) const = default;
};

StoreFingerprint fingerprint(Store &store, Store &observer)
{
    StoreFingerprint f;
    const auto events = store.events().count();
    f.events = events ? *events : -1;
    f.dataVersion = observer.database().dataVersion();
    const auto memories = store.memories().all();
    const auto links = store.associations().all();
    if (!memories || !links)
        qFatal("cannot read the store");
    for (const Memory &m : *memories)
        f.accesses << QStringLiteral("%1:%2:%3:%4").arg(m.id).arg(m.accessCount).arg(m.lastAccessedAt).arg(m.updatedAt);
    for (const Association &a : *links)
        f.links << QStringLiteral("%1-%2:%3").arg(a.a, a.b).arg(a.weight, 0, 'g', 17);
    return f;
}

} // namespace

class TestRetrievalPlayground : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<StoreSession> m_session;
    QString m_path;

    /// Core retrieval on the session's store, preview, as the playground should run it.
    std::vector<RetrievalResult> coreResults(const QString &query, QueryMode mode, const QString &project = {},
                                             int limit = 10)
    {
        Retrieval retrieval(*m_session->store(), m_session->config(), m_session->profile());
        RetrievalOptions options;
        options.mode = mode;
        options.project = project;
        options.preview = true;
        options.maxResults = limit;
        auto results = retrieval.retrieve(query, options, m_session->now());
        if (!results)
            qFatal("core retrieval failed: %s", qPrintable(results.error().message));
        return std::move(*results);
    }

    /// A demo query whose results include associative ones.
    QString associativeQuery()
    {
        // Under the text ranking most memories sharing a word are direct hits; a rarer word
        // leaves room for memories reached over the links (docs/scoring.md, "Recall ranking").
        for (const QString &q : {QStringLiteral("python"), QStringLiteral("tsconfig"), QStringLiteral("weekend"),
                                 QStringLiteral("review"), QStringLiteral("vitest testing"), QStringLiteral("qt cpp build"),
                                 QStringLiteral("family kids weekend"), QStringLiteral("git review"),
                                 QStringLiteral("python ci"), QStringLiteral("diet health")}) {
            for (const RetrievalResult &r : coreResults(q, QueryMode::Normal)) {
                if (!r.direct)
                    return q;
            }
        }
        return {};
    }

    static bool containsId(const std::vector<RetrievalResult> &results, const QString &id)
    {
        return std::any_of(results.begin(), results.end(), [&id](const RetrievalResult &r) { return r.id == id; });
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_path = m_dir->filePath(QStringLiteral("demo.recollector"));
        const Status made = io::createDemoStore(m_path, QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        m_session = std::make_unique<StoreSession>();
        const Status opened = m_session->open(m_path);
        QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
        m_session->setNow(time::nowMs()); // one instant for the playground and the oracle
    }
    void cleanup()
    {
        m_session.reset();
        m_dir.reset();
    }

    void sameResultsAsCoreRetrieval_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("project");
        QTest::newRow("normal") << int(QueryMode::Normal) << QString();
        QTest::newRow("review") << int(QueryMode::Review) << QString();
        QTest::newRow("debug") << int(QueryMode::Debug) << QString();
        QTest::newRow("normal, recollector-web") << int(QueryMode::Normal) << QStringLiteral("/home/lin/src/recollector-web");
    }
    void sameResultsAsCoreRetrieval()
    {
        QFETCH(int, mode);
        QFETCH(QString, project);
        const QString query = associativeQuery();
        QVERIFY2(!query.isEmpty(), "the demo store has a query with associative results");
        RetrievalPlayground playground(m_session.get());
        playground.setMode(QueryMode(mode));
        playground.setProject(project);
        playground.setQuery(query);
        QVERIFY(playground.errorText().isEmpty());

        const auto expected = coreResults(query, QueryMode(mode), project);
        QVERIFY(!expected.empty());
        QCOMPARE(playground.results().size(), expected.size());
        QTreeWidget *tree = playground.resultsView();
        QCOMPARE(tree->topLevelItemCount(), int(expected.size()));
        for (int i = 0; i < int(expected.size()); ++i) {
            const RetrievalResult &want = expected[size_t(i)];
            const RetrievalResult &got = playground.results()[size_t(i)];
            QCOMPARE(got.id, want.id);
            QCOMPARE(got.score, want.score);
            QCOMPARE(got.direct, want.direct);
            QCOMPARE(got.path, want.path);
            QTreeWidgetItem *item = tree->topLevelItem(i);
            QCOMPARE(item->data(0, IdRole).toString(), want.id);
            QCOMPARE(item->text(0), QString::number(i + 1));
            QCOMPARE(item->text(1), want.memory.content.simplified());
            QCOMPARE(item->text(2), QString::number(want.score, 'f', 3));
            QVERIFY(item->text(3).startsWith(want.direct ? QStringLiteral("direct") : QStringLiteral("associative")));
            QCOMPARE(item->text(4), QString::number(want.activation, 'f', 3));
        }
        auto *summary = playground.findChild<QLabel *>(QStringLiteral("playgroundSummary"));
        QVERIFY(summary->text().startsWith(QStringLiteral("Query keywords: ")));
        QVERIFY(summary->text().contains(QStringLiteral("nothing recorded")));
    }

    void everyResultIsExplained()
    {
        const QString query = associativeQuery();
        RetrievalPlayground playground(m_session.get());
        playground.setQuery(query);
        QTreeWidget *tree = playground.resultsView();
        bool sawAssociative = false;
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            QTreeWidgetItem *item = tree->topLevelItem(i);
            const RetrievalResult &r = playground.results()[size_t(i)];
            QStringList keys;
            double sum = 0; // the terms that add up to the score (text ranking, docs/scoring.md, "Recall ranking")
            QString total;
            static const QStringList kAdded{QStringLiteral("text"), QStringLiteral("strength"),
                                            QStringLiteral("confidence"), QStringLiteral("projectBonus"),
                                            QStringLiteral("recency"), QStringLiteral("date"),
                                            QStringLiteral("subject"), QStringLiteral("spread")};
            for (int c = 0; c < item->childCount(); ++c) {
                const QString key = item->child(c)->data(1, Qt::UserRole).toString();
                keys << key;
                if (key == QLatin1String("score"))
                    total = item->child(c)->text(2);
                else if (kAdded.contains(key))
                    sum += item->child(c)->text(2).toDouble();
            }
            QCOMPARE(total, QString::number(r.score, 'f', 3));
            QVERIFY2(qAbs(sum - r.score) < 0.004, qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(r.score)));
            if (r.direct) {
                QCOMPARE(keys.first(), QStringLiteral("formula"));
                QCOMPARE(keys.at(1), QStringLiteral("words"));
                for (const char *key : {"text", "strength", "confidence", "projectBonus", "recency", "score"})
                    QVERIFY2(keys.contains(QLatin1String(key)), key);
                // Each matched word with its weight.
                QVERIFY(item->child(1)->text(1).startsWith(QStringLiteral("matched word ")));
                QVERIFY(item->child(1)->text(2).toDouble() > 0);
            } else {
                sawAssociative = true;
                QCOMPARE(keys, (QStringList{"formula", "spread", "score", "path"}));
                QVERIFY(!r.path.isEmpty());
                QTreeWidgetItem *path = item->child(item->childCount() - 1);
                QCOMPARE(path->data(1, Qt::UserRole).toString(), QStringLiteral("path"));
                QVERIFY(path->text(1).startsWith(QStringLiteral("activation path: ")));
                QCOMPARE(path->childCount(), int(r.path.size()) + 1);
                QStringList chain = r.path;
                chain << r.id;
                for (int h = 0; h < path->childCount(); ++h) {
                    QTreeWidgetItem *hop = path->child(h);
                    QCOMPARE(hop->data(0, IdRole).toString(), chain[h]);
                    auto memory = m_session->memory(chain[h]);
                    QVERIFY(memory);
                    QVERIFY2(hop->text(1).endsWith(memory->content.simplified()), qPrintable(hop->text(1)));
                }
                QVERIFY(path->child(0)->text(1).startsWith(QStringLiteral("seed")));
                QVERIFY(path->child(path->childCount() - 1)->text(1).startsWith(QStringLiteral("→ this")));
                // The seed of the path is one of the direct hits.
                QVERIFY(std::any_of(playground.results().begin(), playground.results().end(),
                                    [&r](const RetrievalResult &d) { return d.direct && d.id == r.path.first(); }));
            }
        }
        QVERIFY(sawAssociative);

        // "Explain all" expands every result; collapsing hides them again.
        playground.setExplanationsExpanded(true);
        QVERIFY(playground.findChild<QCheckBox *>(QStringLiteral("playgroundExplainAll"))->isChecked());
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            QVERIFY(tree->topLevelItem(i)->isExpanded());
        playground.setExplanationsExpanded(false);
        QVERIFY(!tree->topLevelItem(0)->isExpanded());
    }

    void aNeighbourAboutTheNamedPersonShowsWhy()
    {
        // docs/scoring.md#recall-ranking, step 5: a memory the spread alone reached gets its
        // subject outside a direct score; its explanation lists it, and the terms add up.
        RetrievalResult r;
        r.direct = false;
        r.score = 0.6;
        r.factors = QJsonObject{{QStringLiteral("ranking"), QStringLiteral("text")}, {QStringLiteral("spread"), 0.5},
                                {QStringLiteral("subject"), 0.1}, {QStringLiteral("link"), QStringLiteral("time")}};
        const auto terms = RetrievalExplanation::terms(r);
        QStringList keys;
        double sum = 0;
        for (const auto &t : terms) {
            keys << t.key;
            if (t.key != QLatin1String("score"))
                sum += t.value.toDouble();
        }
        QCOMPARE(keys, (QStringList{"spread", "subject", "score"}));
        QCOMPARE(sum, 0.6);
        r.factors.insert(QStringLiteral("subject"), 0.0);
        r.score = 0.5;
        const auto without = RetrievalExplanation::terms(r);
        QVERIFY(std::none_of(without.begin(), without.end(), [](const auto &t) { return t.key == QLatin1String("subject"); }));
    }

    void nothingIsWritten()
    {
        auto observer = Store::open(m_path);
        QVERIFY(observer);
        Store &store = *m_session->store();
        const StoreFingerprint before = fingerprint(store, **observer);
        QVERIFY(before.events > 0);
        QVERIFY(!before.links.isEmpty());

        RetrievalPlayground playground(m_session.get());
        const QString query = associativeQuery();
        for (QueryMode mode : {QueryMode::Normal, QueryMode::Review, QueryMode::Debug}) {
            playground.setMode(mode);
            playground.setQuery(query);
            QVERIFY(playground.results().size() > 1);
            playground.setQuery(QStringLiteral("qt-player qmake build"));
            playground.setProject(QStringLiteral("/home/lin/src/qt-player"));
            playground.setProject(QString());
        }
        QCOMPARE(fingerprint(store, **observer), before);

        // The check is able to see a write: the same query recorded (not a preview) changes it.
        Retrieval recorded(store, m_session->config(), m_session->profile());
        RetrievalOptions options;
        QVERIFY(recorded.retrieve(query, options, m_session->now()));
        const StoreFingerprint after = fingerprint(store, **observer);
        QVERIFY(after.events > before.events);
        QVERIFY(after.dataVersion != before.dataVersion);
        QVERIFY(after.accesses != before.accesses);
    }

    void modesChangeWhatIsRecalled()
    {
        const QString query = QStringLiteral("qt-player qmake build");
        RetrievalPlayground playground(m_session.get());
        auto *mode = playground.findChild<QComboBox *>(QStringLiteral("playgroundMode"));
        QCOMPARE(mode->count(), 3);
        playground.setQuery(query);
        QVERIFY(!playground.results().empty());
        QVERIFY2(!containsId(playground.results(), kNegatedQtPlayer), "a negated memory is not recalled in normal mode");

        mode->setCurrentIndex(mode->findText(QStringLiteral("Review"))); // the combo runs the query
        QCOMPARE(playground.mode(), QueryMode::Review);
        QVERIFY(containsId(playground.results(), kNegatedQtPlayer));
        mode->setCurrentIndex(mode->findText(QStringLiteral("Debug")));
        QVERIFY(containsId(playground.results(), kNegatedQtPlayer));
        mode->setCurrentIndex(mode->findText(QStringLiteral("Normal")));
        QVERIFY(!containsId(playground.results(), kNegatedQtPlayer));

        // Only common words: nothing to look up, said so, nothing listed.
        playground.setQuery(QStringLiteral("what is the"));
        QVERIFY(playground.results().empty());
        QVERIFY(playground.findChild<QLabel *>(QStringLiteral("playgroundSummary"))->text().startsWith(QStringLiteral("Only common words")));
    }

    void projectGivesItsBonus()
    {
        RetrievalPlayground playground(m_session.get());
        auto *project = playground.findChild<QComboBox *>(QStringLiteral("playgroundProject"));
        QCOMPARE(project->itemText(0), QStringLiteral("Any project"));
        QVERIFY(project->findData(QStringLiteral("/home/lin/src/qt-player")) > 0);
        QVERIFY(project->findData(QStringLiteral("/home/lin/src/recollector-web")) > 0);
        QCOMPARE(project->findData(QString()), 0); // global memories are not a project to pick

        playground.setQuery(QStringLiteral("qt-player build"));
        project->setCurrentIndex(project->findData(QStringLiteral("/home/lin/src/qt-player")));
        QCOMPARE(playground.project(), QStringLiteral("/home/lin/src/qt-player"));
        bool sawBonus = false;
        for (const RetrievalResult &r : playground.results()) {
            if (r.direct && r.memory.projectPath == QLatin1String("/home/lin/src/qt-player")) {
                QCOMPARE(r.factors.value(QStringLiteral("projectBonus")).toDouble(), 0.1);
                sawBonus = true;
            }
        }
        QVERIFY(sawBonus);
        const auto expected = coreResults(QStringLiteral("qt-player build"), QueryMode::Normal, QStringLiteral("/home/lin/src/qt-player"));
        QCOMPARE(playground.results().size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i)
            QCOMPARE(playground.results()[i].score, expected[i].score);
    }

    void selectionAndActivationSignals()
    {
        RetrievalPlayground playground(m_session.get());
        playground.resize(900, 600);
        playground.show();
        QVERIFY(QTest::qWaitForWindowExposed(&playground));
        playground.setQuery(associativeQuery());
        QSignalSpy highlighted(&playground, &RetrievalPlayground::pathHighlighted);
        QSignalSpy activated(&playground, &RetrievalPlayground::memoryActivated);
        QTreeWidget *tree = playground.resultsView();

        // A direct hit: its own id.
        tree->setCurrentItem(tree->topLevelItem(0));
        QCOMPARE(highlighted.count(), 1);
        QCOMPARE(highlighted.last().at(0).toStringList(), QStringList{playground.results()[0].id});

        // An associative one: seed → … → itself.
        int associative = -1;
        for (int i = 0; i < int(playground.results().size()); ++i) {
            if (!playground.results()[size_t(i)].direct) {
                associative = i;
                break;
            }
        }
        QVERIFY(associative > 0);
        // A copy: run() below replaces the results (a reference into them would dangle).
        const RetrievalResult r = playground.results()[size_t(associative)];
        tree->setCurrentItem(tree->topLevelItem(associative));
        QStringList chain = r.path;
        chain << r.id;
        QCOMPARE(highlighted.last().at(0).toStringList(), chain);
        QVERIFY(chain.size() >= 2);

        // Enter opens the memory.
        tree->setFocus();
        QTest::keyClick(tree, Qt::Key_Return);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.last().at(0).toString(), r.id);

        // Double-click opens it too, and does not fold or unfold the explanation.
        QTreeWidgetItem *first = tree->topLevelItem(0);
        const bool wasExpanded = first->isExpanded();
        const QRect rect = tree->visualItemRect(first);
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.center()); // a double-click's first press
        QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(activated.count(), 2);
        QCOMPARE(activated.last().at(0).toString(), playground.results()[0].id);
        QCOMPARE(first->isExpanded(), wasExpanded);

        // A memory on the path can be opened from its hop row.
        QTreeWidgetItem *item = tree->topLevelItem(associative);
        item->setExpanded(true);
        QTreeWidgetItem *pathItem = item->child(item->childCount() - 1);
        pathItem->setExpanded(true);
        tree->setCurrentItem(pathItem->child(0));
        QCOMPARE(highlighted.last().at(0).toStringList(), chain); // still the whole result's path
        QTest::keyClick(tree, Qt::Key_Return);
        QCOMPARE(activated.last().at(0).toString(), r.path.first());

        // A new run keeps the selected result selected.
        tree->setCurrentItem(tree->topLevelItem(associative));
        playground.run();
        QVERIFY(tree->currentItem());
        QCOMPARE(tree->currentItem()->data(0, IdRole).toString(), r.id);
    }

    void runsAsYouTypeAndFollowsTheProfile()
    {
        RetrievalPlayground playground(m_session.get());
        playground.setDebounceInterval(20);
        playground.show();
        QVERIFY(QTest::qWaitForWindowExposed(&playground));
        QSignalSpy changed(&playground, &RetrievalPlayground::resultsChanged);
        auto *query = playground.findChild<QLineEdit *>(QStringLiteral("playgroundQuery"));
        QTest::keyClicks(query, QStringLiteral("vitest testing"));
        QTRY_VERIFY(!playground.results().empty());
        // Debounced: one run for the whole word, not one per keystroke.
        QVERIFY2(changed.count() <= 2, qPrintable(QString::number(changed.count())));
        const auto expected = coreResults(QStringLiteral("vitest testing"), QueryMode::Normal);
        QCOMPARE(playground.results().size(), expected.size());

        // The profile changes: the query runs again under it.
        const int runs = changed.count();
        QVERIFY(m_session->setProfileName(QStringLiteral("enhanced")));
        QTRY_VERIFY(changed.count() > runs);
        const auto underEnhanced = coreResults(QStringLiteral("vitest testing"), QueryMode::Normal);
        QCOMPARE(playground.results().size(), underEnhanced.size());
        for (size_t i = 0; i < underEnhanced.size(); ++i) {
            QCOMPARE(playground.results()[i].id, underEnhanced[i].id);
            QCOMPARE(playground.results()[i].score, underEnhanced[i].score);
        }
        QVERIFY(playground.findChild<QLabel *>(QStringLiteral("playgroundSummary"))->text().contains(QStringLiteral("enhanced profile")));
    }

    void followsStoreChanges()
    {
        RetrievalPlayground playground(m_session.get());
        playground.setDebounceInterval(10);
        playground.setQuery(QStringLiteral("qt-player qmake build"));
        QVERIFY(!playground.results().empty());
        const QString top = playground.results().front().id;
        // Soft-delete the top hit (another tool did it) and tell the session.
        auto memory = m_session->memory(top);
        QVERIFY(memory);
        Memory deleted = *memory;
        deleted.deletedAt = m_session->now();
        QVERIFY(m_session->store()->memories().update(deleted));
        m_session->refresh({top});
        QTRY_VERIFY(!containsId(playground.results(), top));
        playground.setMode(QueryMode::Debug);
        QVERIFY(containsId(playground.results(), top));
    }

    // Set RECOLLECTOR_SCREENSHOT_DIR to save retrieval-playground.png.
    void rendersTheDemoStore()
    {
        RetrievalPlayground playground(m_session.get());
        playground.resize(1100, 760);
        playground.setExplanationsExpanded(true);
        playground.setQuery(associativeQuery());
        playground.show();
        QVERIFY(QTest::qWaitForWindowExposed(&playground));
        QTreeWidget *tree = playground.resultsView();
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            if (!playground.results()[size_t(i)].direct) {
                tree->setCurrentItem(tree->topLevelItem(i));
                tree->scrollToItem(tree->topLevelItem(i), QAbstractItemView::PositionAtTop);
                break;
            }
        }
        const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            QVERIFY(playground.grab().save(shots + QStringLiteral("/retrieval-playground.png")));
        tree->scrollToTop();
        tree->setCurrentItem(tree->topLevelItem(0));
        if (!shots.isEmpty())
            QVERIFY(playground.grab().save(shots + QStringLiteral("/retrieval-playground-direct.png")));

        // A question about Lin: a memory reached next to a match, and about Lin, says so.
        playground.setQuery(QStringLiteral("What does Lin drink in the morning?"));
        const auto &results = playground.results();
        const auto about = std::find_if(results.begin(), results.end(), [](const RetrievalResult &r) {
            return !r.direct && r.factors.value(QStringLiteral("subject")).toDouble() > 0;
        });
        QVERIFY(about != results.end());
        QTreeWidgetItem *item = tree->topLevelItem(int(about - results.begin()));
        QStringList keys;
        for (int c = 0; c < item->childCount(); ++c)
            keys << item->child(c)->data(1, Qt::UserRole).toString();
        QVERIFY2(keys.contains(QStringLiteral("subject")), qPrintable(keys.join(QLatin1Char(' '))));
        tree->setCurrentItem(item);
        tree->scrollToItem(item, QAbstractItemView::PositionAtTop);
        if (!shots.isEmpty())
            QVERIFY(playground.grab().save(shots + QStringLiteral("/retrieval-playground-subject.png")));
    }
};

QTEST_MAIN(TestRetrievalPlayground)
#include "tst_retrievalplayground.moc"
