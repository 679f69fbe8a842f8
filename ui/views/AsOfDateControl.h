#pragma once

#include "model/Time.h"

#include <QWidget>

class QDateTimeEdit;
class QLabel;
class QPushButton;

namespace recollector::ui {

/// What "Scores as of" (PreviewDateControl) and "Contents as of" (ContentsAsOfControl) share:
/// a label, a date-time edit, a "Now" button and a status badge in a row, amber while a past
/// instant is in force. The edit does not track keystrokes: the instant changes when the user
/// presses Enter, leaves the field, steps with the arrows or picks a day, so the store is not
/// re-scored or rebuilt for every digit typed.
class AsOfDateControl : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AsOfDateControl)

protected:
    explicit AsOfDateControl(QWidget *parent);

    /// A date as the badge says it: the day alone at midnight, else the day and the minute.
    static QString dayOrMinute(core::Millis at);

    /// The row as it should be: `inForce` a past instant (amber, Now enabled, the badge shown
    /// with `badge`), the edit at `shown`. When not in force the edit follows `shown` (the clock)
    /// only while the user is not typing in it.
    void showState(bool inForce, core::Millis shown, const QString &badge);

    /// The user set the edit to `at` (UTC ms).
    virtual void dateEdited(core::Millis at) = 0;
    /// The user pressed Now.
    virtual void nowPressed() = 0;

    QLabel *m_label;
    QDateTimeEdit *m_edit;
    QPushButton *m_nowButton;
    QLabel *m_status;

private:
    bool m_syncing = false;
};

} // namespace recollector::ui
