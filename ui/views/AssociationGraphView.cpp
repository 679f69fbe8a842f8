#include "views/AssociationGraphView.h"

#include "StoreSession.h"
#include "commands/DecisionCommand.h"
#include "engine/graph/GraphLayout.h"
#include "engine/graph/LinkTypes.h"
#include "views/GraphActivationOverlay.h"
#include "views/GraphEdgeItem.h"
#include "views/GraphLegend.h"
#include "views/GraphNodeItem.h"
#include "views/GraphNodeStyler.h"
#include "views/GraphOverviewEdgesItem.h"
#include "views/GraphPalette.h"
#include "views/GraphSelectionMarker.h"
#include "support/WorkerPool.h"
#include "text/MemoryName.h"
#include "text/ScoringText.h"

#include <QAction>
#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QPainter>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <span>

namespace recollector::ui {

using namespace recollector::core;

namespace {

constexpr double kCentreRadius = 18;
constexpr double kDepthOneRadius = 12;
constexpr double kDepthTwoRadius = 9;
constexpr double kOverviewRadius = 5;

} // namespace

AssociationGraphView::AssociationGraphView(StoreSession *session, QWidget *parent)
    : QGraphicsView(parent), m_session(session), m_scene(new QGraphicsScene(this)), m_legend(new GraphLegend(this)),
      m_overlay(new GraphActivationOverlay(this))
{
    setObjectName(QStringLiteral("associationGraphView"));
    setScene(m_scene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    // No scroll bars: a fitted view refits on every resize, and scroll bars that come and go
    // with the zoom would resize the viewport, which refits, which toggles them again, for
    // ever. The graph pans by dragging (and the arrow keys), zooms with the wheel, fits with 0.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setOptimizationFlags(QGraphicsView::DontSavePainterState | QGraphicsView::DontAdjustForAntialiasing);
    m_scene->setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    setMinimumSize(320, 240);
    createActions();

    connect(&m_overviewWatcher, &QFutureWatcher<GraphOverviewJob::Output>::finished, this,
            &AssociationGraphView::finishOverview);
    if (m_session) {
        connect(m_session, &StoreSession::memoriesChanged, this, &AssociationGraphView::onMemoriesChanged);
        connect(m_session, &StoreSession::reloaded, this, &AssociationGraphView::onReloaded);
        connect(m_session, &StoreSession::profileChanged, this, &AssociationGraphView::recolourAll);
        connect(m_session, &StoreSession::configChanged, this, &AssociationGraphView::recolourAll);
        connect(m_session, &StoreSession::nowChanged, this, &AssociationGraphView::recolourAll);
        connect(m_session, &StoreSession::aboutToClose, this, [this] { setCenter({}); });
    }
    showMessage(tr("Select a memory to see its associations"));
}

AssociationGraphView::~AssociationGraphView()
{
    if (m_cancelOverview)
        m_cancelOverview->store(true);
    m_overviewWatcher.waitForFinished();
}

void AssociationGraphView::createActions()
{
    auto make = [this](const QString &text, const QKeySequence &key, const char *name) {
        auto *action = new QAction(text, this);
        action->setObjectName(QString::fromLatin1(name));
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(action);
        return action;
    };
    m_zoomInAction = make(tr("Zoom In"), QKeySequence(Qt::Key_Plus), "graphZoomInAction");
    m_zoomOutAction = make(tr("Zoom Out"), QKeySequence(Qt::Key_Minus), "graphZoomOutAction");
    m_fitAction = make(tr("Fit to View"), QKeySequence(Qt::Key_0), "graphFitAction");
    m_overviewAction = make(tr("Whole Store Overview"), QKeySequence(), "graphOverviewAction");
    m_activationAction = make(tr("Show Activation"), QKeySequence(), "graphActivationAction");
    m_activationAction->setCheckable(true);
    m_activationAction->setChecked(true);
    m_activationAction->setToolTip(tr("Spreading activation from the centre memory (depth 2)"));
    connect(m_zoomInAction, &QAction::triggered, this, &AssociationGraphView::zoomIn);
    connect(m_zoomOutAction, &QAction::triggered, this, &AssociationGraphView::zoomOut);
    connect(m_fitAction, &QAction::triggered, this, &AssociationGraphView::fitToView);
    connect(m_overviewAction, &QAction::triggered, this, &AssociationGraphView::showOverview);
    connect(m_activationAction, &QAction::toggled, this, &AssociationGraphView::setCentreActivationShown);
}

void AssociationGraphView::setUndoStack(QUndoStack *stack)
{
    m_undoStack = stack;
}

QList<QAction *> AssociationGraphView::graphActions() const
{
    return {m_zoomInAction, m_zoomOutAction, m_fitAction, m_overviewAction, m_activationAction};
}

void AssociationGraphView::setCentreActivationShown(bool shown)
{
    m_centreActivation = shown;
    if (m_activationAction->isChecked() != shown)
        m_activationAction->setChecked(shown);
    if (m_mode != Mode::Ego)
        return;
    if (shown)
        runCentreActivation();
    else
        clearActivation();
}

// --- building ---

void AssociationGraphView::clearScene()
{
    m_overlay->reset();
    m_pressed = nullptr;
    m_linkFrom = nullptr;
    m_linkLine = nullptr;
    m_message = nullptr;
    m_overviewEdges = nullptr;
    m_selectionMarker = nullptr;
    m_nodes.clear();
    m_edges.clear();
    m_edgeByPair.clear();
    m_activation.clear();
    m_scene->clear();
}

void AssociationGraphView::showMessage(const QString &text)
{
    m_message = m_scene->addSimpleText(text);
    QFont font = GraphNodeItem::labelFont(false);
    font.setPixelSize(13);
    m_message->setFont(font);
    m_message->setBrush(QColor(0x61, 0x61, 0x61));
    m_scene->setSceneRect(m_message->boundingRect().adjusted(-40, -40, 40, 40));
    resetTransform();
    centerOn(m_message);
}

QString AssociationGraphView::endName(const QString &id) const
{
    const QString name = MemoryName::quoted(m_session, id, 40);
    return name.isEmpty() ? tr("a memory no longer in the store") : name;
}

bool AssociationGraphView::isExcluded(const QString &id) const
{
    const MemorySnapshot &snapshot = m_session->snapshot();
    const std::uint32_t row = snapshot.rowOf(id);
    return row != MemorySnapshot::kNoRow
        && (snapshot.has(row, MemorySnapshot::Deleted) || snapshot.has(row, MemorySnapshot::Removed));
}

void AssociationGraphView::setSelection(const QStringList &ids)
{
    if (ids.isEmpty())
        return;
    if (m_mode == Mode::Overview) {
        // The overview stays: the selected memory is marked in it (and scrolled into view).
        selectInOverview(ids.first());
        return;
    }
    if (ids.first() != m_centre)
        setCenter(ids.first());
}

void AssociationGraphView::selectInOverview(const QString &id)
{
    if (GraphNodeItem *previous = m_nodes.value(m_overviewSelection))
        previous->setCentre(false);
    m_overviewSelection = id;
    GraphNodeItem *node = m_nodes.value(id);
    if (!node) {
        if (m_selectionMarker)
            m_selectionMarker->hide(); // not in the overview (deleted, or past its node limit)
        return;
    }
    node->setCentre(true);
    if (!m_selectionMarker) {
        m_selectionMarker = new GraphSelectionMarker;
        m_scene->addItem(m_selectionMarker);
    }
    m_selectionMarker->setPos(node->pos());
    m_selectionMarker->setToolTip(node->toolTip());
    m_selectionMarker->show();
    const int margin = int(GraphSelectionMarker::kRadius) + 8;
    if (!viewport()->rect().adjusted(margin, margin, -margin, -margin).contains(mapFromScene(node->pos())))
        centerOn(node);
}

void AssociationGraphView::updateLabelZoom()
{
    if (m_mode != Mode::Ego)
        return; // overview dots have no labels to size
    const double zoom = transform().m11();
    for (GraphNodeItem *node : std::as_const(m_nodes))
        node->setZoom(zoom);
    // Labels in order of importance (the centre, then one hop, then two; nearer the centre
    // first); one that would cover a label already kept is left out until the zoom makes room.
    std::vector<std::pair<int, GraphNodeItem *>> order;
    for (std::size_t i = 0; i < m_ego.nodes.size(); ++i) {
        if (GraphNodeItem *node = m_nodes.value(m_ego.nodes[i].id))
            order.emplace_back(m_ego.nodes[i].depth, node);
    }
    std::stable_sort(order.begin(), order.end(), [](const auto &a, const auto &b) {
        if (a.first != b.first)
            return a.first < b.first;
        return QLineF(QPointF(), a.second->pos()).length() < QLineF(QPointF(), b.second->pos()).length();
    });
    std::vector<std::pair<QRectF, QPolygonF>> kept;
    // Discs are obstacles too: a label across another memory hides it.
    std::vector<std::pair<QRectF, const GraphNodeItem *>> discs;
    for (const auto &[depth, node] : order) {
        const double r = node->radius();
        discs.emplace_back(QRectF(node->pos() - QPointF(r, r), QSizeF(2 * r, 2 * r)), node);
    }
    auto collides = [&](const GraphNodeItem *owner, const QPolygonF &label) {
        const QRectF box = label.boundingRect();
        for (const auto &[keptBox, keptLabel] : kept) {
            if (keptBox.intersects(box) && keptLabel.intersects(label))
                return true;
        }
        for (const auto &[disc, node] : discs) {
            if (node != owner && disc.intersects(box) && label.intersects(QPolygonF(disc)))
                return true;
        }
        return false;
    };
    for (const auto &[depth, node] : order) {
        // The wide label (under a disc; a radial one would push the graph's edge out) where
        // the labels kept so far leave room, else the usual one.
        node->setWideLabel(node->labelMode() == GraphNodeItem::LabelMode::Below);
        QPolygonF label = node->labelPolygon();
        if (collides(node, label)) {
            node->setWideLabel(false);
            label = node->labelPolygon();
        }
        const bool covers = collides(node, label);
        node->setLabelCovered(covers);
        if (!covers && !label.isEmpty())
            kept.emplace_back(label.boundingRect(), label);
    }
}

void AssociationGraphView::setCenter(const QString &id)
{
    if (m_cancelOverview)
        m_cancelOverview->store(true);
    const bool moved = id != m_centre || m_mode != Mode::Ego;
    m_centre = id;
    m_overviewSelection = id;
    if (id.isEmpty() || !m_session || !m_session->store()) {
        m_mode = Mode::Empty;
        clearScene();
        showMessage(tr("Select a memory to see its associations"));
    } else {
        m_mode = Mode::Ego;
        rebuildEgo(moved, m_centreActivation);
    }
    if (moved)
        Q_EMIT centreChanged(id);
}

void AssociationGraphView::rebuildEgo(bool refit, bool withCentreActivation)
{
    const QTransform keep = transform();
    const QPointF keepCentre = mapToScene(viewport()->rect().center());
    const QList<GraphActivation> keptActivation = m_activation;
    const int keptPaths = m_pathsShown;
    clearScene();
    Store &store = *m_session->store();
    auto loaded = EgoGraph::load(store, m_centre, kDepth, EgoGraph::kDefaultMaxNodes, [this](std::string_view id) {
        return isExcluded(QString::fromUtf8(id.data(), qsizetype(id.size())));
    });
    if (!loaded) {
        m_ego = {};
        showMessage(loaded.error().message);
        Q_EMIT errorOccurred(loaded.error().message);
        return;
    }
    m_ego = std::move(*loaded);
    const std::vector<QPointF> pos = GraphLayout::ego(m_ego);
    ++m_layoutCount;

    for (const EgoGraph::Edge &e : m_ego.edges) {
        const QPointF a = pos[std::size_t(e.a)], b = pos[std::size_t(e.b)];
        auto *edge = new GraphEdgeItem(QLineF(a, b), e.weight, e.type);
        const QString &ida = m_ego.nodes[std::size_t(e.a)].id, &idb = m_ego.nodes[std::size_t(e.b)].id;
        edge->setToolTip(tr("%1 link, weight %2\n%3 ↔ %4")
                             .arg(ScoringText::linkType(e.type), QString::number(e.weight, 'f', 2),
                                  endName(ida), endName(idb)));
        m_scene->addItem(edge);
        m_edges.push_back(edge);
        m_edgeByPair.insert(GraphActivationOverlay::pairKey(ida, idb), edge);
    }
    for (std::size_t i = 0; i < m_ego.nodes.size(); ++i) {
        const EgoGraph::Node &n = m_ego.nodes[i];
        const double radius = n.depth == 0 ? kCentreRadius : n.depth == 1 ? kDepthOneRadius : kDepthTwoRadius;
        auto *node = new GraphNodeItem(n.id, radius);
        node->setPos(pos[i]);
        node->setCentre(n.depth == 0);
        m_scene->addItem(node);
        m_nodes.insert(n.id, node);
        styleNode(node, true);
    }
    const QRectF bounds = m_scene->itemsBoundingRect();
    m_scene->setSceneRect(bounds.adjusted(-bounds.width() * 0.5 - 200, -bounds.height() * 0.5 - 200,
                                          bounds.width() * 0.5 + 200, bounds.height() * 0.5 + 200));
    if (refit) {
        fitToView();
    } else {
        setTransform(keep);
        centerOn(keepCentre);
        updateLabelZoom();
    }
    if (withCentreActivation)
        runCentreActivation();
    else if (!refit && !keptActivation.isEmpty())
        showActivation(keptActivation, keptPaths); // the same graph re-read: keep what was lit
}

void AssociationGraphView::styleNode(GraphNodeItem *node, bool full)
{
    int depth = GraphNodeStyler::kOverview;
    if (m_mode == Mode::Ego) {
        const int index = m_ego.indexOf(node->memoryId());
        depth = index < 0 ? 0 : m_ego.nodes[std::size_t(index)].depth;
    }
    GraphNodeStyler(*m_session).style(node, depth, full);
}

void AssociationGraphView::recolour(const QStringList &ids)
{
    for (const QString &id : ids) {
        if (GraphNodeItem *node = m_nodes.value(id)) {
            styleNode(node, true);
            node->setVisible(!isExcluded(id) || id == m_centre);
        }
    }
}

void AssociationGraphView::recolourAll()
{
    // The ego graph's tooltips name tier and strength: refresh them too (≤ 300 nodes).
    const bool toolTips = m_mode == Mode::Ego;
    for (auto it = m_nodes.begin(); it != m_nodes.end(); ++it)
        styleNode(it.value(), toolTips);
}

void AssociationGraphView::onMemoriesChanged(const QStringList &ids)
{
    if (m_mode == Mode::Ego) {
        // A decision around the graph may have changed its links: read it again (no refit).
        const bool touches = std::any_of(ids.begin(), ids.end(),
                                         [this](const QString &id) { return m_nodes.contains(id) || id == m_centre; });
        if (touches)
            rebuildEgo(false, m_centreActivation);
    } else if (m_mode == Mode::Overview) {
        recolour(ids); // links drawn since show after the next overview (no relayout per change)
    }
}

void AssociationGraphView::onReloaded()
{
    if (m_mode == Mode::Ego)
        rebuildEgo(false, m_centreActivation);
    else if (m_mode == Mode::Overview)
        showOverview();
}

// --- activation ---

void AssociationGraphView::runCentreActivation()
{
    if (m_mode != Mode::Ego || m_ego.isEmpty())
        return;
    auto graph = AssociationGraph::loadAround(*m_session->store(), {m_centre}, kDepth);
    if (!graph) {
        Q_EMIT errorOccurred(graph.error().message);
        return;
    }
    std::vector<std::uint8_t> allowed(graph->nodeCount(), 1);
    for (std::uint32_t n = 0; n < graph->nodeCount(); ++n)
        allowed[n] = m_nodes.contains(graph->id(n)) ? 1 : 0;
    SpreadingActivation spreading;
    SpreadingActivation::Options options = SpreadingActivation::Options::from(m_session->config());
    const int strongest = options.maxResults;
    options.maxDepth = kDepth;
    options.maxResults = int(m_ego.nodes.size()); // every node reached gets its halo
    const SpreadingActivation::Seed seed{graph->find(m_centre), 1.0};
    const auto &hits = spreading.run(*graph, std::span<const SpreadingActivation::Seed>(&seed, 1), options, &allowed);
    QList<GraphActivation> list{GraphActivation{m_centre, 1.0, {}}};
    list += GraphActivation::fromHits(*graph, hits);
    showActivation(list, strongest + 1); // the centre plus the top results' paths
}

void AssociationGraphView::showActivation(const QList<GraphActivation> &activations, int pathsShown)
{
    if (m_mode == Mode::Empty && !activations.isEmpty()) {
        // Nothing shown yet (no selection): start from the strongest activation's seed.
        auto top = std::max_element(activations.begin(), activations.end(),
                                    [](const GraphActivation &x, const GraphActivation &y) { return x.activation < y.activation; });
        setCenter(top->path.isEmpty() ? top->id : top->path.first());
    }
    if (m_mode != Mode::Ego && m_mode != Mode::Overview)
        return;
    // A retrieval may light memories outside this ego graph: centre on its strongest seed.
    if (m_mode == Mode::Ego && !activations.isEmpty()) {
        bool missing = false;
        for (const GraphActivation &a : activations) {
            missing = missing || !m_nodes.contains(a.id);
            for (const QString &p : a.path)
                missing = missing || !m_nodes.contains(p);
        }
        auto top = std::max_element(activations.begin(), activations.end(),
                                    [](const GraphActivation &x, const GraphActivation &y) { return x.activation < y.activation; });
        const QString seed = top->path.isEmpty() ? top->id : top->path.first();
        if (missing && seed != m_centre && !isExcluded(seed)) {
            m_centre = seed;
            rebuildEgo(true, false);
            Q_EMIT centreChanged(seed);
        }
    }
    m_activation = activations;
    std::stable_sort(m_activation.begin(), m_activation.end(),
                     [](const GraphActivation &x, const GraphActivation &y) { return x.activation > y.activation; });
    m_pathsShown = pathsShown;
    m_overlay->apply(m_nodes, m_edges, m_edgeByPair, m_activation, pathsShown, m_animated);
}

void AssociationGraphView::clearActivation()
{
    m_activation.clear();
    m_overlay->apply(m_nodes, m_edges, m_edgeByPair, m_activation, -1, false);
}

// --- overview ---

void AssociationGraphView::showOverview()
{
    if (!m_session || !m_session->store())
        return;
    if (m_cancelOverview)
        m_cancelOverview->store(true);
    m_overviewWatcher.waitForFinished(); // a cancelled run returns quickly
    m_mode = Mode::Overview;
    if (m_overviewSelection.isEmpty())
        m_overviewSelection = m_centre; // the memory selected when the overview was asked for
    clearScene();
    showMessage(tr("Laying out the whole store…"));
    QSet<QString> deleted;
    const MemorySnapshot &snapshot = m_session->snapshot();
    for (std::size_t row = 0; row < snapshot.size(); ++row) {
        if (snapshot.has(row, MemorySnapshot::Deleted) || snapshot.has(row, MemorySnapshot::Removed))
            deleted.insert(snapshot.id(row));
    }
    m_cancelOverview = std::make_shared<std::atomic<bool>>(false);
    const QString path = m_session->path();
    auto cancel = m_cancelOverview;
    m_overviewWatcher.setFuture(QtConcurrent::run(workerPool(), [path, deleted, cancel] {
        return GraphOverviewJob::run(path, deleted, GraphOverviewJob::kDefaultMaxNodes, cancel);
    }));
}

void AssociationGraphView::finishOverview()
{
    if (m_mode != Mode::Overview || m_overviewWatcher.isCanceled())
        return;
    GraphOverviewJob::Output out = m_overviewWatcher.result();
    if (out.cancelled)
        return;
    clearScene();
    if (!out.error.isEmpty()) {
        showMessage(out.error);
        Q_EMIT errorOccurred(out.error);
        return;
    }
    ++m_layoutCount;
    m_overviewGraph = out.graph;
    const AssociationGraph &g = *m_overviewGraph;
    m_overviewEdges = new GraphOverviewEdgesItem;
    for (std::uint32_t u = 0; u < g.nodeCount(); ++u) {
        if (!out.shown[u])
            continue;
        const AssociationGraph::Neighbours nb = g.neighbours(u);
        for (std::uint32_t k = 0; k < nb.count; ++k) {
            if (nb.node[k] > u && out.shown[nb.node[k]])
                m_overviewEdges->addLine(QLineF(out.positions[u], out.positions[nb.node[k]]), nb.type[k]);
        }
    }
    m_scene->addItem(m_overviewEdges);
    m_nodes.reserve(qsizetype(out.shownCount));
    for (std::uint32_t u = 0; u < g.nodeCount(); ++u) {
        if (!out.shown[u])
            continue;
        const QString id = g.id(u);
        auto *node = new GraphNodeItem(id, kOverviewRadius);
        node->setCompact(true);
        node->setPos(out.positions[u]);
        styleNode(node, true);
        m_scene->addItem(node);
        m_nodes.insert(id, node);
    }
    const QRectF bounds = m_scene->itemsBoundingRect();
    // Room around the dots, as in the ego view, so any dot can be scrolled to the middle.
    m_scene->setSceneRect(bounds.adjusted(-bounds.width() * 0.5 - 100, -bounds.height() * 0.5 - 100,
                                          bounds.width() * 0.5 + 100, bounds.height() * 0.5 + 100));
    fitToView();
    if (!m_overviewSelection.isEmpty())
        selectInOverview(m_overviewSelection);
    Q_EMIT overviewReady();
}

// --- links ---

void AssociationGraphView::requestLink(const QString &a, const QString &b)
{
    if (a.isEmpty() || b.isEmpty() || a == b)
        return;
    if (!m_undoStack) {
        Q_EMIT linkRequested(a, b);
        return;
    }
    QPointer<AssociationGraphView> self(this);
    m_undoStack->push(DecisionCommand::link(m_session, a, b, m_manualWeight, [self](const QString &message) {
        if (self)
            Q_EMIT self->errorOccurred(message);
    }));
}

// --- interaction ---

} // namespace recollector::ui
