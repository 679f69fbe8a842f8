#pragma once

#include "snapshot/SnapshotFilter.h"

#include <QObject>
#include <QStringList>

class QAbstractItemView;

namespace recollector::ui {

class MemoryTableModel;

/// Carries a table's selection, current row and scroll position across a model reset by
/// memory id (a reset drops persistent indexes). Layout changes and row moves keep them on
/// their own; this covers filter changes and whole-snapshot reloads.
///
/// When the whole selection leaves the table under an unchanged filter (a decision made the
/// memory fall out of it: negated, deleted, past the forgotten line), the row that took its
/// place, the next visible one, becomes selected and current, so the detail panel, the chart
/// and every action follow one row that the table shows (docs/architecture.md). Construct it
/// before the view gets the model: it must see a removal before the selection model drops the
/// rows.
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
    void onRowsAboutToBeRemoved(int first, int last);
    void onRowsRemoved();
    /// Selects the row at `position` (the last row when past the end) and makes it current.
    void selectRowAt(int position);

    QAbstractItemView *m_view;
    MemoryTableModel *m_model;
    QStringList m_selected;
    QString m_current;
    QString m_top;
    int m_topOffsetRows = 0;
    int m_horizontal = 0;
    bool m_saved = false;
    int m_currentRow = -1;      ///< the current row's position at save()
    bool m_hadSelection = false; ///< save() found selected rows
    core::SnapshotFilter m_filter; ///< the filter at save()
    int m_successorRow = -1;    ///< a removal is taking the whole selection from here
};

} // namespace recollector::ui
