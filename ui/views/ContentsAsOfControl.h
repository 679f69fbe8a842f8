#pragma once

#include "model/Time.h"

#include "views/AsOfDateControl.h"

#include <QPointer>

namespace recollector::ui {

class StoreSession;

/// "Contents as of" (docs/scoring.md#contents-as-of), beside "Scores as of": a date-time edit
/// that shows the memories and their texts as they were at that instant, rebuilt from the
/// events, and a "Now" button back to the store as it is; amber while in force.
class ContentsAsOfControl final : public AsOfDateControl
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
    void dateEdited(core::Millis at) override;
    void nowPressed() override;
    void syncFromSession();

    QPointer<StoreSession> m_session;
};

} // namespace recollector::ui
