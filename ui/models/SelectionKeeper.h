#pragma once

#include <QObject>
#include <QStringList>

class QAbstractItemView;

namespace engram::ui {

class MemoryTableModel;

/// Carries a table's selection, current row and scroll position across a model reset by
/// memory id (a reset drops persistent indexes). Layout changes and row moves keep them on
/// their own; this covers filter changes and whole-snapshot reloads.
class SelectionKeeper final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SelectionKeeper)

public:
    SelectionKeeper(QAbstractItemView *view, MemoryTableModel *model, QObject *parent = nullptr);

    /// Above this many selected rows the selection is not carried over (select-all of a
    /// million rows would cost more to restore than to redo).
    static constexpr int kMaxKept = 20000;

    /// Remembers now / puts back now (also called around resets automatically).
    void save();
    void restore();

    /// Selects these ids (those visible), makes the first current and scrolls to it.
    void select(const QStringList &ids, bool scroll = true);

private:
    QAbstractItemView *m_view;
    MemoryTableModel *m_model;
    QStringList m_selected;
    QString m_current;
    QString m_top;
    int m_topOffsetRows = 0;
    int m_horizontal = 0;
    bool m_saved = false;
};

} // namespace engram::ui
