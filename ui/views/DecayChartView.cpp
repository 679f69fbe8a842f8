#include "views/DecayChartView.h"

#include "StoreSession.h"
#include "views/ChartPalette.h"
#include "views/DecayChartControls.h"
#include "text/MaskedText.h"

#include <QMouseEvent>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace recollector::ui {

namespace {

/// Projections are searched this far ahead for the instant they fade.
constexpr core::Millis kFadeSearch = 30 * 365 * core::kMsPerDay;

QString legendLabel(const QString &content, int maxChars = 34)
{
    QString flat = content.simplified();
    if (flat.size() > maxChars)
        flat = flat.left(maxChars - 1) + QChar(0x2026);
    return flat.isEmpty() ? DecayChartView::tr("(empty)") : flat;
}

} // namespace

DecayChartView::DecayChartView(StoreSession *session, QWidget *parent)
    : QChartView(parent), m_session(session), m_controls(new DecayChartControls(this))
{
    setObjectName(QStringLiteral("decayChartView"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(320, 200);
    auto *c = chart();
    c->setAnimationOptions(QChart::NoAnimation);
    c->setMargins(QMargins(4, 4, 4, 4));
    c->setBackgroundRoundness(0);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->legend()->setShowToolTips(true);
    QFont legendFont = font();
    legendFont.setPointSizeF(std::max(7.0, legendFont.pointSizeF() * 0.9));
    c->legend()->setFont(legendFont);
    connect(c, &QChart::plotAreaChanged, this, [this](const QRectF &) { placeCaptions(); });

    connect(m_controls, &DecayChartControls::spanChosen, this, &DecayChartView::setSpan);
    connect(m_controls, &DecayChartControls::zoomInClicked, this, &DecayChartView::zoomIn);
    connect(m_controls, &DecayChartControls::zoomOutClicked, this, &DecayChartView::zoomOut);
    placeControls();

    if (session) {
        connect(session, &StoreSession::memoriesChanged, this, [this](const QStringList &ids) {
            for (const QString &id : ids) {
                if (m_ids.contains(id))
                    return refresh();
            }
        });
        connect(session, &StoreSession::reloaded, this, &DecayChartView::refresh);
        connect(session, &StoreSession::profileChanged, this, &DecayChartView::refresh);
        connect(session, &StoreSession::configChanged, this, &DecayChartView::refresh);
        connect(session, &StoreSession::nowChanged, this, &DecayChartView::refresh);
        connect(session, &StoreSession::privacyModeChanged, this, &DecayChartView::refresh);
        connect(session, &StoreSession::closed, this, [this] { showMemories({}); });
    }
    rebuildChart();
}

void DecayChartView::setCompact(bool compact)
{
    if (m_compact == compact)
        return;
    m_compact = compact;
    setMinimumSize(compact ? QSize(180, 120) : QSize(320, 200));
    placeControls();
    rebuildChart();
}

void DecayChartView::placeControls()
{
    // The strip lives in the view's top margin, outside the scene, so it never covers the plot.
    const int h = m_compact ? 0 : m_controls->sizeHint().height();
    m_controls->setVisible(!m_compact);
    setViewportMargins(0, h, 0, 0);
    m_controls->setGeometry(frameWidth(), frameWidth(), width() - 2 * frameWidth(), h);
}

void DecayChartView::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    placeControls();
    updateLegendLabels();
}

void DecayChartView::showMemories(const QStringList &ids)
{
    if (ids != m_ids) {
        m_zoomed = false; // another memory: its own window, from the chosen preset
        m_ids = ids;
    }
    refresh();
}

void DecayChartView::refresh()
{
    m_loaded.clear();
    m_unobserved = 0;
    m_omitted = std::max(0, int(m_ids.size()) - kMaxCurves);
    if (!m_session || !m_session->store()) {
        m_curves.clear();
        m_drawn.clear();
        rebuildChart();
        return;
    }
    const core::ScoringProfile &profile = m_session->profile();
    const core::Millis now = m_session->now();
    m_life = ChartTimeRange::Life{now, 0, now, now};
    std::optional<core::Millis> fade;
    bool everyOneFades = true;
    for (const QString &id : m_ids.mid(0, kMaxCurves)) {
        auto memory = m_session->memory(id);
        if (!memory)
            continue; // purged meanwhile: nothing to draw
        // No use recorded for a memory whose assistant never reports one: a curve would be made up.
        if (core::awaitsEvidenceOfUse(memory->source.type, memory->accessCount)) {
            ++m_unobserved;
            continue;
        }
        auto events = m_session->store()->events().forMemory(id);
        Loaded l{std::move(*memory), events ? std::move(*events) : std::vector<core::Event>{}};
        if (l.memory.createdAt)
            m_life.created = std::min(m_life.created, l.memory.createdAt);
        for (const core::Event &e : l.events) {
            m_life.created = std::min(m_life.created, e.at);
            // Recalls come often; the window reaches back to the last decision instead.
            if (e.at <= now && e.kind != core::events::kAccess)
                m_life.lastEvent = std::max(m_life.lastEvent, e.at);
        }
        const auto fadesAt = MemoryCurveBuilder::fadeInstant(l.memory, l.events, profile, now, kFadeSearch);
        if (fadesAt)
            fade = std::max(fade.value_or(now), *fadesAt);
        else
            everyOneFades = false;
        m_loaded.push_back(std::move(l));
    }
    // A memory that does not fade (permanent, or forgotten already) shows the usual horizon.
    const core::Millis horizon = now + MemoryCurveBuilder::defaultHorizon(m_life.created, now);
    m_life.fade = everyOneFades && fade ? *fade : std::max(fade.value_or(now), horizon);
    setRange(m_zoomed ? m_range : ChartTimeRange::forSpan(m_span, m_life), m_zoomed);
}

void DecayChartView::setSpan(ChartTimeRange::Span span)
{
    m_span = span;
    setRange(ChartTimeRange::forSpan(span, m_life), false);
}

void DecayChartView::zoomBy(double factor, core::Millis anchor)
{
    if (m_loaded.empty())
        return;
    setRange(m_range.zoomed(factor, anchor ? anchor : m_range.from() + m_range.span() / 2), true);
}

void DecayChartView::panBy(core::Millis delta)
{
    if (m_loaded.empty() || delta == 0)
        return;
    setRange(m_range.panned(delta), true);
}

void DecayChartView::setRange(const ChartTimeRange &range, bool zoomed)
{
    m_range = range;
    m_zoomed = zoomed;
    m_controls->showSpan(m_span, zoomed);
    resample();
}

void DecayChartView::resample()
{
    m_curves.clear();
    m_drawn.clear();
    if (!m_session)
        return rebuildChart();
    const core::ScoringProfile &profile = m_session->profile();
    const core::Millis now = m_session->now();
    for (const Loaded &l : m_loaded) {
        m_curves.push_back(MemoryCurveBuilder::buildWindow(l.memory, l.events, profile, now, m_range.from(), m_range.to()));
        const QString shown = MaskedText::shown(l.memory, m_session->privacyMode());
        m_drawn.push_back({legendLabel(shown), legendLabel(shown, 80), ChartPalette::curve(int(m_drawn.size()))});
    }
    m_xMin = m_range.from();
    m_xMax = m_range.to();
    rebuildChart();
}

std::optional<core::Millis> DecayChartView::timeAt(const QPoint &viewPos) const
{
    const QPointF inChart = chart()->mapFromScene(mapToScene(viewPos));
    if (!chart()->plotArea().contains(inChart) || chart()->series().isEmpty())
        return std::nullopt;
    return core::Millis(chart()->mapToValue(inChart, chart()->series().first()).x());
}

void DecayChartView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0 || m_loaded.empty()) {
        QChartView::wheelEvent(event);
        return;
    }
    // Forward (away from the user) zooms in, about the instant under the pointer.
    zoomBy(std::pow(1.25, -steps), timeAt(event->position().toPoint()).value_or(0));
    event->accept();
}

void DecayChartView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && timeAt(event->position().toPoint())) {
        m_dragging = true;
        m_dragFrom = event->position().toPoint();
        m_dragRange = m_range;
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QChartView::mousePressEvent(event);
}

void DecayChartView::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_dragging) {
        QChartView::mouseMoveEvent(event);
        return;
    }
    const double plotWidth = std::max(1.0, chart()->plotArea().width());
    const double dx = event->position().x() - m_dragFrom.x();
    // Dragging right shows earlier dates, as if the curve were pulled along.
    const core::Millis delta = -core::Millis(std::llround(dx / plotWidth * double(m_dragRange.span())));
    if (m_dragRange.panned(delta) != m_range)
        setRange(m_dragRange.panned(delta), true);
    event->accept();
}

void DecayChartView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragging && event->button() == Qt::LeftButton) {
        m_dragging = false;
        viewport()->unsetCursor();
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}
} // namespace recollector::ui
