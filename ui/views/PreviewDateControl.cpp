#include "views/PreviewDateControl.h"

#include "StoreSession.h"

#include <QDateTimeEdit>
#include <QLabel>
#include <QPushButton>

namespace recollector::ui {

PreviewDateControl::PreviewDateControl(StoreSession *session, QWidget *parent)
    : AsOfDateControl(parent), m_session(session)
{
    setObjectName(QStringLiteral("previewDateControl"));
    m_edit->setObjectName(QStringLiteral("previewDateEdit"));
    m_nowButton->setObjectName(QStringLiteral("previewNowButton"));
    m_status->setObjectName(QStringLiteral("previewStatusLabel"));
    m_label->setText(tr("Scores as of:"));
    m_nowButton->setText(tr("Now"));
    m_edit->setToolTip(tr("Evaluate every score as of this date (preview at date)"));
    m_nowButton->setToolTip(tr("Back to the live clock"));
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

void PreviewDateControl::nowPressed() { resetToNow(); }

void PreviewDateControl::dateEdited(core::Millis at)
{
    if (!m_session || (m_session->isPreviewing() && m_session->previewAt() == at))
        return;
    previewAt(at);
}

void PreviewDateControl::syncFromSession()
{
    const bool previewing = isPreviewing();
    const core::Millis now = m_session ? m_session->now() : core::time::nowMs();
    // The live clock moves the edit along (to the minute) without turning preview on.
    showState(previewing, now, tr("Previewing %1").arg(dayOrMinute(now)));
    setToolTip(previewing ? tr("Every score, tier and curve is computed as of the preview date. Press Now to go back.")
                          : QString());
}

} // namespace recollector::ui
