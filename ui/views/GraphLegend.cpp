#include "views/GraphLegend.h"

#include "engine/LinkTypes.h"
#include "model/Tier.h"
#include "views/GraphPalette.h"

#include <QPainter>

namespace engram::ui {

namespace {
constexpr int kPad = 8;
constexpr int kRow = 17;
constexpr int kSwatch = 22;
constexpr std::uint8_t kShownTypes[] = {core::links::Keyword, core::links::CoTask, core::links::Temporal,
                                        core::links::CoProject, core::links::Manual};
} // namespace

GraphLegend::GraphLegend(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("graphLegend"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    resize(sizeHint());
}

QStringList GraphLegend::entries() const
{
    QStringList out;
    for (std::uint8_t t : kShownTypes)
        out << core::links::typeName(t);
    for (int t = 0; t < core::kTierCount; ++t)
        out << core::tierName(core::Tier(t));
    out << tr("activation");
    return out;
}

QSize GraphLegend::sizeHint() const
{
    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    int textWidth = QFontMetrics(bold).horizontalAdvance(tr("Links (width = weight)")) + 4;
    for (const QString &e : entries())
        textWidth = std::max(textWidth, fm.horizontalAdvance(e) + kSwatch + 6);
    // Two columns: link types | tiers + activation.
    const int rows = std::max<int>(int(std::size(kShownTypes)), core::kTierCount + 1) + 1;
    return QSize(2 * textWidth + 3 * kPad, rows * kRow + 2 * kPad);
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

    const int column = (width() - 3 * kPad) / 2;
    auto text = [&](int x, int y, const QString &s, bool bold = false) {
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
        text(x + kSwatch, y, core::links::typeName(t));
    }
    x = 2 * kPad + column;
    y = kPad;
    text(x, y, tr("Tiers"), true);
    for (int t = 0; t < core::kTierCount; ++t) {
        y += kRow;
        const QColor c = GraphPalette::tier(core::Tier(t));
        p.setPen(QPen(c.darker(160), 1));
        p.setBrush(c);
        p.drawEllipse(QPoint(x + kSwatch / 2 - 2, y + kRow / 2), 5, 5);
        text(x + kSwatch, y, core::tierName(core::Tier(t)));
    }
    y += kRow;
    QColor glow = GraphPalette::activation();
    p.setPen(QPen(glow, 2.5));
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(QPoint(x + kSwatch / 2 - 2, y + kRow / 2), 6, 6);
    text(x + kSwatch, y, tr("activation"));
}

} // namespace engram::ui
