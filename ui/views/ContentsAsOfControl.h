#pragma once

#include "model/Time.h"

#include <QPointer>
#include <QWidget>

class QDateTimeEdit;
class QLabel;
class QPushButton;

namespace recollector::ui {

class StoreSession;

/// "Contents as of" (docs/scoring.md#contents-as-of), beside "Scores as of": a date-time edit
/// that shows the memories and their texts as they were at that instant, rebuilt from the
/// events, and a "Now" button back to the store as it is. Like the scores' control it turns
/// amber while in force, and the instant changes when the user presses Enter, leaves the
/// field, steps with the arrows or picks a day, not at every digit typed.
class ContentsAsOfControl final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ContentsAsOfControl)

public:
    explicit ContentsAsOfControl(StoreSession *session, QWidget *parent = nullptr);

    /// The text of the status badge ("As of 2026-05-01", "Rebuilding…"); empty at now.
    QString statusText() const;

public Q_SLOTS:
    /// Shows the contents at `at` (UTC ms); 0, or an instant not in the past, = now.
    void showAt(core::Millis at);
    void showNow();

private:
    void applyEditedDate();
    void syncFromSession();

    QPointer<StoreSession> m_session;
    QDateTimeEdit *m_edit;
    QPushButton *m_nowButton;
    QLabel *m_status;
    bool m_syncing = false;
};

} // namespace recollector::ui
