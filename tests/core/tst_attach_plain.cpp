// A plain folder of memory files attached in place, as Anthropic's memory tool keeps under
// /memories (docs/formats.md, "Plain memory folders"): each text file is one memory named by
// its file; attaching writes nothing; an edit rewrites the file's text (undo restores it byte
// for byte); a delete moves the file to the trash beside the folder (undo brings it back);
// the folder's kind is pinned at its first sync, so a .json file arriving later does not turn
// it into an agent folder (which would drop every text memory); the command line attaches it.
#include "TestFiles.h"
#include "attach/AttachedFolder.h"
#include "attach/FolderSync.h"
#include "attach/WriteBack.h"
#include "config/Config.h"
#include "engine/decisions/Decisions.h"
#include "store/Store.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace recollector;
using namespace recollector::core;
using test::readAll;
using test::writeAll;

namespace {

std::map<QString, QByteArray> snapshot(const QString &dir)
{
    std::map<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        out[QDir(dir).relativeFilePath(path)] = readAll(path);
    }
    return out;
}

// What the memory tool's `create` commands leave behind (its documented examples).
const QByteArray kPreferences = "Favorite color: blue\nPrefers tabs over spaces\n";
const QByteArray kNotes = "Meeting notes:\r\n- Discussed project timeline\r\n- Next steps defined\r\n";
const QByteArray kProgress = "# Customer service progress\n\nTicket 4521 resolved; waiting on refund.\n";

} // namespace

class TestAttachPlain : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_root;
    QString m_folder;
    std::unique_ptr<Store> m_store;
    Config m_config = Config::defaults();
    QStringList m_problems;

    void sync()
    {
        if (!m_store) {
            QVERIFY(QDir().mkpath(m_tmp.filePath(QStringLiteral("data/attached"))));
            auto store = Store::open(attach::AttachedFolder::sideStorePath(m_folder, m_tmp.filePath(QStringLiteral("data"))));
            QVERIFY(store);
            m_store = std::move(*store);
        }
        auto report = attach::FolderSync::run(*m_store, m_folder);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        m_problems = report->problems;
    }
    QString file(const QString &name) const { return QDir(m_folder).filePath(name); }

private slots:
    void init()
    {
        m_store.reset();
        m_root = m_tmp.filePath(QStringLiteral("agent-%1").arg(QDateTime::currentMSecsSinceEpoch()));
        const QString folder = QDir(m_root).filePath(QStringLiteral("memories"));
        QVERIFY(QDir().mkpath(folder));
        m_folder = QFileInfo(folder).canonicalFilePath();
        m_root = QFileInfo(m_root).canonicalFilePath();
        QVERIFY(writeAll(file(QStringLiteral("preferences.txt")), kPreferences));
        QVERIFY(writeAll(file(QStringLiteral("notes.txt")), kNotes));
        QVERIFY(writeAll(file(QStringLiteral("customer service progress.md")), kProgress));
        QVERIFY(writeAll(file(QStringLiteral(".DS_Store")), QByteArray("\0\0\1", 3)));
        QVERIFY(writeAll(file(QStringLiteral("photo.bin")), QByteArray("\x89PNG\r\n\x1a\n\0\0", 10)));
    }

    void attachReadsEachFileAsAMemoryAndWritesNothing()
    {
        QCOMPARE(attach::AttachedFolder::kindOf(m_folder), attach::AttachedFolder::Kind::PlainFiles);
        const auto before = snapshot(m_root);
        sync();
        QCOMPARE(snapshot(m_root), before);
        QCOMPARE(*m_store->memories().count(), 3);
        const auto m = m_store->memories().get(QStringLiteral("customer service progress"));
        QVERIFY(m);
        QCOMPARE(m->content, QStringLiteral("# Customer service progress\n\nTicket 4521 resolved; waiting on refund."));
        QCOMPARE(m->extra.value(QStringLiteral("name")).toString(), QStringLiteral("customer service progress.md"));
        const QString problems = m_problems.join(QLatin1Char('\n'));
        QVERIFY2(problems.contains(QStringLiteral("photo.bin: not UTF-8 text")), qPrintable(problems));
        QVERIFY2(!problems.contains(QStringLiteral(".DS_Store")), qPrintable(problems));
    }

    void anEditRewritesTheTextUndoRestoresTheBytes()
    {
        sync();
        Decisions d(*m_store, m_config);
        MemoryEdit e;
        e.content = QStringLiteral("Meeting notes:\n- Timeline moved to March\n- Next steps defined");
        auto out = d.edit(QStringLiteral("notes"), e);
        QVERIFY(out);
        QVERIFY(attach::WriteBack::run(*m_store, m_folder));
        // The file's CRLF line endings are kept.
        QCOMPARE(readAll(file(QStringLiteral("notes.txt"))),
                 QByteArray("Meeting notes:\r\n- Timeline moved to March\r\n- Next steps defined\r\n"));
        // A confirmation writes nothing: the files hold no strength.
        QVERIFY(d.confirm(QStringLiteral("preferences")));
        QVERIFY(attach::WriteBack::run(*m_store, m_folder));
        QCOMPARE(readAll(file(QStringLiteral("preferences.txt"))), kPreferences);
        QVERIFY(d.revert(out->firstEventId()));
        QVERIFY(attach::WriteBack::run(*m_store, m_folder));
        QCOMPARE(readAll(file(QStringLiteral("notes.txt"))), kNotes);
    }

    void deleteMovesTheFileToTheTrashUndoBringsItBack()
    {
        sync();
        Decisions d(*m_store, m_config);
        auto out = d.softDelete(QStringLiteral("customer service progress"));
        QVERIFY(out);
        QVERIFY(attach::WriteBack::run(*m_store, m_folder));
        QVERIFY(!QFileInfo::exists(file(QStringLiteral("customer service progress.md"))));
        QCOMPARE(readAll(QDir(m_root).filePath(QStringLiteral(".recollector-trash/customer service progress.md"))), kProgress);
        QVERIFY(d.revert(out->firstEventId()));
        QVERIFY(attach::WriteBack::run(*m_store, m_folder));
        QCOMPARE(readAll(file(QStringLiteral("customer service progress.md"))), kProgress);
    }

    void whatTheAssistantChangesIsReadAndTheKindStaysPinned()
    {
        sync();
        // str_replace, then a new file that happens to be JSON.
        QVERIFY(writeAll(file(QStringLiteral("preferences.txt")), "Favorite color: green\nPrefers tabs over spaces\n"));
        QVERIFY(writeAll(file(QStringLiteral("todo.json")), "{\"items\": [\"review docs\"]}\n"));
        sync();
        QCOMPARE(attach::AttachedFolder::kindFor(*m_store, m_folder), attach::AttachedFolder::Kind::PlainFiles);
        QCOMPARE(*m_store->memories().count(), 4);
        QVERIFY(m_store->memories().get(QStringLiteral("preferences"))->content.startsWith(QStringLiteral("Favorite color: green")));
        QVERIFY(!m_store->memories().get(QStringLiteral("notes"))->isDeleted());
        QVERIFY(QFile::remove(file(QStringLiteral("notes.txt"))));
        sync();
        QVERIFY(m_store->memories().get(QStringLiteral("notes"))->isDeleted());
    }

    void theCommandLineRecognisesAndAttachesIt()
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("xdg")));
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), { QStringLiteral("--attach"), m_folder, QStringLiteral("--json"),
                                                   QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("review") });
        QVERIFY(p.waitForFinished(60000));
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitCode() == 0, err.constData());
        const QJsonArray rows = QJsonDocument::fromJson(p.readAllStandardOutput()).array();
        QCOMPARE(rows.size(), 3);
        QVERIFY(err.contains("photo.bin: not UTF-8 text"));
    }
};

QTEST_GUILESS_MAIN(TestAttachPlain)
#include "tst_attach_plain.moc"
