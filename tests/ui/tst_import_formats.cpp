// File → Import of another memory system's file (docs/formats.md, "Other memory systems"): the
// import preview dialog on a Letta agent file saved under a name that says nothing of its
// format recognises it by content, shows how its fields were mapped, and imports both blocks
// with the replace call in the human block's history; a file no format recognises fails
// with the line naming every format.
#include "StoreFingerprint.h"

#include "StoreSession.h"
#include "dialogs/ImportPreviewDialog.h"
#include "formats/FormatRegistry.h"
#include "store/Store.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;
using State = ImportPreviewDialog::State;

namespace {

bool waitFor(ImportPreviewDialog &d, State state)
{
    return QTest::qWaitFor([&]() { return d.state() == state || d.state() == State::Failed; }, 20000)
        && d.state() == state;
}

} // namespace

class TestImportFormats : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<StoreSession> m_session;

private slots:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_session = std::make_unique<StoreSession>();
        QVERIFY(m_session->open(m_dir->filePath(QStringLiteral("store.recollector"))));
    }
    void cleanup()
    {
        m_session.reset();
        m_dir.reset();
    }

    void lettaFileImportsThroughThePreview()
    {
        // No .af suffix: recognised by what it holds.
        const QString path = m_dir->filePath(QStringLiteral("agent-backup.bin"));
        QVERIFY(QFile::copy(QStringLiteral(RECOLLECTOR_TEST_DATA "/letta/letta_af_v0.6.47_memgpt_agent_with_convo.af"), path));
        ImportPreviewDialog dialog(m_session.get(), path);
        dialog.show();
        QVERIFY(waitFor(dialog, State::Ready));
        QCOMPARE(dialog.preview().newIds.size(), 2);
        QVERIFY(!dialog.preview().mapping.isEmpty());
        const QString problems = dialog.findChild<QPlainTextEdit *>(QStringLiteral("importProblemsText"))->toPlainText();
        QVERIFY2(problems.contains(QStringLiteral("How the file's fields were mapped:"))
                     && problems.contains(QStringLiteral("core_memory[].label → category, keywords (2)")),
                 qPrintable(problems));

        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("importButton")), Qt::LeftButton);
        QVERIFY(waitFor(dialog, State::Done));
        Store &store = *m_session->store();
        auto all = store.memories().all();
        QVERIFY(all);
        QCOMPARE(all->size(), std::size_t(2));
        for (const Memory &m : *all) {
            if (m.category != QLatin1String("human"))
                continue;
            auto history = store.events().forMemory(m.id);
            QVERIFY(history);
            const bool replaced = std::any_of(history->begin(), history->end(), [](const Event &e) {
                return e.kind == events::kEdit
                    && e.payload.value(QStringLiteral("letta")).toObject().value(QStringLiteral("tool")).toString()
                    == QLatin1String("core_memory_replace");
            });
            QVERIFY(replaced);
        }
    }

    void unknownFileNamesEveryFormat()
    {
        const QString path = m_dir->filePath(QStringLiteral("notes.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"unrelated\": true}");
        f.close();
        const auto before = test::fingerprint(*m_session->store());
        ImportPreviewDialog dialog(m_session.get(), path);
        dialog.show();
        QVERIFY(QTest::qWaitFor([&]() { return dialog.state() == State::Failed; }, 20000));
        QString shown;
        for (const QLabel *label : dialog.findChildren<QLabel *>())
            shown += label->text() + QLatin1Char('\n');
        for (const QPlainTextEdit *text : dialog.findChildren<QPlainTextEdit *>())
            shown += text->toPlainText() + QLatin1Char('\n');
        QVERIFY2(shown.contains(QStringLiteral("Letta Agent File (.af)"))
                     && shown.contains(QStringLiteral("MCP memory server knowledge graph (JSONL)")),
                 qPrintable(shown));
        QCOMPARE(test::fingerprint(*m_session->store()), before);
    }
};

QTEST_MAIN(TestImportFormats)
#include "tst_import_formats.moc"
