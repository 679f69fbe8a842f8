#include "SealController.h"

#include "StoreSession.h"
#include "dialogs/ChangePassphraseDialog.h"
#include "dialogs/PassphraseDialog.h"
#include "support/MessageBox.h"

#include "crypto/StoreKey.h"
#include "store/StoreSeal.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>

#include <algorithm>

namespace recollector::ui {

using namespace recollector::core;

SealController::SealController(StoreSession *session, QWidget *window)
    : QObject(window), m_session(session), m_window(window)
{
    m_idle.setSingleShot(true);
    m_idle.setObjectName(QStringLiteral("idleLockTimer"));
    setIdleLockMinutes(m_session->config().privacy.idleLockMinutes);
    connect(m_session, &StoreSession::configChanged, this,
            [this]() { setIdleLockMinutes(m_session->config().privacy.idleLockMinutes); });
    connect(m_session, &StoreSession::opened, this,
            [this]() { setIdleLockMinutes(m_session->config().privacy.idleLockMinutes); });
    connect(&m_idle, &QTimer::timeout, this, [this]() {
        if (m_session->store() && StoreSeal::isUnlocked(*m_session->store()))
            lock();
    });
    connect(m_session, &StoreSession::opened, this, &SealController::updateActions);
    connect(m_session, &StoreSession::aboutToClose, this, [this]() {
        // A store closed is locked: its key does not outlive the session.
        if (m_session->store())
            StoreSeal::lock(*m_session->store());
    });
    connect(m_session, &StoreSession::closed, this, &SealController::updateActions);
    qApp->installEventFilter(this);
}

void SealController::addFileActions(QMenu *menu)
{
    m_unlock = menu->addAction(tr("&Unlock…"), this, [this]() { unlock(); });
    m_unlock->setObjectName(QStringLiteral("unlockAction"));
    m_unlock->setStatusTip(tr("Enter the passphrase to read level-3 (encrypted) memories in this session"));
    m_lock = menu->addAction(tr("&Lock"), this, &SealController::lock);
    m_lock->setObjectName(QStringLiteral("lockAction"));
    m_lock->setStatusTip(tr("Forget the passphrase: level-3 memories show \"locked\" again"));
    m_change = menu->addAction(tr("Change &Passphrase…"), this, [this]() { changePassphrase(); });
    m_change->setObjectName(QStringLiteral("changePassphraseAction"));
    m_change->setStatusTip(tr("Seal every level-3 memory again with a new passphrase"));
    updateActions();
}

void SealController::addViewActions(QMenu *menu)
{
    m_privacy = menu->addAction(tr("&Privacy Mode"));
    m_privacy->setObjectName(QStringLiteral("privacyModeAction"));
    m_privacy->setCheckable(true);
    m_privacy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_privacy->setStatusTip(tr("Mask the text of sensitivity 2 and 3 memories in every view (for screen sharing)"));
    connect(m_privacy, &QAction::toggled, this, &SealController::setPrivacy);
}

void SealController::addStatus(QStatusBar *bar)
{
    m_privacyLabel = new QLabel(tr("Privacy mode: sensitive text hidden"), bar);
    m_privacyLabel->setObjectName(QStringLiteral("privacyModeLabel"));
    m_privacyLabel->setTextFormat(Qt::PlainText);
    m_privacyLabel->hide();
    bar->addPermanentWidget(m_privacyLabel);
}

void SealController::setPrivacy(bool on)
{
    if (m_privacyLabel)
        m_privacyLabel->setVisible(on);
    m_session->setPrivacyMode(on);
}

void SealController::updateActions()
{
    Store *store = m_session->store();
    const bool unlocked = store && StoreSeal::isUnlocked(*store);
    auto has = store ? StoreSeal::hasPassphrase(*store) : Result<bool>(false);
    if (m_unlock)
        m_unlock->setEnabled(store && has && *has && !unlocked);
    if (m_lock)
        m_lock->setEnabled(unlocked);
    if (m_change)
        m_change->setEnabled(store && has && *has && store->canSeal());
}

bool SealController::unlock()
{
    Store *store = m_session->store();
    if (!store)
        return false;
    auto has = StoreSeal::hasPassphrase(*store);
    if (!has || !*has) {
        MessageBox::inform(m_window, tr("Unlock"),
                           tr("This store has no passphrase yet: raising a memory to sensitivity 3 sets one."));
        return false;
    }
    auto passphrase = PassphraseDialog::ask(m_window, PassphraseDialog::Mode::Unlock, m_session->displayName());
    if (!passphrase)
        return false;
    const Status st = StoreSeal::unlock(*store, *passphrase);
    crypto::wipe(*passphrase);
    if (!st) {
        MessageBox::warn(m_window, tr("Unlock"), st.error().message);
        return false;
    }
    if (m_idle.interval() > 0)
        m_idle.start();
    updateActions();
    m_session->reload();
    return true;
}

void SealController::lock()
{
    if (Store *store = m_session->store())
        StoreSeal::lock(*store);
    m_idle.stop();
    updateActions();
    m_session->reload();
}

bool SealController::changePassphrase()
{
    Store *store = m_session->store();
    if (!store)
        return false;
    auto has = StoreSeal::hasPassphrase(*store);
    if (!has || !*has) {
        MessageBox::inform(m_window, tr("Change Passphrase"),
                           tr("This store has no passphrase yet: raising a memory to sensitivity 3 sets one."));
        return false;
    }
    auto params = StoreSeal::kdfParams(*store);
    if (!params) {
        MessageBox::warn(m_window, tr("Change Passphrase"), params.error().message);
        return false;
    }
    auto answer = ChangePassphraseDialog::ask(m_window, m_session->displayName());
    if (!answer)
        return false;
    Status st;
    {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        st = StoreSeal::changePassphrase(*store, answer->current, answer->next, *params);
        QApplication::restoreOverrideCursor();
    }
    crypto::wipe(answer->current);
    crypto::wipe(answer->next);
    if (!st) {
        MessageBox::warn(m_window, tr("Change Passphrase"), st.error().message);
        return false;
    }
    if (m_idle.interval() > 0)
        m_idle.start();
    updateActions();
    m_session->reload();
    return true;
}

bool SealController::readyToRaise()
{
    Store *store = m_session->store();
    if (!store)
        return false;
    if (!store->canSeal()) {
        MessageBox::warn(m_window, tr("Sensitivity 3"),
                         tr("This store keeps its memories in another program's plain files, which cannot hold "
                            "encrypted text. Use sensitivity 2 and View → Privacy Mode instead."));
        return false;
    }
    auto has = StoreSeal::hasPassphrase(*store);
    if (!has) {
        MessageBox::warn(m_window, tr("Sensitivity 3"), has.error().message);
        return false;
    }
    if (*has)
        return StoreSeal::isUnlocked(*store) || unlock();
    auto passphrase = PassphraseDialog::ask(m_window, PassphraseDialog::Mode::New, m_session->displayName());
    if (!passphrase)
        return false;
    const Status st = StoreSeal::setPassphrase(*store, *passphrase);
    crypto::wipe(*passphrase);
    if (!st) {
        MessageBox::warn(m_window, tr("Sensitivity 3"), st.error().message);
        return false;
    }
    if (m_idle.interval() > 0)
        m_idle.start();
    updateActions();
    return true;
}

void SealController::setIdleLockMinutes(int minutes)
{
    m_idle.setInterval(std::max(0, minutes) * 60 * 1000);
    if (minutes <= 0)
        m_idle.stop();
}

bool SealController::eventFilter(QObject *watched, QEvent *event)
{
    // Any key or click restarts the idle clock while the store is unlocked.
    if (m_idle.isActive() && (event->type() == QEvent::KeyPress || event->type() == QEvent::MouseButtonPress))
        m_idle.start();
    return QObject::eventFilter(watched, event);
}

} // namespace recollector::ui
