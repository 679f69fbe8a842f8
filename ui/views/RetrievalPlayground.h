#pragma once

#include "engine/recall/Retrieval.h"

#include <QHash>
#include <QPointer>
#include <QSet>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTreeWidget;
class QTreeWidgetItem;

namespace recollector::core {
class KeywordIndex;
}

namespace recollector::ui {

class StoreSession;

/// The retrieval playground (docs/architecture.md, "The window"): type a query and see what the
/// assistant would recall from the session's store under its config, active profile and "now"
/// (preview date included), in a mode (normal / review / debug) and for a project. Each result
/// shows its rank, content, score, whether it was a direct keyword hit or reached by spreading
/// activation, and its activation; expanding it shows every score term and, for associative
/// results, the activation path as a chain of memories.
///
/// Nothing is ever written: retrieval runs with RetrievalOptions::preview, so no access is
/// recorded and no link strengthened. The keyword index is built once per store and kept
/// current from the session's change signals.
///
/// Runs as the user types (debounced), on Enter or Run, and again when the store, the config,
/// the profile or the evaluation instant changes. Suitable for a dock or a non-modal dialog.
class RetrievalPlayground final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RetrievalPlayground)

public:
    explicit RetrievalPlayground(StoreSession *session, QWidget *parent = nullptr);
    ~RetrievalPlayground() override;

    QString query() const;
    /// Sets the query text and runs it at once.
    void setQuery(const QString &query);
    core::QueryMode mode() const;
    void setMode(core::QueryMode mode);
    /// The project asked from; empty = any project.
    QString project() const;
    void setProject(const QString &project);
    int maxResults() const;
    void setMaxResults(int count);
    /// Expands every result's explanation (the "Explain all" box).
    void setExplanationsExpanded(bool expanded);
    /// Delay between the last keystroke and the run (ms).
    void setDebounceInterval(int ms);

    /// The results of the last run, best first.
    const std::vector<core::RetrievalResult> &results() const { return m_results; }
    /// The query keywords of the last run (sorted).
    const QStringList &queryKeywords() const { return m_queryKeywords; }
    /// The error of the last run, empty when it succeeded.
    const QString &errorText() const { return m_error; }
    QTreeWidget *resultsView() const { return m_tree; }

public Q_SLOTS:
    /// Runs the query now (cancels a pending debounced run).
    void run();

Q_SIGNALS:
    /// A result (or a memory on a path) was double-clicked or Enter was pressed on it.
    void memoryActivated(const QString &id);
    /// A result was selected: the ids from its seed to itself (one id for a direct hit).
    /// Empty when the selection was cleared.
    void pathHighlighted(const QStringList &pathIds);
    /// A run finished and the list shows its results.
    void resultsChanged();

private:
    void createControls();
    void createResultTree();
    void buildLayout();
    void connectControls();
    /// Re-runs the query as the store, its settings and the preview date change.
    void followSession();
    void scheduleRun();
    void scheduleRerun();
    void repopulateProjects();
    void dropIndex();
    void updateIndex(const QStringList &ids);
    void showResults();
    QTreeWidgetItem *makeResultItem(int rank, const core::RetrievalResult &result);
    void addPathItems(QTreeWidgetItem *parent, const core::RetrievalResult &result);
    QString contentOf(const QString &id);
    void onCurrentItemChanged(QTreeWidgetItem *current);
    void updateSummary();

    QPointer<StoreSession> m_session;
    QLineEdit *m_query;
    QComboBox *m_mode;
    QComboBox *m_project;
    QSpinBox *m_limit;
    QPushButton *m_run;
    QCheckBox *m_explainAll;
    QLabel *m_summary;
    QTreeWidget *m_tree;
    QTimer m_debounce;

    std::unique_ptr<core::KeywordIndex> m_index;
    std::vector<core::RetrievalResult> m_results;
    QStringList m_queryKeywords;
    bool m_hubRanking = false; ///< the store mirrors an agent hub: its keyword ranking (recallsLikeTheHub)
    QString m_lastQuery;
    QString m_error;
    QHash<QString, QString> m_contentCache; // id → content, for path hops that are not results
    bool m_updatingProjects = false;
};

} // namespace recollector::ui
