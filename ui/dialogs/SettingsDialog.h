#pragma once

#include "config/Config.h"

#include <QDialog>
#include <QHash>
#include <QPointer>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QTabWidget;

namespace recollector::ui {

class StoreSession;

/// Edits the store's configuration (docs/formats.md, "Configuration (config.yaml)"): a form per
/// group (scoring profiles, tier thresholds, reinforcement multipliers, categories, conflicts,
/// associations, budgets and retention) and the whole of it as YAML text. Every edit, in the
/// form or in the text, is checked with the core's own validation
/// (Config::validate / Config::fromYamlText): an out-of-range value or bad YAML shows a message
/// naming the key (and the line, for YAML), marks the field, and Save stays disabled until it
/// is fixed. "Reset to defaults" puts the shipped defaults in the form (saved only with Save).
/// Save hands the config to StoreSession::setConfig, which stores it in the store's meta and
/// re-evaluates every score.
///
/// Non-modal friendly: open() / show() it; tests drive the fields and buttons directly.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)

public:
    explicit SettingsDialog(StoreSession *session, QWidget *parent = nullptr);

    /// The configuration as edited, when it is valid.
    const std::optional<core::Config> &candidate() const { return m_candidate; }
    bool isValid() const { return m_candidate.has_value(); }
    /// The validation message ("enhanced.userFactor: 20 is out of range [0.1, 10]"); empty when valid.
    const QString &errorText() const { return m_error; }
    /// True when the edited config differs from the session's.
    bool isModified() const;

    /// The form's editor of a key ("memory.decay.fadingThreshold"): a QLineEdit for numbers,
    /// a QComboBox for choices; nullptr for an unknown key.
    QWidget *field(const QString &key) const { return m_fields.value(key); }
    QTableWidget *categoriesTable() const { return m_categories; }
    QPlainTextEdit *yamlEdit() const { return m_yaml; }
    QTabWidget *tabs() const { return m_tabs; }
    QPushButton *saveButton() const { return m_save; }

public Q_SLOTS:
    /// Puts the shipped defaults in the form and the YAML text (not saved until Save).
    void resetToDefaults();
    /// Saves a valid config through the session and closes; false (and stays open) otherwise.
    bool save();

Q_SIGNALS:
    /// The config was saved into the session's store.
    void saved();

private:
    enum class Source { Form, Yaml };

    QWidget *buildKeyTab(const QStringList &sections);
    QWidget *buildCategoriesTab();
    QWidget *buildYamlTab();
    void fillForm(const core::Config &config);
    void fillYaml(const core::Config &config);
    void onFormEdited();
    void onYamlEdited();
    void onTabChanged(int index);
    void setValidation(std::optional<core::Config> config, const QString &error, const QString &key, int yamlLine);
    void markInvalid(const QString &key);
    std::optional<core::Config> readForm(QString &error, QString &key) const;

    QPointer<StoreSession> m_session;
    core::Config m_loaded;   ///< the config the dialog opened with (categories' names and order)
    std::optional<core::Config> m_candidate;
    Source m_source = Source::Form;
    QString m_error;
    bool m_filling = false;
    QHash<QString, QWidget *> m_fields;
    QTabWidget *m_tabs;
    QTableWidget *m_categories;
    QPlainTextEdit *m_yaml;
    int m_yamlTab = -1;
    QLabel *m_message;
    QPushButton *m_save;
    QPushButton *m_reset;
};

} // namespace recollector::ui
