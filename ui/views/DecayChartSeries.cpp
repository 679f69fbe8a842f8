// DecayChartView's chart: its series (each memory's curve, the marks of what happened, the tier
// lines, "now"), axes and captions, and what pointing at one of them says. Time range, zoom
// and the mouse are in DecayChartView.cpp.
#include "views/DecayChartView.h"

#include "StoreSession.h"
#include "views/ChartPalette.h"
#include "text/EventText.h"
#include "text/MaskedText.h"
#include "text/TierText.h"

#include <QDateTime>
#include <QDateTimeAxis>
#include <QLocale>
#include <QGraphicsSimpleTextItem>
#include <QHelpEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace recollector::ui {

namespace {

const QString kPast = QStringLiteral("past:");
const QString kFuture = QStringLiteral("future:");
const QString kNow = QStringLiteral("now");

struct MarkerStyle
{
    CurveMarkerKind kind;
    const char *objectName; ///< + ":<memory id>"
    QScatterSeries::MarkerShape shape;
    double size;
};

/// The shape tells the kind (the key above the chart); the colour is the memory's.
const MarkerStyle kMarkerStyles[] = {
    {CurveMarkerKind::Reinforcement, "markers:reinforcement:", QScatterSeries::MarkerShapeCircle, 10},
    {CurveMarkerKind::Negation, "markers:negation:", QScatterSeries::MarkerShapeTriangle, 13},
    {CurveMarkerKind::Edit, "markers:edit:", QScatterSeries::MarkerShapeRotatedRectangle, 11},
    {CurveMarkerKind::Access, "markers:access:", QScatterSeries::MarkerShapeCircle, 6},
};

QFont captionFont(const QFont &base)
{
    QFont f = base;
    f.setPointSizeF(std::max(7.0, f.pointSizeF() * 0.85));
    return f;
}

/// 1, 2, 2.5 or 5 × 10^k, the smallest not below `raw`: ticks people read at a glance.
double niceStep(double raw)
{
    if (raw <= 0)
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double f : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (f * magnitude >= raw - 1e-12)
            return f * magnitude;
    }
    return 10 * magnitude;
}

/// Nearest sample by time, over the past and the projection.
const core::CurvePoint *nearest(const MemoryCurve &curve, core::Millis at)
{
    const core::CurvePoint *best = nullptr;
    core::Millis bestDistance = 0;
    for (const auto *points : {&curve.past, &curve.future}) {
        for (const core::CurvePoint &p : *points) {
            const core::Millis d = std::abs(p.at - at);
            if (!best || d < bestDistance) {
                best = &p;
                bestDistance = d;
            }
        }
    }
    return best;
}

} // namespace

void DecayChartView::clearChart()
{
    m_hoverTip.clear();
    auto *c = chart();
    for (const Caption &caption : std::as_const(m_captions))
        delete caption.item;
    m_captions.clear();
    c->removeAllSeries();
    // The axes stay (addAxes), hidden until a curve is drawn again.
    for (QAbstractAxis *axis : c->axes())
        axis->setVisible(false);
}

void DecayChartView::rebuildChart()
{
    clearChart();
    auto *c = chart();
    if (m_loaded.empty()) {
        c->setTitle(m_ids.isEmpty()   ? tr("Select a memory to see its decay curve")
                    : m_unobserved > 0 ? tr("No recall seen yet, so no fading to draw")
                                       : tr("The selected memory is no longer in the store"));
        c->legend()->setVisible(false);
        c->setMargins(QMargins(4, 4, 4, 4));
        return;
    }
    c->setTitle(m_omitted > 0 ? tr("Showing %1 of %2 selected memories").arg(m_curves.size()).arg(m_ids.size())
                              : QString());
    c->legend()->setVisible(!m_compact);

    double yMax = m_session ? m_session->profile().maxScore() : 100;
    for (const MemoryCurve &curve : m_curves) {
        for (const auto *points : {&curve.past, &curve.future}) {
            for (const core::CurvePoint &p : *points)
                yMax = std::max(yMax, p.score);
        }
    }
    const double step = niceStep(yMax / 5);
    // A little headroom so a curve at the top of the scale is not drawn on the frame.
    const double yTop = yMax * 1.05;

    auto [x, y] = addAxes(yTop, step);

    addThresholds(yTop);
    for (int i = 0; i < int(m_curves.size()); ++i)
        addCurveSeries(i);
    addNowLine(yTop);
    addMarkerSeries();
    for (QAbstractSeries *s : c->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    // Lines and marks that explain the plot but need no legend entry of their own (the
    // marker shapes have their key above the chart).
    for (QAbstractSeries *s : c->series()) {
        const QString name = s->objectName();
        const bool hide = name.startsWith(QLatin1String("threshold:")) || name == kNow
                          || name.startsWith(QLatin1String("markers:"))
                          || (name.startsWith(kFuture) && m_curves.size() > 1);
        if (hide) {
            for (QLegendMarker *m : c->legend()->markers(s))
                m->setVisible(false);
        }
    }
    // Room right of the plot for the tier captions and above it for the "now" caption.
    const QFontMetricsF fm(captionFont(font()));
    double right = 0;
    for (const Caption &caption : std::as_const(m_captions)) {
        if (caption.rightAligned)
            right = std::max(right, caption.item->boundingRect().width());
    }
    c->setMargins(QMargins(4, int(std::ceil(fm.height())) + 2, int(std::ceil(right)) + 10, 4));
    updateLegendLabels();
    placeCaptions();
}

std::pair<QAbstractAxis *, QAbstractAxis *> DecayChartView::addAxes(double yTop, double step)
{
    auto *c = chart();
    // Made once and updated after: a removed axis leaves its title and labels in Qt Charts'
    // scene, so each new selection drew one more date axis over the last.
    auto *x = qobject_cast<QDateTimeAxis *>(c->axes(Qt::Horizontal).value(0));
    auto *y = qobject_cast<QValueAxis *>(c->axes(Qt::Vertical).value(0));
    const bool made = !x || !y;
    if (made) {
        x = new QDateTimeAxis;
        y = new QValueAxis;
    }
    const double spanDays = core::time::daysBetween(m_xMin, m_xMax);
    // As many date labels as fit whole in the width, and never two that read the same (a
    // "MMM d" axis over three days has at most four distinct labels).
    const QString format = spanDays > 400 ? QStringLiteral("MMM yyyy")
                           : spanDays > 3 ? QStringLiteral("MMM d")
                           : spanDays > 1 ? QStringLiteral("MMM d HH:mm")
                                          : QStringLiteral("HH:mm");
    x->setFormat(format);
    x->setTitleText(m_compact ? QString() : tr("Date (local time)"));
    const int labelWidth = fontMetrics().horizontalAdvance(QLocale().toString(QDateTime(QDate(2026, 12, 30), QTime(23, 59)), format)) + 24;
    const int fit = std::max(2, int(width() * 0.8) / std::max(1, labelWidth));
    const double distinct = spanDays > 400 ? spanDays / 30.4 : spanDays > 3 ? spanDays : spanDays * 24;
    x->setTickCount(std::clamp(std::min(fit, int(distinct) + 1), 2, m_compact ? 4 : 7));
    x->setRange(QDateTime::fromMSecsSinceEpoch(m_xMin), QDateTime::fromMSecsSinceEpoch(m_xMax));
    y->setRange(0, yTop);
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0);
    y->setTickInterval(step);
    y->setLabelFormat(step >= 1 ? QStringLiteral("%.0f") : step >= 0.1 ? QStringLiteral("%.1f") : QStringLiteral("%.2f"));
    y->setTitleText(m_compact ? QString() : yAxisTitle());
    QFont axisFont = font();
    axisFont.setPointSizeF(std::max(7.0, axisFont.pointSizeF() * 0.9));
    for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(x), static_cast<QAbstractAxis *>(y)}) {
        axis->setLabelsFont(axisFont);
        axis->setTitleFont(axisFont);
        axis->setVisible(true);
    }
    if (made) {
        c->addAxis(x, Qt::AlignBottom);
        c->addAxis(y, Qt::AlignLeft);
    }
    return {x, y};
}

void DecayChartView::updateLegendLabels()
{
    // Every memory's legend entry gets an equal share of the width, elided to it by the
    // font's metrics; in a chart too narrow for kMinRoom each, Qt shortens the entries and
    // shows the whole label (up to 80 characters) as the entry's tooltip.
    const int n = int(m_curves.size());
    if (n == 0)
        return;
    constexpr double kMinRoom = 110;
    const QFontMetricsF fm(chart()->legend()->font());
    const double share = (width() - 24.0) / (n == 1 ? 2 : n) - 40;
    const double room = share < kMinRoom ? 1e6 : std::min(share, 420.0);
    for (QAbstractSeries *s : chart()->series()) {
        if (!s->objectName().startsWith(kPast))
            continue;
        const QString id = s->objectName().mid(kPast.size());
        for (int i = 0; i < n; ++i) {
            if (m_curves[size_t(i)].memoryId == id)
                // Legend labels are drawn as rich text by Qt Charts: escape the memory's text.
                s->setName(fm.elidedText(m_drawn[size_t(i)].text, Qt::ElideRight, room).toHtmlEscaped());
        }
    }
}

void DecayChartView::addCurveSeries(int index)
{
    const MemoryCurve &curve = m_curves[size_t(index)];
    const Drawn &drawn = m_drawn[size_t(index)];

    auto *past = new QLineSeries;
    past->setObjectName(kPast + curve.memoryId);
    past->setName(drawn.label.toHtmlEscaped());
    QPen pen(drawn.color, 2.2);
    past->setPen(pen);
    for (const core::CurvePoint &p : curve.past)
        past->append(double(p.at), p.score);

    auto *future = new QLineSeries;
    future->setObjectName(kFuture + curve.memoryId);
    future->setName(tr("Projection"));
    pen.setStyle(Qt::DashLine);
    pen.setWidthF(1.8);
    future->setPen(pen);
    for (const core::CurvePoint &p : curve.future)
        future->append(double(p.at), p.score);

    chart()->addSeries(past);
    chart()->addSeries(future);
    for (QLineSeries *s : {past, future}) {
        connect(s, &QLineSeries::hovered, this, [this, s](const QPointF &value, bool entered) {
            hover(s->objectName(), value, entered);
        });
    }
}

void DecayChartView::addMarkerSeries()
{
    for (size_t i = 0; i < m_curves.size(); ++i) {
        const MemoryCurve &curve = m_curves[i];
        for (const MarkerStyle &style : kMarkerStyles) {
            auto *series = new QScatterSeries;
            series->setObjectName(QLatin1String(style.objectName) + curve.memoryId);
            series->setMarkerShape(style.shape);
            series->setMarkerSize(style.size);
            series->setColor(m_drawn[i].color);
            series->setBorderColor(Qt::white);
            for (const CurveMarker &m : curve.markers) {
                if (m.kind == style.kind)
                    series->append(double(m.at), m.score);
            }
            if (series->count() == 0) {
                delete series;
                continue;
            }
            chart()->addSeries(series);
            connect(series, &QScatterSeries::hovered, this, [this, series](const QPointF &value, bool entered) {
                hover(series->objectName(), value, entered);
            });
        }
    }
}

void DecayChartView::addThresholds(double yTop)
{
    if (!m_session)
        return;
    for (const core::TierThreshold &t : m_session->profile().thresholds()) {
        if (t.score <= 0 || t.score > yTop)
            continue;
        auto *line = new QLineSeries;
        line->setObjectName(QStringLiteral("threshold:") + core::tierName(t.tier));
        line->setName(t.label);
        const QColor color = ChartPalette::tier(t.tier);
        line->setPen(QPen(color, 1.2, Qt::DotLine));
        line->append(double(m_xMin), t.score);
        line->append(double(m_xMax), t.score);
        chart()->addSeries(line);
        addCaption(QStringLiteral("caption:") + core::tierName(t.tier),
                   QStringLiteral("%1 < %2").arg(TierText::label(t.tier), EventText::number(t.score)), color.darker(130),
                   QPointF(double(m_xMax), t.score), true);
    }
}

void DecayChartView::addNowLine(double yTop)
{
    const core::Millis now = m_session ? m_session->now() : m_curves.front().now;
    const bool previewing = m_session && m_session->isPreviewing();
    auto *line = new QLineSeries;
    line->setObjectName(kNow);
    line->setName(previewing ? tr("Preview date") : tr("Now"));
    const QColor color = previewing ? QColor(0xd9, 0x82, 0x00) : QColor(0x42, 0x42, 0x42);
    line->setPen(QPen(color, previewing ? 2.0 : 1.4));
    line->append(double(now), 0);
    line->append(double(now), yTop);
    chart()->addSeries(line);
    const QString text = previewing ? tr("preview %1").arg(QDateTime::fromMSecsSinceEpoch(now).toString(QStringLiteral("yyyy-MM-dd")))
                                    : tr("now");
    addCaption(QStringLiteral("caption:now"), text, color, QPointF(double(now), yTop), false);
}

void DecayChartView::addCaption(const QString &name, const QString &text, const QColor &color, const QPointF &value,
                                bool rightAligned)
{
    auto *item = new QGraphicsSimpleTextItem(text, chart()); // plain text by construction
    item->setData(0, name);
    item->setFont(captionFont(font()));
    item->setBrush(color);
    item->setZValue(20);
    m_captions.push_back({item, value, rightAligned});
}

QList<QGraphicsSimpleTextItem *> DecayChartView::captionItems() const
{
    QList<QGraphicsSimpleTextItem *> items;
    for (const Caption &c : m_captions)
        items << c.item;
    return items;
}

void DecayChartView::placeCaptions()
{
    const QList<QAbstractSeries *> series = chart()->series();
    if (series.isEmpty())
        return;
    const QRectF plot = chart()->plotArea();
    // Tier captions right of the plot, centred on their line, top to bottom; one that would
    // overlap the caption above it moves down just below it (weak 10 and forgotten 5 are close
    // on a 0–100 axis). Outside the plot no curve can run through them.
    QList<Caption> captions = m_captions;
    std::stable_sort(captions.begin(), captions.end(), [](const Caption &a, const Caption &b) { return a.value.y() > b.value.y(); });
    double lastBottom = -1e9;
    for (const Caption &c : std::as_const(captions)) {
        const QPointF at = chart()->mapToPosition(c.value, series.first());
        const QRectF box = c.item->boundingRect();
        QPointF pos;
        if (c.rightAligned) {
            pos = QPointF(plot.right() + 6, std::max(at.y() - box.height() / 2, lastBottom + 1));
            lastBottom = pos.y() + box.height();
        } else {
            // The "now" caption above the plot, beside its line.
            pos = QPointF(at.x() + 3, plot.top() - box.height() - 1);
            if (pos.x() + box.width() > plot.right())
                pos.setX(at.x() - box.width() - 3);
            c.item->setVisible(at.x() >= plot.left() - 1 && at.x() <= plot.right() + 1);
        }
        c.item->setPos(pos);
    }
}

void DecayChartView::hover(const QString &seriesName, const QPointF &value, bool entered)
{
    if (entered) {
        m_hoverTip = EventText::plainToolTip(toolTipFor(seriesName, value));
        // Already showing (the pointer moved from a curve onto a mark): follow at once.
        if (QToolTip::isVisible() && !m_hoverTip.isEmpty())
            QToolTip::showText(QCursor::pos(), m_hoverTip, this);
    } else {
        m_hoverTip.clear();
        QToolTip::hideText();
    }
}

bool DecayChartView::viewportEvent(QEvent *event)
{
    // The scene answers a tooltip request from its items' own tooltips, and hides any other
    // tooltip when none has one; marks and curves are not items, so answer for them here.
    if (event->type() == QEvent::ToolTip && !m_hoverTip.isEmpty()) {
        QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), m_hoverTip, this);
        event->accept();
        return true;
    }
    return QChartView::viewportEvent(event);
}

QString DecayChartView::toolTipFor(const QString &seriesName, const QPointF &value) const
{
    const core::Millis at = core::Millis(value.x());
    if (seriesName.startsWith(QLatin1String("markers:"))) {
        for (size_t i = 0; i < m_curves.size(); ++i) {
            for (const CurveMarker &m : m_curves[i].markers) {
                if (std::abs(m.at - at) < 1000 && std::abs(m.score - value.y()) < 1e-6)
                    return QStringLiteral("%1\n%2\n%3 · %4")
                        .arg(m_drawn[i].label, m.label, EventText::localTime(m.at), scoreText(m.score));
            }
        }
        return {};
    }
    const bool past = seriesName.startsWith(kPast);
    const QString id = seriesName.mid(past ? kPast.size() : kFuture.size());
    for (size_t i = 0; i < m_curves.size(); ++i) {
        if (m_curves[i].memoryId != id)
            continue;
        const core::CurvePoint *p = nearest(m_curves[i], at);
        if (!p)
            return {};
        return QStringLiteral("%1\n%2 (%3)\n%4%5")
            .arg(m_drawn[i].label, EventText::localTime(p->at), EventText::relative(p->at, m_curves[i].now),
                 scoreText(p->score), p->at > m_curves[i].now ? tr(" · projected") : QString());
    }
    return {};
}

QString DecayChartView::yAxisTitle() const
{
    const QString profile = m_session ? m_session->profileName() : QString();
    if (profile == QLatin1String("ebbinghaus"))
        return tr("Strength (0–100)");
    if (profile == QLatin1String("enhanced"))
        return tr("Weight W (0.01–2)");
    if (profile == QLatin1String("importance"))
        return tr("Importance");
    if (profile == QLatin1String("lifecycle"))
        return tr("Score (0–1)");
    return tr("Score");
}

QString DecayChartView::scoreText(double score) const
{
    QString tier = TierText::label(core::Tier::Active);
    if (m_session) {
        // Lines are "the tier below starts here"; the lowest line the score is under wins.
        double lowest = std::numeric_limits<double>::infinity();
        for (const core::TierThreshold &t : m_session->profile().thresholds()) {
            if (score < t.score && t.score < lowest) {
                lowest = t.score;
                tier = TierText::label(t.tier);
            }
        }
    }
    const QString title = yAxisTitle();
    const QString name = title.left(title.indexOf(QLatin1String(" ("))).toLower();
    return QStringLiteral("%1 %2 (%3)").arg(name, EventText::number(score), tier);
}

} // namespace recollector::ui
