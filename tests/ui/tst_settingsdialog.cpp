// The settings dialog on a real store: it shows the store's config; every edit (form or YAML)
// is checked by the core's validation, a bad value names its key (and line) and keeps Save
// disabled; a valid change is saved into the store's meta, survives reopening, and changes
// the scores; Reset to defaults restores the shipped defaults.
#include "TempStore.h"

#include "StoreSession.h"
#include "dialogs/SettingsDialog.h"
#include "io/DemoStore.h"
#include "store/MetaRepository.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBlock>
#include "text/SettingHelp.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

const QString kEpisodeMemory = QStringLiteral("3af9f30c"); // any demo memory; its score is compared

QLineEdit *lineEdit(SettingsDialog &dialog, const QString &key)
{
    return qobject_cast<QLineEdit *>(dialog.field(key));
}

QString message(SettingsDialog &dialog)
{
    return dialog.findChild<QLabel *>(QStringLiteral("settingsMessage"))->text();
}

int categoryRow(QTableWidget *table, const QString &name)
{
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->item(row, 0)->text() == name)
            return row;
    }
    return -1;
}

int categoryColumn(QTableWidget *table, const QString &header)
{
    for (int c = 0; c < table->columnCount(); ++c) {
        if (table->horizontalHeaderItem(c)->text() == header)
            return c;
    }
    return -1;
}

} // namespace

class TestSettingsDialog : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<StoreSession> m_session;
    QString m_path;

    QString storedYaml()
    {
        auto text = m_session->store()->meta().value(MetaRepository::kConfig);
        return text ? *text : QStringLiteral("<error>");
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_path = m_dir->filePath(QStringLiteral("demo.recollector"));
        const Status made = io::createDemoStore(m_path, QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        m_session = std::make_unique<StoreSession>();
        QVERIFY(m_session->open(m_path));
        m_session->setNow(time::nowMs());
    }
    void cleanup()
    {
        m_session.reset();
        m_dir.reset();
    }

    void showsTheCurrentConfig()
    {
        Config custom = Config::defaults();
        custom.enhanced.userFactor = 1.3;
        custom.budgets.semanticRules = 150;
        custom.conflicts.onScopeOverlap = QStringLiteral("flag");
        custom.categories[size_t(custom.categoryIndex(QStringLiteral("episode")))].maxAgeDays = 21;
        QVERIFY(m_session->setConfig(custom));

        SettingsDialog dialog(m_session.get());
        QCOMPARE(lineEdit(dialog, QStringLiteral("enhanced.userFactor"))->text(), QStringLiteral("1.3"));
        QCOMPARE(lineEdit(dialog, QStringLiteral("budgets.semanticRules"))->text(), QStringLiteral("150"));
        QCOMPARE(lineEdit(dialog, QStringLiteral("memory.decay.fadingThreshold"))->text(), QStringLiteral("30"));
        QCOMPARE(lineEdit(dialog, QStringLiteral("associations.minActivation"))->text(), QStringLiteral("0.1"));
        QCOMPARE(qobject_cast<QComboBox *>(dialog.field(QStringLiteral("conflicts.onScopeOverlap")))->currentText(),
                 QStringLiteral("flag"));
        // Every key has an editor.
        for (const ConfigKey &k : Config::keys())
            QVERIFY2(dialog.field(k.key), qPrintable(k.key));

        QTableWidget *table = dialog.categoriesTable();
        QCOMPARE(table->rowCount(), int(custom.categories.size()));
        const int episode = categoryRow(table, QStringLiteral("episode"));
        QVERIFY(episode >= 0);
        QCOMPARE(table->item(episode, categoryColumn(table, QStringLiteral("Max age (days)")))->text(), QStringLiteral("21"));
        QCOMPARE(table->item(episode, categoryColumn(table, QStringLiteral("Daily decay ×")))->text(), QStringLiteral("0.8"));
        const int core = categoryRow(table, QStringLiteral("core"));
        QCOMPARE(table->item(core, categoryColumn(table, QStringLiteral("Never decays")))->checkState(), Qt::Checked);

        const auto fromText = Config::fromYamlText(dialog.yamlEdit()->toPlainText().toUtf8(), QStringLiteral("t.yaml"));
        QVERIFY(fromText);
        QVERIFY(*fromText == custom);
        QVERIFY(dialog.isValid());
        QVERIFY(!dialog.isModified());
        QVERIFY(!dialog.saveButton()->isEnabled()); // nothing to save yet
        QVERIFY(message(dialog).contains(QStringLiteral("current settings")));
    }

    void outOfRangeNamesTheKeyAndBlocksSave()
    {
        const QString storedBefore = storedYaml();
        SettingsDialog dialog(m_session.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QLineEdit *factor = lineEdit(dialog, QStringLiteral("enhanced.userFactor"));
        factor->selectAll();
        QTest::keyClicks(factor, QStringLiteral("20"));
        QVERIFY(!dialog.isValid());
        QCOMPARE(dialog.errorText(), QStringLiteral("How fast this user forgets: 20 is out of range [0.1, 10]"));
        QVERIFY(message(dialog).contains(QStringLiteral("How fast this user forgets")));
        QVERIFY(!dialog.saveButton()->isEnabled());
        QVERIFY(!factor->styleSheet().isEmpty()); // the field is marked
        QVERIFY(!dialog.save());
        QCOMPARE(storedYaml(), storedBefore);

        factor->setText(QStringLiteral("fast"));
        QCOMPARE(dialog.errorText(), QStringLiteral("How fast this user forgets: expected a number, not 'fast'"));
        QVERIFY(!dialog.saveButton()->isEnabled());

        factor->setText(QStringLiteral("1.2"));
        QVERIFY(dialog.isValid());
        QVERIFY(dialog.errorText().isEmpty());
        QVERIFY(factor->styleSheet().isEmpty());
        QVERIFY(dialog.saveButton()->isEnabled());

        // A whole number, and the orderings between thresholds.
        lineEdit(dialog, QStringLiteral("associations.maxDepth"))->setText(QStringLiteral("2.5"));
        QVERIFY(dialog.errorText().startsWith(QStringLiteral("Max depth: expected a whole number")));
        lineEdit(dialog, QStringLiteral("associations.maxDepth"))->setText(QStringLiteral("2"));
        lineEdit(dialog, QStringLiteral("memory.decay.deleteThreshold"))->setText(QStringLiteral("50"));
        QVERIFY(dialog.errorText().startsWith(QStringLiteral("memory.decay: deleteThreshold ≤ archiveThreshold")));
        QVERIFY(!dialog.saveButton()->isEnabled());
        lineEdit(dialog, QStringLiteral("memory.decay.deleteThreshold"))->setText(QStringLiteral("5"));
        QVERIFY(dialog.isValid());

        // A category's cell.
        QTableWidget *table = dialog.categoriesTable();
        QTableWidgetItem *cell = table->item(categoryRow(table, QStringLiteral("episode")),
                                             categoryColumn(table, QStringLiteral("Daily decay ×")));
        cell->setText(QStringLiteral("1.5"));
        QCOMPARE(dialog.errorText(), QStringLiteral("categories.episode.dailyDecayFactor: 1.5 is out of range [0, 1]"));
        QVERIFY(!dialog.saveButton()->isEnabled());
        QVERIFY(cell->background() != QBrush());
        cell->setText(QStringLiteral("0.7"));
        QVERIFY(dialog.isValid());
        QCOMPARE(cell->background(), QBrush());
        QCOMPARE(storedYaml(), storedBefore);
    }

    void badYamlShowsTheLine()
    {
        SettingsDialog dialog(m_session.get());
        dialog.tabs()->setCurrentWidget(dialog.yamlEdit()->parentWidget());
        QPlainTextEdit *yaml = dialog.yamlEdit();
        yaml->setPlainText(QStringLiteral("enhanced:\n  userFactor: 1.3\nmemory:\n  decay:\n    maxStability: -5\n"));
        QVERIFY(!dialog.isValid());
        QVERIFY2(dialog.errorText().startsWith(QStringLiteral("config.yaml:5: memory.decay.maxStability: -5 is out of range")),
                 qPrintable(dialog.errorText()));
        QVERIFY(message(dialog).contains(QStringLiteral("config.yaml:5:")));
        QVERIFY(!dialog.saveButton()->isEnabled());
        QCOMPARE(yaml->extraSelections().size(), 1);
        QCOMPARE(yaml->extraSelections().first().cursor.block().blockNumber(), 4);

        yaml->setPlainText(QStringLiteral("enhanced:\n  userFactor: 1.3\n  momentum: [1, 2\n"));
        QVERIFY(!dialog.isValid());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("not valid YAML")), qPrintable(dialog.errorText()));
        QVERIFY(QRegularExpression(QStringLiteral("^config\\.yaml:\\d+: ")).match(dialog.errorText()).hasMatch());
        QVERIFY(!dialog.saveButton()->isEnabled());

        yaml->setPlainText(QStringLiteral("enhanced:\n  usrFactor: 1.3\n"));
        QCOMPARE(dialog.errorText(), QStringLiteral("config.yaml:2: enhanced.usrFactor: unknown key"));

        // Fixed: valid, and the form follows the text when the user goes back to it.
        yaml->setPlainText(QStringLiteral("enhanced:\n  userFactor: 1.3\nlifecycle:\n  ageLambda: 0.2\n"));
        QVERIFY(dialog.isValid());
        QVERIFY(yaml->extraSelections().isEmpty());
        QVERIFY(dialog.saveButton()->isEnabled());
        dialog.tabs()->setCurrentIndex(0);
        QCOMPARE(lineEdit(dialog, QStringLiteral("lifecycle.ageLambda"))->text(), QStringLiteral("0.2"));
        QCOMPARE(lineEdit(dialog, QStringLiteral("enhanced.userFactor"))->text(), QStringLiteral("1.3"));
        // …and the text follows the form.
        lineEdit(dialog, QStringLiteral("budgets.compressed"))->setText(QStringLiteral("4000"));
        dialog.tabs()->setCurrentWidget(dialog.yamlEdit()->parentWidget());
        const auto back = Config::fromYamlText(yaml->toPlainText().toUtf8(), QStringLiteral("t.yaml"));
        QVERIFY(back);
        QCOMPARE(back->budgets.compressed, 4000);
        QCOMPARE(back->lifecycle.ageLambda, 0.2);
    }

    void saveStoresItAndRescores()
    {
        QVERIFY(m_session->setProfileName(QStringLiteral("enhanced")));
        auto memory = m_session->memory(kEpisodeMemory);
        QVERIFY(memory);
        const Millis now = m_session->now();
        const double before = m_session->profile().evaluate(*memory, now).score;

        SettingsDialog dialog(m_session.get());
        dialog.open();
        QSignalSpy saved(&dialog, &SettingsDialog::saved);
        QSignalSpy configChanged(m_session.get(), &StoreSession::configChanged);
        lineEdit(dialog, QStringLiteral("enhanced.alphaBase"))->setText(QStringLiteral("0.05"));
        lineEdit(dialog, QStringLiteral("enhanced.userFactor"))->setText(QStringLiteral("0.8"));
        QVERIFY(dialog.isValid());
        QVERIFY(dialog.saveButton()->isEnabled());
        QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
        QCOMPARE(saved.count(), 1);
        QCOMPARE(configChanged.count(), 1);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(!dialog.isVisible());

        QCOMPARE(m_session->config().enhanced.alphaBase, 0.05);
        QCOMPARE(m_session->config().enhanced.userFactor, 0.8);
        const double after = m_session->profile().evaluate(*memory, now).score;
        QVERIFY2(after != before, qPrintable(QStringLiteral("%1 vs %2").arg(before).arg(after)));
        Config expected = Config::defaults();
        expected.enhanced.alphaBase = 0.05;
        expected.enhanced.userFactor = 0.8;
        QCOMPARE(after, makeProfile(QStringLiteral("enhanced"), expected)->evaluate(*memory, now).score);
        QVERIFY(m_session->config() == expected);

        // In the store: reopening reads it back.
        const auto stored = Config::fromYamlText(storedYaml().toUtf8(), QStringLiteral("meta"));
        QVERIFY(stored);
        QVERIFY(*stored == expected);
        m_session->close();
        StoreSession reopened;
        QVERIFY(reopened.open(m_path));
        QVERIFY(reopened.config() == expected);
        QCOMPARE(reopened.profileName(), QStringLiteral("enhanced"));
        QCOMPARE(reopened.profile().evaluate(*memory, now).score, after);
    }

    void resetToDefaults()
    {
        Config custom = Config::defaults();
        custom.associations.minActivation = 0.2;
        custom.decay.fadingThreshold = 40;
        custom.categories[0].graceDays = 3;
        QVERIFY(m_session->setConfig(custom));

        SettingsDialog dialog(m_session.get());
        QCOMPARE(lineEdit(dialog, QStringLiteral("associations.minActivation"))->text(), QStringLiteral("0.2"));
        lineEdit(dialog, QStringLiteral("enhanced.userFactor"))->setText(QStringLiteral("99")); // invalid first
        QVERIFY(!dialog.isValid());
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("settingsReset")), Qt::LeftButton);
        QVERIFY(dialog.isValid());
        QVERIFY(*dialog.candidate() == Config::defaults());
        QCOMPARE(lineEdit(dialog, QStringLiteral("associations.minActivation"))->text(), QStringLiteral("0.1"));
        QCOMPARE(lineEdit(dialog, QStringLiteral("memory.decay.fadingThreshold"))->text(), QStringLiteral("30"));
        QCOMPARE(lineEdit(dialog, QStringLiteral("enhanced.userFactor"))->text(), QStringLiteral("1"));
        QVERIFY(lineEdit(dialog, QStringLiteral("enhanced.userFactor"))->styleSheet().isEmpty());
        QTableWidget *table = dialog.categoriesTable();
        QCOMPARE(table->item(categoryRow(table, QStringLiteral("fact")), categoryColumn(table, QStringLiteral("Grace (days)")))->text(),
                 QStringLiteral("7"));
        // The shipped file states the same defaults.
        const auto shipped = Config::fromYamlFile(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/config.yaml"));
        QVERIFY(shipped);
        QVERIFY(*dialog.candidate() == *shipped);
        QVERIFY(Config::fromYamlText(dialog.yamlEdit()->toPlainText().toUtf8(), QStringLiteral("t"))->operator==(*shipped));
        // Not saved until Save.
        QVERIFY(m_session->config() == custom);
        QVERIFY(dialog.save());
        QVERIFY(m_session->config() == Config::defaults());
        QVERIFY(*Config::fromYamlText(storedYaml().toUtf8(), QStringLiteral("meta")) == Config::defaults());
    }

    // Set RECOLLECTOR_SCREENSHOT_DIR to save settings-dialog.png and settings-yaml.png.
    void rendersTheDemoStore()
    {
        SettingsDialog dialog(m_session.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        lineEdit(dialog, QStringLiteral("enhanced.userFactor"))->setText(QStringLiteral("12"));
        const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            QVERIFY(dialog.grab().save(shots + QStringLiteral("/settings-dialog.png")));
        lineEdit(dialog, QStringLiteral("enhanced.userFactor"))->setText(QStringLiteral("1"));
        dialog.tabs()->setCurrentIndex(2);
        if (!shots.isEmpty())
            QVERIFY(dialog.grab().save(shots + QStringLiteral("/settings-categories.png")));
        dialog.tabs()->setCurrentWidget(dialog.yamlEdit()->parentWidget());
        dialog.yamlEdit()->setPlainText(QString::fromUtf8(Config::defaults().toYaml())
                                            .replace(QStringLiteral("maxStability: 8760"), QStringLiteral("maxStability: -5")));
        QVERIFY(!dialog.isValid());
        if (!shots.isEmpty())
            QVERIFY(dialog.grab().save(shots + QStringLiteral("/settings-yaml.png")));
    }

    // Issue 20, item 9: every setting's tooltip says what it does, then its key and range.
    void everySettingSaysWhatItDoes()
    {
        SettingsDialog dialog(m_session.get());
        for (const ConfigKey &k : Config::keys()) {
            auto *editor = dialog.findChild<QWidget *>(QStringLiteral("setting:") + k.key);
            QVERIFY2(editor, qPrintable(k.key));
            const QString help = SettingHelp::text(k.key);
            QVERIFY2(help.size() > 20, qPrintable(QStringLiteral("no help for %1").arg(k.key)));
            QVERIFY2(editor->toolTip().startsWith(help), qPrintable(editor->toolTip()));
            QVERIFY(editor->toolTip().contains(k.key));
        }
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
