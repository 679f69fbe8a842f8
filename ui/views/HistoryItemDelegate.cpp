#include "views/HistoryItemDelegate.h"

#include "models/HistoryModel.h"

#include <QApplication>
#include <QPainter>

namespace recollector::ui {

namespace {
constexpr int kPad = 6;      // px around the card's text
constexpr int kIndent = 12;  // px the change lines are indented by
constexpr int kMinWidth = 120;

QFont titleFont(const QFont &base)
{
    QFont f = base;
    f.setBold(true);
    return f;
}

QFont metaFont(const QFont &base)
{
    QFont f = base;
    f.setPointSizeF(base.pointSizeF() > 0 ? base.pointSizeF() * 0.9 : 8);
    return f;
}
} // namespace

HistoryItemDelegate::HistoryItemDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

HistoryItemDelegate::Layout HistoryItemDelegate::layout(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    Layout l;
    const int width = std::max(kMinWidth, option.rect.width()) - 2 * kPad;
    const int left = option.rect.left() + kPad;
    int y = option.rect.top() + kPad;

    const QFontMetrics title(titleFont(option.font));
    const QRect titleBox = title.boundingRect(QRect(0, 0, width, 10000), Qt::TextWordWrap,
                                              index.data(Qt::DisplayRole).toString());
    l.title = QRect(left, y, width, titleBox.height());
    y += titleBox.height() + 2;

    const QFontMetrics meta(metaFont(option.font));
    l.meta = QRect(left, y, width, meta.height());
    y += meta.height();

    const QFontMetrics body(option.font);
    const int changes = int(index.data(HistoryModel::ChangesRole).toStringList().size());
    for (int i = 0; i < changes; ++i) {
        l.changes << QRect(left + kIndent, y + 2, width - kIndent, body.height());
        y += body.height() + 2;
    }
    l.height = y + kPad - option.rect.top();
    return l;
}

void HistoryItemDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear(); // the background and selection come from the style; the text is ours
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const Layout l = layout(option, index);
    const bool selected = option.state & QStyle::State_Selected;
    const QPalette &pal = option.palette;
    const QColor text = selected ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::Text);
    QColor muted = text;
    muted.setAlphaF(0.65f);

    painter->save();
    painter->setPen(text);
    painter->setFont(titleFont(option.font));
    painter->drawText(l.title, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, index.data(Qt::DisplayRole).toString());

    const QString who = index.data(HistoryModel::WhoRole).toString();
    const QString meta = index.data(HistoryModel::WhenRole).toString()
                         + (who.isEmpty() ? QString() : HistoryModel::tr(" · by %1", "by whom").arg(who));
    painter->setPen(muted);
    painter->setFont(metaFont(option.font));
    painter->drawText(l.meta, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(painter->font()).elidedText(meta, Qt::ElideRight, l.meta.width()));

    painter->setPen(text);
    painter->setFont(option.font);
    const QStringList changes = index.data(HistoryModel::ChangesRole).toStringList();
    const QFontMetrics body(option.font);
    for (int i = 0; i < changes.size() && i < l.changes.size(); ++i)
        painter->drawText(l.changes[i], Qt::AlignLeft | Qt::AlignVCenter,
                          body.elidedText(changes[i], Qt::ElideRight, l.changes[i].width()));

    // A hairline between cards keeps a long history scannable.
    painter->setPen(pal.color(QPalette::Mid));
    painter->drawLine(option.rect.bottomLeft(), option.rect.bottomRight());
    painter->restore();
}

QSize HistoryItemDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    return {std::max(kMinWidth, option.rect.width()), layout(option, index).height};
}

} // namespace recollector::ui
