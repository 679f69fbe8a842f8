#pragma once

#include <QWidget>

#include <utility>

namespace recollector::ui {

/// The key to the association graph's colours, floating in a corner of the view: one line
/// per link type (the type names the store uses), one dot per tier, the activation halo.
class GraphLegend final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GraphLegend)

public:
    explicit GraphLegend(QWidget *parent = nullptr);

    QSize sizeHint() const override;
    /// The entries as shown, in order (tests).
    QStringList entries() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    /// Widths of the link-type column and the tier column.
    std::pair<int, int> columnWidths() const;
};

} // namespace recollector::ui
