// The job machinery every long-running dialog shares (JobDialog; docs/architecture.md,
// "Threads and connections"), checked through each dialog that uses it — cleanup preview,
// import preview, export and the conflicts list's "Detect now" — on the demo store on disk:
// while a job runs the progress line and Cancel show and Close is off; Esc (reject) cancels it
// and the dialog stays to say so, then closes as usual; a second job waits for the first;
// destroying the dialog mid-run cancels and waits for the worker, which writes nothing.
//
// The worker is held at its first progress step by the step hook and let go by the test.
#include "DemoSession.h"
#include "StoreFingerprint.h"

#include "StoreSession.h"
#include "dialogs/CleanupPreviewDialog.h"
#include "dialogs/ConflictListDialog.h"
#include "dialogs/ExportDialog.h"
#include "dialogs/ImportPreviewDialog.h"

#include <QLabel>
#include <QPushButton>
#include <QSemaphore>
#include <QUndoStack>
#include <QtTest>

#include <atomic>
#include <functional>
#include <memory>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

enum class Kind { Cleanup, Import, Export, Detect };

/// Holds the worker at its first progress step until the dialog marks a cancel (its Cancel,
/// Esc, its destructor): the worker then goes on and sees the cancel, in that order. Declare
/// it before the dialog, so that it outlives the worker even when a check fails.
struct Gate
{
    QSemaphore reached;
    QSemaphore proceed;
    std::atomic<bool> held{false};

    void attach(JobDialog *dialog)
    {
        dialog->setWorkerStepHook([this](int, int) {
            if (!held.exchange(true)) {
                reached.release();
                proceed.acquire();
            }
        });
        QObject::connect(dialog, &JobDialog::jobCancelRequested, dialog, [this]() { proceed.release(); });
    }
    bool waitHeld() { return QTest::qWaitFor([this]() { return reached.tryAcquire(); }, 20000); }
};

} // namespace

class TestJobDialog : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<StoreSession> m_session;
    std::unique_ptr<QUndoStack> m_undo;
    QStringList m_warnings;

    QString exportPath() const { return m_dir->filePath(QStringLiteral("export.json")); }

    std::unique_ptr<JobDialog> make(Kind kind)
    {
        switch (kind) {
        case Kind::Cleanup:
            return std::make_unique<CleanupPreviewDialog>(m_session.get(), m_undo.get());
        case Kind::Import:
            return std::make_unique<ImportPreviewDialog>(m_session.get(),
                                                         QStringLiteral(RECOLLECTOR_TEST_DATA "/import-small.json"));
        case Kind::Export: {
            auto dialog = std::make_unique<ExportDialog>(m_session.get(), QStringList{}, QStringList{});
            dialog->setDestination(exportPath());
            return dialog;
        }
        case Kind::Detect:
            return std::make_unique<ConflictListDialog>(m_session.get(), m_undo.get());
        }
        return {};
    }

    // Starts the dialog's first job: what showing it (cleanup, import) or its button does.
    static void startJob(Kind kind, JobDialog *dialog)
    {
        switch (kind) {
        case Kind::Cleanup:
            static_cast<CleanupPreviewDialog *>(dialog)->start();
            break;
        case Kind::Import:
            static_cast<ImportPreviewDialog *>(dialog)->start();
            break;
        case Kind::Export:
            static_cast<ExportDialog *>(dialog)->startExport();
            break;
        case Kind::Detect:
            QVERIFY(static_cast<ConflictListDialog *>(dialog)->detectNow());
            break;
        }
    }

    static QPushButton *button(QWidget *dialog, const char *name)
    {
        return dialog->findChild<QPushButton *>(QLatin1String(name));
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

    void escCancelsAndTheDialogStays_data()
    {
        QTest::addColumn<int>("kindValue");
        QTest::newRow("cleanup preview") << int(Kind::Cleanup);
        QTest::newRow("import preview") << int(Kind::Import);
        QTest::newRow("export") << int(Kind::Export);
        QTest::newRow("detect now") << int(Kind::Detect);
    }

    void escCancelsAndTheDialogStays()
    {
        QFETCH(int, kindValue);
        const Kind kind = Kind(kindValue);
        const auto before = test::fingerprint(*m_session->store());
        const int undoBefore = m_undo->count();
        Gate gate;
        std::unique_ptr<JobDialog> dialog = make(kind);
        gate.attach(dialog.get());
        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog.get()));
        if (!dialog->isJobRunning()) // cleanup and import start on show
            startJob(kind, dialog.get());
        QVERIFY(gate.waitHeld());

        auto *panel = dialog->findChild<QWidget *>(QStringLiteral("jobProgressPanel"));
        QVERIFY(dialog->isJobRunning());
        QVERIFY(panel->isVisible());
        QVERIFY(button(dialog.get(), "jobCancelButton")->isEnabled());
        QVERIFY(!button(dialog.get(), "closeButton")->isEnabled());

        QSignalSpy cancelled(dialog.get(), &JobDialog::jobCancelRequested);
        QTest::keyClick(dialog.get(), Qt::Key_Escape);
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(dialog->isVisible()); // Esc stopped the work, not the dialog
        QVERIFY(!button(dialog.get(), "jobCancelButton")->isEnabled());
        QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("jobProgressLabel"))->text(), QStringLiteral("Cancelling…"));
        QTRY_VERIFY(!dialog->isJobRunning());
        QVERIFY(!panel->isVisible());
        QVERIFY(button(dialog.get(), "closeButton")->isEnabled());
        QVERIFY(dialog->isVisible());
        QCOMPARE(test::fingerprint(*m_session->store()), before);
        QCOMPARE(m_undo->count(), undoBefore);
        QVERIFY(!QFileInfo::exists(exportPath()));
        QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join(QLatin1Char('\n'))));

        // Nothing runs now: Esc closes.
        QTest::keyClick(dialog.get(), Qt::Key_Escape);
        QVERIFY(!dialog->isVisible());
        QCOMPARE(cancelled.count(), 1);
    }

    void oneJobAtATime()
    {
        // The conflicts list can start its job at will: a second Detect now waits for the first.
        Gate gate;
        auto dialog = make(Kind::Detect);
        auto *list = static_cast<ConflictListDialog *>(dialog.get());
        gate.attach(dialog.get());
        QSignalSpy finished(list, &ConflictListDialog::detectionFinished);
        QVERIFY(list->detectNow());
        QVERIFY(gate.waitHeld());
        QVERIFY(!list->detectNow());
        QVERIFY(!button(dialog.get(), "detectButton")->isEnabled());
        QTest::mouseClick(button(dialog.get(), "jobCancelButton"), Qt::LeftButton);
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.last().first().toInt(), -1);
        QVERIFY(button(dialog.get(), "detectButton")->isEnabled());
    }

    void destroyingMidRunCancelsAndWaits_data() { escCancelsAndTheDialogStays_data(); }

    void destroyingMidRunCancelsAndWaits()
    {
        QFETCH(int, kindValue);
        const Kind kind = Kind(kindValue);
        const auto before = test::fingerprint(*m_session->store());
        Gate gate;
        std::unique_ptr<JobDialog> dialog = make(kind);
        gate.attach(dialog.get()); // the worker goes on only once the destructor has marked the cancel
        startJob(kind, dialog.get());
        QVERIFY(gate.waitHeld());
        dialog.reset();
        QCOMPARE(gate.proceed.available(), 0); // released by the destructor's cancel, taken by the worker
        QCOMPARE(test::fingerprint(*m_session->store()), before);
        QVERIFY(!QFileInfo::exists(exportPath()));
    }
};

QTEST_MAIN(TestJobDialog)
#include "tst_jobdialog.moc"
