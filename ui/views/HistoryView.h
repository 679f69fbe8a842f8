#pragma once

#include "model/Event.h"

#include <QListView>

#include <vector>

namespace recollector::ui {

class HistoryModel;

/// A memory's history, newest first, one card per event (see HistoryItemDelegate).
/// Owns its HistoryModel; the detail panel feeds it the events of the shown memory.
class HistoryView final : public QListView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryView)

public:
    explicit HistoryView(QWidget *parent = nullptr);

    void setEvents(std::vector<core::Event> eventsOldestFirst, core::Millis now);
    void setNow(core::Millis now);
    void clear();

    HistoryModel *historyModel() const { return m_model; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    HistoryModel *m_model;
};

} // namespace recollector::ui
