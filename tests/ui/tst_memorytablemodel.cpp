// The memory table model over a real store: QAbstractItemModelTester through every kind of
// update, and exact row signals (not resets) when a few memories change in the repository.
#include "TempStore.h"

#include "StoreSession.h"
#include "engine/decisions/Decisions.h"
#include "models/MemoryTableModel.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

Memory makeMemory(int i, Millis now)
{
    Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg(i, 3, 10, QLatin1Char('0')), now - Millis(i) * kMsPerHour);
    m.content = QStringLiteral("Memory %1 <b>not bold</b>").arg(i);
    m.keywords = {QStringLiteral("k%1").arg(i)};
    return m;
}

struct Spies
{
    explicit Spies(QAbstractItemModel *model)
        : reset(model, &QAbstractItemModel::modelReset), inserted(model, &QAbstractItemModel::rowsInserted),
          removed(model, &QAbstractItemModel::rowsRemoved), moved(model, &QAbstractItemModel::rowsMoved),
          changed(model, &QAbstractItemModel::dataChanged), layout(model, &QAbstractItemModel::layoutChanged)
    {
    }
    QSignalSpy reset, inserted, removed, moved, changed, layout;
};

} // namespace

class TestMemoryTableModel : public QObject
{
    Q_OBJECT

private:
    static constexpr int kCount = 20;
    std::unique_ptr<test::TempStore> m_store;
    std::unique_ptr<StoreSession> m_session;
    std::unique_ptr<MemoryTableModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    Millis m_now = 0;

    QString idAt(int row) const { return m_model->index(row, 0).data(IdRole).toString(); }
    QModelIndex indexOf(const QString &id, int column = 0) const
    {
        return m_model->index(m_model->rowOfId(id), column);
    }

private Q_SLOTS:
    void init()
    {
        m_store = std::make_unique<test::TempStore>();
        m_now = time::nowMs();
        for (int i = 0; i < kCount; ++i)
            QVERIFY((*m_store)->memories().insert(makeMemory(i, m_now)));
        m_session = std::make_unique<StoreSession>();
        m_session->setNow(m_now);
        m_model = std::make_unique<MemoryTableModel>(m_session.get());
        m_tester = std::make_unique<QAbstractItemModelTester>(m_model.get(),
                                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(m_session->open(m_store->path()));
    }

    void cleanup()
    {
        m_tester.reset();
        m_model.reset();
        m_session.reset();
        m_store.reset();
    }

    void showsEveryMemoryWithItsScore()
    {
        QCOMPARE(m_model->rowCount(), kCount);
        QCOMPARE(m_model->columnCount(), int(ColumnCount));
        QCOMPARE(idAt(0), QStringLiteral("mem_000")); // store order
        QCOMPARE(indexOf(QStringLiteral("mem_000"), StrengthColumn).data(StrengthRole).toDouble(), 100.0);
        QCOMPARE(indexOf(QStringLiteral("mem_000"), TierColumn).data().toString(), QStringLiteral("active"));
        QCOMPARE(m_model->headerData(ContentColumn, Qt::Horizontal).toString(), QStringLiteral("Content"));
        // Content is data, never markup: the tooltip escapes it.
        const QString tip = indexOf(QStringLiteral("mem_003"), ContentColumn).data(Qt::ToolTipRole).toString();
        QVERIFY(tip.contains(QStringLiteral("&lt;b&gt;not bold&lt;/b&gt;")));
        QCOMPARE(indexOf(QStringLiteral("mem_003"), ContentColumn).data().toString(),
                 QStringLiteral("Memory 3 <b>not bold</b>"));
    }

    void sortIsALayoutChangeThatKeepsPersistentIndexes()
    {
        Spies spies(m_model.get());
        const QPersistentModelIndex kept = indexOf(QStringLiteral("mem_004"));
        m_model->sort(StrengthColumn, Qt::AscendingOrder);
        QCOMPARE(spies.layout.count(), 1);
        QCOMPARE(spies.reset.count(), 0);
        QCOMPARE(idAt(0), QStringLiteral("mem_019"));
        QVERIFY(kept.isValid());
        QCOMPARE(kept.data(IdRole).toString(), QStringLiteral("mem_004"));
        QCOMPARE(kept.row(), kCount - 1 - 4);
        for (int row = 1; row < kCount; ++row)
            QVERIFY(m_model->index(row - 1, 0).data(StrengthRole).toDouble()
                    <= m_model->index(row, 0).data(StrengthRole).toDouble());
    }

    void aChangedValueIsOneDataChanged()
    {
        Spies spies(m_model.get());
        Memory m = *(*m_store)->memories().get(QStringLiteral("mem_005"));
        m.verified = true;
        QVERIFY((*m_store)->memories().update(m));
        m_session->refresh({m.id});
        QCOMPARE(spies.changed.count(), 1);
        QCOMPARE(spies.changed.first().at(0).toModelIndex().row(), 5);
        QCOMPARE(spies.reset.count(), 0);
        QCOMPARE(spies.moved.count(), 0);
        QVERIFY(indexOf(m.id).data(VerifiedRole).toBool());
    }

    void aReinforcedMemoryMovesUnderAStrengthSort()
    {
        m_model->sort(StrengthColumn, Qt::DescendingOrder);
        Spies spies(m_model.get());
        const QPersistentModelIndex other = indexOf(QStringLiteral("mem_010"));
        Decisions decisions(m_store->store(), m_session->config(), m_session->profileName());
        auto outcome = decisions.reinforce(QStringLiteral("mem_019"), ReinforceEvent::TaskSuccess, m_now);
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        m_session->refresh(outcome->changedIds);
        QCOMPARE(spies.moved.count(), 1);
        QCOMPARE(spies.reset.count(), 0);
        // Reinforced just now: strength 100, level with mem_000, after it (ties keep store order).
        QCOMPARE(indexOf(QStringLiteral("mem_019")).data(StrengthRole).toDouble(), 100.0);
        QCOMPARE(m_model->rowOfId(QStringLiteral("mem_019")), 1);
        QCOMPARE(other.data(IdRole).toString(), QStringLiteral("mem_010"));
        for (int row = 1; row < kCount; ++row)
            QVERIFY(m_model->index(row - 1, 0).data(StrengthRole).toDouble()
                    >= m_model->index(row, 0).data(StrengthRole).toDouble());
    }

    void newAndPurgedMemoriesAreRowInsertsAndRemovals()
    {
        Spies spies(m_model.get());
        const Memory added = makeMemory(50, m_now);
        QVERIFY((*m_store)->memories().insert(added));
        m_session->refresh({added.id});
        QCOMPARE(spies.inserted.count(), 1);
        QCOMPARE(m_model->rowCount(), kCount + 1);
        QCOMPARE(idAt(kCount), added.id);

        QVERIFY((*m_store)->memories().remove(QStringLiteral("mem_002")));
        m_session->refresh({QStringLiteral("mem_002")});
        QCOMPARE(spies.removed.count(), 1);
        QCOMPARE(spies.removed.first().at(1).toInt(), 2);
        QCOMPARE(m_model->rowCount(), kCount);
        QCOMPARE(m_model->rowOfId(QStringLiteral("mem_002")), -1);
        QCOMPARE(spies.reset.count(), 0);
    }

    void anotherWritersChangeIsNoticedByThePoll()
    {
        Spies spies(m_model.get());
        auto other = Store::open(m_store->path());
        QVERIFY(other);
        Decisions decisions(**other, Config::defaults());
        QVERIFY(decisions.confirm(QStringLiteral("mem_007")));
        m_session->checkForChanges();
        QVERIFY(indexOf(QStringLiteral("mem_007")).data(VerifiedRole).toBool());
        QVERIFY(spies.changed.count() >= 1);
        QCOMPARE(spies.reset.count(), 0);
        // Nothing new: the next check does nothing.
        spies.changed.clear();
        m_session->checkForChanges();
        QCOMPARE(spies.changed.count(), 0);
    }

    void negatedDeletedAndArchivedRowsLookDifferent()
    {
        Decisions decisions(m_store->store(), m_session->config(), m_session->profileName());
        QVERIFY(decisions.negate(QStringLiteral("mem_001")));
        QVERIFY(decisions.setPermanent(QStringLiteral("mem_003"), true));
        Memory archived = *(*m_store)->memories().get(QStringLiteral("mem_004"));
        archived.level = MemoryLevel::Archive;
        QVERIFY((*m_store)->memories().update(archived));
        m_session->refresh({QStringLiteral("mem_001"), QStringLiteral("mem_003"), QStringLiteral("mem_004")});
        QVERIFY(indexOf(QStringLiteral("mem_001")).data(Qt::FontRole).value<QFont>().strikeOut());
        QVERIFY(indexOf(QStringLiteral("mem_004")).data(Qt::FontRole).value<QFont>().italic());
        QVERIFY(indexOf(QStringLiteral("mem_004")).data(Qt::ForegroundRole).isValid());
        QVERIFY(!indexOf(QStringLiteral("mem_003")).data(Qt::DecorationRole).isNull());
        QCOMPARE(indexOf(QStringLiteral("mem_003"), TierColumn).data().toString(), QStringLiteral("permanent"));
        QVERIFY(indexOf(QStringLiteral("mem_003"), FlagsColumn).data().toString().contains(QStringLiteral("★")));

        // Normal mode leaves the negated one out; the row goes with a reset (a filter change).
        SnapshotFilter normal;
        normal.mode = SnapshotFilter::Mode::Normal;
        m_model->setFilter(normal);
        QCOMPARE(m_model->rowOfId(QStringLiteral("mem_001")), -1);
        QCOMPARE(m_model->rowOfId(QStringLiteral("mem_004")), -1); // archived level
        QCOMPARE(m_model->rowCount(), kCount - 2);
    }

    void aNewEvaluationInstantRescores()
    {
        m_model->sort(StrengthColumn, Qt::DescendingOrder);
        Spies spies(m_model.get());
        m_session->setNow(m_now + 24 * kMsPerHour);
        QCOMPARE(spies.reset.count(), 0); // same rows: a layout change
        QCOMPARE(spies.layout.count(), 1);
        // Note 000's oracle: stability 24 h, 24 h later → 37.
        QCOMPARE(indexOf(QStringLiteral("mem_000"), StrengthColumn).data(StrengthRole).toDouble(), 37.0);
    }

    void tierFilterAndCounts()
    {
        const auto counts = m_model->tierCounts();
        qint64 total = 0;
        for (qint64 c : counts)
            total += c;
        QCOMPARE(total, qint64(kCount));
        SnapshotFilter fading;
        fading.tiers = SnapshotFilter::tierBit(Tier::Fading);
        m_model->setFilter(fading);
        QCOMPARE(qint64(m_model->rowCount()), counts[int(Tier::Fading)]);
        for (int row = 0; row < m_model->rowCount(); ++row)
            QCOMPARE(m_model->index(row, 0).data(TierRole).toInt(), int(Tier::Fading));
    }

    void manyChangesAtOnceStayConsistent()
    {
        m_model->sort(ContentColumn, Qt::AscendingOrder);
        QStringList ids;
        for (int i = 0; i < kCount; i += 2) {
            Memory m = *(*m_store)->memories().get(QStringLiteral("mem_%1").arg(i, 3, 10, QLatin1Char('0')));
            m.content = QStringLiteral("%1 rewritten").arg(QChar(u'z' - i));
            QVERIFY((*m_store)->memories().update(m));
            ids.append(m.id);
        }
        m_session->refresh(ids);
        QCOMPARE(m_model->rowCount(), kCount);
        for (int row = 1; row < kCount; ++row)
            QVERIFY(m_model->index(row - 1, ContentColumn).data().toString().toLower()
                    <= m_model->index(row, ContentColumn).data().toString().toLower());
    }

    void closingEmptiesTheModel()
    {
        m_session->close();
        QCOMPARE(m_model->rowCount(), 0);
        QVERIFY(m_session->open(m_store->path()));
        QCOMPARE(m_model->rowCount(), kCount);
    }
};

QTEST_MAIN(TestMemoryTableModel)
#include "tst_memorytablemodel.moc"
