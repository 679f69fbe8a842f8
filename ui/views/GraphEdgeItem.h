#pragma once

#include <QGraphicsItem>
#include <QLineF>
#include <QString>

#include <cstdint>

namespace recollector::ui {

/// One association in the ego graph: a line between two nodes, its width by weight and its
/// colour by type (GraphPalette), an amber underlay when it lies on an activation path.
class GraphEdgeItem final : public QGraphicsItem
{
public:
    enum { Type = UserType + 102 };

    GraphEdgeItem(const QLineF &line, double weight, std::uint8_t type, QGraphicsItem *parent = nullptr);

    int type() const override { return Type; }
    const QLineF &line() const { return m_line; }
    double weight() const { return m_weight; }
    std::uint8_t linkType() const { return m_type; }
    void setHighlighted(bool highlighted);
    bool isHighlighted() const { return m_highlighted; }
    /// Drawn faintly (e.g. links off every activation path while one is shown).
    void setDimmed(bool dimmed);
    bool isDimmed() const { return m_dimmed; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QLineF m_line;
    double m_weight;
    std::uint8_t m_type;
    bool m_highlighted = false;
    bool m_dimmed = false;
};

} // namespace recollector::ui
