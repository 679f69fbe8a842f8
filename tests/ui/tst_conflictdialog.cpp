// The conflict dialog on the demo store (docs/scoring.md, "Resolution strategies";
// docs/architecture.md, "The window"): each strategy previewed, applied as one undoable
// command, undone (the conflict open again, the memories as before) and redone; differing words
// highlighted on plain text; a settled conflict shown read-only.
#include "TempStore.h"
#include "DemoSession.h"

#include "StoreSession.h"
#include "dialogs/ConflictDialog.h"
#include "text/ConflictText.h"
#include "engine/conflicts/ConflictDetector.h"
#include "engine/conflicts/ConflictResolver.h"
#include "io/DemoStore.h"
#include "support/MessageBox.h"
#include "views/ConflictMemoryPane.h"
#include "views/DecayChartView.h"
#include "text/EventText.h"
#include "views/HistoryView.h"
#include "models/HistoryModel.h"

#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextEdit>
#include <QUndoStack>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

const QString kCoffeeA = QStringLiteral("mem_01M5Z67V01ZMB2G8KAQJKDM6R7"); // likes coffee (older)
const QString kCoffeeB = QStringLiteral("mem_01M7M208EN70KN35VSJXNN6PA7"); // no longer drinks coffee (newer)

QStringList kindsOf(Store &store, const QString &id)
{
    QStringList kinds;
    const auto history = store.events().forMemory(id);
    for (const Event &e : *history)
        kinds << e.kind;
    return kinds;
}

/// The fields a resolution may change, for comparing a memory before and after an undo.
struct Settled
{
    bool negated;
    bool superseded;
    QString supersedesId;
    QString mergedInto;
    MemoryLevel level;
    double confidence;
    QString content;
    int corrections;
    bool operator==(const Settled &) const = default;
};
Settled settledOf(const Memory &m)
{
    return {m.negated, m.superseded, m.supersedesId, m.mergedInto, m.level, m.confidence, m.content,
            int(m.correctionHistory.size())};
}

} // namespace

class TestConflictDialog : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<StoreSession> m_session;
    std::unique_ptr<QUndoStack> m_undo;
    QStringList m_warnings;

    Store &store() { return *m_session->store(); }

    qint64 coffeeConflict()
    {
        const auto between = store().conflicts().between(kCoffeeA, kCoffeeB);
        if (!between || between->size() != 1)
            return 0;
        return between->front().id;
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_session = test::openDemoSession(*m_dir, m_warnings);
        m_undo = std::make_unique<QUndoStack>();
    }
    void cleanup()
    {
        m_undo.reset();
        m_session.reset();
        m_dir.reset();
        MessageBox::setHandler({});
    }

    void showsBothSidesWithTheDifferencesHighlighted()
    {
        const qint64 id = coffeeConflict();
        QVERIFY(id > 0);
        ConflictDialog dialog(m_session.get(), m_undo.get(), id);
        QCOMPARE(dialog.size(), QSize(1100, 750));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("conflictHeader"))->text().contains(QStringLiteral("Direct contradiction")));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("conflictExplanation"))->text().contains(QStringLiteral("opposite")));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("conflictStatus"))->text().startsWith(QStringLiteral("Open since")));

        const Memory a = *m_session->memory(kCoffeeA);
        const Memory b = *m_session->memory(kCoffeeB);
        QCOMPARE(dialog.paneA()->memoryId(), kCoffeeA);
        QCOMPARE(dialog.paneA()->contentView()->toPlainText(), a.content);
        QCOMPARE(dialog.paneB()->contentView()->toPlainText(), b.content);
        QVERIFY(dialog.paneA()->title().contains(QStringLiteral("older")));
        QVERIFY(dialog.paneB()->title().contains(QStringLiteral("newer")));
        // "Lin no longer drinks coffee; …" against "Lin likes drinking coffee …".
        const QStringList marksB = dialog.paneB()->highlightedPieces();
        QVERIFY2(marksB.contains(QStringLiteral("no longer drinks")), qPrintable(marksB.join(QLatin1Char('|'))));
        QVERIFY(!marksB.join(QLatin1Char(' ')).contains(QStringLiteral("coffee")));
        const QStringList marksA = dialog.paneA()->highlightedPieces();
        QVERIFY(marksA.contains(QStringLiteral("likes drinking")));
        QVERIFY(!marksA.join(QLatin1Char(' ')).contains(QStringLiteral("Lin")));

        // Key fields, history and a compact decay chart for each side.
        ConflictMemoryPane *pane = dialog.paneA();
        QCOMPARE(pane->valueLabel(QStringLiteral("category"))->text(), a.category);
        const Score score = m_session->profile().evaluate(a, m_session->now());
        QCOMPARE(pane->valueLabel(QStringLiteral("score"))->text(),
                 EventText::number(score.score) + QStringLiteral(" · ") + tierName(score.tier));
        QVERIFY(pane->valueLabel(QStringLiteral("score"))->toolTip().contains(QStringLiteral("ebbinghaus")));
        QVERIFY(!pane->valueLabel(QStringLiteral("created"))->text().isEmpty());
        QVERIFY(!pane->valueLabel(QStringLiteral("source"))->text().isEmpty());
        QCOMPARE(pane->valueLabel(QStringLiteral("scope"))->text(),
                 a.projectPath.isEmpty() ? QStringLiteral("global") : QStringLiteral("project ") + a.projectPath);
        QCOMPARE(pane->historyView()->model()->rowCount(), int(store().events().forMemory(kCoffeeA)->size()));
        QVERIFY(pane->chartView()->isCompact());
        QCOMPARE(pane->chartView()->shownIds(), QStringList{kCoffeeA});
        QCOMPARE(dialog.paneB()->chartView()->shownIds(), QStringList{kCoffeeB});

        // Enter is not "resolve": a resolution is a deliberate click (or Alt+R).
        dialog.show();
        QTest::keyClick(dialog.findChild<QComboBox *>(QStringLiteral("strategyCombo")), Qt::Key_Return);
        QVERIFY(dialog.isVisible());
        QVERIFY(store().conflicts().get(id)->isOpen());
        QCOMPARE(m_undo->count(), 0);

        QSignalSpy activated(&dialog, &ConflictDialog::memoryActivated);
        QTest::mouseClick(dialog.paneB()->findChild<QPushButton *>(QStringLiteral("showButton")), Qt::LeftButton);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().first().toString(), kCoffeeB);
    }

    void eachStrategyPreviewsAppliesUndoesAndRedoes_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<QString>("previewMentions");
        QTest::newRow("latest_wins") << "latest_wins" << QStringLiteral("A (older) is negated");
        QTest::newRow("version_keep") << "version_keep" << QStringLiteral("supersedes it; the two are linked");
        QTest::newRow("weight_balance") << "weight_balance" << QStringLiteral("kept unchanged and left to decay");
        QTest::newRow("keep_a") << "keep_a" << QStringLiteral("B is negated");
        QTest::newRow("keep_b") << "keep_b" << QStringLiteral("A is negated");
        QTest::newRow("keep_both") << "keep_both" << QStringLiteral("both memories are kept as true");
        QTest::newRow("merge") << "merge" << QStringLiteral("new summary memory: \"Lin drank coffee");
    }

    void eachStrategyPreviewsAppliesUndoesAndRedoes()
    {
        QFETCH(QString, strategy);
        QFETCH(QString, previewMentions);
        const ResolutionStrategy s = *strategyFromName(strategy);
        const qint64 id = coffeeConflict();
        QVERIFY(id > 0);
        const Conflict c0 = *store().conflicts().get(id);
        QVERIFY(c0.isOpen());
        const Memory a0 = *store().memories().get(kCoffeeA);
        const Memory b0 = *store().memories().get(kCoffeeB);
        const qint64 events0 = *store().events().count();
        const qint64 open0 = m_session->openConflictCount();
        const QString mergedText = QStringLiteral("Lin drank coffee (flat white) until he switched to green tea to sleep better.");

        auto *dialog = new ConflictDialog(m_session.get(), m_undo.get(), id);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        QPointer<ConflictDialog> alive(dialog);
        dialog->show();
        auto *combo = dialog->findChild<QComboBox *>(QStringLiteral("strategyCombo"));
        combo->setCurrentIndex(combo->findData(int(s)));
        QCOMPARE(dialog->strategy(), s);
        auto *mergeEdit = dialog->findChild<QPlainTextEdit *>(QStringLiteral("mergeEdit"));
        QCOMPARE(mergeEdit->isVisible(), s == ResolutionStrategy::Merge);
        if (s == ResolutionStrategy::Merge) {
            // Prefilled with both contents, older first, for the user to edit.
            QCOMPARE(mergeEdit->toPlainText(), a0.content + QLatin1Char('\n') + b0.content);
            mergeEdit->clear();
            QVERIFY(dialog->previewText().contains(QStringLiteral("Write the merged")));
            QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("resolveButton"))->isEnabled());
            QTest::keyClicks(mergeEdit, mergedText);
        }

        // The preview says what will change and wrote nothing.
        const QString preview = dialog->previewText();
        QVERIFY2(preview.contains(previewMentions), qPrintable(preview));
        QVERIFY(preview.contains(ConflictText::strategyLabel(s)));
        // Issue 20, item 9: A and B are named by the start of their text, not by their ids
        // (the resolver's lines call them A and B).
        QVERIFY2(preview.contains(QStringLiteral("A “") + a0.content.simplified().left(20)), qPrintable(preview));
        QVERIFY2(preview.contains(QStringLiteral("B “") + b0.content.simplified().left(20)), qPrintable(preview));
        QVERIFY2(!preview.contains(kCoffeeA) && !preview.contains(kCoffeeB), qPrintable(preview));
        QVERIFY(preview.contains(QStringLiteral("Conflict #%1: open → resolved").arg(id)));
        if (s == ResolutionStrategy::LatestWins || s == ResolutionStrategy::KeepB)
            QVERIFY2(preview.contains(QStringLiteral("negated: no → yes")), qPrintable(preview));
        if (s == ResolutionStrategy::Merge)
            QVERIFY(preview.contains(QStringLiteral("New memory")));
        QCOMPARE(*store().events().count(), events0);
        QCOMPARE(*store().memories().get(kCoffeeA), a0);

        // Apply: one command on the stack; the dialog closes.
        QSignalSpy resolved(dialog, &ConflictDialog::resolved);
        QSignalSpy changed(m_session.get(), &StoreSession::memoriesChanged);
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("resolveButton")), Qt::LeftButton);
        QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join(QLatin1Char('\n'))));
        QCOMPARE(resolved.count(), 1);
        QVERIFY(changed.count() >= 1);
        QVERIFY(changed.last().first().toStringList().contains(kCoffeeA));
        QTRY_VERIFY(!alive); // closed and deleted
        QCOMPARE(m_undo->count(), 1);
        QVERIFY(m_undo->text(0).contains(QStringLiteral("Resolve conflict #%1").arg(id)));

        auto checkApplied = [&]() {
            const Conflict c = *store().conflicts().get(id);
            QCOMPARE(c.status, ConflictStatus::Resolved);
            QCOMPARE(conflictResolutionName(c.resolution), strategy);
            QCOMPARE(m_session->openConflictCount(), open0 - 1);
            QCOMPARE(kindsOf(store(), kCoffeeA).count(QStringLiteral("conflict_resolved")), 1);
            QCOMPARE(kindsOf(store(), kCoffeeB).count(QStringLiteral("conflict_resolved")), 1);
            const Memory a = *store().memories().get(kCoffeeA);
            const Memory b = *store().memories().get(kCoffeeB);
            switch (s) {
            case ResolutionStrategy::LatestWins:
            case ResolutionStrategy::KeepB:
                QVERIFY(a.negated);
                QVERIFY(!b.negated);
                QCOMPARE(a.correctionHistory.last().toObject().value(QStringLiteral("newId")).toString(), kCoffeeB);
                break;
            case ResolutionStrategy::KeepA:
                QVERIFY(!a.negated);
                QVERIFY(b.negated);
                break;
            case ResolutionStrategy::VersionKeep: {
                QVERIFY(a.superseded);
                QVERIFY(!a.negated);
                QCOMPARE(b.supersedesId, kCoffeeA);
                const auto link = *store().associations().get(kCoffeeA, kCoffeeB);
                QVERIFY(link.has_value());
                QCOMPARE(link->type, QStringLiteral("manual"));
                break;
            }
            case ResolutionStrategy::WeightBalance:
            case ResolutionStrategy::KeepBoth:
                QCOMPARE(settledOf(a).negated, false);
                QCOMPARE(settledOf(b).negated, false);
                QCOMPARE(a.content, a0.content);
                QCOMPARE(b.content, b0.content);
                QVERIFY(a.confidence >= a0.confidence);
                break;
            case ResolutionStrategy::Merge: {
                QVERIFY(!a.mergedInto.isEmpty());
                QCOMPARE(a.mergedInto, b.mergedInto);
                QCOMPARE(a.level, MemoryLevel::Archive);
                const auto merged = store().memories().get(a.mergedInto);
                QVERIFY(merged.ok());
                QCOMPARE(merged->content, mergedText);
                QCOMPARE(merged->mergedFrom, QStringList({kCoffeeA, kCoffeeB}));
                QVERIFY(!merged->isDeleted());
                break;
            }
            }
        };
        checkApplied();
        if (QTest::currentTestFailed())
            return;
        const QString mergedId = store().memories().get(kCoffeeA)->mergedInto;

        // Undo: the conflict is open again and the memories are as they were.
        QSignalSpy undoChanged(m_session.get(), &StoreSession::memoriesChanged);
        m_undo->undo();
        QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join(QLatin1Char('\n'))));
        QVERIFY(undoChanged.count() >= 1);
        QCOMPARE(*store().conflicts().get(id), c0);
        QCOMPARE(m_session->openConflictCount(), open0);
        QCOMPARE(settledOf(*store().memories().get(kCoffeeA)), settledOf(a0));
        QCOMPARE(settledOf(*store().memories().get(kCoffeeB)), settledOf(b0));
        if (s == ResolutionStrategy::VersionKeep) {
            const auto link = *store().associations().get(kCoffeeA, kCoffeeB);
            QVERIFY(!link.has_value() || link->type != QStringLiteral("manual"));
        }
        if (s == ResolutionStrategy::Merge) {
            QVERIFY(!mergedId.isEmpty());
            QVERIFY(!store().memories().get(mergedId).ok());
        }
        // The history only grew: compensating events, never deletions.
        QVERIFY(*store().events().count() > events0);
        QVERIFY(kindsOf(store(), kCoffeeA).contains(QStringLiteral("revert")));

        // Redo: applied again.
        m_undo->redo();
        QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join(QLatin1Char('\n'))));
        const Conflict again = *store().conflicts().get(id);
        QCOMPARE(again.status, ConflictStatus::Resolved);
        QCOMPARE(conflictResolutionName(again.resolution), strategy);
        const Memory a = *store().memories().get(kCoffeeA);
        const Memory b = *store().memories().get(kCoffeeB);
        if (s == ResolutionStrategy::LatestWins || s == ResolutionStrategy::KeepB)
            QVERIFY(a.negated && !b.negated);
        if (s == ResolutionStrategy::KeepA)
            QVERIFY(b.negated && !a.negated);
        if (s == ResolutionStrategy::VersionKeep)
            QVERIFY(a.superseded && b.supersedesId == kCoffeeA);
        if (s == ResolutionStrategy::Merge) {
            QCOMPARE(a.mergedInto, mergedId);
            QCOMPARE(store().memories().get(mergedId)->content, mergedText);
        }

        // And undone once more, to be sure the chain keeps going.
        m_undo->undo();
        QVERIFY(store().conflicts().get(id)->isOpen());
        QCOMPARE(settledOf(*store().memories().get(kCoffeeA)), settledOf(a0));
    }

    void anOpenDialogFollowsUndo()
    {
        const qint64 id = coffeeConflict();
        ConflictDialog first(m_session.get(), m_undo.get(), id);
        ConflictDialog watcher(m_session.get(), m_undo.get(), id);
        first.setStrategy(ResolutionStrategy::KeepA);
        QVERIFY(first.resolve());
        // The other dialog on the same conflict now shows it settled, read-only.
        QVERIFY(!watcher.conflict().isOpen());
        QVERIFY(watcher.findChild<QLabel *>(QStringLiteral("conflictStatus"))->text().startsWith(QStringLiteral("Resolved")));
        QVERIFY(!watcher.findChild<QPushButton *>(QStringLiteral("resolveButton"))->isEnabled());
        QVERIFY(!watcher.findChild<QComboBox *>(QStringLiteral("strategyCombo"))->isEnabled());
        QVERIFY(watcher.paneB()->valueLabel(QStringLiteral("state"))->text().contains(QStringLiteral("negated")));
        m_undo->undo();
        QVERIFY(watcher.conflict().isOpen());
        QVERIFY(watcher.findChild<QPushButton *>(QStringLiteral("resolveButton"))->isEnabled());
        QVERIFY(!watcher.paneB()->valueLabel(QStringLiteral("state"))->text().contains(QStringLiteral("negated")));
    }

    void aStaleDialogReportsAndWritesNothing()
    {
        const qint64 id = coffeeConflict();
        ConflictDialog dialog(m_session.get(), m_undo.get(), id);
        // Another writer settles it behind the dialog's back (no session refresh).
        ConflictResolver other(store(), m_session->config());
        QVERIFY(other.resolve(id, ResolutionStrategy::WeightBalance, time::nowMs()).ok());
        const qint64 events = *store().events().count();
        dialog.setStrategy(ResolutionStrategy::LatestWins);
        QVERIFY(!dialog.resolve());
        QCOMPARE(m_warnings.size(), 1);
        QVERIFY(m_warnings.first().contains(QStringLiteral("already resolved")));
        QCOMPARE(m_undo->count(), 0);
        QCOMPARE(*store().events().count(), events);
        QVERIFY(!store().memories().get(kCoffeeA)->negated);
    }

    void contentIsPlainText()
    {
        // A planted contradiction whose text looks like markup.
        Memory x;
        x.id = QStringLiteral("mem_html_a");
        x.content = QStringLiteral("User is <b>fond</b> of <i>tea</i> & cake");
        x.category = QStringLiteral("preference");
        x.keywords = {QStringLiteral("markupzz"), QStringLiteral("htmltestzz")};
        x.confidence = 0.8;
        x.createdAt = x.updatedAt = x.lastReinforcedAt = time::nowMs() - 2 * kMsPerDay;
        Memory y = x;
        y.id = QStringLiteral("mem_html_b");
        y.content = QStringLiteral("User is not <b>fond</b> of <i>tea</i> & cake");
        y.createdAt = y.updatedAt = y.lastReinforcedAt = x.createdAt + kMsPerHour;
        QVERIFY(store().memories().insert(x).ok());
        QVERIFY(store().memories().insert(y).ok());
        ConflictDetector detector(store(), m_session->config());
        const auto recorded = detector.detectFor(y.id, time::nowMs());
        QVERIFY(recorded.ok());
        QCOMPARE(int(recorded->size()), 1);
        ConflictDialog dialog(m_session.get(), m_undo.get(), recorded->front().id);
        QCOMPARE(dialog.paneA()->contentView()->toPlainText(), x.content);
        QCOMPARE(dialog.paneB()->contentView()->toPlainText(), y.content);
        QCOMPARE(dialog.paneB()->highlightedPieces(), QStringList{QStringLiteral("not")});
        QVERIFY(dialog.paneA()->highlightedPieces().isEmpty());
    }

    // Set RECOLLECTOR_SCREENSHOT_DIR to save the dialog with a merge preview and a latest-wins one.
    void rendersOnTheDemoStore()
    {
        const qint64 id = coffeeConflict();
        ConflictDialog dialog(m_session.get(), m_undo.get(), id);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.setStrategy(ResolutionStrategy::LatestWins);
        QTest::qWait(50);
        const QImage image = dialog.grab().toImage();
        QCOMPARE(image.size(), QSize(1100, 750));
        const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            QVERIFY(image.save(shots + QStringLiteral("/conflict-dialog-latest-wins.png")));
            dialog.setStrategy(ResolutionStrategy::Merge);
            dialog.setMergedText(QStringLiteral("Lin used to drink a flat white with oat milk in the morning; he switched to green tea to sleep better."));
            QTest::qWait(50);
            QVERIFY(dialog.grab().save(shots + QStringLiteral("/conflict-dialog-merge.png")));
        }
    }
};

QTEST_MAIN(TestConflictDialog)
#include "tst_conflictdialog.moc"
