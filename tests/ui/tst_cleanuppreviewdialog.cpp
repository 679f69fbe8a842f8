// The cleanup preview dialog on a real store (docs/scoring.md, "Cleanup";
// docs/architecture.md, "The window"): it lists exactly the actions of Cleanup::plan at the
// session's now under the active profile (archive, compress, delete, purge, with score and
// reason), never a permanent or sensitivity-2 memory; Apply writes the events in one step on
// the undo stack, undo restores every memory, redo applies it again; Cancel during the apply
// writes nothing.
#include "StoreFingerprint.h"
#include "TempStore.h"

#include "StoreSession.h"
#include "dialogs/CleanupPreviewDialog.h"
#include "engine/review/Cleanup.h"
#include "engine/decisions/Decisions.h"
#include "io/DemoStore.h"
#include "model/Event.h"
#include "models/CleanupPlanModel.h"
#include "scoring/ScoringProfile.h"

#include <QLabel>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QStyle>
#include <QStyleOptionViewItem>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;
using State = CleanupPreviewDialog::State;

namespace {

constexpr Millis kNow = 1717200000000; // 2024-06-01T00:00Z

Memory aged(const QString &id, double hoursSinceReinforced, const QString &category = QStringLiteral("fact"))
{
    Memory m = test::sampleMemory(id, kNow - Millis(hoursSinceReinforced * double(kMsPerHour)) - kMsPerDay);
    m.category = category;
    m.confidence = 0.5;
    m.stability = 24;
    m.lastReinforcedAt = kNow - Millis(hoursSinceReinforced * double(kMsPerHour));
    m.lastAccessedAt = m.lastReinforcedAt;
    m.updatedAt = m.lastReinforcedAt;
    m.content = QStringLiteral("Memory %1").arg(id);
    return m;
}

std::vector<Memory> everything(Store &s)
{
    auto all = *s.memories().all(true);
    std::sort(all.begin(), all.end(), [](const Memory &a, const Memory &b) { return a.id < b.id; });
    return all;
}

bool waitFor(CleanupPreviewDialog &d, State state)
{
    return QTest::qWaitFor([&]() { return d.state() == state || d.state() == State::Failed; }, 20000)
           && d.state() == state;
}

} // namespace

class TestCleanupPreviewDialog : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<StoreSession> m_session;

    Store &store() { return *m_session->store(); }

    // Under ebbinghaus at kNow: weak → archive, forgotten → delete, deleted-long-ago → purge,
    // and with an active-episode budget of 1, the weaker of two fresh episodes → compress.
    // permanent and sensitive are as weak as can be but protected.
    void fill()
    {
        Store &s = store();
        QVERIFY(s.memories().insert(aged(QStringLiteral("fresh"), 0)));
        QVERIFY(s.memories().insert(aged(QStringLiteral("weak"), 60)));
        QVERIFY(s.memories().insert(aged(QStringLiteral("forgotten"), 80)));
        Memory perm = aged(QStringLiteral("permanent"), 200);
        perm.permanent = true;
        QVERIFY(s.memories().insert(perm));
        Memory secret = aged(QStringLiteral("sensitive"), 200);
        secret.sensitivity = 2;
        QVERIFY(s.memories().insert(secret));
        Memory old = aged(QStringLiteral("deleted-long-ago"), 2000);
        old.deletedAt = kNow - 31 * kMsPerDay;
        QVERIFY(s.memories().insert(old));
        QVERIFY(s.memories().insert(aged(QStringLiteral("episode-a"), 1, QStringLiteral("episode"))));
        QVERIFY(s.memories().insert(aged(QStringLiteral("episode-b"), 5, QStringLiteral("episode"))));
        QVERIFY(s.associations().put({QStringLiteral("deleted-long-ago"), QStringLiteral("fresh"), 0.4,
                                      QStringLiteral("keyword"), kNow}));
        Config config = m_session->config();
        config.budgets.activeEpisodes = 1;
        QVERIFY(m_session->setConfig(config));
        m_session->setNow(kNow);
        m_session->reload();
    }

    CleanupPlan directPlan()
    {
        const auto profile = makeProfile(m_session->profileName(), m_session->config());
        auto plan = Cleanup(store(), m_session->config(), *profile).plan(kNow);
        if (!plan)
            qFatal("plan: %s", qPrintable(plan.error().message));
        return *plan;
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_session = std::make_unique<StoreSession>();
        QVERIFY(m_session->open(m_dir->filePath(QStringLiteral("store.recollector"))));
        fill();
    }
    void cleanup()
    {
        m_session.reset();
        m_dir.reset();
    }

    void listsThePlanExactly()
    {
        const auto before = test::fingerprint(store());
        CleanupPreviewDialog dialog(m_session.get(), nullptr);
        dialog.show();
        QVERIFY(waitFor(dialog, State::Ready));
        const CleanupPlan expected = directPlan();
        QCOMPARE(expected.ids(CleanupKind::Archive), QStringList{QStringLiteral("weak")});
        QCOMPARE(expected.ids(CleanupKind::Compress), QStringList{QStringLiteral("episode-b")});
        QCOMPARE(expected.ids(CleanupKind::Delete), QStringList{QStringLiteral("forgotten")});
        QCOMPARE(expected.ids(CleanupKind::Purge), QStringList{QStringLiteral("deleted-long-ago")});
        CleanupPlanModel *model = dialog.planModel();
        QCOMPARE(model->rowCount(), int(expected.actions.size()));
        for (int row = 0; row < model->rowCount(); ++row) {
            const CleanupAction &a = expected.actions[std::size_t(row)];
            QCOMPARE(model->index(row, CleanupPlanModel::IdColumn).data().toString(), a.memoryId);
            QCOMPARE(model->index(row, CleanupPlanModel::ActionColumn).data().toString(), CleanupPlanModel::kindTitle(a.kind));
            QCOMPARE(model->index(row, CleanupPlanModel::ReasonColumn).data().toString(), a.reason);
            QCOMPARE(model->index(row, 0).data(CleanupPlanModel::ScoreValueRole).toDouble(), a.score);
            QCOMPARE(model->index(row, CleanupPlanModel::ContentColumn).data().toString(),
                     QStringLiteral("Memory %1").arg(a.memoryId));
        }
        // Protected memories never appear, however weak.
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString id = model->index(row, CleanupPlanModel::IdColumn).data().toString();
            QVERIFY(id != QStringLiteral("permanent") && id != QStringLiteral("sensitive"));
        }
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("cleanupCountsLabel"))->text().section(QStringLiteral("    "), 0, 0),
                 QStringLiteral("Archive 1  ·  Compress 1  ·  Delete 1  ·  Purge 1"));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("cleanupBudgetsLabel"))->text().contains(
            QStringLiteral("active episodes ≤ 1")));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("cleanupTitleLabel"))->text().contains(QStringLiteral("ebbinghaus")));
        QCOMPARE(test::fingerprint(store()), before); // the dry run wrote nothing

        // Closing without applying writes nothing either.
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("closeButton")), Qt::LeftButton);
        QVERIFY(!dialog.isVisible());
        QCOMPARE(test::fingerprint(store()), before);
    }

    // A deletion is a deliberate choice (the window's second round): deleting and purging
    // come unticked, archiving and compressing ticked, and Enter never applies.
    void deletionsComeUntickedAndEnterDoesNotApply()
    {
        const auto before = test::fingerprint(store());
        QUndoStack undo;
        CleanupPreviewDialog dialog(m_session.get(), &undo);
        dialog.show();
        QVERIFY(waitFor(dialog, State::Ready));
        CleanupPlanModel *model = dialog.planModel();
        auto *apply = dialog.findChild<QPushButton *>(QStringLiteral("applyButton"));
        QCOMPARE(model->rowCount(), 4);
        QCOMPARE(model->includedCount(), 2);
        int purgeRow = -1;
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString id = model->index(row, CleanupPlanModel::IdColumn).data().toString();
            const bool deletion = id == QLatin1String("forgotten") || id == QLatin1String("deleted-long-ago");
            QCOMPARE(model->index(row, CleanupPlanModel::ActionColumn).data(Qt::CheckStateRole).toInt(),
                     int(deletion ? Qt::Unchecked : Qt::Checked));
            if (id == QLatin1String("deleted-long-ago"))
                purgeRow = row;
        }
        QVERIFY(purgeRow >= 0);
        QVERIFY(!apply->isDefault() && !apply->autoDefault());
        QTest::keyClick(&dialog, Qt::Key_Return);
        QCOMPARE(dialog.state(), State::Ready);
        QCOMPARE(test::fingerprint(store()), before);

        // Tick the purge with a click on its check box.
        dialog.show();
        auto *view = dialog.findChild<QTableView *>(QStringLiteral("cleanupPlanView"));
        const QModelIndex box = model->index(purgeRow, CleanupPlanModel::ActionColumn);
        QStyleOptionViewItem option;
        option.initFrom(view);
        option.rect = view->visualRect(box);
        option.features |= QStyleOptionViewItem::HasCheckIndicator;
        const QRect check = view->style()->subElementRect(QStyle::SE_ItemViewItemCheckIndicator, &option, view);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, check.center());
        QCOMPARE(model->includedCount(), 3);
        QVERIFY(model->isIncluded(purgeRow));
        QVERIFY(apply->isEnabled());
        QVERIFY(apply->text().contains(QLatin1String("3")));

        QTest::mouseClick(apply, Qt::LeftButton);
        QVERIFY(waitFor(dialog, State::Done));
        QCOMPARE(dialog.outcome().eventIds.size(), 3);
        QVERIFY(!store().memories().get(QStringLiteral("forgotten"))->isDeleted()); // left out
        QCOMPARE(store().memories().get(QStringLiteral("weak"))->level, MemoryLevel::Archive);
        QVERIFY(!*store().memories().contains(QStringLiteral("deleted-long-ago")));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("cleanupResultLabel"))->text().contains(QLatin1String("3 of 3")));
    }

    void leavingEveryRowOutDisablesApply()
    {
        CleanupPreviewDialog dialog(m_session.get(), nullptr);
        dialog.show();
        QVERIFY(waitFor(dialog, State::Ready));
        CleanupPlanModel *model = dialog.planModel();
        for (int row = 0; row < model->rowCount(); ++row)
            QVERIFY(model->setData(model->index(row, CleanupPlanModel::ActionColumn), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(model->includedCount(), 0);
        QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("applyButton"))->isEnabled());
        model->setIncluded(0, true);
        QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("applyButton"))->isEnabled());
    }

    void applyWritesEventsAndUndoRestores()
    {
        const auto before = everything(store());
        QUndoStack undo;
        CleanupPreviewDialog dialog(m_session.get(), &undo);
        QSignalSpy applied(&dialog, &CleanupPreviewDialog::applied);
        dialog.show();
        QVERIFY(waitFor(dialog, State::Ready));
        for (int row = 0; row < dialog.planModel()->rowCount(); ++row)
            dialog.planModel()->setIncluded(row, true); // the deletions too, chosen one by one
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("applyButton")), Qt::LeftButton);
        QVERIFY(waitFor(dialog, State::Done));
        QCOMPARE(applied.size(), 1);
        QCOMPARE(dialog.outcome().eventIds.size(), 4);
        QCOMPARE(undo.count(), 1);

        const std::array<std::pair<const char *, QString>, 4> expected{{{"weak", events::kArchive},
                                                                         {"episode-b", events::kCompress},
                                                                         {"forgotten", events::kDelete},
                                                                         {"deleted-long-ago", events::kPurge}}};
        for (const auto &[id, kind] : expected) {
            const auto history = store().events().forMemory(QString::fromLatin1(id));
            QVERIFY(history && !history->empty());
            QCOMPARE(history->back().kind, kind);
            QCOMPARE(history->back().actor, QStringLiteral("user"));
            QVERIFY(!history->back().payload.value(QStringLiteral("reason")).toString().isEmpty());
        }
        QCOMPARE(store().memories().get(QStringLiteral("weak"))->level, MemoryLevel::Archive);
        QVERIFY(store().memories().get(QStringLiteral("episode-b"))->compressed);
        QCOMPARE(store().memories().get(QStringLiteral("forgotten"))->deletedAt, kNow);
        QVERIFY(!*store().memories().contains(QStringLiteral("deleted-long-ago")));
        auto stored = [&before](const QString &id) {
            return *std::find_if(before.begin(), before.end(), [&id](const Memory &m) { return m.id == id; });
        };
        for (const QString &id : {QStringLiteral("permanent"), QStringLiteral("sensitive")})
            QCOMPARE(*store().memories().get(id), stored(id)); // untouched

        undo.undo();
        QCOMPARE(everything(store()), before);
        QCOMPARE(*store().associations().count(), qint64(1));
        undo.redo();
        QCOMPARE(store().memories().get(QStringLiteral("weak"))->level, MemoryLevel::Archive);
        QVERIFY(!*store().memories().contains(QStringLiteral("deleted-long-ago")));
        undo.undo();
        QCOMPARE(everything(store()), before);
    }

    void cancelDuringApplyWritesNothing()
    {
        const auto before = test::fingerprint(store());
        QUndoStack undo;
        CleanupPreviewDialog dialog(m_session.get(), &undo);
        dialog.show();
        QVERIFY(waitFor(dialog, State::Ready));
        // Hold the worker after the cleanup ran inside its transaction, before the commit.
        QSemaphore reached, proceed;
        dialog.setWorkerStepHook([&](int done, int total) {
            if (total > 0 && done == total) {
                reached.release();
                proceed.acquire();
            }
        });
        dialog.apply();
        QVERIFY(QTest::qWaitFor([&]() { return reached.tryAcquire(); }, 20000));
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("jobCancelButton")), Qt::LeftButton);
        proceed.release();
        QVERIFY(waitFor(dialog, State::Ready));
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("cleanupResultLabel"))->text(),
                 QStringLiteral("Cleanup cancelled; nothing was written."));
        QCOMPARE(undo.count(), 0);
        QCOMPARE(test::fingerprint(store()), before);
    }

    // The demo store now, with one memory the user deleted 40 days ago (so a purge shows
    // too). Set RECOLLECTOR_SCREENSHOT_DIR to save cleanup-preview.png.
    void rendersTheDemoStore()
    {
        m_session.reset();
        const QString path = m_dir->filePath(QStringLiteral("demo.recollector"));
        const Status made = io::createDemoStore(path, QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        m_session = std::make_unique<StoreSession>();
        QVERIFY(m_session->open(path));
        const auto all = m_session->store()->memories().all();
        QVERIFY(all && !all->empty());
        const auto target = std::find_if(all->begin(), all->end(), [](const Memory &m) {
            return !m.permanent && m.category != QStringLiteral("system") && m.content.size() < 60;
        });
        QVERIFY(target != all->end());
        QVERIFY(Decisions(*m_session->store(), m_session->config())
                    .softDelete(target->id, time::nowMs() - 40 * kMsPerDay));
        m_session->reload();
        CleanupPreviewDialog dialog(m_session.get(), nullptr);
        dialog.resize(1100, 640);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(waitFor(dialog, State::Ready));
        QVERIFY(!dialog.plan().ids(CleanupKind::Purge).isEmpty());
        QVERIFY(!dialog.plan().ids(CleanupKind::Archive).isEmpty());
        QTest::qWait(100); // let the layout settle before the picture
        const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            QVERIFY(dialog.grab().save(shots + QStringLiteral("/cleanup-preview.png")));
    }
};

QTEST_MAIN(TestCleanupPreviewDialog)
#include "tst_cleanuppreviewdialog.moc"
