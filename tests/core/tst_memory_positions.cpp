// MemoryPositions, the import's table from a set's memory ids to their positions: every id is
// found at its own position, an id that is not there (a prefix, a longer one, another case,
// empty) is not, a repeated id is found at its first position, and an empty list finds nothing.
#include "io/MemoryPositions.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

std::vector<Memory> memoriesWithIds(const QStringList &ids)
{
    std::vector<Memory> memories(std::size_t(ids.size()));
    for (qsizetype i = 0; i < ids.size(); ++i)
        memories[std::size_t(i)].id = ids[i];
    return memories;
}

} // namespace

class TestMemoryPositions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findsEveryIdAtItsPosition()
    {
        QStringList ids;
        for (int i = 0; i < 50000; ++i) // ids alike but for their last digits, as a set's are
            ids << QStringLiteral("mem_01J%1").arg(i, 8, 10, QLatin1Char('0'));
        const std::vector<Memory> memories = memoriesWithIds(ids);
        const io::MemoryPositions index(memories);
        for (qsizetype i = 0; i < ids.size(); ++i)
            QCOMPARE(index.find(ids[i]), i);
    }

    void idsNotThereAreNotFound()
    {
        const std::vector<Memory> memories = memoriesWithIds({ QStringLiteral("abc"), QStringLiteral("abd") });
        const io::MemoryPositions index(memories);
        QCOMPARE(index.find(u"abc"), 0);
        QCOMPARE(index.find(u"abd"), 1);
        for (const char16_t *absent : { u"ab", u"abcd", u"ABC", u"", u"xyz" })
            QCOMPARE(index.find(QStringView(absent)), -1);
    }

    void aRepeatedIdIsFoundAtItsFirstPosition()
    {
        const std::vector<Memory> memories
            = memoriesWithIds({ QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("a") });
        const io::MemoryPositions index(memories);
        QCOMPARE(index.find(u"a"), 0);
        QCOMPARE(index.find(u"b"), 1);
        QVERIFY(index.hasRepeatedIds());
        QVERIFY(!io::MemoryPositions(memoriesWithIds({ QStringLiteral("a"), QStringLiteral("b") })).hasRepeatedIds());
    }

    void emptyListsFindNothing()
    {
        const std::vector<Memory> none;
        QCOMPARE(io::MemoryPositions(none).find(u"a"), -1);
        QCOMPARE(io::MemoryPositions().find(u"a"), -1);
    }
};

QTEST_GUILESS_MAIN(TestMemoryPositions)
#include "tst_memory_positions.moc"
