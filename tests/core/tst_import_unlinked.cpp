// An import links only the memories it wrote that no link touches (ImportOperation, through
// AssociationRepository::unlinked, one reused statement instead of reading every memory's
// links): a memory the set links, on either end, is not linked against the store; one it
// does not link gets derived links.
#include "CaptureTestKit.h"
#include "EngineStore.h"

#include "config/Config.h"
#include "io/ImportOperation.h"
#include "io/WrittenKeywordIndex.h"

#include <QTest>

using namespace recollector;
using namespace recollector::core;
using test::captureMemory;

namespace {

constexpr Millis kAt = test::kCaptureBase + 40 * kMsPerDay; // far from every memory: no temporal links

QStringList linksOf(Store &store, const QString &id)
{
    QStringList out;
    auto links = store.associations().of(id);
    if (links) {
        for (const Association &a : *links)
            out << a.other(id) + QLatin1Char(':') + a.type;
    }
    out.sort();
    return out;
}

} // namespace

class TestImportUnlinked : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void unlinkedNamesTheIdsNoLinkTouches()
    {
        test::EngineStore store(m_engines);
        for (const char *id : {"a", "b", "c", "d"})
            QVERIFY(store->memories().insert(captureMemory(QLatin1String(id), QStringLiteral("text %1").arg(QLatin1String(id)),
                                                           0, {QLatin1String(id)})));
        QVERIFY(store->associations().put({QStringLiteral("a"), QStringLiteral("c"), 0.5, QStringLiteral("manual"), kAt}));
        auto unlinked = store->associations().unlinked({QStringLiteral("d"), QStringLiteral("c"), QStringLiteral("b"),
                                                        QStringLiteral("a"), QStringLiteral("nowhere")});
        QVERIFY2(unlinked, unlinked ? "" : qPrintable(unlinked.error().message));
        QCOMPARE(*unlinked, (QStringList{QStringLiteral("d"), QStringLiteral("b"), QStringLiteral("nowhere")}));
        auto none = store->associations().unlinked({});
        QVERIFY(none);
        QVERIFY(none->isEmpty());
    }

    void anImportLinksOnlyWhatItsSetLeftUnlinked()
    {
        test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(captureMemory(QStringLiteral("old"), QStringLiteral("Lints with eslint"), 10,
                                                       {QStringLiteral("eslint")})));
        io::MemorySet set;
        set.sourceName = QStringLiteral("incoming.json");
        // Both share the stored memory's keyword, so the keyword rule would link either.
        set.memories.push_back(captureMemory(QStringLiteral("linked_a"), QStringLiteral("Eslint in CI"), 11,
                                             {QStringLiteral("eslint"), QStringLiteral("ci")}));
        set.memories.push_back(captureMemory(QStringLiteral("linked_b"), QStringLiteral("Eslint locally"), 12,
                                             {QStringLiteral("eslint"), QStringLiteral("local")}));
        set.memories.push_back(captureMemory(QStringLiteral("loose"), QStringLiteral("Eslint everywhere"), 13,
                                             {QStringLiteral("eslint")}));
        set.associations.push_back({QStringLiteral("linked_a"), QStringLiteral("linked_b"), 0.9,
                                    QStringLiteral("manual"), kAt});
        const io::ImportOperation operation(*store, Config::defaults(), kAt);
        auto plan = operation.preview(set);
        QVERIFY(plan);
        auto outcome = operation.apply(set, *plan, io::ImportPolicy{});
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        // The set's links are kept, and the memories it linked (one is `a`, the other `b` in
        // the store) are not linked against the store themselves: no keyword link to `old`
        // (a link from `loose`, which was linked, may reach them).
        for (const QString &id : {QStringLiteral("linked_a"), QStringLiteral("linked_b")}) {
            const QStringList links = linksOf(*store, id);
            QVERIFY2(links.contains(QStringLiteral("%1:manual").arg(id == QLatin1String("linked_a") ? "linked_b" : "linked_a")),
                     qPrintable(links.join(u',')));
            QVERIFY2(!links.contains(QStringLiteral("old:keyword")), qPrintable(links.join(u',')));
        }
        // The memory the set left without a link got its derived ones.
        const QStringList loose = linksOf(*store, QStringLiteral("loose"));
        QVERIFY2(loose.contains(QStringLiteral("old:keyword")), qPrintable(loose.join(u',')));
        // Only it was looked up in the store: the report names it alone.
        QCOMPARE(outcome->report.withoutSetLinks, QStringList{QStringLiteral("loose")});
    }

    void anOverwrittenMemoryKeepsItsStoredLinks()
    {
        test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(captureMemory(QStringLiteral("old"), QStringLiteral("Lints with eslint"), 10,
                                                       {QStringLiteral("eslint")})));
        QVERIFY(store->memories().insert(captureMemory(QStringLiteral("kept"), QStringLiteral("Formats with prettier"), 10,
                                                       {QStringLiteral("prettier")})));
        QVERIFY(store->associations().put({QStringLiteral("kept"), QStringLiteral("old"), 0.8, QStringLiteral("manual"), kAt}));
        // The set changes `old` and brings no link: it is looked up, found linked, left alone.
        io::MemorySet set;
        set.sourceName = QStringLiteral("incoming.json");
        Memory changed = captureMemory(QStringLiteral("old"), QStringLiteral("Lints with eslint, strictly"), 10,
                                       {QStringLiteral("eslint")});
        changed.updatedAt += 1000;
        set.memories.push_back(changed);
        const io::ImportOperation operation(*store, Config::defaults(), kAt);
        auto plan = operation.preview(set);
        QVERIFY(plan);
        auto outcome = operation.apply(set, *plan, io::ImportPolicy{});
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QCOMPARE(outcome->report.updated, 1);
        QCOMPARE(outcome->report.withoutSetLinks, QStringList{QStringLiteral("old")});
        QCOMPARE(linksOf(*store, QStringLiteral("old")), QStringList{QStringLiteral("kept:manual")});
    }

    // Into a store that held no memory, the keyword index the unlinked memories' links are
    // found with is built from the written memories on the other core (WrittenKeywordIndex):
    // the links are the same as with the index AfterChange reads from the store, which an
    // import into a store holding one unrelated memory uses.
    void anEmptyStoresIndexFromTheSetGivesTheSameLinks()
    {
        io::MemorySet set;
        set.sourceName = QStringLiteral("incoming.json");
        const QStringList words = {QStringLiteral("eslint"), QStringLiteral("vitest"), QStringLiteral("Rust"),
                                   QStringLiteral("tokio"), QStringLiteral("咖啡"), QStringLiteral("ci")};
        for (int i = 0; i < 60; ++i) {
            QStringList keywords;
            for (int k = 0; k <= i % 3; ++k)
                keywords << words[(i + k * 2) % words.size()];
            Memory m = captureMemory(QStringLiteral("m%1").arg(i, 2, 10, QLatin1Char('0')),
                                     QStringLiteral("memory %1").arg(i), 1 + (i % 20) * 0.1, keywords,
                                     i % 4 == 0 ? QStringLiteral("/p/%1").arg(i % 3) : QString());
            m.source.taskId = i % 5 == 0 ? QStringLiteral("t%1").arg(i % 2) : QString();
            set.memories.push_back(m);
        }
        for (int i = 0; i < 20; i += 2) // the first 20 are linked by the set, the others not
            set.associations.push_back({set.memories[std::size_t(i)].id, set.memories[std::size_t(i + 1)].id, 0.9,
                                        QStringLiteral("manual"), kAt});
        const auto import = [&](Store &store) {
            const io::ImportOperation operation(store, Config::defaults(), kAt);
            auto plan = operation.preview(set);
            QVERIFY(plan);
            auto outcome = operation.apply(set, *plan, io::ImportPolicy{});
            QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
            QCOMPARE(outcome->report.withoutSetLinks.size(), qsizetype(40));
        };
        const quint64 builtBefore = io::WrittenKeywordIndex::built();
        test::EngineStore empty(m_engines);
        import(*empty);
        QCOMPARE(io::WrittenKeywordIndex::built(), builtBefore + 1);

        test::EngineStore holding(m_engines); // one memory nothing in the set shares anything with
        QVERIFY(holding->memories().insert(captureMemory(QStringLiteral("zz_far"), QStringLiteral("Unrelated"), 400,
                                                         {QStringLiteral("gardening")}, QStringLiteral("/elsewhere"))));
        import(*holding);
        QCOMPARE(io::WrittenKeywordIndex::built(), builtBefore + 1); // not built: the store held a memory

        const auto all = [](Store &store) {
            QStringList out;
            const auto links = store.associations().all();
            for (const Association &a : *links)
                out << QStringLiteral("%1 %2 %3 %4").arg(a.a, a.b, a.type, QString::number(a.weight));
            out.sort();
            return out;
        };
        const QStringList derived = all(*empty);
        QVERIFY2(derived.size() > 10 + 20, "the unlinked memories got links of their own");
        QCOMPARE(derived, all(*holding));
    }
};

QTEST_GUILESS_MAIN(TestImportUnlinked)
#include "tst_import_unlinked.moc"
