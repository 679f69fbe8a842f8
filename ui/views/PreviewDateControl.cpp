#include "views/PreviewDateControl.h"

#include "StoreSession.h"
#include "views/ChartPalette.h"

#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace recollector::ui {

namespace {
QString previewText(core::Millis at)
{
    const QDateTime local = QDateTime::fromMSecsSinceEpoch(at, Qt::LocalTime);
    // Midnight previews read as a date; anything else needs the time to be honest.
    const QString when = local.time() == QTime(0, 0) ? local.toString(QStringLiteral("yyyy-MM-dd"))
                                                     : local.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    return PreviewDateControl::tr("Previewing %1").arg(when);
}
} // namespace

PreviewDateControl::PreviewDateControl(StoreSession *session, QWidget *parent)
    : QWidget(parent), m_session(session), m_edit(new QDateTimeEdit(this)), m_nowButton(new QPushButton(tr("Now"), this)),
      m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("previewDateControl"));
    m_edit->setObjectName(QStringLiteral("previewDateEdit"));
    m_nowButton->setObjectName(QStringLiteral("previewNowButton"));
    m_status->setObjectName(QStringLiteral("previewStatusLabel"));

    m_edit->setCalendarPopup(true);
    m_edit->setTimeSpec(Qt::LocalTime);
    m_edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    m_edit->setKeyboardTracking(false);
    m_edit->setToolTip(tr("Evaluate every score as of this date (preview at date)"));
    m_nowButton->setToolTip(tr("Back to the live clock"));
    m_status->setTextFormat(Qt::PlainText);
    QFont bold = m_status->font();
    bold.setBold(true);
    m_status->setFont(bold);

    auto *label = new QLabel(tr("Scores as of:"), this);
    label->setBuddy(m_edit);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->setSpacing(6);
    layout->addWidget(label);
    layout->addWidget(m_edit);
    layout->addWidget(m_nowButton);
    layout->addWidget(m_status);

    connect(m_edit, &QDateTimeEdit::dateTimeChanged, this, [this] {
        if (!m_syncing)
            applyEditedDate();
    });
    connect(m_nowButton, &QPushButton::clicked, this, &PreviewDateControl::resetToNow);
    if (session) {
        connect(session, &StoreSession::nowChanged, this, &PreviewDateControl::syncFromSession);
        connect(session, &StoreSession::opened, this, &PreviewDateControl::syncFromSession);
    }
    syncFromSession();
}

bool PreviewDateControl::isPreviewing() const { return m_session && m_session->isPreviewing(); }

QString PreviewDateControl::statusText() const { return isPreviewing() ? m_status->text() : QString(); }

void PreviewDateControl::previewAt(core::Millis at)
{
    if (m_session)
        m_session->setNow(at); // nowChanged → syncFromSession
    syncFromSession();
}

void PreviewDateControl::resetToNow() { previewAt(0); }

void PreviewDateControl::applyEditedDate()
{
    const core::Millis at = m_edit->dateTime().toMSecsSinceEpoch();
    if (!m_session || (m_session->isPreviewing() && m_session->previewAt() == at))
        return;
    previewAt(at);
}

void PreviewDateControl::syncFromSession()
{
    const bool previewing = isPreviewing();
    const core::Millis now = m_session ? m_session->now() : core::time::nowMs();
    m_syncing = true;
    // The live clock moves the edit along (to the minute) without turning preview on.
    if (previewing || !m_edit->hasFocus())
        m_edit->setDateTime(QDateTime::fromMSecsSinceEpoch(now, Qt::LocalTime));
    m_syncing = false;

    m_nowButton->setEnabled(previewing);
    m_status->setVisible(previewing);
    m_status->setText(previewing ? previewText(now) : QString());
    setAutoFillBackground(previewing);
    QPalette pal = palette();
    if (previewing) {
        pal.setColor(QPalette::Window, ChartPalette::previewBackground());
        pal.setColor(QPalette::WindowText, ChartPalette::previewText());
    } else {
        pal = QPalette();
    }
    setPalette(pal);
    setToolTip(previewing ? tr("Every score, tier and curve is computed as of the preview date. Press Now to go back.")
                          : QString());
}

} // namespace recollector::ui
