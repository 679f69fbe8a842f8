#pragma once

#include "snapshot/SnapshotFilter.h"

#include <QTimer>
#include <QWidget>

class QActionGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QToolButton;

namespace recollector::ui {

class StoreSession;

/// The strip above the memory table: text search over content and keywords (debounced),
/// category / tier / source / project choices, a menu of flag filters (verified, negated,
/// permanent, sensitivity) and the query mode (normal / review / debug). Emits the whole
/// filter whenever any part changes; the table applies it.
class FilterBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilterBar)

public:
    explicit FilterBar(StoreSession *session, QWidget *parent = nullptr);

    core::SnapshotFilter filter() const { return m_filter; }
    /// Shows a filter (e.g. restored from settings) without waiting for the debounce.
    void setFilter(const core::SnapshotFilter &filter);
    void setMode(core::SnapshotFilter::Mode mode);
    void focusSearch();
    /// "shown of total" beside the controls.
    void setCounts(qint64 shown, qint64 total);
    /// Clears every filter but the mode.
    void clear();

    /// Quiet time after the last keystroke before the text filter runs.
    static constexpr int kDebounceMs = 200;

Q_SIGNALS:
    void filterChanged(const core::SnapshotFilter &filter);

private:
    void connectControls();
    void repopulate();
    void fillCombo(QComboBox *combo, const QString &anyLabel, const QStringList &values, const QStringList &labels);
    void readControls();
    void emitNow();
    QMenu *createFlagsMenu();
    void updateFlagsButton();

    StoreSession *m_session;
    core::SnapshotFilter m_filter;
    QLineEdit *m_search = nullptr;
    QComboBox *m_category = nullptr;
    QComboBox *m_tier = nullptr;
    QComboBox *m_source = nullptr;
    QComboBox *m_project = nullptr;
    QComboBox *m_mode = nullptr;
    QToolButton *m_flags = nullptr;
    QActionGroup *m_verified = nullptr;
    QActionGroup *m_negated = nullptr;
    QActionGroup *m_permanent = nullptr;
    QActionGroup *m_sensitivity = nullptr;
    QLabel *m_counts = nullptr;
    QTimer m_debounce;
    bool m_updating = false;
};

} // namespace recollector::ui
