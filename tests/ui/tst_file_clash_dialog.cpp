// The conflict dialog on a file_clash (docs/formats.md, "Attached folders"): the assistant
// changed a memory's file after Recollector read it and the user's edit was not written; the
// dialog shows the assistant's file on the left and the user's decision on the right (not the
// same memory twice), says in words which field clashed, and the file on disk still holds the
// assistant's text. A delete stopped by a clash shows the file's text against the delete.
#include "StoreSession.h"
#include "TestFiles.h"
#include "attach/AttachedFolder.h"
#include "attach/FolderSync.h"
#include "attach/WriteBack.h"
#include "config/Config.h"
#include "dialogs/ConflictDialog.h"
#include "engine/decisions/Decisions.h"
#include "store/Store.h"
#include "support/MessageBox.h"
#include "views/ConflictMemoryPane.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <QTextEdit>
#include <QUndoStack>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;
using test::readAll;
using test::writeAll;

namespace {

const QString kId = QStringLiteral("1a2de668");

} // namespace

class TestFileClashDialog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_folder;
    QString m_storePath;
    Config m_config = Config::defaults();

    /// Attaches a copy of the fixture, lets the user decide (`decide`) while the assistant
    /// rewrites the file's content, and runs the write-back: one file_clash conflict.
    qint64 clash(const std::function<bool(Decisions &)> &decide, const QString &assistantText)
    {
        m_folder = m_tmp.filePath(QStringLiteral("hub-%1/memory").arg(QDateTime::currentMSecsSinceEpoch()));
        if (!QDir().mkpath(m_folder))
            return -1;
        const QDir fixture(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/agent-folder"));
        for (const QString &name : fixture.entryList(QDir::Files))
            QFile::copy(fixture.filePath(name), QDir(m_folder).filePath(name));
        m_folder = QFileInfo(m_folder).canonicalFilePath();
        m_storePath = attach::AttachedFolder::sideStorePath(m_folder, m_tmp.filePath(QStringLiteral("data")));
        QDir().mkpath(QFileInfo(m_storePath).path());
        auto store = Store::open(m_storePath);
        if (!store || !attach::FolderSync::run(**store, m_folder))
            return -1;
        Decisions d(**store, m_config);
        if (!decide(d))
            return -1;
        const QString file = QDir(m_folder).filePath(kId + QStringLiteral(".json"));
        QJsonObject o = QJsonDocument::fromJson(readAll(file)).object();
        o.insert(QStringLiteral("content"), assistantText);
        if (!writeAll(file, QJsonDocument(o).toJson()))
            return -1;
        auto written = attach::WriteBack::run(**store, m_folder);
        if (!written || written->clashes != 1)
            return -1;
        auto open = (*store)->conflicts().list(ConflictStatus::Open);
        return open && !open->empty() ? open->back().id : -1;
    }

private slots:
    void initTestCase()
    {
        MessageBox::setHandler([](QMessageBox::Icon, const QString &, const QString &text, QMessageBox::StandardButtons) {
            qWarning("message box: %s", qPrintable(text));
            return QMessageBox::Ok;
        });
    }

    void anEditClashShowsTheFileAgainstTheDecision()
    {
        const QString mine = QStringLiteral("Use the staging database for load tests");
        const QString theirs = QStringLiteral("Use the replica database for load tests");
        const qint64 id = clash(
            [&](Decisions &d) {
                MemoryEdit e;
                e.content = mine;
                return bool(d.edit(kId, e));
            },
            theirs);
        QVERIFY(id > 0);
        StoreSession session;
        QVERIFY(session.open(m_storePath));
        QUndoStack undo;
        ConflictDialog dialog(&session, &undo, id);
        QCOMPARE(dialog.paneA()->contentView()->toPlainText(), theirs);
        QCOMPARE(dialog.paneB()->contentView()->toPlainText(), mine);
        QVERIFY(dialog.paneA()->title().contains(QStringLiteral("the assistant's file")));
        QVERIFY(dialog.paneB()->title().contains(QStringLiteral("your decision")));
        const QString explanation = dialog.findChild<QLabel *>(QStringLiteral("conflictExplanation"))->text();
        QVERIFY2(explanation.contains(QStringLiteral("changed the text")), qPrintable(explanation));
        QVERIFY(!explanation.contains(QStringLiteral("content")));
        QVERIFY(dialog.paneA()->highlightedPieces().join(' ').contains(QStringLiteral("replica")));
        // The file keeps the assistant's text.
        QCOMPARE(QJsonDocument::fromJson(readAll(QDir(m_folder).filePath(kId + QStringLiteral(".json"))))
                     .object().value(QStringLiteral("content")).toString(),
                 theirs);
    }

    void aDeleteClashShowsTheFileAgainstTheDelete()
    {
        const QString theirs = QStringLiteral("Still true: deploys go through the release branch");
        const qint64 id = clash([&](Decisions &d) { return bool(d.softDelete(kId)); }, theirs);
        QVERIFY(id > 0);
        StoreSession session;
        QVERIFY(session.open(m_storePath));
        QUndoStack undo;
        ConflictDialog dialog(&session, &undo, id);
        QVERIFY(dialog.paneB()->title().contains(QStringLiteral("your delete")));
        QVERIFY(dialog.paneB()->contentView()->toPlainText().contains(QStringLiteral("deleted in Recollector")));
        QCOMPARE(dialog.paneA()->contentView()->toPlainText(), theirs);
        QVERIFY(QFileInfo::exists(QDir(m_folder).filePath(kId + QStringLiteral(".json"))));
    }
};

QTEST_MAIN(TestFileClashDialog)
#include "tst_file_clash_dialog.moc"
