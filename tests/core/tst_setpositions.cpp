// SetPositions, the import's lookups made on the other core: each link end and each event's
// memory is at the position MemoryPositions gives (a run of links from one memory included), and an
// id the set does not hold is at -1.
#include "io/SetPositions.h"

#include <QtTest>

using namespace recollector::core;

namespace {

Association link(const QString &a, const QString &b)
{
    Association l;
    l.a = a;
    l.b = b;
    return l;
}

} // namespace

class TestSetPositions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyEndIsWhereTheIndexSays()
    {
        io::MemorySet set;
        for (int i = 0; i < 5000; ++i) {
            Memory m;
            m.id = QStringLiteral("mem_%1").arg(i, 6, 10, QLatin1Char('0'));
            set.memories.push_back(m);
        }
        // Runs of links from one memory, ends in the set and not, as an export orders them.
        for (int i = 0; i < 5000; i += 7) {
            for (int k = 1; k <= 3; ++k) {
                const QString b = k == 3 ? QStringLiteral("mem_elsewhere_%1").arg(i)
                                         : set.memories[std::size_t((i * 31 + k) % 5000)].id;
                set.associations.push_back(link(set.memories[std::size_t(i)].id, b));
            }
        }
        set.associations.push_back(link(QStringLiteral("mem_nowhere"), set.memories[0].id));
        for (int i = 0; i < 3000; ++i) {
            Event e;
            e.memoryId = i % 10 == 0 ? QStringLiteral("mem_gone_%1").arg(i) : set.memories[std::size_t(i * 13 % 5000)].id;
            set.events.push_back(e);
        }
        const io::MemoryPositions ids(set.memories);
        io::SetPositions positions(set, ids);
        const io::SetPositions::Positions &at = positions.positions();
        QCOMPARE(at.linkA.size(), set.associations.size());
        QCOMPARE(at.eventMemory.size(), set.events.size());
        for (std::size_t i = 0; i < set.associations.size(); ++i) {
            QCOMPARE(qsizetype(at.linkA[i]), ids.find(set.associations[i].a));
            QCOMPARE(qsizetype(at.linkB[i]), ids.find(set.associations[i].b));
        }
        QCOMPARE(at.linkA.front(), 0); // mem_000000, in the set
        QCOMPARE(at.linkA.back(), -1); // mem_nowhere
        for (std::size_t i = 0; i < set.events.size(); ++i)
            QCOMPARE(qsizetype(at.eventMemory[i]), ids.find(set.events[i].memoryId));
        QCOMPARE(at.eventMemory[0], -1);
    }
};

QTEST_GUILESS_MAIN(TestSetPositions)
#include "tst_setpositions.moc"
