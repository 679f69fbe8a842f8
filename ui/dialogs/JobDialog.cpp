#include "dialogs/JobDialog.h"

#include "views/JobProgressPanel.h"
#include "support/WorkerPool.h"

#include <QLabel>
#include <QPushButton>
#include <QtConcurrent/QtConcurrentRun>

namespace recollector::ui {

using namespace recollector::core;

JobDialog::JobDialog(QWidget *parent) : QDialog(parent), m_progress(new JobProgressPanel(this))
{
    connect(m_progress, &JobProgressPanel::cancelRequested, this, &JobDialog::cancel);
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, &JobDialog::finishJob);
}

JobDialog::~JobDialog()
{
    // The subclass is gone already; the work owns what it touches, so only the worker itself
    // must not outlive the dialog. The watcher goes with it: no finish callback comes.
    cancel();
    m_watcher.waitForFinished();
}

QWidget *JobDialog::jobProgress() const { return m_progress; }

void JobDialog::setCloseButton(QPushButton *button)
{
    m_closeButton = button;
    if (m_closeButton)
        m_closeButton->setEnabled(!m_running);
}

void JobDialog::cancel()
{
    if (!m_running || !m_control)
        return;
    m_control->cancel();
    m_progress->markCancelling();
    Q_EMIT jobCancelRequested();
}

void JobDialog::cancelAndWait()
{
    cancel();
    m_watcher.waitForFinished();
}

void JobDialog::reject()
{
    if (m_running) {
        cancel(); // Esc while working stops the work; the dialog stays to say so
        return;
    }
    QDialog::reject();
}

void JobDialog::setBanner(QLabel *label, Banner banner)
{
    switch (banner) {
    case Banner::Clear:
        label->setStyleSheet(QString());
        break;
    case Banner::Error:
        label->setStyleSheet(QStringLiteral("QLabel { background: #fdecea; color: #8a1c12; border: 1px solid #e6a39c; "
                                            "border-radius: 4px; padding: 8px; }"));
        break;
    case Banner::Success:
        label->setStyleSheet(QStringLiteral("QLabel { background: #e8f4ea; color: #1d5b2a; border: 1px solid #a6d1ae; "
                                            "border-radius: 4px; padding: 8px; }"));
        break;
    }
}

Error JobDialog::stopped()
{
    return Error::make(Error::Code::Cancelled, tr("The work stopped; nothing was written."));
}

void JobDialog::startWorker(const QString &text, std::function<void(JobControl &)> work,
                            std::function<void()> finished)
{
    if (m_running)
        return;
    auto control = JobControl::create(m_stepHook);
    m_control = control;
    m_finished = std::move(finished);
    m_running = true;
    if (m_closeButton)
        m_closeButton->setEnabled(false);
    m_progress->start(control, text);
    m_watcher.setFuture(QtConcurrent::run(workerPool(), [control, work = std::move(work)]() { work(*control); }));
}

void JobDialog::finishJob()
{
    m_progress->finish();
    m_running = false;
    if (m_closeButton)
        m_closeButton->setEnabled(true);
    const std::function<void()> finished = std::move(m_finished);
    m_finished = {};
    if (finished)
        finished();
}

} // namespace recollector::ui
