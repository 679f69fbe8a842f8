#include "ChangesInbox.h"

#include "StoreSession.h"
#include "commands/ApprovalModeCommand.h"
#include "dialogs/ChangesDialog.h"
#include "engine/decisions/Proposals.h"
#include "engine/review/ChangeList.h"
#include "engine/review/ReviewPoint.h"
#include "text/CountText.h"

#include <QAction>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QMainWindow>
#include <QStatusBar>
#include <QUndoStack>

#include <algorithm>

namespace recollector::ui {

using namespace recollector::core;

ChangesInbox::ChangesInbox(StoreSession *session, QUndoStack *undoStack, QMainWindow *window)
    : QObject(window), m_session(session), m_undo(undoStack), m_window(window)
{
    m_action = new QAction(tr("C&hanges…"), this);
    m_action->setObjectName(QStringLiteral("changesAction"));
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    m_action->setStatusTip(tr("What changed since your last review, by the assistant, imports and you: accept or reject each"));
    m_action->setEnabled(false);
    connect(m_action, &QAction::triggered, this, &ChangesInbox::open);

    m_approval = new QAction(tr("&Approve the Assistant's Changes First"), this);
    m_approval->setObjectName(QStringLiteral("approvalAction"));
    m_approval->setCheckable(true);
    m_approval->setEnabled(false);
    m_approval->setStatusTip(tr("What the assistant adds, forgets or reinforces waits in Changes until you accept it; "
                                "until then it is not recalled nor written to its files"));
    connect(m_approval, &QAction::triggered, this, [this](bool on) {
        // The check mark follows the store, not the click: a refused switch leaves it as it was.
        m_approval->setChecked(!on);
        m_undo->push(new ApprovalModeCommand(m_session, on, [this]() { readApproval(); }, [this](const QString &message) {
            if (m_errorSink)
                m_errorSink(message);
        }));
    });

    m_label = new QLabel(window);
    m_label->setObjectName(QStringLiteral("changesStatusLabel"));
    m_label->setTextFormat(Qt::RichText); // our own number in a link to the inbox
    m_label->setToolTip(tr("Open the list of changes"));
    m_label->hide();
    connect(m_label, &QLabel::linkActivated, this, [this]() { open(); });
    window->statusBar()->addPermanentWidget(m_label);

    m_soon.setSingleShot(true);
    m_soon.setInterval(countDelayMs(0));
    connect(&m_soon, &QTimer::timeout, this, &ChangesInbox::countNow);
    connect(m_session, &StoreSession::reloaded, this, &ChangesInbox::countSoon);
    connect(m_session, &StoreSession::memoriesChanged, this, &ChangesInbox::countSoon);
    connect(m_session, &StoreSession::profileChanged, this, &ChangesInbox::countSoon);
    connect(m_undo, &QUndoStack::indexChanged, this, &ChangesInbox::countSoon);
    connect(m_session, &StoreSession::opened, this, [this]() {
        m_action->setEnabled(true);
        m_approval->setEnabled(true);
        readApproval();
        m_soon.setInterval(countDelayMs(0));
        countSoon();
    });
    // Accept and Reject change the store: not while "Contents as of" shows the past.
    connect(m_session, &StoreSession::contentsAtChanged, this,
            [this]() { m_action->setEnabled(m_session->isOpen() && !m_session->isShowingPast()); });
    connect(m_session, &StoreSession::aboutToClose, this, [this]() {
        m_action->setEnabled(false);
        m_approval->setEnabled(false);
        m_approval->setChecked(false);
        m_soon.stop();
        m_label->hide();
        m_count = -1;
        if (m_dialog)
            m_dialog->close();
    });
}

ChangesDialog *ChangesInbox::dialog() const { return m_dialog; }

int ChangesInbox::countDelayMs(qint64 lastCountMs)
{
    return int(std::clamp<qint64>(10 * lastCountMs, 250, 5000));
}

void ChangesInbox::countSoon()
{
    if (!m_soon.isActive())
        m_soon.start();
}

void ChangesInbox::countNow()
{
    QElapsedTimer took;
    took.start();
    updateCount();
    m_soon.setInterval(countDelayMs(took.elapsed()));
}

void ChangesInbox::readApproval()
{
    if (Store *store = m_session->store()) {
        auto on = Proposals::approvalOn(*store);
        m_approval->setChecked(on && *on);
    }
}

void ChangesInbox::open()
{
    if (!m_session->store())
        return;
    if (!m_dialog) {
        m_dialog = new ChangesDialog(m_session, m_undo, m_window);
        m_dialog->setObjectName(QStringLiteral("changesDialog"));
        m_dialog->setAttribute(Qt::WA_DeleteOnClose);
        m_dialog->setErrorSink([this](const QString &message) {
            if (m_errorSink)
                m_errorSink(message);
        });
        connect(m_dialog, &ChangesDialog::memoryActivated, this, &ChangesInbox::memoryActivated);
    } else {
        m_dialog->reload();
    }
    m_dialog->show();
    m_dialog->raise();
    m_dialog->activateWindow();
}

void ChangesInbox::updateCount()
{
    Store *store = m_session->store();
    if (!store)
        return;
    readApproval(); // another writer may have switched it
    auto review = ReviewPoint::read(*store, ReviewPoint::currentUser());
    m_count = -1;
    QString text;
    if (review && review->isSet()) {
        ChangeQuery query;
        query.now = m_session->now();
        query.range.afterEventId = review->throughEventId;
        query.tiersFrom = review->reviewedAt;
        query.review = &*review;
        if (auto rows = ChangeList::count(*store, query, &m_session->snapshot(), &m_session->profile())) {
            m_count = int(*rows);
            text = countText("ChangesInbox",
                QT_TRANSLATE_NOOP("ChangesInbox", "1 change since your last review"),
                QT_TRANSLATE_NOOP("ChangesInbox", "%1 changes since your last review"), m_count);
        }
    } else if (review) {
        if (auto n = ChangeList::countSince(*store, 0, kCountCap)) {
            m_count = int(*n);
            text = m_count >= kCountCap
                ? tr("More than %1 changes not reviewed yet").arg(QLocale().toString(kCountCap))
                : countText("ChangesInbox", QT_TRANSLATE_NOOP("ChangesInbox", "1 change not reviewed yet"),
                    QT_TRANSLATE_NOOP("ChangesInbox", "%1 changes not reviewed yet"), m_count);
        }
    }
    // The assistant's proposals wait for an answer whatever the review point (approval mode).
    auto pending = Proposals::pending(*store);
    m_proposals = pending ? int(pending->size()) : 0;
    if (m_proposals > 0) {
        const QString waiting = countText("ChangesInbox",
            QT_TRANSLATE_NOOP("ChangesInbox", "1 proposal waits for your approval"),
            QT_TRANSLATE_NOOP("ChangesInbox", "%1 proposals wait for your approval"), m_proposals);
        text = m_count > 0 ? tr("%1 · %2").arg(waiting, text) : waiting;
    }
    if (m_count <= 0 && m_proposals == 0) {
        m_label->hide();
        return;
    }
    m_label->setText(QStringLiteral("<a href=\"changes\">%1</a>").arg(text.toHtmlEscaped()));
    m_label->show();
}

} // namespace recollector::ui
