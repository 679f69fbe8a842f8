#include "support/FlowLayout.h"

#include <QWidget>

#include <algorithm>

namespace recollector::ui {

FlowLayout::FlowLayout(QWidget *parent, int spacing) : QLayout(parent), m_spacing(spacing) {}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem *item = takeAt(0))
        delete item;
}

void FlowLayout::addItem(QLayoutItem *item) { m_items.append(item); }

QLayoutItem *FlowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

int FlowLayout::itemWidth(const QLayoutItem *item)
{
    return std::max(item->sizeHint().width(), item->minimumSize().width());
}

QSize FlowLayout::minimumSize() const
{
    QSize size;
    for (const QLayoutItem *item : m_items) {
        if (!item->isEmpty())
            size = size.expandedTo(QSize(itemWidth(item), item->sizeHint().height()));
    }
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // One row: what it takes not to wrap.
    int width = 0;
    int height = 0;
    for (const QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        width += (width > 0 ? m_spacing : 0) + itemWidth(item);
        height = std::max(height, item->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

void FlowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::arrange(const QRect &rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int right = area.x() + std::max(area.width(), 1);
    int y = area.y();
    int i = 0;
    const int n = int(m_items.size());
    while (i < n) {
        // Take as many items as fit in this row (at least one).
        QList<QLayoutItem *> row;
        int used = 0;
        int height = 0;
        int expanding = 0;
        for (; i < n; ++i) {
            QLayoutItem *item = m_items[i];
            if (item->isEmpty())
                continue;
            const int w = itemWidth(item) + (row.isEmpty() ? 0 : m_spacing);
            if (!row.isEmpty() && area.x() + used + w > right)
                break;
            row.append(item);
            used += w;
            height = std::max(height, item->sizeHint().height());
            if (item->widget() && (item->widget()->sizePolicy().horizontalPolicy() & QSizePolicy::ExpandFlag))
                ++expanding;
        }
        if (apply) {
            const int spare = std::max(0, area.width() - used);
            int x = area.x();
            for (QLayoutItem *item : std::as_const(row)) {
                int w = itemWidth(item);
                if (expanding > 0 && item->widget() && (item->widget()->sizePolicy().horizontalPolicy() & QSizePolicy::ExpandFlag))
                    w += spare / expanding;
                const int h = item->sizeHint().height();
                item->setGeometry(QRect(x, y + (height - h) / 2, w, h));
                x += w + m_spacing;
            }
        }
        if (!row.isEmpty())
            y += height + m_spacing;
    }
    const QMargins m = contentsMargins();
    return std::max(0, y - m_spacing - area.y()) + m.top() + m.bottom();
}

} // namespace recollector::ui
