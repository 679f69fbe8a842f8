#pragma once

#include <QGraphicsItem>

namespace recollector::ui {

/// Marks the selected memory in the whole-store overview: a ring of a fixed size on screen
/// (it ignores the view's zoom), so a node of a few pixels among 10,000 is still found.
class GraphSelectionMarker final : public QGraphicsItem
{
public:
    enum { Type = UserType + 103 };
    static constexpr double kRadius = 11; ///< screen pixels

    explicit GraphSelectionMarker(QGraphicsItem *parent = nullptr);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
};

} // namespace recollector::ui
