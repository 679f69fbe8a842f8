#pragma once

#include "model/Tier.h"

#include <QColor>
#include <QStyledItemDelegate>

namespace recollector::ui {

/// Paints the strength column as a bar on a continuous red → orange → yellow → green scale
/// (blue for permanent memories) with the number beside it, and the tier column as a
/// coloured label (colours of docs/scoring.md, "Score, strength, tier"). Paints the common case
/// itself — a million-row table scrolls through this code — and falls back to
/// QStyledItemDelegate for other columns.
class StrengthDelegate final : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit StrengthDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    /// The scale: 0 red, 15 orange, 35 yellow, 100 green, interpolated in between.
    static QColor strengthColor(double strength);
    /// The tier's colour: permanent blue, active green, fading yellow, weak orange, forgotten red.
    static QColor tierColor(core::Tier tier);

private:
    void paintBar(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const;
    void paintTier(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const;
    void paintBackground(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const;
};

} // namespace recollector::ui
