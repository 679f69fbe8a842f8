#include "views/GraphNodeItem.h"

#include "text/EventText.h"
#include "views/GraphPalette.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QRadialGradient>
#include <QStyleOptionGraphicsItem>
#include <QTextLayout>

#include <cmath>

namespace recollector::ui {

namespace {
constexpr double kLabelGap = 4;
constexpr double kLabelPixels = 11;
/// Labels narrower than this on screen are not worth drawing.
constexpr double kMinReadablePixels = 6.5;
/// Overview labels: small in scene units, so they only show (readably) when zoomed in.
constexpr int kCompactPixels = 5;
constexpr double kCompactWidth = 56;
/// The most of a memory's text a label can show: kMaxLabelLines lines of the widest room at
/// the largest zoom (kWideLabelWidth scene pixels at zoom 8 are about 1,240 font pixels, some
/// 410 of the narrowest letters a line). Eliding measures all it is given, so a label is cut
/// to this first; the whole text stays in label() for the tooltip.
constexpr qsizetype kMaxLabelChars = 2000;

/// `text` broken into at most `maxLines` lines of `width` (font pixels); the last one elided.
QStringList wrapped(const QString &text, const QFont &font, double width, int maxLines)
{
    const QFontMetricsF fm(font);
    if (maxLines <= 1 || fm.horizontalAdvance(text) <= width)
        return {fm.elidedText(text, Qt::ElideRight, width)};
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    QStringList lines;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        if (lines.size() == maxLines - 1) {
            lines << fm.elidedText(text.mid(line.textStart()), Qt::ElideRight, width);
            break;
        }
        lines << text.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    return lines;
}

QFont compactFont()
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(kCompactPixels);
    return font;
}
} // namespace

GraphNodeItem::GraphNodeItem(QString id, double radius, QGraphicsItem *parent)
    : QGraphicsItem(parent), m_id(std::move(id)), m_radius(radius)
{
    setAcceptHoverEvents(false);
    setFlag(ItemSendsGeometryChanges);
    setFlag(ItemUsesExtendedStyleOption);
    setZValue(2);
    updateGeometry();
}

QFont GraphNodeItem::labelFont(bool bold)
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(int(kLabelPixels) + (bold ? 1 : 0));
    font.setBold(bold);
    return font;
}

void GraphNodeItem::setColor(const QColor &color)
{
    m_color = color;
    update();
}

void GraphNodeItem::setLabel(const QString &text, LabelMode mode, bool bold)
{
    m_label = text;
    m_labelMode = mode;
    m_bold = bold;
    // left() before simplified(): white space collapses, so twice the room is always enough.
    const QString oneLine = text.left(2 * kMaxLabelChars).simplified().left(kMaxLabelChars);
    // Only the form the mode shows: the overview sets 10,000 labels at once.
    m_oneLine = mode == LabelMode::None ? QString() : oneLine;
    m_elidedCompact = mode == LabelMode::None
        ? QFontMetricsF(compactFont()).elidedText(oneLine, Qt::ElideRight, kCompactWidth)
        : QString();
    updateGeometry();
}

void GraphNodeItem::setZoom(double zoom)
{
    if (zoom <= 0 || zoom == m_zoom)
        return;
    m_zoom = zoom;
    if (m_labelMode != LabelMode::None)
        updateGeometry();
}

void GraphNodeItem::setContentToolTip(const QString &title, const QString &content)
{
    setToolTip(EventText::plainToolTip(title.isEmpty() ? content : title + QStringLiteral("\n\n") + content));
}

void GraphNodeItem::setCentre(bool centre)
{
    m_centre = centre;
    update();
}

void GraphNodeItem::setActivation(double activation)
{
    m_activation = std::clamp(activation, 0.0, 1.0);
    updateGeometry();
}

void GraphNodeItem::setOnPath(bool onPath)
{
    m_onPath = onPath;
    update();
}

void GraphNodeItem::setReveal(double reveal)
{
    m_reveal = std::clamp(reveal, 0.0, 1.0);
    update();
}

void GraphNodeItem::setCompact(bool compact)
{
    m_compact = compact;
    updateGeometry();
}

QVariant GraphNodeItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    // An outward label moves to the side that faces away from the origin.
    if (change == ItemPositionHasChanged && m_labelMode == LabelMode::Outward)
        updateGeometry();
    return QGraphicsItem::itemChange(change, value);
}

QRectF GraphNodeItem::outwardLabelRect(double w, double h) const
{
    // Always level, never turned: beside the node on the left and right of the ring, above
    // or below it near the top and bottom, where a label beside it would run into its
    // neighbours.
    const QPointF p = pos();
    const double angle = std::atan2(p.y(), p.x());
    const double c = std::cos(angle), s = std::sin(angle);
    if (std::abs(c) >= 0.5)
        return c > 0 ? QRectF(m_radius + kLabelGap, -h / 2, w, h) : QRectF(-m_radius - kLabelGap - w, -h / 2, w, h);
    return s < 0 ? QRectF(-w / 2, -m_radius - kLabelGap - h, w, h) : QRectF(-w / 2, m_radius + kLabelGap, w, h);
}

void GraphNodeItem::updateGeometry()
{
    prepareGeometryChange();
    const double halo = m_radius * (1.7 + m_activation);
    m_bounds = QRectF(-halo, -halo, 2 * halo, 2 * halo);
    m_labelRect = QRectF();
    m_lines.clear();
    if (m_labelMode != LabelMode::None && !m_oneLine.isEmpty() && m_zoom >= kMinLabelZoom) {
        // Screen size of the letters: the scaled size, but at least kMinLabelPixels and
        // growing only slowly past zoom 1 (so zooming in shows more of the text).
        const double scaled = kLabelPixels * m_zoom;
        const double screen = scaled < kMinLabelPixels ? kMinLabelPixels
                            : m_zoom <= 1             ? scaled
                                                      : kLabelPixels * std::pow(m_zoom, 0.25);
        m_labelScale = screen / (kLabelPixels * m_zoom);
        const int lines = m_zoom >= 2.5 ? kMaxLabelLines : m_zoom >= 1.5 ? 2 : 1;
        const QFont font = labelFont(m_bold);
        m_lines = wrapped(m_oneLine, font, labelRoom() / m_labelScale, lines);
        const QFontMetricsF fm(font);
        double textWidth = 0;
        for (const QString &line : std::as_const(m_lines))
            textWidth = std::max(textWidth, fm.horizontalAdvance(line));
        const double w = (textWidth + 2) * m_labelScale, h = fm.height() * m_labelScale * double(m_lines.size());
        m_labelRect = m_labelMode == LabelMode::Below ? QRectF(-w / 2, m_radius + kLabelGap, w, h)
                                                      : outwardLabelRect(w, h);
        m_bounds |= m_labelRect.adjusted(-2, -2, 2, 2);
    } else if (m_compact && !m_elidedCompact.isEmpty()) {
        m_bounds |= QRectF(-kCompactWidth / 2, m_radius + 1, kCompactWidth, kCompactPixels * 1.6);
    }
}

QPolygonF GraphNodeItem::labelPolygon() const
{
    if (m_lines.isEmpty())
        return {};
    return mapToScene(QPolygonF(m_labelRect));
}

void GraphNodeItem::setLabelCovered(bool covered)
{
    if (covered == m_labelCovered)
        return;
    m_labelCovered = covered;
    update();
}

void GraphNodeItem::setWideLabel(bool wide)
{
    if (wide == m_wide)
        return;
    m_wide = wide;
    if (m_labelMode != LabelMode::None)
        updateGeometry();
}

QRectF GraphNodeItem::boundingRect() const
{
    return m_bounds;
}

QPainterPath GraphNodeItem::shape() const
{
    // Picking: the disc, a little larger so small nodes are easy to hit.
    QPainterPath path;
    const double r = m_radius + 3;
    path.addEllipse(QPointF(0, 0), r, r);
    return path;
}

void GraphNodeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const double r = m_radius;
    const double active = m_activation * m_reveal;

    if (m_compact && lod * r < 3) {
        // Far out: plain squares are indistinguishable from discs and much cheaper.
        if (active > 0)
            painter->fillRect(QRectF(-2 * r, -2 * r, 4 * r, 4 * r), GraphPalette::activation());
        painter->fillRect(QRectF(-r, -r, 2 * r, 2 * r), m_color);
        return;
    }

    painter->setRenderHint(QPainter::Antialiasing, lod > 0.2);
    if (active > 0) {
        const double halo = r * (1.7 + m_activation);
        QRadialGradient glow(QPointF(0, 0), halo);
        QColor inner = GraphPalette::activation();
        inner.setAlphaF(float(0.25 + 0.65 * active));
        QColor outer = inner;
        outer.setAlpha(0);
        glow.setColorAt(r / halo, inner);
        glow.setColorAt(1.0, outer);
        painter->setPen(Qt::NoPen);
        painter->setBrush(glow);
        painter->drawEllipse(QPointF(0, 0), halo, halo);
    }

    QPen pen(m_color.darker(160), m_centre ? 3.0 : 1.2);
    if (m_centre)
        pen.setColor(GraphPalette::centreRing());
    painter->setPen(pen);
    painter->setBrush(m_color);
    painter->drawEllipse(QPointF(0, 0), r, r);
    if (m_onPath && m_reveal > 0) {
        QPen ring(GraphPalette::activation(), 3.0);
        painter->setPen(ring);
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(QPointF(0, 0), r + 3.5, r + 3.5);
    }

    if (m_labelMode == LabelMode::None) {
        // Overview, zoomed in close: a short label under the dot.
        if (!m_compact || m_elidedCompact.isEmpty() || lod * kCompactPixels < kMinReadablePixels)
            return;
        painter->setFont(compactFont());
        painter->setPen(QColor(0x21, 0x21, 0x21));
        const QRectF rect(-kCompactWidth / 2, r + 1, kCompactWidth, kCompactPixels * 1.6);
        painter->drawText(rect, Qt::AlignHCenter | Qt::AlignTop | Qt::TextSingleLine, m_elidedCompact);
        return;
    }
    if (m_lines.isEmpty() || m_labelCovered || lod * kLabelPixels * m_labelScale < kMinReadablePixels)
        return;
    painter->setFont(labelFont(m_bold));
    painter->save();
    // A pale backing keeps the text readable over links.
    QColor backing = GraphPalette::background();
    backing.setAlpha(210);
    painter->setPen(Qt::NoPen);
    painter->setBrush(backing);
    painter->drawRoundedRect(m_labelRect, 3 * m_labelScale, 3 * m_labelScale);
    painter->setPen(QColor(0x21, 0x21, 0x21));
    // Laid out in font pixels, then scaled to the room the label has at this zoom.
    painter->translate(m_labelRect.topLeft());
    painter->scale(m_labelScale, m_labelScale);
    const QRectF inFont(QPointF(0, 0), m_labelRect.size() / m_labelScale);
    painter->drawText(inFont, Qt::AlignCenter, m_lines.join(QLatin1Char('\n')));
    painter->restore();
}

} // namespace recollector::ui
