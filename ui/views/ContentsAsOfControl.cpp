#include "views/ContentsAsOfControl.h"

#include "StoreSession.h"
#include "views/ChartPalette.h"

#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace recollector::ui {

namespace {
QString shortWhen(core::Millis at)
{
    const QDateTime local = QDateTime::fromMSecsSinceEpoch(at, Qt::LocalTime);
    return local.time() == QTime(0, 0) ? local.toString(QStringLiteral("yyyy-MM-dd"))
                                       : local.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}
} // namespace

ContentsAsOfControl::ContentsAsOfControl(StoreSession *session, QWidget *parent)
    : QWidget(parent), m_session(session), m_edit(new QDateTimeEdit(this)), m_nowButton(new QPushButton(tr("Now"), this)),
      m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("contentsAsOfControl"));
    m_edit->setObjectName(QStringLiteral("contentsAsOfEdit"));
    m_nowButton->setObjectName(QStringLiteral("contentsNowButton"));
    m_status->setObjectName(QStringLiteral("contentsStatusLabel"));

    m_edit->setCalendarPopup(true);
    m_edit->setTimeSpec(Qt::LocalTime);
    m_edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    m_edit->setKeyboardTracking(false);
    m_edit->setToolTip(tr("Show the memories and their texts as they were at this date, rebuilt from their history. "
                          "Nothing can be changed meanwhile."));
    m_nowButton->setToolTip(tr("Back to the memories as they are now"));
    m_status->setTextFormat(Qt::PlainText);
    QFont bold = m_status->font();
    bold.setBold(true);
    m_status->setFont(bold);

    auto *label = new QLabel(tr("Contents as of:"), this);
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
    connect(m_nowButton, &QPushButton::clicked, this, &ContentsAsOfControl::showNow);
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

void ContentsAsOfControl::applyEditedDate()
{
    const core::Millis at = m_edit->dateTime().toMSecsSinceEpoch();
    if (!m_session || m_session->contentsAt() == at)
        return;
    showAt(at);
}

void ContentsAsOfControl::syncFromSession()
{
    const bool past = m_session && m_session->isShowingPast();
    m_syncing = true;
    // At now the edit moves along with the clock (to the minute) without going back in time.
    if (past || !m_edit->hasFocus())
        m_edit->setDateTime(QDateTime::fromMSecsSinceEpoch(past ? m_session->contentsAt() : core::time::nowMs(), Qt::LocalTime));
    m_syncing = false;

    m_nowButton->setEnabled(past);
    m_status->setVisible(past);
    if (past)
        m_status->setText(m_session->isRebuildingPast() ? tr("Rebuilding…") : tr("As of %1").arg(shortWhen(m_session->contentsAt())));
    else
        m_status->clear();
    setAutoFillBackground(past);
    QPalette pal;
    if (past) {
        pal = palette();
        pal.setColor(QPalette::Window, ChartPalette::previewBackground());
        pal.setColor(QPalette::WindowText, ChartPalette::previewText());
    }
    setPalette(pal);
}

} // namespace recollector::ui
