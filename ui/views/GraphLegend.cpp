#include "views/GraphLegend.h"

#include "engine/graph/LinkTypes.h"
#include "model/Tier.h"
#include "views/GraphPalette.h"
#include "text/TierText.h"
#include "text/ScoringText.h"

#include <QPainter>

namespace recollector::ui {

namespace {
constexpr int kPad = 8;
constexpr int kRow = 15;
constexpr int kSwatch = 22;
constexpr std::uint8_t kShownTypes[] = {core::links::Keyword, core::links::CoTask, core::links::Temporal,
                                        core::links::CoProject, core::links::Manual};
} // namespace

GraphLegend::GraphLegend(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("graphLegend"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    // A key, not content: a little smaller than the labels so it covers less of the graph.
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    setFont(small);
    resize(sizeHint());
}

QStringList GraphLegend::entries() const
{
    QStringList out;
    for (std::uint8_t t : kShownTypes)
        out << ScoringText::linkType(t);
    for (int t = 0; t < core::kTierCount; ++t)
        out << TierText::label(core::Tier(t));
    out << tr("activation");
    return out;
}

QSize GraphLegend::sizeHint() const
{
    const auto [left, right] = columnWidths();
    const int rows = std::max<int>(int(std::size(kShownTypes)), core::kTierCount + 1) + 1;
    return QSize(left + right + 3 * kPad, rows * kRow + 2 * kPad);
}

std::pair<int, int> GraphLegend::columnWidths() const
{
    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics fb(bold);
    int left = fb.horizontalAdvance(tr("Links (width = weight)")) + 4;
    for (std::uint8_t t : kShownTypes)
        left = std::max(left, fm.horizontalAdvance(ScoringText::linkType(t)) + kSwatch + 6);
    int right = fb.horizontalAdvance(tr("Tiers")) + 4;
    for (int t = 0; t < core::kTierCount; ++t)
        right = std::max(right, fm.horizontalAdvance(TierText::label(core::Tier(t))) + kSwatch + 6);
    right = std::max(right, fm.horizontalAdvance(tr("activation")) + kSwatch + 6);
    return {left, right};
}

void GraphLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QColor panel = GraphPalette::background();
    panel.setAlpha(235);
    p.setPen(QColor(0xcc, 0xcc, 0xcc));
    p.setBrush(panel);
    p.drawRoundedRect(rect().adjusted(0, 0, -1, -1), 5, 5);

    // Not a structured binding: clang before 16 cannot capture one in the lambda below.
    const std::pair<int, int> widths = columnWidths();
    const int leftWidth = widths.first;
    const int rightWidth = widths.second;
    auto text = [&](int x, int y, const QString &s, bool bold = false) {
        const int column = x < 2 * kPad + leftWidth ? leftWidth : rightWidth;
        QFont f = font();
        f.setBold(bold);
        p.setFont(f);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x, y, column, kRow), Qt::AlignVCenter | Qt::AlignLeft | Qt::TextSingleLine, s);
    };
    int x = kPad, y = kPad;
    text(x, y, tr("Links (width = weight)"), true);
    for (std::uint8_t t : kShownTypes) {
        y += kRow;
        p.setPen(QPen(GraphPalette::linkType(t), 3, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(x + 2, y + kRow / 2, x + kSwatch - 4, y + kRow / 2);
        text(x + kSwatch, y, ScoringText::linkType(t));
    }
    x = 2 * kPad + leftWidth;
    y = kPad;
    text(x, y, tr("Tiers"), true);
    for (int t = 0; t < core::kTierCount; ++t) {
        y += kRow;
        const QColor c = GraphPalette::tier(core::Tier(t));
        p.setPen(QPen(c.darker(160), 1));
        p.setBrush(c);
        p.drawEllipse(QPoint(x + kSwatch / 2 - 2, y + kRow / 2), 5, 5);
        text(x + kSwatch, y, TierText::label(core::Tier(t)));
    }
    y += kRow;
    QColor glow = GraphPalette::activation();
    p.setPen(QPen(glow, 2.5));
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(QPoint(x + kSwatch / 2 - 2, y + kRow / 2), 6, 6);
    text(x + kSwatch, y, tr("activation"));
}

} // namespace recollector::ui
