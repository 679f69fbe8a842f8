#pragma once

#include "views/ChartTimeRange.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QToolButton;

namespace recollector::ui {

/// The strip above the decay chart: the time range box ("Around now", "2 weeks", …, "Whole
/// life"; it reads "Zoomed" after a wheel turn or a drag), zoom out / zoom in buttons and the
/// key to the marker shapes. Children are named for tests: "chartRangeBox",
/// "chartZoomInButton", "chartZoomOutButton", "chartMarkerKey".
class DecayChartControls final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DecayChartControls)

public:
    explicit DecayChartControls(QWidget *parent = nullptr);

    /// Shows `span` as chosen (`zoomed` = the window was zoomed or moved since: no preset).
    void showSpan(ChartTimeRange::Span span, bool zoomed);

protected:
    void resizeEvent(QResizeEvent *event) override;

Q_SIGNALS:
    void spanChosen(ChartTimeRange::Span span);
    void zoomInClicked();
    void zoomOutClicked();

private:
    QComboBox *m_range;
    QToolButton *m_zoomOut;
    QToolButton *m_zoomIn;
    QLabel *m_label;
    QLabel *m_key;
};

} // namespace recollector::ui
