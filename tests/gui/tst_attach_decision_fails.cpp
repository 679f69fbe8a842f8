// A decision in the window on an attached agent folder is all or nothing (docs/formats.md,
// "Writing back"): when the file cannot be written (a full disk, made with the crash-point
// mechanism, RECOLLECTOR_FAIL_AT=writeback.stage), the side store records no decision, the
// file keeps every byte, nothing is left beside it, the undo stack holds no step, and the
// window says so in words. Through the toolbar (mark permanent) and the detail panel (an edit
// of the text).
#include "AttachController.h"
#include "MainWindow.h"
#include "StoreSession.h"
#include "TestFiles.h"
#include "models/MemoryTableModel.h"
#include "store/EventLog.h"
#include "support/MessageBox.h"

#include <QAbstractButton>
#include <QAction>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace recollector;
using namespace recollector::ui;
using test::readAll;

namespace {

const QString kHot = QStringLiteral("1a2de668");
const QString kOther = QStringLiteral("1a2b1eef");

} // namespace

class TestAttachDecisionFails : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_folder;
    QStringList m_messages;
    int m_run = 0;

    QString file(const QString &id) const { return QDir(m_folder).filePath(id + QStringLiteral(".json")); }
    /// The decisions the side store holds on `id` (the folder's own reads aside).
    static int decisionsOn(MainWindow &w, const QString &id)
    {
        auto events = w.session()->store()->events().forMemory(id);
        if (!events)
            qFatal("events: %s", qPrintable(events.error().message));
        int n = 0;
        for (const core::Event &e : *events) {
            if (e.actor == QLatin1String("user"))
                ++n;
        }
        return n;
    }
    void attach(MainWindow &w)
    {
        w.show();
        QVERIFY(w.attachFolder(m_folder));
        QTRY_VERIFY(w.tableModel()->rowOfId(kHot) >= 0);
        QTRY_VERIFY(!w.attachController()->isBusy());
        m_messages.clear();
    }
    /// Nothing was recorded on `id`, its file holds `bytes`, and no temporary file is left.
    void nothingChanged(MainWindow &w, const QString &id, const QByteArray &bytes)
    {
        QCOMPARE(decisionsOn(w, id), 0);
        QCOMPARE(readAll(file(id)), bytes);
        QCOMPARE(QDir(m_folder).entryList(QDir::Files | QDir::Hidden), QStringList({kOther + ".json", kHot + ".json"}));
        QCOMPARE(w.undoStack()->count(), 0);
        QCOMPARE(m_messages.size(), 1);
        QVERIFY2(m_messages.first().contains(QStringLiteral("could not be written, so nothing was changed"))
                     && m_messages.first().contains(id + QStringLiteral(".json")),
                 qPrintable(m_messages.first()));
        m_messages.clear();
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("XDG_DATA_HOME", m_tmp.filePath(QStringLiteral("xdg")).toUtf8());
        // Every file this process stages fails as on a full disk; read once, before any write.
        qputenv("RECOLLECTOR_FAIL_AT", "writeback.stage");
        QCoreApplication::setOrganizationName(QStringLiteral("RecollectorTest"));
        QCoreApplication::setApplicationName(QStringLiteral("RecollectorTest"));
        MessageBox::setHandler([this](QMessageBox::Icon, const QString &, const QString &text, QMessageBox::StandardButtons) {
            m_messages << text;
            return QMessageBox::Ok;
        });
    }

    void init()
    {
        m_folder = m_tmp.filePath(QStringLiteral("hub-%1/memory").arg(++m_run));
        QVERIFY(QDir().mkpath(m_folder));
        const QDir fixture(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/agent-folder"));
        for (const QString &id : {kHot, kOther})
            QVERIFY(QFile::copy(fixture.filePath(id + ".json"), file(id)));
    }

    void aToolbarDecisionIsNotRecorded()
    {
        MainWindow w;
        attach(w);
        const QByteArray before = readAll(file(kHot));
        w.selectIds({kHot});
        QAction *permanent = w.findChild<QAction *>(QStringLiteral("permanentAction"));
        QVERIFY(permanent);
        permanent->trigger();
        nothingChanged(w, kHot, before);
        auto memory = w.session()->memory(kHot);
        QVERIFY(memory && !memory->permanent);
        QTRY_VERIFY(!w.attachController()->isBusy());
        QVERIFY(w.attachController()->problems().isEmpty()); // nothing left to write later
        QCOMPARE(readAll(file(kHot)), before);
    }

    void aDetailPanelEditIsNotRecorded()
    {
        MainWindow w;
        attach(w);
        const QByteArray before = readAll(file(kHot));
        w.selectIds({kHot});
        auto *content = w.findChild<QPlainTextEdit *>(QStringLiteral("contentEdit"));
        QVERIFY(content);
        content->selectAll();
        content->insertPlainText(QStringLiteral("Use cargo nextest for tests"));
        auto *apply = w.findChild<QAbstractButton *>(QStringLiteral("applyEditsButton"));
        QVERIFY(apply && apply->isEnabled());
        apply->click();
        nothingChanged(w, kHot, before);
        auto memory = w.session()->memory(kHot);
        QVERIFY(memory && memory->content.startsWith(QStringLiteral("Use rust clippy")));
    }
};

QTEST_MAIN(TestAttachDecisionFails)
#include "tst_attach_decision_fails.moc"
