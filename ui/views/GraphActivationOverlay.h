#pragma once

#include "views/GraphActivation.h"

#include <QHash>
#include <QObject>
#include <QVariantAnimation>

#include <vector>

namespace recollector::ui {

class GraphEdgeItem;
class GraphNodeItem;

/// Puts spreading activation on the association graph's items: each memory's halo by its
/// activation, amber rings and links along the paths of the strongest results, the other
/// links dimmed; optionally animated outwards, depth by depth (seeds first). Does not own
/// the items; reset() before they go.
class GraphActivationOverlay final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GraphActivationOverlay)

public:
    static constexpr int kRevealMs = 900;

    explicit GraphActivationOverlay(QObject *parent = nullptr);

    /// Key of an undirected pair of memory ids, as the edge map is keyed.
    static QString pairKey(const QString &a, const QString &b)
    {
        return a < b ? a + QLatin1Char('\n') + b : b + QLatin1Char('\n') + a;
    }

    /// Lights `activations` (strongest first) on the items; paths of the first `pathsShown`
    /// (-1 = all) are highlighted. An empty list clears everything.
    void apply(const QHash<QString, GraphNodeItem *> &nodes, const std::vector<GraphEdgeItem *> &edges,
               const QHash<QString, GraphEdgeItem *> &edgeByPair, const QList<GraphActivation> &activations,
               int pathsShown, bool animated);
    /// Stops the animation and forgets the items.
    void reset();
    bool isAnimating() const { return m_reveal.state() == QAbstractAnimation::Running; }

private:
    void reveal(double progress);

    QHash<QString, GraphNodeItem *> m_nodes;
    QHash<QString, int> m_depth;
    QVariantAnimation m_reveal;
};

} // namespace recollector::ui
