#include "views/GraphNodeStyler.h"

#include "StoreSession.h"
#include "views/GraphNodeItem.h"
#include "views/GraphPalette.h"
#include "text/MaskedText.h"
#include "text/TierText.h"

#include <QCoreApplication>

namespace recollector::ui {

using namespace recollector::core;

void GraphNodeStyler::style(GraphNodeItem *node, int depth, bool full) const
{
    const QString &id = node->memoryId();
    const auto mode = depth == kOverview ? GraphNodeItem::LabelMode::None
        : depth < 2                      ? GraphNodeItem::LabelMode::Below
                                         : GraphNodeItem::LabelMode::Outward;
    const MemorySnapshot &snapshot = m_session.snapshot();
    const std::uint32_t row = snapshot.rowOf(id);
    if (row == MemorySnapshot::kNoRow) {
        node->setColor(Qt::lightGray);
        if (full) {
            const QString gone = QCoreApplication::translate("AssociationGraphView", "a memory no longer in the store");
            node->setContentToolTip({}, gone);
            node->setLabel(gone, mode, depth == 0);
        }
        return;
    }
    const Score score = m_session.profile().evaluate(snapshot.input(row), m_session.now());
    node->setColor(GraphPalette::tier(score.tier));
    if (!full)
        return;
    // Locked level 3, or level >= 2 in privacy mode (docs/formats.md, "Encryption at rest").
    const auto masked = MaskedText::mask(snapshot.has(row, MemorySnapshot::Locked), snapshot.sensitivity(row),
                                         m_session.privacyMode());
    const bool hidden = masked.has_value();
    QString content = masked.value_or(snapshot.contentPreview(row));
    if (!hidden && depth != kOverview && std::size_t(content.toUtf8().size()) + 4 >= MemorySnapshot::kPreviewBytes) {
        if (auto whole = m_session.memory(id)) // the preview is cut: the tooltip shows it all
            content = whole->content;
    }
    const QString title = QCoreApplication::translate("AssociationGraphView", "%1 · %2 · strength %3")
                              .arg(id, TierText::label(score.tier), QString::number(score.strength, 'f', 0));
    node->setContentToolTip(title, content);
    node->setLabel(content, mode, depth == 0);
}

} // namespace recollector::ui
