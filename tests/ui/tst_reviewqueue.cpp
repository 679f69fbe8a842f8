// The review queue on the demo store, an SQLite file and a team store of the suite's own
// PostgreSQL (docs/scoring.md, "Review queue"): worked through with the keyboard, each answer
// an undoable decision with the right events, answered items gone and the count down, skip
// changes nothing, Enter opens a conflict or asks for the memory.
#include "DemoEngineSession.h"

#include "StoreSession.h"
#include "commands/DecisionCommand.h"
#include "dialogs/ConflictDialog.h"
#include "dialogs/ReviewQueueDialog.h"
#include "engine/decisions/Decisions.h"
#include "engine/review/LiveReviewQueue.h"
#include "io/DemoStore.h"
#include "support/MessageBox.h"
#include "support/TextPrompt.h"

#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;
using Kind = ReviewItem::Kind;

namespace {

QStringList kindsOf(Store &store, const QString &id)
{
    QStringList kinds;
    const auto history = store.events().forMemory(id);
    for (const Event &e : *history)
        kinds << e.kind;
    return kinds;
}

QStringList describe(const std::vector<ReviewItem> &items)
{
    QStringList out;
    for (const ReviewItem &i : items)
        out << QStringLiteral("%1|%2|%3|%4").arg(ReviewQueue::kindName(i.kind), i.memoryIds.join(u'+'), i.reason,
                                                 QString::number(i.score, 'g', 17));
    return out;
}

int firstOf(const ReviewQueueDialog &dialog, Kind kind)
{
    for (int i = 0; i < dialog.remaining(); ++i) {
        if (dialog.items()[size_t(i)].kind == kind)
            return i;
    }
    return -1;
}

} // namespace

class TestReviewQueue : public QObject
{
    Q_OBJECT

private:
    // Before the store: members end in reverse order, and the store must close before its
    // server stops.
    test::EngineFixture m_engines;
    std::unique_ptr<test::EngineStore> m_demo;
    std::unique_ptr<StoreSession> m_session;
    std::unique_ptr<QUndoStack> m_undo;
    QStringList m_warnings;

    Store &store() { return *m_session->store(); }

    /// Under the importance profile: a memory at the promote line and one fading below 0.5.
    void plantReviews(QString *promoteId, QString *decayId)
    {
        QVERIFY(m_session->setProfileName(QStringLiteral("importance")).ok());
        const Millis now = time::nowMs();
        Memory p;
        p.id = QStringLiteral("mem_review_promote");
        p.content = QStringLiteral("Lin reviews pull requests every morning before stand-up");
        p.category = QStringLiteral("preference");
        p.keywords = {QStringLiteral("reviewzz")};
        p.importance = 2.7;
        p.createdAt = p.updatedAt = p.lastReinforcedAt = p.lastAccessedAt = now - kMsPerHour;
        Memory d = p;
        d.id = QStringLiteral("mem_review_decay");
        d.content = QStringLiteral("Lin once tried a standing desk for a week");
        d.keywords = {QStringLiteral("deskzz")};
        d.importance = 0.45;
        QVERIFY(store().memories().insert(p).ok());
        QVERIFY(store().memories().insert(d).ok());
        m_session->refresh({p.id, d.id});
        *promoteId = p.id;
        *decayId = d.id;
    }

    int rowOfMemory(const ReviewQueueDialog &dialog, const QString &id, Kind kind)
    {
        for (int i = 0; i < dialog.remaining(); ++i) {
            const ReviewItem &item = dialog.items()[size_t(i)];
            if (item.kind == kind && item.memoryIds.contains(id))
                return i;
        }
        return -1;
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void init()
    {
        m_demo = std::make_unique<test::EngineStore>(m_engines);
        m_session = test::openDemoSession(*m_demo, m_warnings);
        m_undo = std::make_unique<QUndoStack>();
    }
    void cleanup()
    {
        m_undo.reset();
        m_session.reset();
        m_demo.reset();
        MessageBox::setHandler({});
        TextPrompt::setHandler({});
    }

    // Another process confirms one candidate and deletes another: the open queue takes in just
    // those two memories (no rebuild) and then equals a full build of the store's queue.
    void anotherProcessesDecisionsUpdateTheQueueInPlace()
    {
        ReviewQueueDialog dialog(m_session.get(), m_undo.get());
        QVERIFY(dialog.queue());
        const Millis builtAt = dialog.queue()->builtAt();
        QStringList cleanup;
        for (const ReviewItem &i : dialog.items()) {
            if (i.kind == Kind::Cleanup && cleanup.size() < 2)
                cleanup << i.memoryIds.value(0);
        }
        QCOMPARE(cleanup.size(), 2);
        {
            auto other = Store::open(m_session->path()); // its own connection, as another process
            QVERIFY(other.ok());
            Decisions decisions(**other, m_session->config());
            QVERIFY(decisions.confirm(cleanup[0], builtAt).ok());
            QVERIFY(decisions.softDelete(cleanup[1], builtAt).ok());
        }
        const int before = dialog.remaining();
        m_session->checkForChanges();
        QCOMPARE(dialog.queue()->builtAt(), builtAt); // updated, not rebuilt
        QCOMPARE(dialog.queue()->lastJudgedRows(), std::size_t(2));
        QVERIFY(dialog.remaining() < before);
        QCOMPARE(rowOfMemory(dialog, cleanup[0], Kind::Cleanup), -1);
        auto full = ReviewQueue(store(), m_session->config(), m_session->profile()).build(builtAt);
        QVERIFY(full.ok());
        QCOMPARE(describe(dialog.items()), describe(*full));
        QCOMPARE(dialog.list()->topLevelItemCount(), dialog.remaining());
    }

    void listsConflictsFirstWithACount()
    {
        ReviewQueueDialog dialog(m_session.get(), m_undo.get());
        QVERIFY(dialog.remaining() >= 9);
        for (int i = 0; i < 9; ++i)
            QCOMPARE(dialog.items()[size_t(i)].kind, Kind::Conflict);
        QCOMPARE(dialog.list()->topLevelItemCount(), dialog.remaining());
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("remainingLabel"))->text(),
                 QStringLiteral("%1 left").arg(dialog.remaining()));
        QCOMPARE(dialog.currentRow(), 0);
        QVERIFY(dialog.list()->topLevelItem(0)->text(1).contains(QStringLiteral("⟷")));
        QVERIFY(!dialog.findChild<QLabel *>(QStringLiteral("reasonLabel"))->text().isEmpty());
        // A conflict is answered in its dialog: the memory decisions do not apply to it.
        QVERIFY(!dialog.canDo(ReviewQueueDialog::Action::Confirm));
        QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("deleteButton"))->isEnabled());
        QVERIFY(dialog.canDo(ReviewQueueDialog::Action::Open));
    }

    void keyboardDecisionsOnCleanupItems()
    {
        ReviewQueueDialog dialog(m_session.get(), m_undo.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTreeWidget *list = dialog.list();
        list->setFocus();

        struct Step
        {
            Qt::Key key;
            QString event;
        };
        const Step steps[] = {{Qt::Key_C, QStringLiteral("confirm")},
                              {Qt::Key_P, QStringLiteral("permanent")},
                              {Qt::Key_D, QStringLiteral("delete")},
                              {Qt::Key_N, QStringLiteral("negate")}};
        TextPrompt::setHandler([](const QString &, const QString &, const QString &, bool) {
            return std::optional<QString>(QString()); // N: no correction
        });
        int pushed = 0;
        int beforeDelete = -1;
        for (const Step &step : steps) {
            const int row = firstOf(dialog, Kind::Cleanup);
            QVERIFY2(row >= 0, "the demo store has cleanup candidates under ebbinghaus");
            dialog.setCurrentRow(row);
            const ReviewItem item = dialog.items()[size_t(row)];
            const QString id = item.memoryIds.first();
            const int before = dialog.remaining();
            if (step.key == Qt::Key_D)
                beforeDelete = before;
            QTest::keyClick(list, step.key);
            QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join(QLatin1Char('\n'))));
            QCOMPARE(m_undo->count(), ++pushed);
            QCOMPARE(kindsOf(store(), id).last(), step.event);
            if (step.key != Qt::Key_N) {
                // Confirmed (strength back up), permanent, or deleted: no longer a candidate.
                QCOMPARE(dialog.remaining(), before - 1);
                QCOMPARE(rowOfMemory(dialog, id, Kind::Cleanup), -1);
                QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("remainingLabel"))->text(),
                         QStringLiteral("%1 left").arg(before - 1));
                // The selection moved on to the item that took the answered one's place.
                QCOMPARE(dialog.currentRow(), std::min(row, dialog.remaining() - 1));
            }
            if (step.key == Qt::Key_C)
                QVERIFY(store().memories().get(id)->verified);
            if (step.key == Qt::Key_P)
                QVERIFY(store().memories().get(id)->permanent);
            if (step.key == Qt::Key_D)
                QVERIFY(store().memories().get(id)->isDeleted());
            if (step.key == Qt::Key_N)
                QVERIFY(store().memories().get(id)->negated);
        }
        // Undo brings the answered items back.
        m_undo->undo(); // negate
        m_undo->undo(); // delete
        QCOMPARE(dialog.remaining(), beforeDelete);
    }

    void negateAsksForACorrectionAndMovesOn()
    {
        ReviewQueueDialog dialog(m_session.get(), m_undo.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QStringList asked;
        TextPrompt::setHandler([&asked](const QString &title, const QString &, const QString &, bool) {
            asked << title;
            return std::optional<QString>(QStringLiteral("Lin now prefers a standing desk every afternoon"));
        });
        const int row = firstOf(dialog, Kind::Cleanup);
        QVERIFY(row >= 0);
        dialog.setCurrentRow(row);
        const QString id = dialog.items()[size_t(row)].memoryIds.first();
        const QString nextKey = dialog.list()->topLevelItem(row + 1)->text(1);
        QTest::keyClick(dialog.list(), Qt::Key_N);
        QCOMPARE(asked.size(), 1);
        QVERIFY(store().memories().get(id)->negated);
        QCOMPARE(m_undo->count(), 1);
        // The correction is a memory of its own.
        const QStringList created = static_cast<const DecisionCommand *>(m_undo->command(0))->createdIds();
        QCOMPARE(created.size(), 1);
        QCOMPARE(store().memories().get(created.first())->content,
                 QStringLiteral("Lin now prefers a standing desk every afternoon"));
        // The selection moved on: N again answers the next item, never "already negated".
        const int now = dialog.currentRow();
        QVERIFY(now >= 0);
        QVERIFY(dialog.items()[size_t(now)].memoryIds.first() != id);
        QCOMPARE(dialog.list()->topLevelItem(now)->text(1), nextKey);
        const QString feedback = dialog.findChild<QLabel *>(QStringLiteral("feedbackLabel"))->text();
        QVERIFY2(feedback.startsWith(QStringLiteral("Negated")), qPrintable(feedback));
        QVERIFY2(feedback.contains(QStringLiteral("standing desk")), qPrintable(feedback));
        const QString second = dialog.items()[size_t(now)].memoryIds.first();
        QTest::keyClick(dialog.list(), Qt::Key_N);
        QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join(QLatin1Char('\n'))));
        QVERIFY(store().memories().get(second)->negated);
        QCOMPARE(m_undo->count(), 2);
    }

    void cancellingTheCorrectionAnswersNothing()
    {
        ReviewQueueDialog dialog(m_session.get(), m_undo.get());
        TextPrompt::setHandler([](const QString &, const QString &, const QString &, bool) { return std::optional<QString>(); });
        const int row = firstOf(dialog, Kind::Cleanup);
        dialog.setCurrentRow(row);
        const QString id = dialog.items()[size_t(row)].memoryIds.first();
        const qint64 events = *store().events().count();
        QVERIFY(!dialog.perform(ReviewQueueDialog::Action::Negate));
        QCOMPARE(*store().events().count(), events);
        QVERIFY(!store().memories().get(id)->negated);
        QCOMPARE(dialog.currentRow(), row);
    }

    void keepOnACleanupCandidateKeepsItOutOfTheCleanup()
    {
        ReviewQueueDialog dialog(m_session.get(), m_undo.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const int row = firstOf(dialog, Kind::Cleanup);
        QVERIFY(row >= 0);
        dialog.setCurrentRow(row);
        const QString id = dialog.items()[size_t(row)].memoryIds.first();
        QVERIFY(dialog.canDo(ReviewQueueDialog::Action::Keep));
        QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("keepButton"))->isEnabled());
        const int before = dialog.remaining();
        QTest::keyClick(dialog.list(), Qt::Key_K);
        QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join(QLatin1Char('\n'))));
        QCOMPARE(kindsOf(store(), id).last(), QStringLiteral("reinforce"));
        QCOMPARE(rowOfMemory(dialog, id, Kind::Cleanup), -1);
        QCOMPARE(dialog.remaining(), before - 1);
        // Nor does the cleanup plan touch it any more.
        auto plan = Cleanup(store(), m_session->config(), m_session->profile()).plan(time::nowMs());
        QVERIFY(plan);
        for (const CleanupAction &a : plan->actions)
            QVERIFY(a.memoryId != id);
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("feedbackLabel"))->text().startsWith(QStringLiteral("Kept")));
        m_undo->undo();
        QVERIFY(rowOfMemory(dialog, id, Kind::Cleanup) >= 0); // undo: a candidate again
    }

    void skipChangesNothing()
    {
        ReviewQueueDialog dialog(m_session.get(), m_undo.get());
        const qint64 events = *store().events().count();
        const int count = dialog.remaining();
        dialog.setCurrentRow(0);
        QTest::keyClick(dialog.list(), Qt::Key_S);
        QCOMPARE(dialog.currentRow(), 1);
        QTest::keyClick(dialog.list(), Qt::Key_S);
        QCOMPARE(dialog.currentRow(), 2);
        QCOMPARE(dialog.remaining(), count);
        QCOMPARE(*store().events().count(), events);
        QCOMPARE(m_undo->count(), 0);
    }

    void promoteAndDecayAnswers()
    {
        QString promoteId;
        QString decayId;
        plantReviews(&promoteId, &decayId);
        ReviewQueueDialog dialog(m_session.get(), m_undo.get());
        int row = rowOfMemory(dialog, promoteId, Kind::Promote);
        QVERIFY2(row >= 0, "a promote review for the planted memory");
        QVERIFY(rowOfMemory(dialog, decayId, Kind::Decay) >= 0);
        dialog.setCurrentRow(row);
        QVERIFY(dialog.canDo(ReviewQueueDialog::Action::Promote));
        QVERIFY(dialog.canDo(ReviewQueueDialog::Action::Keep));
        int count = dialog.remaining();

        // U: promote → category core, a `review` event with the answer.
        QTest::keyClick(dialog.list(), Qt::Key_U);
        QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join(QLatin1Char('\n'))));
        Memory p = *store().memories().get(promoteId);
        QCOMPARE(p.category, QStringLiteral("core"));
        Event last = store().events().forMemory(promoteId)->back();
        QCOMPARE(last.kind, QStringLiteral("review"));
        QCOMPARE(last.payload.value(QStringLiteral("review")).toString(), QStringLiteral("promote"));
        QCOMPARE(last.payload.value(QStringLiteral("answer")).toString(), QStringLiteral("promote"));
        QCOMPARE(dialog.remaining(), count - 1);
        QCOMPARE(rowOfMemory(dialog, promoteId, Kind::Promote), -1);

        // Undo: the review is open again.
        m_undo->undo();
        QCOMPARE(store().memories().get(promoteId)->category, QStringLiteral("preference"));
        QCOMPARE(dialog.remaining(), count);
        row = rowOfMemory(dialog, promoteId, Kind::Promote);
        QVERIFY(row >= 0);

        // D on a promote review: answered delete (review event + soft delete).
        dialog.setCurrentRow(row);
        QTest::keyClick(dialog.list(), Qt::Key_D);
        last = store().events().forMemory(promoteId)->back();
        QCOMPARE(last.kind, QStringLiteral("review"));
        QCOMPARE(last.payload.value(QStringLiteral("answer")).toString(), QStringLiteral("delete"));
        QVERIFY(store().memories().get(promoteId)->isDeleted());
        QCOMPARE(dialog.remaining(), count - 1);

        // K on a decay review: importance reset to 0.5.
        count = dialog.remaining();
        row = rowOfMemory(dialog, decayId, Kind::Decay);
        QVERIFY(row >= 0);
        dialog.setCurrentRow(row);
        QVERIFY(!dialog.canDo(ReviewQueueDialog::Action::Promote));
        QTest::keyClick(dialog.list(), Qt::Key_K);
        const Memory d = *store().memories().get(decayId);
        QCOMPARE(d.importance, m_session->config().importance.resetOnKeep);
        last = store().events().forMemory(decayId)->back();
        QCOMPARE(last.payload.value(QStringLiteral("review")).toString(), QStringLiteral("decay"));
        QCOMPARE(last.payload.value(QStringLiteral("answer")).toString(), QStringLiteral("keep"));
        QCOMPARE(dialog.remaining(), count - 1);
        QCOMPARE(m_undo->count(), 2);
    }

    void enterOpensConflictsAndMemories()
    {
        ReviewQueueDialog dialog(m_session.get(), m_undo.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.setCurrentRow(1);
        const ReviewItem conflict = dialog.items()[1];
        QCOMPARE(conflict.kind, Kind::Conflict);
        QTest::keyClick(dialog.list(), Qt::Key_Return);
        QVERIFY(dialog.conflictDialog());
        QCOMPARE(dialog.conflictDialog()->conflictId(), conflict.conflictId);
        QVERIFY(dialog.conflictDialog()->isVisible());
        QVERIFY(dialog.isVisible());

        // Resolving it there takes it off the queue.
        const int count = dialog.remaining();
        dialog.conflictDialog()->setStrategy(ResolutionStrategy::LatestWins);
        QVERIFY(dialog.conflictDialog()->resolve());
        QCOMPARE(dialog.remaining(), count - 1);
        QVERIFY(!store().conflicts().get(conflict.conflictId)->isOpen());

        const int cleanupRow = firstOf(dialog, Kind::Cleanup);
        QVERIFY(cleanupRow >= 0);
        dialog.setCurrentRow(cleanupRow);
        QSignalSpy activated(&dialog, &ReviewQueueDialog::memoryActivated);
        QTest::keyClick(dialog.list(), Qt::Key_Enter);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().first().toString(), dialog.items()[size_t(cleanupRow)].memoryIds.first());
    }

    void applyCleanupFromTheQueue()
    {
        ReviewQueueDialog dialog(m_session.get(), m_undo.get());
        const int row = firstOf(dialog, Kind::Cleanup);
        QVERIFY(row >= 0);
        dialog.setCurrentRow(row);
        const ReviewItem item = dialog.items()[size_t(row)];
        const QString id = item.memoryIds.first();
        const int count = dialog.remaining();
        QTest::keyClick(dialog.list(), Qt::Key_A);
        QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join(QLatin1Char('\n'))));
        QCOMPARE(kindsOf(store(), id).last(), Cleanup::eventKind(item.cleanup));
        QCOMPARE(dialog.remaining(), count - 1);
        m_undo->undo();
        QCOMPARE(kindsOf(store(), id).last(), QStringLiteral("revert"));
        QCOMPARE(dialog.remaining(), count);
    }

    // Set RECOLLECTOR_SCREENSHOT_DIR to save the queue under the importance profile.
    void rendersOnTheDemoStore()
    {
        QString promoteId;
        QString decayId;
        plantReviews(&promoteId, &decayId);
        ReviewQueueDialog dialog(m_session.get(), m_undo.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.setCurrentRow(rowOfMemory(dialog, promoteId, Kind::Promote));
        const QImage image = dialog.grab().toImage();
        QVERIFY(!image.isNull());
        const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            QVERIFY(image.save(shots + QStringLiteral("/review-queue.png")));
    }
};

QTEST_MAIN(TestReviewQueue)
#include "tst_reviewqueue.moc"
