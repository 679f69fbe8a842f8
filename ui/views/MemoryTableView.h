#pragma once

#include <QTableView>

namespace recollector::ui {

class MemoryTableModel;

/// The memory table's view: single-line rows of fixed height (uniform rows let a million-row
/// table scroll without measuring), a header context menu to choose the columns, and a
/// one-time signal when it first paints rows (for the first-paint benchmark).
class MemoryTableView final : public QTableView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryTableView)

public:
    explicit MemoryTableView(QWidget *parent = nullptr);

    void setMemoryModel(MemoryTableModel *model);
    /// Shows the default columns only (first start, or "Reset columns").
    void resetColumns();
    /// Ids of the selected rows, in view order.
    QStringList selectedIds() const;
    /// The memory id of the current row, or empty.
    QString currentId() const;
    /// What the table says when it shows no row ("" while it shows some): an empty store
    /// says how to add memories, a filter with no match how to widen it.
    QString emptyMessage() const;
    /// Bringing a memory into view scrolls to its row only: the columns the user looks at
    /// stay where they are, whichever path asks (the window selecting by the row's first
    /// model column, currentChanged, the selection model, the delayed scroll after a click
    /// on a cut cell, a reload keeping the row in view). Only moving across with the keys
    /// (Left, Right, Home, End) scrolls to the column.
    void scrollTo(const QModelIndex &index, ScrollHint hint = EnsureVisible) override;

Q_SIGNALS:
    /// Emitted once, after the first paint that drew at least one row.
    void firstPaintWithRows();
    /// After every paint of the table (recollector-bench's live_refresh_ms waits for the repaint
    /// that shows another process's decision).
    void painted();
    /// Right-click on rows (the window fills the menu with the decisions).
    void contextMenuRequestedAt(const QPoint &globalPos);


protected:
    void paintEvent(QPaintEvent *event) override;
    /// A cell whose text the column cuts short shows the whole text as its tooltip (when the
    /// model gives it none of its own).
    bool viewportEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void showHeaderMenu(const QPoint &pos);
    /// Memories with their own names (an attached Claude Code folder): the Name and
    /// Description columns come first, once; the user may hide them again. A store without
    /// names hides them.
    void followTitles();

    MemoryTableModel *m_model = nullptr;
    bool m_painted = false;
    bool m_titlesShown = false;
    bool m_movingAcross = false; ///< a Left/Right/Home/End key is moving the current column
};

} // namespace recollector::ui
