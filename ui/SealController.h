#pragma once

#include <QObject>
#include <QTimer>

class QAction;
class QLabel;
class QMenu;
class QStatusBar;
class QWidget;

namespace recollector::ui {

class StoreSession;

/// The window's side of level-3 encryption and privacy mode (docs/formats.md, "Encryption at
/// rest"): File → Unlock… / Lock, the lock after an idle time, the new passphrase asked twice
/// before a first raise to level 3, and View → Privacy Mode (level ≥ 2 text masked in the
/// views, said in the status bar). Owned by the main window.
class SealController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SealController)

public:

    SealController(StoreSession *session, QWidget *window);

    void addFileActions(QMenu *menu);
    void addViewActions(QMenu *menu);
    void addStatus(QStatusBar *bar);

    /// Asks for the passphrase and unlocks for the session; false when cancelled or wrong
    /// (a wrong one is said in one line).
    bool unlock();
    void lock();
    /// File → Change Passphrase…: the current passphrase and the new one (twice); every
    /// sealed memory and event re-sealed in one transaction, at the store's Argon2id cost. A
    /// wrong current passphrase is one line and changes nothing. True when changed; the store
    /// is then unlocked with the new key.
    bool changePassphrase();
    /// Before a raise to level 3: sets a first passphrase (asked twice) or unlocks; false
    /// when the user cancelled or it failed (the raise must not go on).
    bool readyToRaise();
    /// 0 turns the idle lock off.
    void setIdleLockMinutes(int minutes);
    /// The idle time after which the store locks again, in ms (0: never).
    int idleLockMilliseconds() const { return m_idle.interval(); }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateActions();
    void setPrivacy(bool on);

    StoreSession *m_session;
    QWidget *m_window;
    QAction *m_unlock = nullptr;
    QAction *m_lock = nullptr;
    QAction *m_change = nullptr;
    QAction *m_privacy = nullptr;
    QLabel *m_privacyLabel = nullptr;
    QTimer m_idle;
};

} // namespace recollector::ui
