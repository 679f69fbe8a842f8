// Write-back that cannot lose the assistant's version (docs/formats.md, "Writing back"): an
// assistant thread rewrites one file of an attached folder every 1–5 ms, as the agent hub
// does (the whole file to a temporary name, renamed over it), while this thread makes
// decisions on the same memory and writes them back, each after reading the folder as a
// command does. Before each of its writes the assistant checks that the file still holds
// the version it wrote last: a write-back that put an older version back loses it. 200
// decisions keep the test to about five seconds of wall time; every one either writes the file or opens a
// `file_clash`, and no version of the assistant is lost.
#include "attach/AttachedFolder.h"
#include "attach/FolderSync.h"
#include "attach/WriteBack.h"
#include "config/Config.h"
#include "engine/decisions/Decisions.h"
#include "store/Store.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr int kDecisions = 200;
const QString kId = QStringLiteral("1a2de668");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The assistant: rewrites the file's content as "v1", "v2", … every 1–5 ms, each time from
/// the file as it is (so Recollector's fields stay), and counts the versions it finds gone.
/// A version Recollector moved aside by its exchange is back at once after it; one the
/// assistant reads in between is seen again when the write-back ends (`writing` false), and
/// counted as hidden, not lost.
struct Assistant
{
    QString path;
    std::atomic<bool> stop{false};
    std::atomic<int> written{0};
    std::atomic<int> lost{0};
    std::atomic<int> hidden{0};
    QStringList losses;
    std::mutex mutex;
    std::condition_variable done;
    bool writing = false;

    QString content() { return QJsonDocument::fromJson(readAll(path)).object().value(QStringLiteral("content")).toString(); }
    void setWriting(bool on)
    {
        {
            const std::lock_guard lock(mutex);
            writing = on;
        }
        done.notify_all();
    }

    void run()
    {
        QRandomGenerator random(7);
        int version = 0;
        while (!stop.load()) {
            QJsonObject o = QJsonDocument::fromJson(readAll(path)).object();
            const QString expected = QStringLiteral("v%1").arg(version);
            if (version > 0 && o.value(QStringLiteral("content")).toString() != expected) {
                std::unique_lock lock(mutex);
                done.wait(lock, [&] { return !writing; });
                o = QJsonDocument::fromJson(readAll(path)).object();
                if (o.value(QStringLiteral("content")).toString() == expected) {
                    ++hidden;
                } else {
                    ++lost;
                    losses << QStringLiteral("%1 → %2").arg(expected, o.value(QStringLiteral("content")).toString());
                }
            }
            o.insert(QStringLiteral("content"), QStringLiteral("v%1").arg(++version));
            QSaveFile f(path); // a temporary file renamed over it, as the agent hub writes
            if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(o).toJson()) < 0 || !f.commit())
                qFatal("the assistant cannot write %s", qPrintable(path));
            ++written;
            std::this_thread::sleep_for(std::chrono::microseconds(1000 + random.bounded(4000)));
        }
    }
};

} // namespace

class TestWriteBackRace : public QObject
{
    Q_OBJECT

private slots:
    void noVersionOfTheAssistantIsLost()
    {
        QTemporaryDir tmp;
        const QString folder = tmp.filePath(QStringLiteral("hub/memory"));
        QVERIFY(QDir().mkpath(folder));
        QVERIFY(QDir().mkpath(tmp.filePath(QStringLiteral("data/attached"))));
        const QString file = QDir(folder).filePath(kId + QStringLiteral(".json"));
        QVERIFY(QFile::copy(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/agent-folder/1a2de668.json"), file));
        QVERIFY(QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner));
        const QString canonical = QFileInfo(folder).canonicalFilePath();
        auto store = Store::open(attach::AttachedFolder::sideStorePath(canonical, tmp.filePath(QStringLiteral("data"))));
        QVERIFY2(store, store ? "" : qPrintable(store.error().message));
        QVERIFY(attach::FolderSync::run(**store, canonical));

        Assistant assistant;
        assistant.path = file;
        std::thread agent([&] { assistant.run(); });
        const Config config = Config::defaults();
        int written = 0;
        int clashes = 0;
        QStringList failures;
        for (int i = 0; i < kDecisions; ++i) {
            if (auto read = attach::FolderSync::run(**store, canonical); !read)
                failures << read.error().message;
            assistant.setWriting(true);
            auto report = attach::WriteBack::run(**store, canonical, 0, [&]() -> Status {
                auto out = Decisions(**store, config).reinforce(kId, ReinforceEvent::TaskSuccess);
                return out ? Status {} : Status(out.error());
            });
            assistant.setWriting(false);
            if (!report) {
                failures << report.error().message;
                continue;
            }
            written += report->written;
            clashes += report->clashes;
        }
        assistant.stop = true;
        agent.join();

        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        qInfo("%d decisions: %d written, %d clashes; the assistant wrote %d versions, %d lost, %d hidden for a moment",
              kDecisions, written, clashes, assistant.written.load(), assistant.lost.load(), assistant.hidden.load());
        QVERIFY2(assistant.lost == 0, qPrintable(QStringLiteral("%1 versions lost: %2")
                                                   .arg(assistant.lost.load())
                                                   .arg(assistant.losses.join(QStringLiteral(", ")))));
        QVERIFY2(assistant.written > 50, "the assistant wrote while the decisions were made");
        QCOMPARE(written + clashes, kDecisions); // each decision reached the file or was refused
        QVERIFY(written > 0);
        // The file holds the assistant's last version, and nothing of Recollector's is left beside it.
        const QJsonObject last = QJsonDocument::fromJson(readAll(file)).object();
        QCOMPARE(last.value(QStringLiteral("content")).toString(), QStringLiteral("v%1").arg(assistant.written.load()));
        const QStringList left = QDir(folder).entryList(QDir::Files | QDir::Hidden);
        QCOMPARE(left, QStringList{kId + QStringLiteral(".json")});
    }
};

QTEST_GUILESS_MAIN(TestWriteBackRace)
#include "tst_writeback_race.moc"
