#include "dialogs/SettingsDialog.h"

#include "text/SettingHelp.h"
#include "text/SettingLabels.h"

#include "StoreSession.h"
#include "support/MessageBox.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBlock>
#include <QVBoxLayout>

#include <array>

namespace recollector::ui {

using namespace recollector::core;

namespace {

const QString kYamlFileName = QStringLiteral("config.yaml");
const QColor kInvalidBackground(0xfd, 0xe2, 0xe2);

/// A category's columns: the YAML key, the header, and the member it edits.
struct CategoryColumn
{
    const char *key;
    const char *header;
    double CategoryConfig::*member; // nullptr: the neverDecays check box
};

const std::vector<CategoryColumn> &categoryColumns()
{
    static const std::vector<CategoryColumn> columns{
        {"importance", QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Importance (I)"), &CategoryConfig::enhancedImportance},
        {"dailyDecayFactor", QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Daily decay ×"), &CategoryConfig::dailyDecayFactor},
        {"graceDays", QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Grace (days)"), &CategoryConfig::graceDays},
        {"neverDecays", QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Never decays"), nullptr},
        {"maxAgeDays", QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Max age (days)"), &CategoryConfig::maxAgeDays},
        {"deleteBelow", QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Delete below"), &CategoryConfig::deleteBelow},
        {"decayRateFactor", QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Decay-rate ×"), &CategoryConfig::decayRateFactor},
    };
    return columns;
}

QString numberText(double v) { return QString::number(v, 'f', QLocale::FloatingPointShortest); }

QString sectionOf(const QString &key) { return key.left(key.lastIndexOf(QLatin1Char('.'))); }

QString sectionTitle(const QString &section)
{
    static const QHash<QString, const char *> titles{
        {QStringLiteral("memory.decay"), QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Ebbinghaus: decay and tier thresholds")},
        {QStringLiteral("memory.reinforce"), QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Reinforcement multipliers")},
        {QStringLiteral("enhanced"), QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Enhanced profile")},
        {QStringLiteral("importance"), QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Importance profile")},
        {QStringLiteral("lifecycle"), QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Lifecycle profile")},
        {QStringLiteral("conflicts"), QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Conflict detection and automatic handling")},
        {QStringLiteral("associations"), QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Associations and spreading activation")},
        {QStringLiteral("budgets"), QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Storage budgets and retention")},
        {QStringLiteral("privacy"), QT_TRANSLATE_NOOP("recollector::ui::SettingsDialog", "Privacy: lock sensitivity 3 after idle minutes (0 = never)")},
    };
    const char *title = titles.value(section);
    return title ? SettingsDialog::tr(title) : section;
}

/// "cleanupIntervalHours" → "Cleanup interval (hours)"; the units are in the key names.
QString labelFor(const QString &key)
{
    const QString name = key.mid(key.lastIndexOf(QLatin1Char('.')) + 1);
    // Keys named after a formula's symbol say nothing to a person: these get words of their own.
    static const QHash<QString, QString> kWords{
        {QStringLiteral("alphaBase"), QStringLiteral("Time weight falls per day")},
        {QStringLiteral("userFactor"), QStringLiteral("How fast this user forgets")},
        {QStringLiteral("semanticBoost"), QStringLiteral("Mention boost")},
        {QStringLiteral("frequentSemanticBoost"), QStringLiteral("Mention boost when frequent")},
        {QStringLiteral("semanticLambda"), QStringLiteral("Mention boost wears off")},
        {QStringLiteral("momentum"), QStringLiteral("Recent mention bonus")},
        {QStringLiteral("momentumLambda"), QStringLiteral("Recent mention bonus wears off")},
        {QStringLiteral("ageLambda"), QStringLiteral("Age lowers the score")},
        {QStringLiteral("keywordJaccard"), QStringLiteral("Shared keywords to compare")},
        {QStringLiteral("directConfidenceFactor"), QStringLiteral("Confidence kept after a contradiction")},
        {QStringLiteral("coTaskWeight"), QStringLiteral("Same task link weight")},
        {QStringLiteral("coProjectWeight"), QStringLiteral("Same project link weight")},
        {QStringLiteral("coRetrievalBoost"), QStringLiteral("Recalled together boost")},
    };
    if (const auto it = kWords.constFind(name); it != kWords.constEnd())
        return SettingLabels::translated(it.value());
    QString words;
    for (const QChar c : name) {
        if (c.isUpper() && !words.isEmpty())
            words += QLatin1Char(' ');
        words += c.toLower();
    }
    words[0] = words[0].toUpper();
    static const std::vector<std::pair<QString, QString>> units{{QStringLiteral(" hours"), QStringLiteral(" (hours)")},
                                                                {QStringLiteral(" days"), QStringLiteral(" (days)")},
                                                                {QStringLiteral(" minutes"), QStringLiteral(" (minutes)")},
                                                                {QStringLiteral(" per day"), QStringLiteral(" (per day)")}};
    for (const auto &[suffix, replacement] : units) {
        if (words.endsWith(suffix))
            return SettingLabels::translated(words.left(words.size() - suffix.size()) + replacement);
    }
    if (name.endsWith(QLatin1String("Stability")))
        return SettingLabels::translated(words + QStringLiteral(" (hours)"));
    return SettingLabels::translated(words);
}

QString rangeText(const ConfigKey &k)
{
    if (k.type == ConfigKey::Type::Choice)
        return {};
    return QStringLiteral("%1 – %2").arg(numberText(k.min), numberText(k.max));
}

} // namespace

SettingsDialog::SettingsDialog(StoreSession *session, QWidget *parent)
    : QDialog(parent), m_session(session), m_loaded(session ? session->config() : Config::defaults())
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(session && session->isOpen() ? tr("Settings — %1").arg(session->displayName()) : tr("Settings"));

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("settingsTabs"));
    m_tabs->addTab(buildKeyTab({QStringLiteral("memory.decay"), QStringLiteral("enhanced"), QStringLiteral("importance"),
                                QStringLiteral("lifecycle")}),
                   tr("Scoring profiles"));
    m_tabs->addTab(buildKeyTab({QStringLiteral("memory.reinforce"), QStringLiteral("budgets"), QStringLiteral("privacy")}),
                   tr("Reinforcement && budgets"));
    m_tabs->addTab(buildCategoriesTab(), tr("Categories"));
    m_tabs->addTab(buildKeyTab({QStringLiteral("conflicts"), QStringLiteral("associations")}),
                   tr("Conflicts && associations"));
    m_yamlTab = m_tabs->addTab(buildYamlTab(), tr("YAML"));

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("settingsMessage"));
    m_message->setTextFormat(Qt::PlainText);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *buttons = new QDialogButtonBox(this);
    m_save = buttons->addButton(QDialogButtonBox::Save);
    m_save->setObjectName(QStringLiteral("settingsSave"));
    m_reset = buttons->addButton(QDialogButtonBox::RestoreDefaults);
    m_reset->setText(tr("Reset to defaults"));
    m_reset->setObjectName(QStringLiteral("settingsReset"));
    QPushButton *cancel = buttons->addButton(QDialogButtonBox::Cancel);
    cancel->setObjectName(QStringLiteral("settingsCancel"));
    connect(m_save, &QPushButton::clicked, this, &SettingsDialog::save);
    connect(m_reset, &QPushButton::clicked, this, &SettingsDialog::resetToDefaults);
    connect(cancel, &QPushButton::clicked, this, &SettingsDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_message);
    layout->addWidget(buttons);

    fillForm(m_loaded);
    fillYaml(m_loaded);
    setValidation(m_loaded, {}, {}, 0);
    connect(m_tabs, &QTabWidget::currentChanged, this, &SettingsDialog::onTabChanged);
    resize(980, 720);
}

QWidget *SettingsDialog::buildKeyTab(const QStringList &sections)
{
    auto *content = new QWidget;
    auto *columns = new QHBoxLayout(content);
    columns->setSpacing(16);
    // Two columns; each group goes to the shorter one so neither runs far below the other.
    std::array<QVBoxLayout *, 2> column{new QVBoxLayout, new QVBoxLayout};
    std::array<int, 2> rows{0, 0};
    for (QVBoxLayout *c : column) {
        c->setSpacing(12);
        columns->addLayout(c, 1);
    }
    for (const QString &section : sections) {
        auto *group = new QGroupBox(sectionTitle(section), content);
        group->setObjectName(QStringLiteral("group:") + section);
        auto *form = new QFormLayout(group);
        form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
        form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
        for (const ConfigKey &k : Config::keys()) {
            if (sectionOf(k.key) != section)
                continue;
            const QString limits = k.type == ConfigKey::Type::Choice
                ? QStringLiteral("%1\n%2").arg(k.key, k.choices.join(QStringLiteral(" | ")))
                : tr("%1\nallowed: %2").arg(k.key, rangeText(k));
            // What the setting does first, then its name in config.yaml and its range.
            const QString help = SettingHelp::text(k.key);
            const QString tip = help.isEmpty() ? limits : help + QStringLiteral("\n\n") + limits;
            QWidget *editor = nullptr;
            if (k.type == ConfigKey::Type::Choice) {
                auto *combo = new QComboBox(group);
                combo->addItems(k.choices);
                connect(combo, &QComboBox::currentIndexChanged, this, &SettingsDialog::onFormEdited);
                editor = combo;
            } else {
                auto *edit = new QLineEdit(group);
                edit->setAlignment(Qt::AlignRight);
                edit->setFixedWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000000.0000")));
                connect(edit, &QLineEdit::textChanged, this, &SettingsDialog::onFormEdited);
                editor = edit;
            }
            editor->setObjectName(QStringLiteral("setting:") + k.key);
            editor->setToolTip(tip);
            m_fields.insert(k.key, editor);
            auto *row = new QHBoxLayout;
            row->addWidget(editor);
            if (k.type != ConfigKey::Type::Choice) {
                auto *range = new QLabel(rangeText(k), group);
                range->setEnabled(false); // greyed: a hint, not a value
                row->addWidget(range);
            }
            row->addStretch(1);
            auto *label = new QLabel(labelFor(k.key), group);
            label->setToolTip(tip);
            label->setBuddy(editor);
            form->addRow(label, row);
        }
        const int target = rows[0] <= rows[1] ? 0 : 1;
        column[size_t(target)]->addWidget(group);
        rows[size_t(target)] += form->rowCount() + 2; // + the title
    }
    for (QVBoxLayout *c : column)
        c->addStretch(1);
    auto *scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

QWidget *SettingsDialog::buildCategoriesTab()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    auto *intro = new QLabel(tr("Per category: the enhanced profile's importance I, the importance profile's daily decay "
                                "factor after the grace days, whether it never decays, the age after which an episode is "
                                "deleted (0 = no limit), the importance below which it is deleted (0 = never), and the "
                                "Ebbinghaus decay-rate factor. Unknown categories use fact's."),
                             page);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_categories = new QTableWidget(page);
    m_categories->setObjectName(QStringLiteral("settingsCategories"));
    QStringList headers{tr("Category")};
    for (const CategoryColumn &c : categoryColumns())
        headers << tr(c.header);
    m_categories->setColumnCount(int(headers.size()));
    m_categories->setHorizontalHeaderLabels(headers);
    m_categories->verticalHeader()->setVisible(false);
    m_categories->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_categories->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_categories->setAlternatingRowColors(true);
    connect(m_categories, &QTableWidget::itemChanged, this, [this]() { onFormEdited(); });
    layout->addWidget(m_categories, 1);
    return page;
}

QWidget *SettingsDialog::buildYamlTab()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    auto *intro = new QLabel(tr("The whole configuration as YAML (see docs/formats.md, "
                                "\"Configuration (config.yaml)\"). Keys left out keep their defaults; every "
                                "change is checked as you type."),
                             page);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_yaml = new QPlainTextEdit(page);
    m_yaml->setObjectName(QStringLiteral("settingsYaml"));
    m_yaml->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_yaml->setTabChangesFocus(false);
    connect(m_yaml, &QPlainTextEdit::textChanged, this, &SettingsDialog::onYamlEdited);
    layout->addWidget(m_yaml, 1);
    return page;
}

void SettingsDialog::fillForm(const Config &config)
{
    m_filling = true;
    for (const ConfigKey &k : Config::keys()) {
        QWidget *editor = m_fields.value(k.key);
        const QVariant value = config.value(k.key);
        if (auto *combo = qobject_cast<QComboBox *>(editor))
            combo->setCurrentIndex(combo->findText(value.toString()));
        else if (auto *edit = qobject_cast<QLineEdit *>(editor))
            edit->setText(k.type == ConfigKey::Type::WholeNumber ? QString::number(value.toInt())
                                                                 : numberText(value.toDouble()));
    }
    m_categories->setRowCount(int(config.categories.size()));
    for (int row = 0; row < int(config.categories.size()); ++row) {
        const CategoryConfig &cat = config.categories[size_t(row)];
        auto *name = new QTableWidgetItem(cat.name);
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        m_categories->setItem(row, 0, name);
        for (int c = 0; c < int(categoryColumns().size()); ++c) {
            const CategoryColumn &col = categoryColumns()[size_t(c)];
            auto *item = new QTableWidgetItem;
            item->setToolTip(QStringLiteral("categories.%1.%2").arg(cat.name, QLatin1String(col.key)));
            if (col.member) {
                item->setText(numberText(cat.*(col.member)));
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            } else {
                item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
                item->setCheckState(cat.neverDecays ? Qt::Checked : Qt::Unchecked);
            }
            m_categories->setItem(row, c + 1, item);
        }
    }
    m_filling = false;
}

void SettingsDialog::fillYaml(const Config &config)
{
    m_filling = true;
    m_yaml->setPlainText(QString::fromUtf8(config.toYaml()));
    m_filling = false;
}

std::optional<Config> SettingsDialog::readForm(QString &error, QString &key) const
{
    Config config = Config::defaults();
    for (const ConfigKey &k : Config::keys()) {
        QWidget *editor = m_fields.value(k.key);
        QVariant value;
        if (auto *combo = qobject_cast<QComboBox *>(editor)) {
            value = combo->currentText();
        } else if (auto *edit = qobject_cast<QLineEdit *>(editor)) {
            bool ok = false;
            const QString text = edit->text().trimmed();
            if (k.type == ConfigKey::Type::WholeNumber) {
                value = text.toInt(&ok);
                if (!ok) {
                    key = k.key;
                    error = tr("%1: expected a whole number, not '%2'").arg(k.key, text);
                    return std::nullopt;
                }
            } else {
                value = text.toDouble(&ok);
                if (!ok) {
                    key = k.key;
                    error = tr("%1: expected a number, not '%2'").arg(k.key, text);
                    return std::nullopt;
                }
            }
        }
        config.setValue(k.key, value);
    }
    config.categories.clear();
    for (int row = 0; row < m_categories->rowCount(); ++row) {
        CategoryConfig cat;
        cat.name = m_categories->item(row, 0)->text();
        for (int c = 0; c < int(categoryColumns().size()); ++c) {
            const CategoryColumn &col = categoryColumns()[size_t(c)];
            const QTableWidgetItem *item = m_categories->item(row, c + 1);
            if (!col.member) {
                cat.neverDecays = item->checkState() == Qt::Checked;
                continue;
            }
            bool ok = false;
            const double v = item->text().trimmed().toDouble(&ok);
            if (!ok) {
                key = QStringLiteral("categories.%1.%2").arg(cat.name, QLatin1String(col.key));
                error = tr("%1: expected a number, not '%2'").arg(key, item->text());
                return std::nullopt;
            }
            cat.*(col.member) = v;
        }
        config.categories.push_back(cat);
    }
    return config;
}

void SettingsDialog::onFormEdited()
{
    if (m_filling)
        return;
    m_source = Source::Form;
    QString error;
    QString key;
    std::optional<Config> config = readForm(error, key);
    if (config) {
        if (const Status st = config->validate(); !st) {
            error = st.error().message;
            key = error.section(QLatin1Char(':'), 0, 0);
            config.reset();
        }
    }
    // In the form, the setting by the label beside its box, not by its key in config.yaml.
    if (!key.isEmpty() && field(key) && error.startsWith(key + QLatin1Char(':')))
        error = QStringLiteral("%1:%2").arg(labelFor(key), error.mid(key.size() + 1));
    setValidation(std::move(config), error, key, 0);
}

void SettingsDialog::onYamlEdited()
{
    if (m_filling)
        return;
    m_source = Source::Yaml;
    auto parsed = Config::fromYamlText(m_yaml->toPlainText().toUtf8(), kYamlFileName);
    if (parsed) {
        setValidation(std::move(*parsed), {}, {}, 0);
        return;
    }
    // "config.yaml:12: memory.decay.maxStability: -5 is out of range [1, 1e+06]"
    static const QRegularExpression shape(QStringLiteral("^[^:]*:(\\d+): ([^:]+):"));
    const QRegularExpressionMatch m = shape.match(parsed.error().message);
    setValidation(std::nullopt, parsed.error().message, m.hasMatch() ? m.captured(2) : QString(),
                  m.hasMatch() ? m.captured(1).toInt() : 0);
}

void SettingsDialog::onTabChanged(int index)
{
    // Bring the other side up to date with the last valid edit.
    if (!m_candidate)
        return;
    if (index == m_yamlTab && m_source == Source::Form)
        fillYaml(*m_candidate);
    else if (index != m_yamlTab && m_source == Source::Yaml)
        fillForm(*m_candidate);
}

bool SettingsDialog::isModified() const
{
    return m_candidate && (!m_session || *m_candidate != m_session->config());
}

void SettingsDialog::setValidation(std::optional<Config> config, const QString &error, const QString &key, int yamlLine)
{
    m_candidate = std::move(config);
    m_error = error;
    markInvalid(m_candidate ? QString() : key);

    QList<QTextEdit::ExtraSelection> marks;
    if (yamlLine > 0) {
        QTextEdit::ExtraSelection mark;
        mark.format.setBackground(kInvalidBackground);
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        mark.cursor = QTextCursor(m_yaml->document()->findBlockByNumber(yamlLine - 1));
        marks << mark;
    }
    m_yaml->setExtraSelections(marks);

    const bool readOnly = m_session && m_session->isReadOnly();
    m_save->setEnabled(m_candidate && isModified() && m_session && m_session->isOpen() && !readOnly);
    QPalette palette = m_message->palette();
    palette.setColor(QPalette::WindowText, m_candidate ? this->palette().color(QPalette::WindowText) : QColor(0xb0, 0x1c, 0x1c));
    m_message->setPalette(palette);
    if (!m_candidate)
        m_message->setText(tr("⚠ %1 — fix it to save.").arg(error));
    else if (readOnly)
        m_message->setText(tr("The store is open read-only: settings cannot be saved."));
    else if (!m_session || !m_session->isOpen())
        m_message->setText(tr("No store is open: settings are saved into a store."));
    else if (isModified())
        m_message->setText(tr("Valid. Save stores these settings in %1 and re-evaluates every score.")
                               .arg(m_session->displayName()));
    else
        m_message->setText(tr("These are the store's current settings."));
}

void SettingsDialog::markInvalid(const QString &key)
{
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        const QString wanted = it.key() == key ? QStringLiteral("background-color: %1;").arg(kInvalidBackground.name())
                                               : QString();
        if (it.value()->styleSheet() != wanted) // restyling all seventy on every keystroke is wasted work
            it.value()->setStyleSheet(wanted);
    }
    m_filling = true; // background changes are item changes too
    for (int row = 0; row < m_categories->rowCount(); ++row) {
        for (int c = 0; c < int(categoryColumns().size()); ++c) {
            const QString cellKey = QStringLiteral("categories.%1.%2")
                                        .arg(m_categories->item(row, 0)->text(), QLatin1String(categoryColumns()[size_t(c)].key));
            QTableWidgetItem *item = m_categories->item(row, c + 1);
            const QBrush wanted = cellKey == key ? QBrush(kInvalidBackground) : QBrush();
            if (item->background() != wanted)
                item->setBackground(wanted);
        }
    }
    m_filling = false;
}

void SettingsDialog::resetToDefaults()
{
    const Config defaults = Config::defaults();
    fillForm(defaults);
    fillYaml(defaults);
    m_source = Source::Form;
    setValidation(defaults, {}, {}, 0);
}

bool SettingsDialog::save()
{
    if (!m_candidate || !m_session || !m_session->isOpen())
        return false;
    if (const Status st = m_session->setConfig(*m_candidate); !st) {
        MessageBox::warn(this, tr("Settings not saved"), st.error().message);
        return false;
    }
    m_loaded = *m_candidate;
    Q_EMIT saved();
    accept();
    return true;
}

} // namespace recollector::ui
