#include "views/JobProgressPanel.h"

#include "support/JobControl.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

#include <algorithm>

namespace recollector::ui {

namespace {
constexpr int kRefreshMs = 50;
}

JobProgressPanel::JobProgressPanel(QWidget *parent)
    : QWidget(parent), m_label(new QLabel(this)), m_bar(new QProgressBar(this)),
      m_cancel(new QPushButton(tr("Cancel"), this))
{
    setObjectName(QStringLiteral("jobProgressPanel"));
    m_label->setObjectName(QStringLiteral("jobProgressLabel"));
    m_label->setTextFormat(Qt::PlainText);
    m_bar->setObjectName(QStringLiteral("jobProgressBar"));
    m_bar->setMinimumWidth(220);
    m_bar->setTextVisible(true);
    m_cancel->setObjectName(QStringLiteral("jobCancelButton"));
    m_cancel->setToolTip(tr("Stop: nothing is written"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_bar, 2);
    layout->addWidget(m_cancel);
    m_timer.setInterval(kRefreshMs);
    connect(&m_timer, &QTimer::timeout, this, &JobProgressPanel::update);
    connect(m_cancel, &QPushButton::clicked, this, [this]() {
        if (!m_control)
            return;
        m_control->cancel();
        markCancelling();
        Q_EMIT cancelRequested();
    });
    hide();
}

void JobProgressPanel::markCancelling()
{
    if (!m_control)
        return;
    m_cancel->setEnabled(false);
    m_text = tr("Cancelling…");
    update();
}

void JobProgressPanel::start(std::shared_ptr<JobControl> control, const QString &text)
{
    m_control = std::move(control);
    m_text = text;
    m_cancel->setEnabled(true);
    m_bar->setRange(0, 0);
    update();
    show();
    m_timer.start();
}

void JobProgressPanel::finish()
{
    m_timer.stop();
    m_control.reset();
    hide();
}

void JobProgressPanel::update()
{
    if (!m_control)
        return;
    m_cancel->setEnabled(m_control->isCancellable() && !m_control->isCancelled());
    const QString phase = m_control->phase();
    m_label->setText(m_control->isCancelled() || phase.isEmpty() ? m_text : phase);
    const int total = m_control->total();
    if (total <= 0) {
        m_bar->setRange(0, 0); // busy: the total is not known yet
        return;
    }
    m_bar->setRange(0, total);
    m_bar->setValue(std::min(m_control->done(), total));
    m_bar->setFormat(tr("%v of %m"));
}

} // namespace recollector::ui
