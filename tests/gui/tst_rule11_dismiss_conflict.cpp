// Issue 14, rule 11 in the window (docs/scoring.md, "Dismissal"): the real MainWindow on the
// demo store, offscreen, an SQLite file and a team store of the suite's own PostgreSQL; "Not a
// Conflict" clicked in the real conflict dialog dismisses the conflict as one command on the
// window's undo stack; Edit → Undo reopens it exactly, Redo dismisses it again;
// recollector-cli sees the same.
#include "DemoEngineSession.h"
#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/ConflictDialog.h"
#include "dialogs/ConflictListDialog.h"
#include "store/Store.h"
#include "support/MessageBox.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestRule11DismissConflict : public QObject
{
    Q_OBJECT

private:
    test::EngineFixture m_engines;
    std::optional<test::AnsweredMessages> m_messages;

    static QAction *action(MainWindow &w, const char *name) { return w.findChild<QAction *>(QLatin1String(name)); }

    static QString cliStatus(const QString &store, qint64 conflictId)
    {
        QProcess cli;
        cli.start(QStringLiteral(RECOLLECTOR_CLI_PATH), {QStringLiteral("--store"), store, QStringLiteral("--json"),
                                                    QStringLiteral("conflicts")});
        if (!cli.waitForFinished(30000) || cli.exitCode() != 0)
            return {};
        for (const QJsonValue &v : QJsonDocument::fromJson(cli.readAllStandardOutput()).array()) {
            if (qint64(v.toObject().value(QStringLiteral("id")).toDouble()) == conflictId)
                return v.toObject().value(QStringLiteral("status")).toString();
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase()
    {
        test::useTestSettings(QStringLiteral("RecollectorRule11Test"));
        QSettings().clear();
        m_messages.emplace();
    }

    void cleanupTestCase() { m_messages.reset(); }

    void rule11_notAConflictButtonDismissesAndUndoReopens()
    {
        test::EngineStore demo(m_engines);
        test::makeDemo(demo);
        MainWindow w;
        QVERIFY(w.openStore(demo.path()));
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        action(w, "conflictsAction")->trigger();
        QVERIFY(w.conflictList() && w.conflictList()->isVisible());
        const auto open = w.session()->store()->conflicts().list(ConflictStatus::Open);
        QVERIFY(open && !open->empty());
        const Conflict conflict = open->front();

        w.openConflict(conflict.id);
        ConflictDialog *dialog = nullptr;
        for (ConflictDialog *d : w.findChildren<ConflictDialog *>()) {
            if (d->conflictId() == conflict.id)
                dialog = d;
        }
        QVERIFY(dialog);
        auto *button = dialog->findChild<QPushButton *>(QStringLiteral("dismissButton"));
        QVERIFY(button);
        QVERIFY(button->isVisible());
        QVERIFY(button->isEnabled());
        QCOMPARE(button->text().remove(QLatin1Char('&')), QStringLiteral("Not a Conflict"));
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));

        QCOMPARE(w.undoStack()->count(), 1);
        QCOMPARE(w.undoStack()->undoText(), QStringLiteral("Dismiss conflict #%1: not a conflict").arg(conflict.id));
        QCOMPARE(w.session()->store()->conflicts().get(conflict.id)->status, ConflictStatus::Dismissed);
        QCOMPARE(cliStatus(w.session()->path(), conflict.id), QStringLiteral("dismissed"));
        QCOMPARE(int(w.session()->store()->conflicts().list(ConflictStatus::Open)->size()), int(open->size()) - 1);

        // Edit → Undo: open again, exactly as it was.
        action(w, "undoAction")->trigger();
        QCOMPARE(*w.session()->store()->conflicts().get(conflict.id), conflict);
        QCOMPARE(cliStatus(w.session()->path(), conflict.id), QStringLiteral("open"));
        action(w, "redoAction")->trigger();
        QCOMPARE(w.session()->store()->conflicts().get(conflict.id)->status, ConflictStatus::Dismissed);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestRule11DismissConflict)
#include "tst_rule11_dismiss_conflict.moc"
