#pragma once

#include "dialogs/JobDialog.h"
#include "engine/capture/DuplicateFinder.h"

#include <QPointer>

#include <vector>

class QLabel;
class QPushButton;
class QTreeWidget;
class QUndoStack;

namespace recollector::ui {

class StoreSession;

/// Review ▸ Duplicates…: the memories across the store that say the same thing, in groups
/// (core::DuplicateFinder on a worker with its own read-only connection, progress and Cancel
/// from JobDialog; docs/scoring.md#duplicates-across-the-store). Each group lists its memories
/// with their strength and dates; Merge makes one memory of a group with the strongest one's
/// text, through the undoable merge decision (DecisionCommand::merge on the window's undo stack).
class DuplicatesDialog final : public JobDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DuplicatesDialog)

public:
    DuplicatesDialog(StoreSession *session, QUndoStack *undo, QWidget *parent = nullptr);

    /// Starts a search (Find Again, and on opening); false when one runs or no store is open.
    bool startSearch();
    /// Merges the group of the current row; false when none is chosen or the merge failed.
    bool mergeCurrent();
    int groupCount() const;

Q_SIGNALS:
    /// A search ended: completed (true), or cancelled / failed (false).
    void searchFinished(bool completed);
    void memoryActivated(const QString &id);

private:
    void buildLayout();
    void finishSearch(core::Result<std::vector<core::DuplicateCluster>> result, const QString &storePath);
    void showGroups();
    int currentGroup() const;

    QPointer<StoreSession> m_session;
    QPointer<QUndoStack> m_undo;
    std::vector<core::DuplicateCluster> m_groups;
    QLabel *m_result;
    QTreeWidget *m_tree;
    QPushButton *m_merge;
    QPushButton *m_find;
    QPushButton *m_close;
};

} // namespace recollector::ui
