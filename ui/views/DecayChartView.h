#pragma once

#include "views/ChartTimeRange.h"
#include "views/MemoryCurve.h"

#include <QChartView>
#include <QPointer>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

class QGraphicsSimpleTextItem;

namespace recollector::ui {

class DecayChartControls;
class StoreSession;

/// The decay chart (docs/architecture.md, "The window"): for each shown memory its past curve
/// reconstructed from its events (solid), its projection from the session's now (dashed),
/// markers for reinforcements, negations and edits, the active profile's tier threshold lines
/// and a vertical "now" line that follows the preview date. Several memories overlay in
/// different colours; hovering a curve or a marker shows its date and score.
///
/// Time range (docs/user-guide.md, "The decay curve"): "Around now" by default (the last
/// weeks, back to the latest event), other presets in the strip above the chart up to
/// "Whole life"; the wheel zooms about the pointer, dragging moves in time, and the curves
/// are sampled again for the window shown. Markers take their memory's curve colour, the
/// shape tells the kind. Tier captions sit right of the plot and the "now" caption above it,
/// so no curve runs through them.
///
/// Series are named by objectName so tests can find them: "past:<id>", "future:<id>",
/// "markers:reinforcement:<id>", "markers:negation:<id>", "markers:edit:<id>", "markers:access:<id>",
/// "threshold:<tier>", "now". Captions are QGraphicsSimpleTextItems named "caption:<tier>"
/// and "caption:now" (captionItems()).
class DecayChartView final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DecayChartView)

public:
    /// More curves than this stop being readable; the rest of a large selection is left out
    /// and the chart says so.
    static constexpr int kMaxCurves = 8;

    explicit DecayChartView(StoreSession *session, QWidget *parent = nullptr);

    /// The curves currently drawn, in selection order.
    const std::vector<MemoryCurve> &curves() const { return m_curves; }
    const QStringList &shownIds() const { return m_ids; }
    /// Compact mode, for small charts beside other content (the conflict dialog): no legend,
    /// no axis titles, fewer ticks and a smaller minimum size. Off by default.
    void setCompact(bool compact);
    bool isCompact() const { return m_compact; }
    /// What a hover at this chart value on the series named `seriesName` shows (plain text).
    QString toolTipFor(const QString &seriesName, const QPointF &value) const;

    /// The window shown and the preset it came from (zoomed = changed by wheel, drag or +/-).
    const ChartTimeRange &visibleRange() const { return m_range; }
    ChartTimeRange::Span span() const { return m_span; }
    bool isZoomed() const { return m_zoomed; }
    /// What the presets fit (creation, latest event, now, projected fade).
    const ChartTimeRange::Life &life() const { return m_life; }
    /// Threshold and "now" captions, by name ("caption:fading", "caption:now", …).
    QList<QGraphicsSimpleTextItem *> captionItems() const;

public Q_SLOTS:
    /// Shows these memories (the first kMaxCurves of them); empty = the empty state.
    void showMemories(const QStringList &ids);
    /// Re-reads the shown memories and redraws (the session's signals call this).
    void refresh();
    void setSpan(ChartTimeRange::Span span);
    /// `factor` < 1 zooms in; about `anchor` (the window's middle when 0).
    void zoomBy(double factor, core::Millis anchor = 0);
    void zoomIn() { zoomBy(1 / 1.5); }
    void zoomOut() { zoomBy(1.5); }
    void panBy(core::Millis delta);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    /// Follows the pointer onto or off a mark or a curve.
    void hover(const QString &seriesName, const QPointF &value, bool entered);
    struct Drawn
    {
        QString label; ///< shortened content for tooltips (plain text)
        QString text;  ///< the content on one line, elided to fit the legend on resize
        QColor color;
    };
    struct Loaded
    {
        core::Memory memory;
        std::vector<core::Event> events;
    };
    struct Caption
    {
        QGraphicsSimpleTextItem *item = nullptr;
        QPointF value;      ///< chart value the caption hangs on
        bool rightAligned;  ///< thresholds: at the right edge; the now line: beside it
    };

    void rebuildChart();
    void resample();
    /// The date and score axes for this window and score range, added to the chart.
    std::pair<QAbstractAxis *, QAbstractAxis *> addAxes(double yTop, double step);
    void setRange(const ChartTimeRange &range, bool zoomed);
    void updateLegendLabels();
    void placeControls();
    /// The instant under a view position, if it is over the plot.
    std::optional<core::Millis> timeAt(const QPoint &viewPos) const;
    void clearChart();
    void addCurveSeries(int index);
    void addMarkerSeries();
    void addThresholds(double yTop);
    void addNowLine(double yTop);
    void addCaption(const QString &name, const QString &text, const QColor &color, const QPointF &value, bool rightAligned);
    void placeCaptions();
    QString yAxisTitle() const;
    QString scoreText(double score) const;

    QPointer<StoreSession> m_session;
    QStringList m_ids;
    std::vector<Loaded> m_loaded;
    int m_unobserved = 0; ///< selected memories left out: no use recorded yet (awaitsEvidenceOfUse)
    std::vector<MemoryCurve> m_curves;
    std::vector<Drawn> m_drawn;
    int m_omitted = 0; ///< selected memories beyond kMaxCurves
    core::Millis m_xMin = 0;
    core::Millis m_xMax = 0;
    QList<Caption> m_captions;
    bool m_compact = false;
    ChartTimeRange::Life m_life;
    ChartTimeRange m_range;
    ChartTimeRange::Span m_span = ChartTimeRange::Span::AroundNow;
    bool m_zoomed = false;
    DecayChartControls *m_controls = nullptr;
    bool m_dragging = false;
    /// What the pointer rests on (a mark or a curve), in words; shown when the tooltip is due.
    QString m_hoverTip;
    QPoint m_dragFrom;
    ChartTimeRange m_dragRange;
};

} // namespace recollector::ui
