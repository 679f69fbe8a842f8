#include "views/ContentsAsOfControl.h"

#include "StoreSession.h"

#include <QDateTimeEdit>
#include <QLabel>
#include <QPushButton>

namespace recollector::ui {

ContentsAsOfControl::ContentsAsOfControl(StoreSession *session, QWidget *parent)
    : AsOfDateControl(parent), m_session(session)
{
    setObjectName(QStringLiteral("contentsAsOfControl"));
    m_edit->setObjectName(QStringLiteral("contentsAsOfEdit"));
    m_nowButton->setObjectName(QStringLiteral("contentsNowButton"));
    m_status->setObjectName(QStringLiteral("contentsStatusLabel"));
    m_label->setText(tr("Contents as of:"));
    m_nowButton->setText(tr("Now"));
    m_edit->setToolTip(tr("Show the memories and their texts as they were at this date, rebuilt from their history. "
                          "Nothing can be changed meanwhile."));
    m_nowButton->setToolTip(tr("Back to the memories as they are now"));
    if (session) {
        connect(session, &StoreSession::contentsAtChanged, this, &ContentsAsOfControl::syncFromSession);
        connect(session, &StoreSession::opened, this, &ContentsAsOfControl::syncFromSession);
        connect(session, &StoreSession::nowChanged, this, &ContentsAsOfControl::syncFromSession);
    }
    syncFromSession();
}

QString ContentsAsOfControl::statusText() const
{
    return m_session && m_session->isShowingPast() ? m_status->text() : QString();
}

void ContentsAsOfControl::showAt(core::Millis at)
{
    if (m_session)
        m_session->setContentsAt(at >= core::time::nowMs() ? 0 : at); // contentsAtChanged → syncFromSession
    syncFromSession();
}

void ContentsAsOfControl::showNow() { showAt(0); }

void ContentsAsOfControl::nowPressed() { showNow(); }

void ContentsAsOfControl::dateEdited(core::Millis at)
{
    if (!m_session || m_session->contentsAt() == at)
        return;
    showAt(at);
}

void ContentsAsOfControl::syncFromSession()
{
    const bool past = m_session && m_session->isShowingPast();
    // At now the edit moves along with the clock (to the minute) without going back in time.
    const core::Millis shown = past ? m_session->contentsAt() : core::time::nowMs();
    const QString badge = !past                        ? QString()
        : m_session->isRebuildingPast()                ? tr("Rebuilding…")
                                                       : tr("As of %1").arg(dayOrMinute(shown));
    showState(past, shown, badge);
}

} // namespace recollector::ui
