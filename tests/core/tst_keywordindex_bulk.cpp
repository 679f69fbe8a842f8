// KeywordIndex::fromRecords, the index of a set of memories built at once (the import builds
// it on the other core for a store that was empty): the same index, entry for entry and list
// for list, as build() reads from a store holding those memories and as upsert() gives one
// memory at a time; a repeated id keeps the last record, as upsert() does.
#include "TempStore.h"

#include "engine/graph/KeywordIndex.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

// Everything the index holds, by name (keyword and group ids may differ between indexes).
QStringList describe(const KeywordIndex &index)
{
    QStringList out;
    const auto names = [&](const std::vector<std::uint32_t> &entries) {
        QStringList ids;
        for (std::uint32_t e : entries)
            ids << index.id(e);
        return ids.join(QLatin1Char(' '));
    };
    for (std::uint32_t e = 0; e < index.size(); ++e) {
        QStringList keywords;
        for (std::uint32_t k : index.keywordsOf(e))
            keywords << index.keywordName(k);
        keywords.sort();
        const std::int32_t task = index.taskOf(e);
        const std::int32_t project = index.projectOf(e);
        out << QStringLiteral("%1 at %2 live %3 deleted %4 keywords [%5] task [%6] project %7 [%8]")
                   .arg(index.id(e))
                   .arg(index.createdAt(e))
                   .arg(index.isLive(e))
                   .arg(index.isDeleted(e))
                   .arg(keywords.join(QLatin1Char(',')))
                   .arg(task == KeywordIndex::kNoGroup ? QString() : names(index.taskMembers(task)))
                   .arg(index.projectName(project))
                   .arg(project == KeywordIndex::kNoGroup ? QString() : names(index.projectMembers(project)));
    }
    for (std::uint32_t k = 0; k < index.keywordCount(); ++k)
        out << QStringLiteral("keyword %1: %2").arg(index.keywordName(k), names(index.posting(k)));
    out << QStringLiteral("time order: ") + names(index.timeOrder());
    return out;
}

std::vector<Memory> someMemories()
{
    const QStringList words = { QStringLiteral("Rust"), QStringLiteral("rust "), QStringLiteral("tokio"),
        QStringLiteral("咖啡"), QStringLiteral("unit test"), QStringLiteral("Äpfel"), QStringLiteral("äpfel"),
        QStringLiteral("vitest"), QStringLiteral("  "), QStringLiteral("TypeScript") };
    std::vector<Memory> out;
    for (int i = 0; i < 400; ++i) {
        Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg((i * 37) % 400, 3, 10, QLatin1Char('0')),
                                      1704103200000 + Millis(i % 50) * 60000); // ties in time
        m.keywords.clear();
        for (int k = 0; k < i % 5; ++k)
            m.keywords << words[(i * 7 + k * 3) % words.size()];
        m.source.taskId = i % 3 == 0 ? QStringLiteral("task-%1").arg(i % 11) : QString();
        m.projectPath = i % 4 == 0 ? QStringLiteral("/p/%1").arg(i % 6) : QString();
        if (i % 29 == 0)
            m.deletedAt = m.createdAt + 1;
        out.push_back(m);
    }
    return out;
}

} // namespace

class TestKeywordIndexBulk : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fromRecordsEqualsBuildAndUpsert()
    {
        const std::vector<Memory> memories = someMemories();
        test::TempStore s;
        for (const Memory &m : memories)
            QVERIFY(s->memories().insert(m));
        auto built = KeywordIndex::build(*s);
        QVERIFY(built);
        std::vector<KeywordIndex::Record> records;
        KeywordIndex oneByOne;
        for (const Memory &m : memories) {
            records.push_back(KeywordIndex::Record::from(m));
            oneByOne.upsert(m);
        }
        const QStringList expected = describe(*built);
        QCOMPARE(expected.size(), 400 + qsizetype(built->keywordCount()) + 1);
        QCOMPARE(describe(KeywordIndex::fromRecords(records)), expected);
        QCOMPARE(describe(KeywordIndex::fromMemories(memories)), expected);
        QCOMPARE(describe(oneByOne), expected);
    }

    void aRepeatedIdKeepsTheLastRecord()
    {
        std::vector<Memory> memories = someMemories();
        Memory again = memories[5];
        again.keywords = { QStringLiteral("zig") };
        memories.push_back(again);
        KeywordIndex oneByOne;
        for (const Memory &m : memories)
            oneByOne.upsert(m);
        const KeywordIndex bulk = KeywordIndex::fromMemories(memories);
        QCOMPARE(describe(bulk), describe(oneByOne));
        const auto zig = bulk.keywordId(QStringLiteral("zig"));
        QVERIFY(zig != KeywordIndex::kNone);
        QCOMPARE(bulk.posting(zig).size(), std::size_t(1));
        QCOMPARE(bulk.id(bulk.posting(zig).front()), memories[5].id);

        // The same id twice in a row: the second replaces the first there too.
        std::vector<Memory> twice { memories[0], memories[0] };
        twice.back().keywords = { QStringLiteral("zig") };
        KeywordIndex twiceOneByOne;
        for (const Memory &m : twice)
            twiceOneByOne.upsert(m);
        QCOMPARE(describe(KeywordIndex::fromMemories(twice)), describe(twiceOneByOne));
    }
};

QTEST_GUILESS_MAIN(TestKeywordIndexBulk)
#include "tst_keywordindex_bulk.moc"
