#include "views/GraphSelectionMarker.h"

#include "views/GraphPalette.h"

#include <QPainter>

namespace recollector::ui {

GraphSelectionMarker::GraphSelectionMarker(QGraphicsItem *parent) : QGraphicsItem(parent)
{
    setFlag(ItemIgnoresTransformations);
    setAcceptedMouseButtons(Qt::NoButton);
    setZValue(50); // above the 10,000 dots and their links
}

QRectF GraphSelectionMarker::boundingRect() const
{
    const double r = kRadius + 4;
    return QRectF(-r, -r, 2 * r, 2 * r);
}

void GraphSelectionMarker::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setBrush(Qt::NoBrush);
    // A light halo under a dark ring reads on dense dots and on the pale background alike.
    painter->setPen(QPen(QColor(255, 255, 255, 230), 6));
    painter->drawEllipse(QPointF(0, 0), kRadius, kRadius);
    painter->setPen(QPen(GraphPalette::centreRing(), 2.5));
    painter->drawEllipse(QPointF(0, 0), kRadius, kRadius);
}

} // namespace recollector::ui
