#pragma once

#include "engine/graph/EgoGraph.h"
#include "views/GraphActivation.h"
#include "views/GraphOverviewJob.h"

#include <QFutureWatcher>
#include <QGraphicsView>
#include <QHash>
#include <QPointer>

#include <atomic>
#include <memory>
#include <vector>

class QAction;
class QGraphicsLineItem;
class QGraphicsSimpleTextItem;
class QUndoStack;

namespace recollector::ui {

class GraphActivationOverlay;
class GraphEdgeItem;
class GraphLegend;
class GraphNodeItem;
class GraphOverviewEdgesItem;
class GraphSelectionMarker;
class StoreSession;

/// The association graph (docs/architecture.md, "The window"). Two modes:
///  - ego: the selected memory and its neighbourhood to depth 2 (core::EgoGraph, laid out
///    by core::GraphLayout::ego): link width by weight, colour by type (legend), nodes in
///    the table's tier colours with elided labels and the whole content in the tooltip;
///    spreading activation from the centre shown as halos and highlighted paths (animated);
///  - overview: every memory of the store (up to GraphOverviewJob::kDefaultMaxNodes), laid
///    out by core::GraphLayout::overview on a worker thread; level of detail keeps 10,000
///    nodes interactive (dots and one batched links item when zoomed out, labels only
///    close up); zooming and panning never lay out again.
/// Clicking a node emits memoryActivated(id); double-click re-centres on it. Wheel and
/// +/- zoom, dragging the background pans, fitToView() shows everything. Shift-drag from a
/// node onto another (or the node's context menu) links the two: with an undo stack set
/// the view pushes DecisionCommand::link onto it, else it emits linkRequested(a, b).
/// Follows the session: re-reads the graph when memories around it change or the store
/// reloads, recolours tiers when the profile or the evaluation instant changes.
class AssociationGraphView final : public QGraphicsView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AssociationGraphView)

public:
    enum class Mode { Empty, Ego, Overview };
    static constexpr int kDepth = 2;

    explicit AssociationGraphView(StoreSession *session, QWidget *parent = nullptr);
    ~AssociationGraphView() override;

    Mode mode() const { return m_mode; }
    const QString &centre() const { return m_centre; }
    /// When set, drawn links go onto this stack as DecisionCommand::link (not owned).
    void setUndoStack(QUndoStack *stack);
    /// Weight of a user-drawn link (default 1.0).
    void setManualLinkWeight(double weight) { m_manualWeight = weight; }
    /// Show spreading activation from the centre whenever the ego graph is built (default on).
    void setCentreActivationShown(bool shown);
    bool isCentreActivationShown() const { return m_centreActivation; }
    /// Animate activation (spreading outwards, depth by depth); off = shown at once.
    void setAnimated(bool animated) { m_animated = animated; }

    /// Zoom in / out / fit, overview, activation: for the window's toolbar or menu.
    QList<QAction *> graphActions() const;

    // Inspection (tests, the window's status text).
    const core::EgoGraph &egoGraph() const { return m_ego; }
    GraphNodeItem *nodeItem(const QString &id) const { return m_nodes.value(id); }
    QList<GraphNodeItem *> nodeItems() const { return m_nodes.values(); }
    const std::vector<GraphEdgeItem *> &edgeItems() const { return m_edges; }
    GraphOverviewEdgesItem *overviewEdges() const { return m_overviewEdges; }
    const QList<GraphActivation> &activation() const { return m_activation; }
    /// How many layouts were computed so far (a zoom or pan computes none).
    int layoutCount() const { return m_layoutCount; }
    bool isOverviewLoading() const { return m_overviewWatcher.isRunning(); }
    GraphLegend *legend() const { return m_legend; }
    /// The memory marked in the overview (the table's selection) and its marker.
    const QString &overviewSelection() const { return m_overviewSelection; }
    GraphSelectionMarker *selectionMarker() const { return m_selectionMarker; }

public Q_SLOTS:
    /// Shows the ego graph of `id` (an empty id clears the view).
    void setCenter(const QString &id);
    /// The table's selection: centres on the first (current) id; in the overview, marks it
    /// instead (and scrolls it into view); nothing selected keeps the graph as it is.
    void setSelection(const QStringList &ids);
    /// Switches to the whole-store overview (laid out in the background; overviewReady()).
    void showOverview();
    /// Highlights these activations: halo by activation, amber rings and links along the
    /// paths of the `pathsShown` strongest (-1 = all). Memories not in the current ego graph
    /// re-centre it on the strongest one's seed first.
    void showActivation(const QList<GraphActivation> &activations, int pathsShown = -1);
    void clearActivation();
    /// Links two memories (as a drawn link does).
    void requestLink(const QString &a, const QString &b);
    void zoomIn();
    void zoomOut();
    void fitToView();

Q_SIGNALS:
    /// The user clicked a memory: the window selects it in the table.
    void memoryActivated(const QString &id);
    /// The user drew a link and no undo stack is set.
    void linkRequested(const QString &a, const QString &b);
    void centreChanged(const QString &id);
    /// The overview's items are in the scene.
    void overviewReady();
    void errorOccurred(const QString &message);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void drawBackground(QPainter *painter, const QRectF &rect) override;

private:
    void createActions();
    void clearScene();
    void showMessage(const QString &text);
    void rebuildEgo(bool refit, bool withCentreActivation);
    void runCentreActivation();
    void finishOverview();
    void recolour(const QStringList &ids);
    void recolourAll();
    void styleNode(GraphNodeItem *node, bool full);
    void onMemoriesChanged(const QStringList &ids);
    void onReloaded();
    void scaleBy(double factor);
    GraphNodeItem *nodeAt(const QPoint &viewPos) const;
    void placeLegend();
    void selectInOverview(const QString &id);
    /// Tells the ego graph's nodes the zoom, which sizes their labels.
    void updateLabelZoom();
    /// A link end named by the memory's text, for a tooltip.
    QString endName(const QString &id) const;
    bool isExcluded(const QString &id) const;

    StoreSession *m_session;
    QGraphicsScene *m_scene;
    GraphLegend *m_legend;
    GraphActivationOverlay *m_overlay;
    QPointer<QUndoStack> m_undoStack;
    Mode m_mode = Mode::Empty;
    QString m_centre;
    core::EgoGraph m_ego;
    QHash<QString, GraphNodeItem *> m_nodes;
    std::vector<GraphEdgeItem *> m_edges;
    QHash<QString, GraphEdgeItem *> m_edgeByPair;
    GraphOverviewEdgesItem *m_overviewEdges = nullptr;
    QGraphicsSimpleTextItem *m_message = nullptr;
    GraphSelectionMarker *m_selectionMarker = nullptr;
    QString m_overviewSelection;
    QList<GraphActivation> m_activation;
    bool m_centreActivation = true;
    bool m_animated = true;
    bool m_refitting = false; ///< fitToView's second pass
    bool m_fitted = false; ///< the view shows the fitted graph (no zoom since): a resize refits
    double m_manualWeight = 1.0;
    int m_layoutCount = 0;
    int m_pathsShown = -1;

    QFutureWatcher<GraphOverviewJob::Output> m_overviewWatcher;
    std::shared_ptr<std::atomic<bool>> m_cancelOverview;
    std::shared_ptr<const core::AssociationGraph> m_overviewGraph;

    GraphNodeItem *m_pressed = nullptr;
    QPoint m_pressPos;
    GraphNodeItem *m_linkFrom = nullptr;
    QGraphicsLineItem *m_linkLine = nullptr;

    QAction *m_zoomInAction = nullptr;
    QAction *m_zoomOutAction = nullptr;
    QAction *m_fitAction = nullptr;
    QAction *m_overviewAction = nullptr;
    QAction *m_activationAction = nullptr;
};

} // namespace recollector::ui
