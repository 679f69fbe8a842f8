#pragma once

#include <QGraphicsItem>
#include <QLineF>

#include <array>
#include <cstdint>
#include <vector>

namespace recollector::ui {

/// Every link of the whole-store overview in one item: tens of thousands of lines as one
/// QGraphicsItem each would make the scene index and the paint loop crawl. Lines are kept
/// per type and painted in one drawLines() call per type, only those crossing the exposed
/// rectangle, with a 1-pixel cosmetic pen (zoom does not thicken them).
class GraphOverviewEdgesItem final : public QGraphicsItem
{
public:
    enum { Type = UserType + 103 };
    static constexpr int kTypes = 7; ///< links::Type values

    explicit GraphOverviewEdgesItem(QGraphicsItem *parent = nullptr);

    int type() const override { return Type; }
    void addLine(const QLineF &line, std::uint8_t type);
    std::size_t lineCount() const;
    std::size_t lineCount(std::uint8_t type) const { return type < kTypes ? m_lines[type].size() : 0; }

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    std::array<std::vector<QLineF>, kTypes> m_lines;
    QRectF m_bounds;
    std::vector<QLineF> m_visible; ///< scratch for one paint
};

} // namespace recollector::ui
