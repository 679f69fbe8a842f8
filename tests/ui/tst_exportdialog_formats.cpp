// The export dialog's other formats (issue 20; docs/formats.md, "Other memory systems"): every
// format recollector-cli can write is offered under the name a person knows it by, with a line on
// what it does and the right picker (a folder for Claude Code's memory folder, a new file for
// the MCP graphs, an existing agent file for Letta); each, written by the real dialog on a
// real store, is read back by that format's own reader with the store's texts.
#include "TempStore.h"

#include "StoreSession.h"
#include "dialogs/ExportDialog.h"
#include "dialogs/ExportTargets.h"
#include "formats/FormatRegistry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QtTest>

#include <algorithm>
#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;
using State = ExportDialog::State;

namespace {

/// With RECOLLECTOR_SCREENSHOT_DIR set, saves what `widget` shows (a look beats a guess).
void saveShot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(widget->grab().save(QDir(dir).filePath(name)));
}

QStringList contentsOf(const std::vector<Memory> &memories)
{
    QStringList out;
    for (const Memory &m : memories)
        out << m.content;
    out.sort();
    return out;
}

} // namespace

class TestExportDialogFormats : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<StoreSession> m_session;

    /// Exports the whole store through the dialog in `adapter`'s format: Browse answers with
    /// `answer`, and `picked` gets the picker the dialog asked for.
    void exportThrough(const QString &adapter, const QString &answer, std::optional<ExportTarget::Pick> &picked,
                       QString &written)
    {
        ExportDialog dialog(m_session.get(), {}, {});
        dialog.show();
        auto *combo = dialog.findChild<QComboBox *>(QStringLiteral("formatCombo"));
        const int index = combo->findData(adapter);
        QVERIFY2(index >= 0, qPrintable(adapter));
        combo->setCurrentIndex(index);
        QCOMPARE(dialog.adapterName(), adapter);
        const ExportTarget *target = ExportTargets::byAdapter(adapter);
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("formatHintLabel"))->text(), target->description);
        QVERIFY(!dialog.findChild<QCheckBox *>(QStringLiteral("includeImportEventsCheck"))->isEnabled());
        QCoreApplication::processEvents();
        saveShot(&dialog, QStringLiteral("export-dialog-%1.png").arg(adapter));
        dialog.setTargetChooser([&](QWidget *, const ExportTarget &t, const QString &) {
            picked = t.pick;
            return answer;
        });
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("browseButton")), Qt::LeftButton);
        written = dialog.destination();
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("exportButton")), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&]() { return dialog.state() != State::Exporting; }, 20000));
        QVERIFY2(dialog.state() == State::Done, qPrintable(dialog.errorMessage()));
        const QString result = dialog.findChild<QLabel *>(QStringLiteral("exportResultLabel"))->text();
        QVERIFY2(result.startsWith(QStringLiteral("Wrote %1 memories").arg(dialog.report().memories))
                     && result.contains(target->label),
                 qPrintable(result));
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_session = std::make_unique<StoreSession>();
        QVERIFY(m_session->open(m_dir->filePath(QStringLiteral("store.recollector"))));
        for (int i = 1; i <= 4; ++i) {
            Memory m = test::sampleMemory(QStringLiteral("m%1").arg(i));
            m.content = QStringLiteral("Memory number %1, one line").arg(i);
            m.keywords = {QStringLiteral("topic%1").arg(i)};
            QVERIFY(m_session->store()->memories().insert(m));
        }
        m_session->reload();
    }
    void cleanup()
    {
        m_session.reset();
        m_dir.reset();
    }

    void everyWritableFormatIsOfferedByName()
    {
        ExportDialog dialog(m_session.get(), {}, {});
        auto *combo = dialog.findChild<QComboBox *>(QStringLiteral("formatCombo"));
        QStringList offered;
        for (int i = 0; i < combo->count(); ++i) {
            if (combo->itemData(i).typeId() == QMetaType::QString)
                offered << combo->itemData(i).toString();
        }
        QStringList writable = io::formats::FormatRegistry::instance().writableNames();
        writable.removeAll(QStringLiteral("recollector")); // Recollector's own formats are the entries above
        offered.sort();
        writable.sort();
        QCOMPARE(offered, writable);
        QCOMPARE(combo->itemText(combo->findData(QStringLiteral("claude-memory"))), QStringLiteral("Claude Code memory folder"));
        QCOMPARE(combo->itemText(combo->findData(QStringLiteral("mcp-memory"))), QStringLiteral("MCP memory server (memory.jsonl)"));
        for (const ExportTarget &t : ExportTargets::all())
            QVERIFY2(!t.description.isEmpty() && !t.description.contains(QLatin1Char('\n')), qPrintable(t.adapter));
        // Back to a Recollector format: its own description and options again.
        dialog.setAdapter(QStringLiteral("mcp-memory"));
        dialog.setFormat(io::SetFormat::RecollectorJson);
        QCOMPARE(dialog.adapterName(), QString());
        QVERIFY(dialog.findChild<QCheckBox *>(QStringLiteral("includeImportEventsCheck"))->isEnabled());
    }

    void eachFormatIsReadBackByItsReader_data()
    {
        QTest::addColumn<QString>("adapter");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("pick");
        QTest::newRow("claude-memory") << QStringLiteral("claude-memory") << QStringLiteral("memory")
                                       << int(ExportTarget::Pick::Folder);
        QTest::newRow("mcp-memory") << QStringLiteral("mcp-memory") << QStringLiteral("memory.jsonl")
                                    << int(ExportTarget::Pick::SaveFile);
        QTest::newRow("mcp-memory-service") << QStringLiteral("mcp-memory-service") << QStringLiteral("service.json")
                                            << int(ExportTarget::Pick::SaveFile);
    }
    void eachFormatIsReadBackByItsReader()
    {
        QFETCH(QString, adapter);
        QFETCH(QString, name);
        QFETCH(int, pick);
        const QString answer = m_dir->filePath(name);
        if (pick == int(ExportTarget::Pick::Folder))
            QVERIFY(QDir().mkpath(answer));
        std::optional<ExportTarget::Pick> picked;
        QString written;
        exportThrough(adapter, answer, picked, written);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(picked);
        QCOMPARE(int(*picked), pick);
        auto set = io::formats::FormatRegistry::instance().read(written, {}, adapter);
        QVERIFY2(set, set ? "" : qPrintable(set.error().message));
        QCOMPARE(contentsOf(set->memories), contentsOf(*m_session->store()->memories().all(false)));
        // And by content alone, as File → Import finds it.
        auto detected = io::formats::FormatRegistry::instance().detect(io::FormatProbe::of(written));
        QVERIFY(detected);
        QCOMPARE(detected->name(), adapter);
    }

    // Letta: the export updates an existing agent file's blocks; the picker opens a file.
    void lettaUpdatesTheAgentFilesBlocks()
    {
        const QString af = m_dir->filePath(QStringLiteral("agent.af"));
        QVERIFY(QFile::copy(QStringLiteral(RECOLLECTOR_TEST_DATA "/letta/letta_af_v0.6.47_memgpt_agent_with_convo.af"), af));
        QVERIFY(QFile::setPermissions(af, QFile::ReadOwner | QFile::WriteOwner));
        auto blocks = io::formats::FormatRegistry::instance().read(af, {}, QStringLiteral("letta"));
        QVERIFY2(blocks, blocks ? "" : qPrintable(blocks.error().message));
        QVERIFY(!blocks->memories.empty());
        // The store holds the agent's blocks, one of them edited since.
        Memory edited = blocks->memories.front();
        edited.content = QStringLiteral("The user's name is Ada; edited in Recollector");
        QVERIFY(m_session->store()->memories().insert(edited));
        m_session->reload();

        std::optional<ExportTarget::Pick> picked;
        QString written;
        exportThrough(QStringLiteral("letta"), af, picked, written);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(picked, std::optional(ExportTarget::Pick::ExistingFile));
        QCOMPARE(written, af);
        auto after = io::formats::FormatRegistry::instance().read(af, {}, QStringLiteral("letta"));
        QVERIFY2(after, after ? "" : qPrintable(after.error().message));
        const auto it = std::find_if(after->memories.begin(), after->memories.end(),
                                     [&](const Memory &m) { return m.id == edited.id; });
        QVERIFY(it != after->memories.end());
        QCOMPARE(it->content, edited.content);
        QCOMPARE(after->memories.size(), blocks->memories.size());
    }
};

QTEST_MAIN(TestExportDialogFormats)
#include "tst_exportdialog_formats.moc"
