#pragma once

#include <QLayout>
#include <QList>

namespace recollector::ui {

/// A layout that places its items left to right at their size hints and wraps to a new row
/// when the next one does not fit, so a bar of controls stays whole on a narrow window
/// instead of squeezing its combos and labels below their text. In each row the space left
/// over goes to the items whose horizontal size policy expands (a search box), shared
/// equally. Its minimum width is that of its widest item.
class FlowLayout final : public QLayout
{
public:
    explicit FlowLayout(QWidget *parent = nullptr, int spacing = 6);
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem *itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return arrange(QRect(0, 0, width, 0), false); }
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    /// Lays the items out in `rect` (when `apply`), returns the height they need.
    int arrange(const QRect &rect, bool apply) const;
    static int itemWidth(const QLayoutItem *item);

    QList<QLayoutItem *> m_items;
    int m_spacing;
};

} // namespace recollector::ui
