#pragma once

#include <QWidget>

#include <vector>

namespace recollector::ui {

/// The key to the association graph's colours: a strip above the graph (never over it) with
/// one line per link type, one dot per tier and the activation halo, wrapped into as many rows
/// as the width needs. The view reserves the strip's height (docs/user-guide.md#the-association-graph).
class GraphLegend final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GraphLegend)

public:
    explicit GraphLegend(QWidget *parent = nullptr);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    /// The entries as shown, in order (tests).
    QStringList entries() const;
    /// Where each entry is drawn at the current width, in the order of entries() (tests).
    std::vector<QRect> entryRects() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    enum class Swatch { None, Line, Dot, Halo };
    struct Item {
        QString text;
        Swatch swatch;
        int value; ///< link type or tier
        bool heading;
    };
    struct Placed {
        const Item *item;
        QRect rect;
    };
    std::vector<Item> items() const;
    /// Lays the items out in rows of `width`; a heading starts a row, its items wrap under
    /// their first item.
    std::vector<Placed> layout(int width, int *height) const;
    int itemWidth(const Item &item) const;

    std::vector<Item> m_items;
};

} // namespace recollector::ui
