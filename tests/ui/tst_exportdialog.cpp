// The export dialog on a real store (docs/formats.md, "Formats";
// docs/architecture.md, "The window"): each format writes the right number of memories for the
// whole store, the selection and the filter; the destination chooser seam; the import-events
// option; Cancel before writing leaves no file; a bad destination gives a clear message.
#include "TempStore.h"

#include "StoreSession.h"
#include "dialogs/ExportDialog.h"
#include "io/DemoStore.h"
#include "io/MemorySetReader.h"
#include "model/Event.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;
using io::SetFormat;
using State = ExportDialog::State;

namespace {

bool waitDone(ExportDialog &d)
{
    return QTest::qWaitFor([&]() { return d.state() != State::Exporting; }, 20000);
}

/// How many memories the export at `path` holds, read back the way a user would.
int countIn(const QString &path, SetFormat format)
{
    if (format == SetFormat::Csv) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return -1;
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        return int(lines.size()) - 1; // the header; sample contents are one line each
    }
    if (format == SetFormat::AgentFolder)
        return int(QDir(path).entryList({QStringLiteral("*.json")}, QDir::Files).size());
    auto set = io::MemorySetReader::read(path);
    return set ? int(set->memories.size()) : -1;
}

} // namespace

class TestExportDialog : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<StoreSession> m_session;
    const QStringList m_selected{QStringLiteral("m02"), QStringLiteral("m05"), QStringLiteral("m07")};
    const QStringList m_filtered{QStringLiteral("m01"), QStringLiteral("m02"), QStringLiteral("m03"),
                                 QStringLiteral("m04"), QStringLiteral("m05")};

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_session = std::make_unique<StoreSession>();
        QVERIFY(m_session->open(m_dir->filePath(QStringLiteral("store.recollector"))));
        for (int i = 1; i <= 9; ++i) {
            Memory m = test::sampleMemory(QStringLiteral("m%1").arg(i, 2, 10, QLatin1Char('0')));
            m.content = QStringLiteral("Memory number %1, one line").arg(i);
            QVERIFY(m_session->store()->memories().insert(m));
        }
        Event imported{0, QStringLiteral("m02"), events::kImport, QStringLiteral("import"), 1704103200000,
                       {{QStringLiteral("source"), QStringLiteral("x.json")}}};
        QVERIFY(m_session->store()->events().append(imported));
        m_session->reload();
    }
    void cleanup()
    {
        m_session.reset();
        m_dir.reset();
    }

    void writesEachFormatAndScope_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("scope");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("expected");
        const std::array<std::pair<SetFormat, const char *>, 4> formats{{{SetFormat::RecollectorJson, "out.json"},
                                                                          {SetFormat::RecollectorYaml, "out.yaml"},
                                                                          {SetFormat::Csv, "out.csv"},
                                                                          {SetFormat::AgentFolder, "agent/"}}};
        for (const auto &[format, name] : formats) {
            const QString f = io::formatName(format);
            QTest::newRow(qPrintable(f + QStringLiteral(" all")))
                << int(format) << int(ExportDialog::Scope::All) << QString::fromLatin1(name) << 9;
            QTest::newRow(qPrintable(f + QStringLiteral(" selection")))
                << int(format) << int(ExportDialog::Scope::Selection) << QString::fromLatin1(name) << 3;
            QTest::newRow(qPrintable(f + QStringLiteral(" filter")))
                << int(format) << int(ExportDialog::Scope::Filter) << QString::fromLatin1(name) << 5;
        }
    }

    void writesEachFormatAndScope()
    {
        QFETCH(int, format);
        QFETCH(int, scope);
        QFETCH(QString, name);
        QFETCH(int, expected);
        ExportDialog dialog(m_session.get(), m_selected, m_filtered);
        QSignalSpy exported(&dialog, &ExportDialog::exported);
        dialog.show();
        auto *combo = dialog.findChild<QComboBox *>(QStringLiteral("formatCombo"));
        combo->setCurrentIndex(combo->findData(format));
        const std::array<const char *, 3> radios{"scopeAllRadio", "scopeSelectionRadio", "scopeFilterRadio"};
        auto *radio = dialog.findChild<QRadioButton *>(QString::fromLatin1(radios[std::size_t(scope)]));
        QTest::mouseClick(radio, Qt::LeftButton, {}, QPoint(8, radio->height() / 2)); // on the indicator
        QCOMPARE(int(dialog.scope()), scope);
        const QString path = m_dir->filePath(name);
        // The chooser seam: Browse asks it, the field takes its answer.
        dialog.setPathChooser([&](QWidget *, SetFormat f, const QString &) {
            return f == SetFormat::AgentFolder ? m_dir->filePath(QStringLiteral("agent")) : path;
        });
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("browseButton")), Qt::LeftButton);
        QCOMPARE(dialog.destination(), path);
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("exportButton")), Qt::LeftButton);
        QVERIFY(waitDone(dialog));
        QVERIFY2(dialog.state() == State::Done, qPrintable(dialog.errorMessage()));
        QCOMPARE(dialog.report().memories, expected);
        QCOMPARE(countIn(path, SetFormat(format)), expected);
        QCOMPARE(exported.size(), 1);
        QCOMPARE(exported.first().at(1).toInt(), expected);
        const QString result = dialog.findChild<QLabel *>(QStringLiteral("exportResultLabel"))->text();
        QVERIFY2(result.startsWith(QStringLiteral("Wrote %1 memories").arg(expected)), qPrintable(result));
    }

    void formatChangesTheDestinationSuffix()
    {
        ExportDialog dialog(m_session.get(), {}, {});
        dialog.setDestination(m_dir->filePath(QStringLiteral("backup.json")));
        dialog.setFormat(SetFormat::Csv);
        QCOMPARE(dialog.destination(), m_dir->filePath(QStringLiteral("backup.csv")));
        dialog.setFormat(SetFormat::AgentFolder);
        QCOMPARE(dialog.destination(), m_dir->filePath(QStringLiteral("backup/")));
        QVERIFY(!dialog.findChild<QCheckBox *>(QStringLiteral("includeImportEventsCheck"))->isEnabled());
        dialog.setFormat(SetFormat::RecollectorYaml);
        QCOMPARE(dialog.destination(), m_dir->filePath(QStringLiteral("backup.yaml")));
        QVERIFY(dialog.findChild<QCheckBox *>(QStringLiteral("includeImportEventsCheck"))->isEnabled());
        // No selection, no filter: those scopes cannot be chosen (an empty id list means all).
        QVERIFY(!dialog.findChild<QRadioButton *>(QStringLiteral("scopeSelectionRadio"))->isEnabled());
        QVERIFY(!dialog.findChild<QRadioButton *>(QStringLiteral("scopeFilterRadio"))->isEnabled());
        dialog.setScope(ExportDialog::Scope::Selection);
        QCOMPARE(dialog.scope(), ExportDialog::Scope::All);
        QVERIFY(dialog.scopeIds().isEmpty());
    }

    void importEventsOption()
    {
        for (bool include : {true, false}) {
            ExportDialog dialog(m_session.get(), {}, {});
            const QString path = m_dir->filePath(QStringLiteral("events-%1.json").arg(include));
            dialog.setDestination(path);
            dialog.setIncludeImportEvents(include);
            dialog.startExport();
            QVERIFY(waitDone(dialog));
            QCOMPARE(dialog.state(), State::Done);
            auto set = io::MemorySetReader::read(path);
            QVERIFY(set);
            QCOMPARE(set->events.size(), size_t(include ? 1 : 0));
            QCOMPARE(dialog.report().events, include ? 1 : 0);
        }
    }

    void theFormatDescriptionIsNeverClipped()
    {
        ExportDialog dialog(m_session.get(), {}, {});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *hint = dialog.findChild<QLabel *>(QStringLiteral("formatHintLabel"));
        auto *destination = dialog.findChild<QLineEdit *>(QStringLiteral("destinationEdit"));
        QVERIFY(hint && destination);
        for (SetFormat f : {SetFormat::RecollectorJson, SetFormat::Csv, SetFormat::AgentFolder, SetFormat::RecollectorYaml}) {
            dialog.setFormat(f);
            QCoreApplication::processEvents();
            // As tall as its wrapped text at its width, and below the destination row.
            QVERIFY2(hint->height() >= hint->heightForWidth(hint->width()),
                     qPrintable(QStringLiteral("%1 < %2: %3").arg(hint->height()).arg(hint->heightForWidth(hint->width())).arg(hint->text())));
            const QPoint hintTop = hint->mapTo(&dialog, QPoint(0, 0));
            const QPoint destinationBottom = destination->mapTo(&dialog, QPoint(0, destination->height()));
            QVERIFY(hintTop.y() >= destinationBottom.y());
        }
        // The same once the result line (two lines at this width) is shown under it.
        dialog.setFormat(SetFormat::RecollectorJson);
        dialog.setDestination(m_dir->filePath(QStringLiteral("a-rather-long-file-name-for-the-result-line-to-wrap-") + QString(40, QLatin1Char('x')) + QStringLiteral(".json")));
        dialog.startExport();
        QVERIFY(waitDone(dialog));
        QCoreApplication::processEvents();
        auto *result = dialog.findChild<QLabel *>(QStringLiteral("exportResultLabel"));
        for (QLabel *label : {hint, result}) {
            QVERIFY2(label->height() >= label->heightForWidth(label->width()),
                     qPrintable(QStringLiteral("%1 < %2: %3").arg(label->height()).arg(label->heightForWidth(label->width())).arg(label->text())));
        }
    }

    void cancelBeforeWritingLeavesNoFile()
    {
        ExportDialog dialog(m_session.get(), {}, {});
        dialog.show();
        const QString path = m_dir->filePath(QStringLiteral("cancelled.json"));
        dialog.setDestination(path);
        QSemaphore reached, proceed;
        std::atomic<bool> first{true};
        dialog.setWorkerStepHook([&](int, int) {
            if (first.exchange(false)) {
                reached.release();
                proceed.acquire();
            }
        });
        dialog.startExport();
        QVERIFY(QTest::qWaitFor([&]() { return reached.tryAcquire(); }, 20000));
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("jobCancelButton")), Qt::LeftButton);
        proceed.release();
        QVERIFY(waitDone(dialog));
        QCOMPARE(dialog.state(), State::Ready);
        QVERIFY(!QFileInfo::exists(path));
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("exportResultLabel"))->text(),
                 QStringLiteral("Export cancelled; nothing was written."));
    }

    void badDestinationIsAClearError()
    {
        QFile blocker(m_dir->filePath(QStringLiteral("not-a-folder")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        ExportDialog dialog(m_session.get(), {}, {});
        const QString path = m_dir->filePath(QStringLiteral("not-a-folder/out.json"));
        dialog.setDestination(path);
        dialog.startExport();
        QVERIFY(waitDone(dialog));
        QCOMPARE(dialog.state(), State::Failed);
        QVERIFY2(dialog.errorMessage().contains(QStringLiteral("out.json")), qPrintable(dialog.errorMessage()));
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("exportResultLabel"))->text(), dialog.errorMessage());
    }

    // Set RECOLLECTOR_SCREENSHOT_DIR to save export-dialog.png (on the demo store).
    void rendersTheDemoStore()
    {
        m_session.reset();
        const QString path = m_dir->filePath(QStringLiteral("demo.recollector"));
        const Status made = io::createDemoStore(path, QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        m_session = std::make_unique<StoreSession>();
        QVERIFY(m_session->open(path));
        QStringList ids;
        const auto all = m_session->store()->memories().all();
        QVERIFY(all);
        for (const Memory &m : *all)
            ids << m.id;
        ExportDialog dialog(m_session.get(), ids.mid(0, 12), ids.mid(0, 80));
        dialog.setDestination(m_dir->filePath(QStringLiteral("demo-export.json")));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.startExport();
        QVERIFY(waitDone(dialog));
        QCOMPARE(dialog.state(), State::Done);
        QCOMPARE(dialog.report().memories, 12);
        QTest::qWait(100); // let the layout settle before the picture
        const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            QVERIFY(dialog.grab().save(shots + QStringLiteral("/export-dialog.png")));
    }
};

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
