#include "views/GraphActivationOverlay.h"

#include "views/GraphEdgeItem.h"
#include "views/GraphNodeItem.h"

namespace recollector::ui {

namespace {
constexpr int kLastDepth = 3; ///< seeds at 0, results up to depth 2: the animation runs to here
}

GraphActivationOverlay::GraphActivationOverlay(QObject *parent) : QObject(parent)
{
    m_reveal.setStartValue(0.0);
    m_reveal.setEndValue(double(kLastDepth));
    m_reveal.setDuration(kRevealMs);
    connect(&m_reveal, &QVariantAnimation::valueChanged, this, [this](const QVariant &v) { reveal(v.toDouble()); });
}

void GraphActivationOverlay::reset()
{
    m_reveal.stop();
    m_nodes.clear();
    m_depth.clear();
}

void GraphActivationOverlay::apply(const QHash<QString, GraphNodeItem *> &nodes,
                                   const std::vector<GraphEdgeItem *> &edges,
                                   const QHash<QString, GraphEdgeItem *> &edgeByPair,
                                   const QList<GraphActivation> &activations, int pathsShown, bool animated)
{
    reset();
    m_nodes = nodes;
    for (GraphNodeItem *node : nodes) {
        node->setActivation(0);
        node->setOnPath(false);
    }
    for (GraphEdgeItem *edge : edges) {
        edge->setHighlighted(false);
        edge->setDimmed(false);
    }
    auto reach = [this](const QString &id, int depth) { m_depth.insert(id, std::min(m_depth.value(id, 99), depth)); };
    bool anyPath = false;
    for (qsizetype i = 0; i < activations.size(); ++i) {
        const GraphActivation &a = activations[i];
        GraphNodeItem *node = nodes.value(a.id);
        if (!node)
            continue;
        node->setActivation(std::max(node->activation(), a.activation));
        reach(a.id, int(a.path.size()));
        if ((pathsShown >= 0 && i >= pathsShown) || a.path.isEmpty())
            continue;
        QStringList chain = a.path;
        chain << a.id;
        for (qsizetype k = 0; k < chain.size(); ++k) {
            if (GraphNodeItem *on = nodes.value(chain[k]))
                on->setOnPath(true);
            reach(chain[k], int(k));
            if (k == 0)
                continue;
            if (GraphEdgeItem *edge = edgeByPair.value(pairKey(chain[k - 1], chain[k]))) {
                edge->setHighlighted(true);
                anyPath = true;
            }
        }
    }
    if (anyPath) {
        for (GraphEdgeItem *edge : edges)
            edge->setDimmed(!edge->isHighlighted());
    }
    if (animated && !activations.isEmpty()) {
        reveal(0);
        m_reveal.start();
    } else {
        reveal(kLastDepth);
    }
}

void GraphActivationOverlay::reveal(double progress)
{
    for (auto it = m_nodes.begin(); it != m_nodes.end(); ++it)
        it.value()->setReveal(progress - m_depth.value(it.key(), 0));
}

} // namespace recollector::ui
