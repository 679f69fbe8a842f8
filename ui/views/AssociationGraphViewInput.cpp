// AssociationGraphView's input and view geometry: the mouse (select, drag a link, open), the
// wheel and keys (zoom, pan), fitting the scene, and the key's strip above the viewport. The
// scene itself (ego graph, overview, activation) is built in AssociationGraphView.cpp.
#include "views/AssociationGraphView.h"

#include "engine/graph/LinkTypes.h"
#include "views/GraphLegend.h"
#include "views/GraphNodeItem.h"
#include "views/GraphPalette.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QGraphicsLineItem>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace recollector::ui {

using namespace recollector::core;

namespace {

constexpr double kMinScale = 0.01;
constexpr double kMaxScale = 8;

} // namespace

GraphNodeItem *AssociationGraphView::nodeAt(const QPoint &viewPos) const
{
    for (QGraphicsItem *item : items(viewPos)) {
        if (auto *node = qgraphicsitem_cast<GraphNodeItem *>(item))
            return node;
    }
    return nullptr;
}

void AssociationGraphView::mousePressEvent(QMouseEvent *event)
{
    GraphNodeItem *node = event->button() == Qt::LeftButton ? nodeAt(event->pos()) : nullptr;
    if (node && (event->modifiers() & Qt::ShiftModifier)) {
        m_linkFrom = node;
        m_linkLine = m_scene->addLine(QLineF(node->pos(), node->pos()),
                                      QPen(GraphPalette::linkType(links::Manual), 2.5, Qt::DashLine, Qt::RoundCap));
        m_linkLine->setZValue(5);
        event->accept();
        return;
    }
    if (node) {
        m_pressed = node;
        m_pressPos = event->pos();
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void AssociationGraphView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_linkFrom && m_linkLine) {
        m_linkLine->setLine(QLineF(m_linkFrom->pos(), mapToScene(event->pos())));
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void AssociationGraphView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_linkFrom) {
        const QString from = m_linkFrom->memoryId();
        GraphNodeItem *target = nodeAt(event->pos());
        delete m_linkLine;
        m_linkLine = nullptr;
        m_linkFrom = nullptr;
        event->accept();
        if (target && target->memoryId() != from)
            requestLink(from, target->memoryId()); // may rebuild the scene: nothing after this
        return;
    }
    if (m_pressed) {
        GraphNodeItem *pressed = m_pressed;
        m_pressed = nullptr;
        event->accept();
        if (nodeAt(event->pos()) == pressed
            && (event->pos() - m_pressPos).manhattanLength() < QApplication::startDragDistance())
            Q_EMIT memoryActivated(pressed->memoryId());
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void AssociationGraphView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (GraphNodeItem *node = nodeAt(event->pos())) {
        const QString id = node->memoryId();
        event->accept();
        Q_EMIT memoryActivated(id);
        setCenter(id);
        return;
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void AssociationGraphView::contextMenuEvent(QContextMenuEvent *event)
{
    GraphNodeItem *node = nodeAt(event->pos());
    QMenu menu(this);
    if (node) {
        const QString id = node->memoryId();
        menu.addAction(tr("Select in Table"), this, [this, id] { Q_EMIT memoryActivated(id); });
        menu.addAction(tr("Show Its Associations"), this, [this, id] { setCenter(id); });
        if (m_mode == Mode::Ego && id != m_centre) {
            const QString centre = m_centre;
            menu.addAction(tr("Link to the Centre Memory"), this, [this, id, centre] { requestLink(centre, id); });
        }
        menu.addSeparator();
    }
    for (QAction *action : graphActions())
        menu.addAction(action);
    menu.exec(event->globalPos());
}

void AssociationGraphView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    scaleBy(std::pow(1.2, steps));
    event->accept();
}

void AssociationGraphView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal) {
        zoomIn();
        return;
    }
    if (event->key() == Qt::Key_Minus) {
        zoomOut();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void AssociationGraphView::scaleBy(double factor)
{
    const double current = transform().m11();
    const double target = std::clamp(current * factor, kMinScale, kMaxScale);
    m_fitted = false;
    if (current > 0)
        scale(target / current, target / current);
    updateLabelZoom();
}

void AssociationGraphView::zoomIn()
{
    scaleBy(1.25);
}

void AssociationGraphView::zoomOut()
{
    scaleBy(1 / 1.25);
}

void AssociationGraphView::fitToView()
{
    QRectF bounds = m_scene->itemsBoundingRect();
    if (bounds.isEmpty())
        return;
    if (m_mode == Mode::Ego) {
        // The selected memory sits at the origin: fit a box centred on it, so it is shown in
        // the middle even when its neighbours all lie to one side.
        bounds |= QRectF(-bounds.bottomRight(), -bounds.topLeft());
    }
    bounds.adjust(-20, -20, 20, 20);
    fitInView(bounds, Qt::KeepAspectRatio);
    m_fitted = true;
    // Never blow a small graph up past 1:1 (labels would look oversized).
    if (transform().m11() > 1.0)
        setTransform(QTransform());
    centerOn(bounds.center());
    updateLabelZoom();
    if (m_mode == Mode::Ego && !m_refitting) {
        // Labels are sized for the zoom, so the fitted bounds change with it: fit once more.
        m_refitting = true;
        fitToView();
        m_refitting = false;
    }
}

void AssociationGraphView::resizeEvent(QResizeEvent *event)
{
    placeLegend();
    QGraphicsView::resizeEvent(event);
    if (m_fitted)
        fitToView();
}

void AssociationGraphView::placeLegend()
{
    // The key takes a strip above the viewport instead of floating over it, so it never
    // covers a node or a label, at any width.
    const int frame = frameWidth();
    const int width = this->width() - 2 * frame;
    const int height = m_legend->heightForWidth(width);
    if (viewportMargins().top() != height)
        setViewportMargins(0, height, 0, 0);
    m_legend->setGeometry(frame, frame, width, height);
}

void AssociationGraphView::drawBackground(QPainter *painter, const QRectF &rect)
{
    painter->fillRect(rect, GraphPalette::background());
}

} // namespace recollector::ui
