#pragma once

#include <QStyledItemDelegate>

namespace recollector::ui {

/// Paints one history row of HistoryModel as a small card: what happened (bold, wrapped),
/// when and who (muted), then one line per "field: before → after" change (elided; the
/// tooltip has them in full). Everything is drawn as plain text.
class HistoryItemDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryItemDelegate)

public:
    explicit HistoryItemDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    struct Layout
    {
        QRect title, meta;
        QList<QRect> changes;
        int height = 0;
    };
    Layout layout(const QStyleOptionViewItem &option, const QModelIndex &index) const;
};

} // namespace recollector::ui
