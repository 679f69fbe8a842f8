#include "views/GraphEdgeItem.h"

#include "views/GraphPalette.h"

#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

namespace recollector::ui {

namespace {
constexpr double kUnderlay = 7; ///< extra width of the activation underlay
}

GraphEdgeItem::GraphEdgeItem(const QLineF &line, double weight, std::uint8_t type, QGraphicsItem *parent)
    : QGraphicsItem(parent), m_line(line), m_weight(weight), m_type(type)
{
    setZValue(0);
}

void GraphEdgeItem::setHighlighted(bool highlighted)
{
    if (m_highlighted == highlighted)
        return;
    m_highlighted = highlighted;
    setZValue(highlighted ? 1 : 0);
    update();
}

void GraphEdgeItem::setDimmed(bool dimmed)
{
    if (m_dimmed == dimmed)
        return;
    m_dimmed = dimmed;
    update();
}

QRectF GraphEdgeItem::boundingRect() const
{
    const double pad = (GraphPalette::linkWidth(m_weight) + kUnderlay) / 2 + 1;
    return QRectF(m_line.p1(), m_line.p2()).normalized().adjusted(-pad, -pad, pad, pad);
}

QPainterPath GraphEdgeItem::shape() const
{
    QPainterPath path(m_line.p1());
    path.lineTo(m_line.p2());
    QPainterPathStroker stroker;
    stroker.setWidth(GraphPalette::linkWidth(m_weight) + 4);
    return stroker.createStroke(path);
}

void GraphEdgeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->setRenderHint(QPainter::Antialiasing, lod > 0.3);
    const double width = GraphPalette::linkWidth(m_weight);
    if (m_highlighted) {
        QColor under = GraphPalette::activation();
        under.setAlpha(170);
        painter->setPen(QPen(under, width + kUnderlay, Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(m_line);
    }
    QColor color = GraphPalette::linkType(m_type);
    color.setAlpha(m_dimmed ? 60 : 200);
    painter->setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap));
    painter->drawLine(m_line);
}

} // namespace recollector::ui
