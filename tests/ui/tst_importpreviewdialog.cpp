// The import preview dialog on real store files (docs/formats.md, "Import";
// docs/architecture.md, "The window"): reading on a worker, the counts per kind against a store
// with overlapping ids (a JSON set and an agent memory folder with an unparsable file), the
// per-kind and per-memory choices and what they write, broken files (one line naming file,
// entry and field; store untouched), Cancel during the import (store untouched), contradictions
// recorded and offered to the conflict dialog.
#include "StoreFingerprint.h"
#include "TempStore.h"

#include "StoreSession.h"
#include "dialogs/ImportPreviewDialog.h"
#include "engine/conflicts/ConflictDetector.h"
#include "io/DemoStore.h"
#include "io/Exporter.h"
#include "io/MemorySetJson.h"
#include "io/MemorySetReader.h"
#include "models/ImportItemsModel.h"
#include "model/Event.h"

#include <QComboBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;
using io::ImportAction;
using io::ImportKind;
using State = ImportPreviewDialog::State;

namespace {

constexpr Millis kDay = kMsPerDay;

QString data(const QString &name) { return QStringLiteral(RECOLLECTOR_TEST_DATA "/") + name; }

io::MemorySet readSet(const QString &path)
{
    auto set = io::MemorySetReader::read(path);
    if (!set)
        qFatal("cannot read %s: %s", qPrintable(path), qPrintable(set.error().message));
    return std::move(*set);
}

const Memory &byId(const io::MemorySet &set, const QString &id)
{
    for (const Memory &m : set.memories) {
        if (m.id == id)
            return m;
    }
    qFatal("no %s in the set", qPrintable(id));
}

QString countText(ImportPreviewDialog &d, const char *name)
{
    auto *label = d.findChild<QLabel *>(QString::fromLatin1(name));
    return label ? label->text() : QStringLiteral("<none>");
}

bool waitFor(ImportPreviewDialog &d, State state)
{
    return QTest::qWaitFor([&]() { return d.state() == state || d.state() == State::Failed; }, 20000)
           && d.state() == state;
}

} // namespace

class TestImportPreviewDialog : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<StoreSession> m_session;

    Store &store() { return *m_session->store(); }

    // import-small.json holds a1b2c3d4, b2c3d4e5, c3d4e5f6. The store gets an older version of
    // a1b2c3d4 (→ changed), a copy of b2c3d4e5 edited here later (→ conflicting), and an
    // unrelated memory; c3d4e5f6 is new.
    void seedSmallOverlap()
    {
        const io::MemorySet set = readSet(data(QStringLiteral("import-small.json")));
        // Same createdAt, other content, not updated after the incoming one: "changed".
        Memory older = byId(set, QStringLiteral("a1b2c3d4"));
        older.content = QStringLiteral("Prefers jest");
        QVERIFY(store().memories().insert(older));
        Memory edited = byId(set, QStringLiteral("b2c3d4e5"));
        edited.content = QStringLiteral("Run tsc --noEmit and eslint before commits");
        edited.updatedAt += 3 * kDay;
        QVERIFY(store().memories().insert(edited));
        QVERIFY(store().memories().insert(test::sampleMemory(QStringLiteral("unrelated"))));
        m_session->reload();
    }

private Q_SLOTS:
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

    void previewOfSmallSetCountsEachKind()
    {
        seedSmallOverlap();
        ImportPreviewDialog dialog(m_session.get(), data(QStringLiteral("import-small.json")));
        const auto before = test::fingerprint(store());
        dialog.show();
        QVERIFY(waitFor(dialog, State::Ready));
        const io::ImportPreview &p = dialog.preview();
        QCOMPARE(p.newIds, QStringList{QStringLiteral("c3d4e5f6")});
        QCOMPARE(p.changedIds, QStringList{QStringLiteral("a1b2c3d4")});
        QCOMPARE(p.conflictingIds, QStringList{QStringLiteral("b2c3d4e5")});
        QVERIFY(p.identicalIds.isEmpty());
        QCOMPARE(countText(dialog, "newCountLabel"), QStringLiteral("1"));
        QCOMPARE(countText(dialog, "changedCountLabel"), QStringLiteral("1"));
        QCOMPARE(countText(dialog, "conflictingCountLabel"), QStringLiteral("1"));
        QCOMPARE(countText(dialog, "identicalCountLabel"), QStringLiteral("0"));
        QVERIFY2(countText(dialog, "setCountsLabel").contains(QStringLiteral("1 links")),
                 qPrintable(countText(dialog, "setCountsLabel")));
        // The list: conflicting first, with the stored content beside the incoming one.
        ImportItemsModel *items = dialog.itemsModel();
        QCOMPARE(items->rowCount(), 3);
        QCOMPARE(items->index(0, ImportItemsModel::IdColumn).data().toString(), QStringLiteral("b2c3d4e5"));
        QCOMPARE(items->index(0, ImportItemsModel::KindColumn).data().toString(), QStringLiteral("conflicting"));
        QCOMPARE(items->index(0, ImportItemsModel::ActionColumn).data().toString(), QStringLiteral("skip"));
        QCOMPARE(items->index(0, ImportItemsModel::ContentColumn).data().toString(),
                 QStringLiteral("Run tsc --noEmit before commits"));
        QCOMPARE(items->index(0, ImportItemsModel::StoredColumn).data().toString(),
                 QStringLiteral("Run tsc --noEmit and eslint before commits"));
        QCOMPARE(items->index(1, ImportItemsModel::ActionColumn).data().toString(), QStringLiteral("overwrite"));
        QCOMPARE(items->index(2, ImportItemsModel::ActionColumn).data().toString(), QStringLiteral("add"));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("importOutcomeLabel"))
                    ->text()
                    .startsWith(QStringLiteral("On import: 1 added (0 as copies), 1 overwritten, 1 skipped.")));
        QCOMPARE(test::fingerprint(store()), before); // the preview wrote nothing
    }

    void choicesDecideWhatIsWritten_data()
    {
        QTest::addColumn<int>("changed");
        QTest::addColumn<int>("conflicting");
        QTest::addColumn<bool>("skipNewOne");
        QTest::addColumn<QString>("a1Content");
        QTest::addColumn<QString>("b2Content");
        QTest::addColumn<int>("memoriesAfter");
        QTest::newRow("defaults: overwrite changed, skip conflicting")
            << int(ImportAction::Overwrite) << int(ImportAction::Skip) << false << "Prefers vitest over jest"
            << "Run tsc --noEmit and eslint before commits" << 4;
        QTest::newRow("skip both") << int(ImportAction::Skip) << int(ImportAction::Skip) << false << "Prefers jest"
                                   << "Run tsc --noEmit and eslint before commits" << 4;
        QTest::newRow("overwrite both") << int(ImportAction::Overwrite) << int(ImportAction::Overwrite) << false
                                        << "Prefers vitest over jest" << "Run tsc --noEmit before commits" << 4;
        QTest::newRow("keep both, new one unticked")
            << int(ImportAction::KeepBoth) << int(ImportAction::KeepBoth) << true << "Prefers jest"
            << "Run tsc --noEmit and eslint before commits" << 5;
    }

    void choicesDecideWhatIsWritten()
    {
        QFETCH(int, changed);
        QFETCH(int, conflicting);
        QFETCH(bool, skipNewOne);
        QFETCH(QString, a1Content);
        QFETCH(QString, b2Content);
        QFETCH(int, memoriesAfter);
        seedSmallOverlap();
        ImportPreviewDialog dialog(m_session.get(), data(QStringLiteral("import-small.json")));
        QSignalSpy imported(&dialog, &ImportPreviewDialog::imported);
        dialog.show();
        QVERIFY(waitFor(dialog, State::Ready));
        // Through the widgets: the kind combos, and the per-memory buttons on a selected row.
        auto *changedCombo = dialog.findChild<QComboBox *>(QStringLiteral("changedActionCombo"));
        auto *conflictingCombo = dialog.findChild<QComboBox *>(QStringLiteral("conflictingActionCombo"));
        changedCombo->setCurrentIndex(changedCombo->findData(changed));
        conflictingCombo->setCurrentIndex(conflictingCombo->findData(conflicting));
        if (skipNewOne) {
            auto *view = dialog.findChild<QTableView *>(QStringLiteral("importItemView"));
            view->selectRow(dialog.itemsModel()->rowOf(QStringLiteral("c3d4e5f6")));
            QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("itemSkipButton")), Qt::LeftButton);
            QCOMPARE(dialog.policy().overrides.value(QStringLiteral("c3d4e5f6")), ImportAction::Skip);
        }
        QCOMPARE(dialog.policy().changed, ImportAction(changed));
        QCOMPARE(dialog.policy().conflicting, ImportAction(conflicting));
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("importButton")), Qt::LeftButton);
        QVERIFY(waitFor(dialog, State::Done));
        QCOMPARE(imported.size(), 1);

        QCOMPARE(store().memories().get(QStringLiteral("a1b2c3d4"))->content, a1Content);
        QCOMPARE(store().memories().get(QStringLiteral("b2c3d4e5"))->content, b2Content);
        QCOMPARE(*store().memories().contains(QStringLiteral("c3d4e5f6")), !skipNewOne);
        QCOMPARE(*store().memories().count(true), qint64(memoriesAfter));
        const auto imports = store().events().since(0, events::kImport);
        QCOMPARE(qsizetype(imports->size()), dialog.report().written.size());
        for (const Event &e : *imports)
            QCOMPARE(e.payload.value(QStringLiteral("source")).toString(), QStringLiteral("import-small.json"));
        if (ImportAction(changed) == ImportAction::KeepBoth) {
            const QString copy = dialog.report().renamed.value(QStringLiteral("a1b2c3d4"));
            QCOMPARE(store().memories().get(copy)->content, QStringLiteral("Prefers vitest over jest"));
        }
        // The session was reloaded: the table sees the new row count.
        QCOMPARE(qint64(m_session->snapshot().liveCount()), *store().memories().count());
    }

    void agentFolderCountsAndSkippedFile()
    {
        const io::MemorySet set = readSet(data(QStringLiteral("agent-memory")));
        QCOMPARE(set.memories.size(), size_t(2));
        QVERIFY(store().memories().insert(byId(set, QStringLiteral("1a2b3c4d")))); // identical
        m_session->reload();
        ImportPreviewDialog dialog(m_session.get(), data(QStringLiteral("agent-memory")));
        dialog.start();
        QVERIFY(waitFor(dialog, State::Ready));
        QCOMPARE(dialog.preview().identicalIds, QStringList{QStringLiteral("1a2b3c4d")});
        QCOMPARE(dialog.preview().newIds, QStringList{QStringLiteral("5e6f7a8b")});
        QCOMPARE(countText(dialog, "identicalCountLabel"), QStringLiteral("1"));
        QCOMPARE(countText(dialog, "newCountLabel"), QStringLiteral("1"));
        QCOMPARE(dialog.preview().problems.size(), 1);
        QVERIFY2(dialog.preview().problems.first().contains(QStringLiteral("9c0d1e2f.json")),
                 qPrintable(dialog.preview().problems.first()));
        auto *problems = dialog.findChild<QWidget *>(QStringLiteral("importProblemsText"));
        QVERIFY(problems->property("plainText").toString().contains(QStringLiteral("9c0d1e2f.json")));
        QVERIFY(countText(dialog, "setCountsLabel").contains(QStringLiteral("1 parts skipped")));

        dialog.startImport();
        QVERIFY(waitFor(dialog, State::Done));
        QCOMPARE(dialog.report().added, 1);
        QCOMPARE(dialog.report().skipped, 1);
        QCOMPARE(store().memories().get(QStringLiteral("5e6f7a8b"))->content,
                 QStringLiteral("Lin prefers short answers in Chinese"));
        QVERIFY(!*store().memories().contains(QStringLiteral("9c0d1e2f")));
    }

    void brokenFileNamesFileEntryFieldAndWritesNothing_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("wrong type") << "broken-wrong-type.json"
                                    << R"(broken-wrong-type.json: entry 2 (id "c3d4e5f6"): field "confidence": expected a number, got string "high")";
        QTest::newRow("missing id") << "broken-missing-id.json"
                                    << R"(broken-missing-id.json: entry 1: field "id": is missing (required))";
        QTest::newRow("bad date") << "broken-bad-date.json"
                                  << R"(broken-bad-date.json: entry 1 (id "b2c3d4e5"): field "createdAt": "01/02/2024 10am" is not an ISO-8601 date)";
        QTest::newRow("truncated") << "broken-truncated.json"
                                   << R"(broken-truncated.json: entry 1 (id "b2c3d4e5"), field "content": JSON ends early (unterminated string) at line 26, column 24: the file looks truncated)";
    }

    void brokenFileNamesFileEntryFieldAndWritesNothing()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        seedSmallOverlap();
        const auto before = test::fingerprint(store());
        ImportPreviewDialog dialog(m_session.get(), data(file));
        dialog.show();
        QVERIFY(QTest::qWaitFor([&]() { return dialog.state() == State::Failed; }, 20000));
        QCOMPARE(dialog.errorMessage(), message);
        auto *label = dialog.findChild<QLabel *>(QStringLiteral("importErrorLabel"));
        QVERIFY(label->isVisible());
        QCOMPARE(label->text(), message);
        QCOMPARE(label->textFormat(), Qt::PlainText);
        QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("importButton"))->isEnabled());
        QCOMPARE(test::fingerprint(store()), before);
    }

    void cancelDuringImportLeavesStoreUnchanged()
    {
        seedSmallOverlap();
        const auto before = test::fingerprint(store());
        ImportPreviewDialog dialog(m_session.get(), data(QStringLiteral("import-small.json")));
        dialog.show();
        QVERIFY(waitFor(dialog, State::Ready));
        // Hold the worker at its first progress step of the import (rows already written in
        // its transaction) while Cancel is pressed.
        QSemaphore reached, proceed;
        std::atomic<bool> first{true};
        dialog.setWorkerStepHook([&](int, int total) {
            if (total > 0 && first.exchange(false)) {
                reached.release();
                proceed.acquire();
            }
        });
        dialog.setKindAction(ImportKind::Conflicting, ImportAction::Overwrite);
        dialog.startImport();
        QCOMPARE(dialog.state(), State::Importing);
        QVERIFY(QTest::qWaitFor([&]() { return reached.tryAcquire(); }, 20000));
        auto *cancel = dialog.findChild<QPushButton *>(QStringLiteral("jobCancelButton"));
        QVERIFY(cancel->isVisible());
        QVERIFY(cancel->isEnabled());
        QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("importButton"))->isEnabled());
        QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("closeButton"))->isEnabled());
        QTest::qWait(120); // the progress line follows the worker on a timer
        auto *bar = dialog.findChild<QProgressBar *>(QStringLiteral("jobProgressBar"));
        QVERIFY(bar->maximum() > 0);
        QCOMPARE(bar->value(), bar->maximum()); // held at the last step, before the commit
        if (const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR"); !shots.isEmpty())
            QVERIFY(dialog.grab().save(shots + QStringLiteral("/import-progress.png")));
        QTest::mouseClick(cancel, Qt::LeftButton);
        proceed.release();
        QVERIFY(waitFor(dialog, State::Ready)); // back to the choices, nothing written
        QVERIFY2(dialog.findChild<QLabel *>(QStringLiteral("importOutcomeLabel"))
                     ->text()
                     .startsWith(QStringLiteral("Import cancelled; nothing was written.")),
                 qPrintable(dialog.findChild<QLabel *>(QStringLiteral("importOutcomeLabel"))->text()));
        QCOMPARE(test::fingerprint(store()), before);

        // And the same dialog can still import.
        dialog.setWorkerStepHook({});
        dialog.startImport();
        QVERIFY(waitFor(dialog, State::Done));
        QCOMPARE(store().memories().get(QStringLiteral("b2c3d4e5"))->content,
                 QStringLiteral("Run tsc --noEmit before commits"));
    }

    void contradictionsAreRecordedAndCanBeOpened()
    {
        const Millis t0 = time::nowMs() - kDay;
        Memory tabs = test::sampleMemory(QStringLiteral("tabs"), t0);
        tabs.content = QStringLiteral("The user indents code with tabs");
        tabs.keywords = {QStringLiteral("indentation"), QStringLiteral("tabs"), QStringLiteral("style")};
        tabs.source = {QStringLiteral("chat"), {}, {}, {}};
        QVERIFY(store().memories().insert(tabs));
        m_session->reload();
        Memory notTabs = tabs;
        notTabs.id = QStringLiteral("nottabs");
        notTabs.content = QStringLiteral("The user does not indent code with tabs");
        notTabs.createdAt = notTabs.updatedAt = notTabs.lastReinforcedAt = t0 + kMsPerHour;
        io::MemorySet set;
        set.profile = QStringLiteral("ebbinghaus");
        set.memories = {notTabs};
        const QString path = m_dir->filePath(QStringLiteral("contradiction.json"));
        QVERIFY(io::MemorySetJson::writeFile(path, set));

        ImportPreviewDialog dialog(m_session.get(), path);
        QSignalSpy open(&dialog, &ImportPreviewDialog::conflictOpenRequested);
        dialog.show();
        QVERIFY(waitFor(dialog, State::Ready));
        QCOMPARE(dialog.contradictions().size(), size_t(1));
        QCOMPARE(dialog.contradictions().front().type, ConflictType::DirectContradiction);
        auto *table = dialog.findChild<QTableWidget *>(QStringLiteral("contradictionTable"));
        QCOMPARE(table->rowCount(), 1);
        QCOMPARE(table->item(0, 2)->text(), QStringLiteral("tabs"));
        QCOMPARE(table->item(0, 3)->text(), QStringLiteral("nottabs"));
        auto *openButton = dialog.findChild<QPushButton *>(QStringLiteral("openConflictButton"));
        QVERIFY(!openButton->isEnabled()); // nothing recorded yet

        dialog.startImport();
        QVERIFY(waitFor(dialog, State::Done));
        QCOMPARE(dialog.recordedConflicts().size(), size_t(1));
        const qint64 id = dialog.recordedConflicts().front().id;
        QVERIFY(id > 0);
        auto stored = store().conflicts().between(QStringLiteral("tabs"), QStringLiteral("nottabs"));
        QVERIFY(stored);
        QCOMPARE(stored->size(), size_t(1));
        QCOMPARE(stored->front().id, id);
        QCOMPARE(stored->front().status, ConflictStatus::Open);
        QVERIFY(openButton->isEnabled());
        QTest::mouseClick(openButton, Qt::LeftButton);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.first().first().toLongLong(), id);
    }

    // The demo store importing an edited export of half of it: every kind appears. Set
    // RECOLLECTOR_SCREENSHOT_DIR to save import-preview.png.
    void rendersTheDemoStore()
    {
        m_session.reset();
        const QString path = m_dir->filePath(QStringLiteral("demo.recollector"));
        const Status made = io::createDemoStore(path, QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        m_session = std::make_unique<StoreSession>();
        QVERIFY(m_session->open(path));
        auto all = io::Exporter(store()).collect({});
        QVERIFY(all);
        io::MemorySet half;
        half.profile = all->profile;
        const Millis later = time::nowMs();
        for (std::size_t i = 0; i < all->memories.size(); i += 2) {
            Memory m = all->memories[i];
            if (i % 10 == 2) { // changed: a later version
                m.content += QStringLiteral(" (updated on the laptop)");
                m.updatedAt = later;
            } else if (i % 10 == 6) { // conflicting: another memory under the same id
                m.content = QStringLiteral("Imported copy: ") + m.content;
                m.createdAt -= kDay;
            }
            half.memories.push_back(m);
        }
        // Their links and histories go along; and three new memories contradict stored ones.
        QSet<QString> inHalf;
        for (const Memory &m : half.memories)
            inHalf.insert(m.id);
        for (const Association &a : all->associations) {
            if (inHalf.contains(a.a) && inHalf.contains(a.b))
                half.associations.push_back(a);
        }
        for (const Event &e : all->events) {
            if (inHalf.contains(e.memoryId) && e.kind != events::kImport)
                half.events.push_back(e);
        }
        int contradicting = 0;
        for (const Memory &m : all->memories) {
            if (contradicting == 3)
                break;
            if (!ConflictDetector::isEligible(m) || m.keywords.size() < 2 || m.content.contains(QStringLiteral("not"))
                || m.content.contains(QStringLiteral("never"), Qt::CaseInsensitive))
                continue;
            Memory no = m;
            no.id = QStringLiteral("laptop-no-%1").arg(contradicting);
            no.content = QStringLiteral("Not true any more: ") + m.content;
            no.createdAt = no.updatedAt = no.lastReinforcedAt = m.createdAt + kMsPerHour;
            no.lastAccessedAt = 0;
            half.memories.push_back(no);
            ++contradicting;
        }
        for (int i = 0; i < 6; ++i) {
            Memory fresh = test::sampleMemory(QStringLiteral("laptop-%1").arg(i), later - i * kMsPerHour);
            fresh.content = QStringLiteral("Laptop note %1: prefers pnpm over npm in new projects").arg(i + 1);
            fresh.keywords = {QStringLiteral("pnpm"), QStringLiteral("tooling"), QStringLiteral("node%1").arg(i)};
            half.memories.push_back(fresh);
        }
        const QString setPath = m_dir->filePath(QStringLiteral("laptop-export.json"));
        QVERIFY(io::MemorySetJson::writeFile(setPath, half));

        ImportPreviewDialog dialog(m_session.get(), setPath);
        dialog.resize(1040, 720);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(waitFor(dialog, State::Ready));
        const io::ImportPreview &p = dialog.preview();
        QVERIFY(!p.newIds.isEmpty() && !p.changedIds.isEmpty() && !p.conflictingIds.isEmpty()
                && !p.identicalIds.isEmpty());
        QCOMPARE(p.memories(), int(half.memories.size()));
        QVERIFY(!p.contradictions.empty());
        QVERIFY(p.associations > 0 && p.events > 0);
        auto *view = dialog.findChild<QTableView *>(QStringLiteral("importItemView"));
        view->selectRow(0);
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("itemKeepBothButton")), Qt::LeftButton);
        QVERIFY(dialog.policy().overrides.size() == 1);
        QTest::qWait(100); // let the layout settle before the picture
        const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            QVERIFY(dialog.grab().save(shots + QStringLiteral("/import-preview.png")));
            dialog.findChild<QTabWidget *>(QStringLiteral("importTabs"))->setCurrentIndex(1);
            QTest::qWait(50);
            QVERIFY(dialog.grab().save(shots + QStringLiteral("/import-preview-contradictions.png")));
        }
    }
};

QTEST_MAIN(TestImportPreviewDialog)
#include "tst_importpreviewdialog.moc"
