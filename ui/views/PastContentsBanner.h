#pragma once

#include <QFrame>
#include <QPointer>

class QLabel;
class QPushButton;

namespace recollector::ui {

class StoreSession;

/// The strip above the table while "Contents as of" is in force
/// (docs/scoring.md#contents-as-of): "Showing the memories as they were on …; editing is
/// off", what the history could not rebuild exactly, and a way back to now. Hidden otherwise.
class PastContentsBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PastContentsBanner)

public:
    explicit PastContentsBanner(StoreSession *session, QWidget *parent = nullptr);

    QString text() const;

private:
    void sync();

    QPointer<StoreSession> m_session;
    QLabel *m_text;
    QPushButton *m_back;
};

} // namespace recollector::ui
