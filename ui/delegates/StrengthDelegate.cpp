#include "delegates/StrengthDelegate.h"

#include "models/Roles.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <array>

namespace recollector::ui {

namespace {

struct Stop
{
    double at;
    QColor color;
};

// Chosen to stay readable on both light and dark palettes.
const std::array<Stop, 4> kStops{{
    {0, QColor(0xd7, 0x30, 0x27)},   // red: forgotten
    {15, QColor(0xf4, 0x7a, 0x1f)},  // orange: weak
    {35, QColor(0xe8, 0xc5, 0x1a)},  // yellow: fading
    {100, QColor(0x2e, 0xa0, 0x4a)}, // green: strong
}};

const QColor kPermanentBlue(0x1f, 0x6f, 0xd1);

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

} // namespace

StrengthDelegate::StrengthDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

QColor StrengthDelegate::strengthColor(double strength)
{
    const double s = std::clamp(strength, 0.0, 100.0);
    for (std::size_t i = 1; i < kStops.size(); ++i) {
        if (s <= kStops[i].at) {
            const double t = (s - kStops[i - 1].at) / (kStops[i].at - kStops[i - 1].at);
            return mix(kStops[i - 1].color, kStops[i].color, t);
        }
    }
    return kStops.back().color;
}

QColor StrengthDelegate::tierColor(core::Tier tier)
{
    switch (tier) {
    case core::Tier::Permanent: return kPermanentBlue;
    case core::Tier::Active: return kStops[3].color;
    case core::Tier::Fading: return kStops[2].color;
    case core::Tier::Weak: return kStops[1].color;
    case core::Tier::Forgotten: return kStops[0].color;
    }
    return Qt::gray;
}

void StrengthDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (index.column() == StrengthColumn)
        paintBar(painter, option, index);
    else if (index.column() == TierColumn)
        paintTier(painter, option, index);
    else
        QStyledItemDelegate::paint(painter, option, index);
}

void StrengthDelegate::paintBackground(QPainter *painter, const QStyleOptionViewItem &option,
                                       const QModelIndex &index) const
{
    // Selection / hover / alternate background exactly as the style draws it, no text.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    opt.icon = QIcon();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
}

void StrengthDelegate::paintBar(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    paintBackground(painter, option, index);
    const double strength = index.data(StrengthRole).toDouble();
    const bool permanent = index.data(PermanentRole).toBool();
    // The tier's colour, always: under the importance and lifecycle profiles the tier does not
    // follow the strength alone, and an "active" row with an orange bar reads as a contradiction.
    const QVariant tier = index.data(TierRole);
    const QColor color = permanent ? kPermanentBlue : tier.isValid() ? tierColor(core::Tier(tier.toInt())) : strengthColor(strength);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QRect cell = option.rect.adjusted(4, 0, -4, 0);
    const QFontMetrics fm(option.font);
    const int numberWidth = fm.horizontalAdvance(QStringLiteral("100")) + 6;
    const int barHeight = std::clamp(cell.height() / 2, 6, 12);
    const QRectF track(cell.left(), cell.center().y() - barHeight / 2.0 + 0.5, std::max(cell.width() - numberWidth, 8),
                       barHeight);
    const QColor trackColor = option.palette.color(QPalette::Mid);
    painter->setPen(Qt::NoPen);
    QColor trackFill = trackColor;
    trackFill.setAlpha(70);
    painter->setBrush(trackFill);
    painter->drawRoundedRect(track, 3, 3);
    const double fraction = permanent ? 1.0 : std::clamp(strength / 100.0, 0.0, 1.0);
    if (fraction > 0) {
        QRectF bar = track;
        bar.setWidth(std::max(track.width() * fraction, 3.0));
        painter->setBrush(color);
        painter->drawRoundedRect(bar, 3, 3);
    }
    const bool selected = option.state & QStyle::State_Selected;
    painter->setPen(option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    painter->setFont(option.font);
    const QRect numberRect(int(track.right()) + 4, cell.top(), numberWidth - 4, cell.height());
    painter->drawText(numberRect, Qt::AlignRight | Qt::AlignVCenter,
                      permanent ? QStringLiteral("∞") : QString::number(strength, 'f', 0));
    painter->restore();
}

void StrengthDelegate::paintTier(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    paintBackground(painter, option, index);
    const auto tier = core::Tier(index.data(TierRole).toInt());
    const QString label = index.data(TierNameRole).toString();
    const QColor color = tierColor(tier);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    QFont font = option.font;
    font.setPointSizeF(std::max(font.pointSizeF() - 1, 7.0));
    const QFontMetrics fm(font);
    const int width = fm.horizontalAdvance(label) + 14;
    const int height = std::min(fm.height() + 4, option.rect.height() - 2);
    const QRectF pill(option.rect.left() + 4, option.rect.center().y() - height / 2.0 + 0.5,
                      std::min(width, option.rect.width() - 8), height);
    QColor fill = color;
    fill.setAlpha(46);
    painter->setPen(QPen(color, 1));
    painter->setBrush(fill);
    painter->drawRoundedRect(pill, height / 2.0, height / 2.0);
    painter->setFont(font);
    const bool selected = option.state & QStyle::State_Selected;
    painter->setPen(selected ? option.palette.color(QPalette::HighlightedText) : color.darker(150));
    painter->drawText(pill, Qt::AlignCenter, label);
    painter->restore();
}

QSize StrengthDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.column() == StrengthColumn)
        size.setWidth(std::max(size.width(), 120));
    else if (index.column() == TierColumn)
        size.setWidth(std::max(size.width(), 84));
    return size;
}

} // namespace recollector::ui
