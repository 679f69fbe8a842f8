#pragma once

#include "views/MemoryCurve.h"

#include <QChartView>
#include <QPointer>
#include <QStringList>

#include <vector>

class QGraphicsSimpleTextItem;

namespace engram::ui {

class StoreSession;

/// The decay chart (docs/architecture.md, "The window"): for each shown memory its past curve
/// reconstructed from its events (solid), its projection from the session's now (dashed),
/// markers for reinforcements, negations and edits, the active profile's tier threshold lines
/// and a vertical "now" line that follows the preview date. Several memories overlay in
/// different colours; hovering a curve or a marker shows its date and score.
///
/// Series are named by objectName so tests can find them: "past:<id>", "future:<id>",
/// "markers:reinforcement", "markers:negation", "markers:edit", "threshold:<tier>", "now".
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

public Q_SLOTS:
    /// Shows these memories (the first kMaxCurves of them); empty = the empty state.
    void showMemories(const QStringList &ids);
    /// Re-reads the shown memories and redraws (the session's signals call this).
    void refresh();

private:
    struct Drawn
    {
        QString label; ///< shortened content for the legend and tooltips (plain text)
        QColor color;
    };
    struct Caption
    {
        QGraphicsSimpleTextItem *item = nullptr;
        QPointF value;      ///< chart value the caption hangs on
        bool rightAligned;  ///< thresholds: at the right edge; the now line: beside it
    };

    void rebuildChart();
    void clearChart();
    void addCurveSeries(int index);
    void addMarkerSeries();
    void addThresholds(double yTop);
    void addNowLine(double yTop);
    void addCaption(const QString &text, const QColor &color, const QPointF &value, bool rightAligned);
    void placeCaptions();
    QString yAxisTitle() const;
    QString scoreText(double score) const;

    QPointer<StoreSession> m_session;
    QStringList m_ids;
    std::vector<MemoryCurve> m_curves;
    std::vector<Drawn> m_drawn;
    int m_omitted = 0; ///< selected memories beyond kMaxCurves
    core::Millis m_xMin = 0;
    core::Millis m_xMax = 0;
    QList<Caption> m_captions;
    bool m_compact = false;
};

} // namespace engram::ui
