#include "views/DecayChartView.h"

#include "StoreSession.h"
#include "views/ChartPalette.h"
#include "text/EventText.h"
#include "text/MaskedText.h"
#include "text/TierText.h"

#include <QDateTime>
#include <QDateTimeAxis>
#include <QGraphicsSimpleTextItem>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace engram::ui {

namespace {

const QString kPast = QStringLiteral("past:");
const QString kFuture = QStringLiteral("future:");
const QString kNow = QStringLiteral("now");

struct MarkerStyle
{
    CurveMarkerKind kind;
    const char *objectName;
    const char *legend;
    QScatterSeries::MarkerShape shape;
    QColor color;
};

const MarkerStyle kMarkerStyles[] = {
    {CurveMarkerKind::Reinforcement, "markers:reinforcement", QT_TRANSLATE_NOOP("engram::ui::DecayChartView", "Reinforced"), QScatterSeries::MarkerShapeCircle,
     QColor(0x00, 0x79, 0x6b)},
    {CurveMarkerKind::Negation, "markers:negation", QT_TRANSLATE_NOOP("engram::ui::DecayChartView", "Negated"), QScatterSeries::MarkerShapeTriangle,
     QColor(0xc6, 0x28, 0x28)},
    {CurveMarkerKind::Edit, "markers:edit", QT_TRANSLATE_NOOP("engram::ui::DecayChartView", "Edited"), QScatterSeries::MarkerShapeRotatedRectangle,
     QColor(0x6a, 0x1b, 0x9a)},
};

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

QString legendLabel(const QString &content)
{
    QString flat = content.simplified();
    constexpr int kMax = 34;
    if (flat.size() > kMax)
        flat = flat.left(kMax - 1) + QChar(0x2026);
    return flat.isEmpty() ? DecayChartView::tr("(empty)") : flat;
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

DecayChartView::DecayChartView(StoreSession *session, QWidget *parent) : QChartView(parent), m_session(session)
{
    setObjectName(QStringLiteral("decayChartView"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(320, 200);
    auto *c = chart();
    c->setAnimationOptions(QChart::NoAnimation);
    c->setMargins(QMargins(4, 4, 4, 4));
    c->setBackgroundRoundness(0);
    c->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = font();
    legendFont.setPointSizeF(std::max(7.0, legendFont.pointSizeF() * 0.9));
    c->legend()->setFont(legendFont);
    connect(c, &QChart::plotAreaChanged, this, [this](const QRectF &) { placeCaptions(); });

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
    rebuildChart();
}

void DecayChartView::showMemories(const QStringList &ids)
{
    m_ids = ids;
    refresh();
}

void DecayChartView::refresh()
{
    m_curves.clear();
    m_drawn.clear();
    m_omitted = std::max(0, int(m_ids.size()) - kMaxCurves);
    if (!m_session || !m_session->store()) {
        rebuildChart();
        return;
    }
    const core::ScoringProfile &profile = m_session->profile();
    const core::Millis now = m_session->now();

    struct Loaded
    {
        core::Memory memory;
        std::vector<core::Event> events;
    };
    std::vector<Loaded> loaded;
    core::Millis start = now;
    for (const QString &id : m_ids.mid(0, kMaxCurves)) {
        auto memory = m_session->memory(id);
        if (!memory)
            continue; // purged meanwhile: nothing to draw
        auto events = m_session->store()->events().forMemory(id);
        Loaded l{std::move(*memory), events ? std::move(*events) : std::vector<core::Event>{}};
        if (l.memory.createdAt)
            start = std::min(start, l.memory.createdAt);
        if (!l.events.empty())
            start = std::min(start, l.events.front().at);
        loaded.push_back(std::move(l));
    }
    const core::Millis horizon = MemoryCurveBuilder::defaultHorizon(start, now);
    for (const Loaded &l : loaded) {
        m_curves.push_back(MemoryCurveBuilder::build(l.memory, l.events, profile, now, horizon));
        m_drawn.push_back({legendLabel(MaskedText::shown(l.memory, m_session->privacyMode())),
                           ChartPalette::curve(int(m_drawn.size()))});
    }
    m_xMin = start;
    m_xMax = now + horizon;
    rebuildChart();
}

void DecayChartView::clearChart()
{
    auto *c = chart();
    for (const Caption &caption : std::as_const(m_captions))
        delete caption.item;
    m_captions.clear();
    c->removeAllSeries();
    for (QAbstractAxis *axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
}

void DecayChartView::rebuildChart()
{
    clearChart();
    auto *c = chart();
    if (m_curves.empty()) {
        c->setTitle(m_ids.isEmpty() ? tr("Select a memory to see its decay curve")
                                    : tr("The selected memory is no longer in the store"));
        c->legend()->setVisible(false);
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

    auto *x = new QDateTimeAxis;
    const double spanDays = core::time::daysBetween(m_xMin, m_xMax);
    x->setFormat(spanDays > 400 ? QStringLiteral("MMM yyyy") : spanDays > 3 ? QStringLiteral("MMM d") : QStringLiteral("MMM d HH:mm"));
    x->setTitleText(m_compact ? QString() : tr("Date (local time)"));
    x->setTickCount(m_compact ? 4 : width() >= 560 ? 7 : 5);
    x->setRange(QDateTime::fromMSecsSinceEpoch(m_xMin), QDateTime::fromMSecsSinceEpoch(m_xMax));
    auto *y = new QValueAxis;
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
    }
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);

    addThresholds(yTop);
    for (int i = 0; i < int(m_curves.size()); ++i)
        addCurveSeries(i);
    addNowLine(yTop);
    addMarkerSeries();
    for (QAbstractSeries *s : c->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    // Lines that explain the plot but need no legend entry of their own.
    for (QAbstractSeries *s : c->series()) {
        const QString name = s->objectName();
        const bool hide = name.startsWith(QLatin1String("threshold:")) || name == kNow
                          || (name.startsWith(kFuture) && m_curves.size() > 1);
        if (hide) {
            for (QLegendMarker *m : c->legend()->markers(s))
                m->setVisible(false);
        }
    }
    placeCaptions();
}

void DecayChartView::addCurveSeries(int index)
{
    const MemoryCurve &curve = m_curves[size_t(index)];
    const Drawn &drawn = m_drawn[size_t(index)];

    auto *past = new QLineSeries;
    past->setObjectName(kPast + curve.memoryId);
    // Legend labels are drawn as rich text by Qt Charts: escape the memory's text.
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
            if (entered)
                QToolTip::showText(QCursor::pos(), EventText::plainToolTip(toolTipFor(s->objectName(), value)), this);
            else
                QToolTip::hideText();
        });
    }
}

void DecayChartView::addMarkerSeries()
{
    for (const MarkerStyle &style : kMarkerStyles) {
        auto *series = new QScatterSeries;
        series->setObjectName(QLatin1String(style.objectName));
        series->setName(tr(style.legend));
        series->setMarkerShape(style.shape);
        series->setMarkerSize(style.kind == CurveMarkerKind::Negation ? 12 : 10);
        series->setColor(style.color);
        series->setBorderColor(Qt::white);
        for (const MemoryCurve &curve : m_curves) {
            for (const CurveMarker &m : curve.markers) {
                if (m.kind == style.kind)
                    series->append(double(m.at), m.score);
            }
        }
        if (series->count() == 0) {
            delete series; // an empty legend entry only takes room
            continue;
        }
        chart()->addSeries(series);
        connect(series, &QScatterSeries::hovered, this, [this, series](const QPointF &value, bool entered) {
            if (entered)
                QToolTip::showText(QCursor::pos(), EventText::plainToolTip(toolTipFor(series->objectName(), value)), this);
            else
                QToolTip::hideText();
        });
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
        addCaption(QStringLiteral("%1 < %2").arg(TierText::label(t.tier), EventText::number(t.score)), color.darker(130),
                   QPointF(double(m_xMax), t.score), true);
    }
}

void DecayChartView::addNowLine(double yTop)
{
    const core::Millis now = m_curves.front().now;
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
    addCaption(text, color, QPointF(double(now), yTop), false);
}

void DecayChartView::addCaption(const QString &text, const QColor &color, const QPointF &value, bool rightAligned)
{
    auto *item = new QGraphicsSimpleTextItem(text, chart()); // plain text by construction
    QFont f = font();
    f.setPointSizeF(std::max(7.0, f.pointSizeF() * 0.85));
    item->setFont(f);
    item->setBrush(color);
    item->setZValue(20);
    m_captions.push_back({item, value, rightAligned});
}

void DecayChartView::placeCaptions()
{
    const QList<QAbstractSeries *> series = chart()->series();
    if (series.isEmpty())
        return;
    const QRectF plot = chart()->plotArea();
    // Threshold captions top to bottom; one that would overlap the caption above it moves
    // left of that one (weak 10 and forgotten 5 are close on a 0–100 axis).
    QList<Caption> captions = m_captions;
    std::stable_sort(captions.begin(), captions.end(), [](const Caption &a, const Caption &b) { return a.value.y() > b.value.y(); });
    QRectF last;
    for (const Caption &c : std::as_const(captions)) {
        const QPointF at = chart()->mapToPosition(c.value, series.first());
        const QRectF box = c.item->boundingRect();
        QPointF pos;
        if (c.rightAligned) {
            pos = QPointF(plot.right() - box.width() - 4, at.y() - box.height());
            if (!last.isNull() && pos.y() < last.bottom())
                pos.setX(last.left() - box.width() - 10);
            last = QRectF(pos, box.size());
        } else {
            pos = QPointF(at.x() + 4, plot.top() + 2);
            if (pos.x() + box.width() > plot.right())
                pos.setX(at.x() - box.width() - 4); // near the right edge: caption on the left side
        }
        c.item->setPos(pos);
    }
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

} // namespace engram::ui
