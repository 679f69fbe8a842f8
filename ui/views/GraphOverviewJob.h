#pragma once

#include "engine/graph/AssociationGraph.h"
#include "model/Result.h"

#include <QPointF>
#include <QSet>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace recollector::ui {

/// The work behind the whole-store overview, for a worker thread (QtConcurrent): opens its
/// own read-only connection to the store file, loads the association graph and lays it out
/// with core::GraphLayout::overview. Deleted memories are left out; above `maxNodes` live
/// memories only the best-linked ones are kept (the view stays interactive).
class GraphOverviewJob final
{
public:
    struct Output
    {
        std::shared_ptr<const core::AssociationGraph> graph;
        std::vector<QPointF> positions;   ///< by graph node
        std::vector<std::uint8_t> shown;  ///< by graph node: 1 = laid out and shown
        std::size_t shownCount = 0;
        double layoutMs = 0;
        QString error;                    ///< empty on success
        bool cancelled = false;
    };

    static constexpr std::size_t kDefaultMaxNodes = 20000;

    /// Runs on the calling thread. `deletedIds` are left out; `cancel` is polled.
    static Output run(const QString &storePath, const QSet<QString> &deletedIds, std::size_t maxNodes,
                      const std::shared_ptr<std::atomic<bool>> &cancel);
};

} // namespace recollector::ui
