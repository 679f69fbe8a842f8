#include "views/GraphOverviewEdgesItem.h"

#include "views/GraphPalette.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace recollector::ui {

GraphOverviewEdgesItem::GraphOverviewEdgesItem(QGraphicsItem *parent) : QGraphicsItem(parent)
{
    setFlag(ItemUsesExtendedStyleOption); // exposedRect: paint only what is on screen
    setZValue(0);
}

void GraphOverviewEdgesItem::addLine(const QLineF &line, std::uint8_t type)
{
    prepareGeometryChange();
    m_lines[std::min<std::size_t>(type, kTypes - 1)].push_back(line);
    m_bounds |= QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1);
}

std::size_t GraphOverviewEdgesItem::lineCount() const
{
    std::size_t n = 0;
    for (const auto &lines : m_lines)
        n += lines.size();
    return n;
}

void GraphOverviewEdgesItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF exposed = option->exposedRect;
    painter->setRenderHint(QPainter::Antialiasing, lod > 0.8);
    for (int type = 0; type < kTypes; ++type) {
        m_visible.clear();
        for (const QLineF &l : m_lines[std::size_t(type)]) {
            const double minX = std::min(l.x1(), l.x2()), maxX = std::max(l.x1(), l.x2());
            const double minY = std::min(l.y1(), l.y2()), maxY = std::max(l.y1(), l.y2());
            if (maxX >= exposed.left() && minX <= exposed.right() && maxY >= exposed.top() && minY <= exposed.bottom())
                m_visible.push_back(l);
        }
        if (m_visible.empty())
            continue;
        QColor color = GraphPalette::linkType(std::uint8_t(type));
        color.setAlpha(lod < 0.5 ? 40 : lod < 1.5 ? 90 : 150); // a haze far out, lines close up
        QPen pen(color, 0); // cosmetic: one pixel at any zoom
        painter->setPen(pen);
        painter->drawLines(m_visible.data(), int(m_visible.size()));
    }
}

} // namespace recollector::ui
