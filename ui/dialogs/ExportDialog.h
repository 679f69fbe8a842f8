#pragma once

#include "dialogs/ExportTargets.h"
#include "dialogs/JobDialog.h"
#include "io/Exporter.h"

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace recollector::ui {

class StoreSession;

/// Export (docs/formats.md, "Formats"): a format (Recollector JSON, YAML, CSV, agent memory folder,
/// or another memory system's: ExportTargets),
/// a scope (every memory, the selection, or what the current filter shows), a destination and
/// whether the store's own `import` events go along. The export runs on a worker thread with
/// its own connection, with progress; Cancel works until the set has been collected (nothing is
/// written), after that the writing finishes (files are written atomically). The export is the
/// JobDialog's job.
class ExportDialog final : public JobDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExportDialog)

public:
    enum class Scope { All, Selection, Filter };
    enum class State { Ready, Exporting, Done, Failed };
    Q_ENUM(State)

    /// Asks for a destination (the file dialog by default; tests install their own).
    /// `current` is the path in the field; an empty return keeps it.
    using PathChooser = std::function<QString(QWidget *parent, core::io::SetFormat format, const QString &current)>;
    /// The same for another system's format (a folder, a file to write, or an existing file).
    using TargetChooser = std::function<QString(QWidget *parent, const ExportTarget &target, const QString &current)>;

    /// `selectedIds` / `filteredIds`: the memories of the selection and of the table's current
    /// filter (a scope with none is disabled).
    ExportDialog(StoreSession *session, QStringList selectedIds, QStringList filteredIds, QWidget *parent = nullptr);

    void setFormat(core::io::SetFormat format);
    /// Recollector's own format chosen (meaningful while adapterName() is empty).
    core::io::SetFormat format() const;
    /// Chooses another memory system's format by its adapter name ("claude-memory", ...).
    void setAdapter(const QString &adapter);
    /// The other system's adapter chosen; empty for Recollector's own formats.
    QString adapterName() const;
    void setScope(Scope scope);
    Scope scope() const;
    void setDestination(const QString &path);
    QString destination() const;
    void setIncludeImportEvents(bool include);
    void setPathChooser(PathChooser chooser) { m_chooser = std::move(chooser); }
    void setTargetChooser(TargetChooser chooser) { m_targetChooser = std::move(chooser); }

    /// The ids the chosen scope exports; empty = the whole store.
    QStringList scopeIds() const;
    /// Starts the export (Ready, Done or Failed: an export may be repeated).
    void startExport();
    State state() const { return m_state; }
    const core::io::ExportReport &report() const { return m_report; }
    QString errorMessage() const { return m_error; }

Q_SIGNALS:
    void stateChanged(recollector::ui::ExportDialog::State state);
    /// The export was written: `memories` memories to `path`.
    void exported(const QString &path, int memories);

private:
    void createScope();
    void createDestination();
    void createResult();
    void connectControls();
    void browse();
    void formatChanged();
    void finishExport(core::Result<core::io::ExportReport> result);
    /// The export through another system's writer (FormatRegistry), on the job's thread.
    void startAdapterExport(const QString &adapter, const QString &path, const core::io::ExportOptions &options);
    void setState(State state);
    void updateHint();
    /// Grows the dialog to the height its wrapped labels need at its width.
    void fitHeight();

    StoreSession *m_session;
    QStringList m_selected;
    QStringList m_filtered;
    PathChooser m_chooser;
    TargetChooser m_targetChooser;
    State m_state = State::Ready;
    core::io::ExportReport m_report;
    QString m_error;
    QString m_writtenPath;

    QComboBox *m_format;
    QRadioButton *m_all;
    QRadioButton *m_selection;
    QRadioButton *m_filter;
    QLineEdit *m_destination;
    QPushButton *m_browse;
    QCheckBox *m_importEvents;
    QLabel *m_hint;
    QLabel *m_result;
    QPushButton *m_exportButton;
    QPushButton *m_closeButton;
};

} // namespace recollector::ui
