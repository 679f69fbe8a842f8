#pragma once

#include "engine/decisions/Proposals.h"

#include <QWidget>

#include <functional>
#include <vector>

class QLabel;
class QStandardItemModel;
class QTableView;
class QUndoCommand;

namespace recollector::ui {

class StoreSession;

/// The assistant's proposals in the review inbox (approval mode, docs/scoring.md#approval-mode),
/// above the list of changes: "Proposed by the assistant", oldest first, each waiting for
/// the person's answer. Accept applies a proposal as the person's decision (through
/// DecisionCommand, so on an attached folder the file is written in the same transaction),
/// Reject keeps it in the history as answered; several selected are one undoable step.
/// Hidden while nothing waits. objectNames: proposalsLabel, proposalsList.
class ProposalsPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProposalsPane)

public:
    using Push = std::function<bool(QUndoCommand *)>;
    using Sink = std::function<void(const QString &)>;

    ProposalsPane(StoreSession *session, QWidget *parent = nullptr);

    QTableView *list() const { return m_list; }
    int count() const { return int(m_proposals.size()); }
    /// Reads the pending proposals again; false (with the message through `say`) on an error.
    bool reload(const Sink &say);
    std::vector<core::Proposal> selected() const;
    void selectRows(const QList<int> &rows);
    /// Accept or reject the selected proposals as one command pushed with `push`; false when
    /// none is selected or the command failed. `errors` gets a later undo/redo's failure.
    bool answerSelected(bool accept, const Push &push, const Sink &errors);

    /// The text before and after a proposal, and a note on it, for the inbox's detail panes.
    struct Detail
    {
        QString before;
        QString after;
        bool isNew = false;
        QString note;
    };
    Detail detail(const core::Proposal &proposal) const;
    /// "Proposed by the assistant: a new memory", in the window's words.
    static QString describe(const core::Proposal &proposal);

Q_SIGNALS:
    void selectionChanged();

private:
    StoreSession *m_session;
    QLabel *m_label;
    QTableView *m_list;
    QStandardItemModel *m_model;
    std::vector<core::Proposal> m_proposals;
};

} // namespace recollector::ui
