#pragma once

#include "model/Time.h"

#include "views/AsOfDateControl.h"

#include <QPointer>

namespace recollector::ui {

class StoreSession;

/// "Preview at date" (docs/architecture.md, "The window"): a date-time edit that sets the
/// instant the session evaluates every score at, and a "Now" button that goes back to the live
/// clock. While a preview date is in force the control turns amber and says "Previewing
/// 2027-03-01", so nobody mistakes previewed scores for today's.
class PreviewDateControl final : public AsOfDateControl
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PreviewDateControl)

public:
    explicit PreviewDateControl(StoreSession *session, QWidget *parent = nullptr);

    bool isPreviewing() const;
    /// The text of the status badge ("Previewing 2027-03-01"); empty when live.
    QString statusText() const;

public Q_SLOTS:
    /// Previews at `at` (UTC ms); 0 = live.
    void previewAt(core::Millis at);
    /// Back to the live clock.
    void resetToNow();

private:
    void dateEdited(core::Millis at) override;
    void nowPressed() override;
    void syncFromSession();

    QPointer<StoreSession> m_session;
};

} // namespace recollector::ui
