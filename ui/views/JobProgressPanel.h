#pragma once

#include <QTimer>
#include <QWidget>

#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;

namespace recollector::ui {

class JobControl;

/// The progress line of a dialog's long work: what is happening, a bar (busy while the total
/// is unknown) and a Cancel button, all fed from a JobControl the worker updates. Embedded in
/// the dialog rather than a separate QProgressDialog, so the dialog stays one window and tests
/// can press Cancel without a modal loop. Hidden while no work runs.
class JobProgressPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobProgressPanel)

public:
    explicit JobProgressPanel(QWidget *parent = nullptr);

    /// Shows the panel and follows `control` until finish(). `text` is shown while the
    /// worker has not set a phase of its own.
    void start(std::shared_ptr<JobControl> control, const QString &text);
    /// Stops following; hides the panel.
    void finish();
    /// Shows that the work was asked to stop (Cancel, or the dialog's Esc): "Cancelling…",
    /// Cancel off. The control is marked by whoever asked.
    void markCancelling();
    bool isRunning() const { return m_control != nullptr; }

    QPushButton *cancelButton() const { return m_cancel; }

Q_SIGNALS:
    /// Cancel was pressed (the control is already marked cancelled).
    void cancelRequested();

private:
    void update();

    std::shared_ptr<JobControl> m_control;
    QString m_text;
    QLabel *m_label;
    QProgressBar *m_bar;
    QPushButton *m_cancel;
    QTimer m_timer;
};

} // namespace recollector::ui
