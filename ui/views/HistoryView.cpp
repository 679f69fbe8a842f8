#include "views/HistoryView.h"

#include "models/HistoryModel.h"
#include "views/HistoryItemDelegate.h"

#include <QResizeEvent>

namespace recollector::ui {

HistoryView::HistoryView(QWidget *parent) : QListView(parent), m_model(new HistoryModel(this))
{
    setObjectName(QStringLiteral("historyView"));
    setModel(m_model);
    setItemDelegate(new HistoryItemDelegate(this));
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setUniformItemSizes(false);
    setWordWrap(true);
    setMouseTracking(true); // tooltips with the full before → after text
}

void HistoryView::setEvents(std::vector<core::Event> eventsOldestFirst, core::Millis now)
{
    m_model->setEvents(std::move(eventsOldestFirst), now);
}

void HistoryView::setNow(core::Millis now) { m_model->setNow(now); }

void HistoryView::clear() { m_model->clear(); }

void HistoryView::resizeEvent(QResizeEvent *event)
{
    QListView::resizeEvent(event);
    // Card heights depend on the width (the title wraps): ask the view to measure again.
    if (event->size().width() != event->oldSize().width())
        scheduleDelayedItemsLayout();
}

} // namespace recollector::ui
