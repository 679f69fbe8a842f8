#include "views/GraphLegend.h"

#include "engine/graph/LinkTypes.h"
#include "model/Tier.h"
#include "views/GraphPalette.h"
#include "text/TierText.h"
#include "text/ScoringText.h"

#include <QPainter>

namespace recollector::ui {

namespace {
constexpr int kPad = 6;
constexpr int kGap = 14;
constexpr int kSwatch = 20;
constexpr std::uint8_t kShownTypes[] = {core::links::Keyword, core::links::CoTask, core::links::Temporal,
                                        core::links::CoProject, core::links::Manual};
} // namespace

GraphLegend::GraphLegend(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("graphLegend"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    // A key, not content: a little smaller than the labels.
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    setFont(small);
    m_items = items();
}

std::vector<GraphLegend::Item> GraphLegend::items() const
{
    std::vector<Item> out;
    out.push_back({tr("Links"), Swatch::None, 0, true});
    for (std::uint8_t t : kShownTypes)
        out.push_back({ScoringText::linkType(t), Swatch::Line, t, false});
    out.push_back({tr("Tiers"), Swatch::None, 0, true});
    for (int t = 0; t < core::kTierCount; ++t)
        out.push_back({TierText::label(core::Tier(t)), Swatch::Dot, t, false});
    out.push_back({tr("activation"), Swatch::Halo, 0, false});
    return out;
}

QStringList GraphLegend::entries() const
{
    QStringList out;
    for (const Item &item : m_items) {
        if (!item.heading)
            out << item.text;
    }
    return out;
}

std::vector<QRect> GraphLegend::entryRects() const
{
    int height = 0;
    std::vector<QRect> out;
    for (const Placed &placed : layout(width(), &height)) {
        if (!placed.item->heading)
            out.push_back(placed.rect);
    }
    return out;
}

int GraphLegend::itemWidth(const Item &item) const
{
    QFont f = font();
    f.setBold(item.heading);
    const int text = QFontMetrics(f).horizontalAdvance(item.text) + 2;
    return item.swatch == Swatch::None ? text : kSwatch + text;
}

std::vector<GraphLegend::Placed> GraphLegend::layout(int width, int *height) const
{
    const int row = fontMetrics().height() + 4;
    std::vector<Placed> out;
    int x = kPad, y = kPad, indent = kPad;
    for (const Item &item : m_items) {
        const int w = itemWidth(item);
        if (item.heading) {
            if (!out.empty())
                y += row; // each heading opens its own row
            x = kPad;
            out.push_back({&item, QRect(x, y, w, row)});
            x += w + kGap / 2;
            indent = x;
            continue;
        }
        if (x > indent && x + w > width - kPad) {
            y += row; // wrap under the first item after the heading
            x = indent;
        }
        out.push_back({&item, QRect(x, y, w, row)});
        x += w + kGap;
    }
    *height = y + row + kPad;
    return out;
}

int GraphLegend::heightForWidth(int width) const
{
    int height = 0;
    layout(width, &height);
    return height;
}

QSize GraphLegend::sizeHint() const
{
    // Wide enough for each heading's row on one line.
    int width = 0, line = 0;
    for (const Item &item : m_items) {
        if (item.heading)
            line = 0;
        line += itemWidth(item) + kGap;
        width = std::max(width, line);
    }
    width += 2 * kPad;
    return {width, heightForWidth(width)};
}

QSize GraphLegend::minimumSizeHint() const
{
    return {0, heightForWidth(width())};
}

void GraphLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), GraphPalette::background());
    p.setPen(QColor(0xdd, 0xdd, 0xdd));
    p.drawLine(rect().bottomLeft(), rect().bottomRight());

    int height = 0;
    for (const Placed &placed : layout(width(), &height)) {
        const Item &item = *placed.item;
        const QRect r = placed.rect;
        const QPoint mid(r.left() + kSwatch / 2 - 2, r.center().y());
        switch (item.swatch) {
        case Swatch::Line:
            p.setPen(QPen(GraphPalette::linkType(std::uint8_t(item.value)), 3, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(r.left() + 2, mid.y(), r.left() + kSwatch - 6, mid.y());
            break;
        case Swatch::Dot: {
            const QColor c = GraphPalette::tier(core::Tier(item.value));
            p.setPen(QPen(c.darker(160), 1));
            p.setBrush(c);
            p.drawEllipse(mid, 5, 5);
            break;
        }
        case Swatch::Halo:
            p.setPen(QPen(GraphPalette::activation(), 2.5));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(mid, 5, 5);
            break;
        case Swatch::None:
            break;
        }
        QFont f = font();
        f.setBold(item.heading);
        p.setFont(f);
        p.setPen(palette().color(QPalette::WindowText));
        const QRect textRect = item.swatch == Swatch::None ? r : r.adjusted(kSwatch, 0, 0, 0);
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft | Qt::TextSingleLine, item.text);
    }
}

} // namespace recollector::ui
