// How a connection waits for another one's write lock (docs/architecture.md,
// "several-writers"): it gets the lock once the other lets go, well within its timeout,
// and gives up with the store's "locked" message once the timeout has passed.
#include "TempStore.h"

#include "store/Database.h"

#include <QElapsedTimer>
#include <QSemaphore>
#include <QtTest>

#include <thread>

using namespace recollector;
using namespace recollector::core;

namespace {

/// Another connection, on a thread of its own, holding the write lock for `holdMs`.
class Holder
{
public:
    Holder(const QString &path, int holdMs)
        : m_thread([this, path, holdMs] {
              auto db = Database::open(path);
              const bool began = db && (*db)->exec(QStringLiteral("BEGIN IMMEDIATE"));
              m_holding.release();
              if (!began)
                  return;
              std::this_thread::sleep_for(std::chrono::milliseconds(holdMs));
              (void)(*db)->exec(QStringLiteral("COMMIT"));
          })
    {
        m_holding.acquire();
    }
    ~Holder() { m_thread.join(); }

private:
    QSemaphore m_holding;
    std::thread m_thread;
};

} // namespace

class TestBusyWait : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aWriterGetsTheLockOnceTheOtherLetsGo()
    {
        test::TempStore store;
        QElapsedTimer waited;
        {
            Holder other(store.path(), 300);
            waited.start();
            const Status began = store->database().exec(QStringLiteral("BEGIN IMMEDIATE"));
            QVERIFY2(began, began ? "" : qPrintable(began.error().message));
        }
        QVERIFY(waited.elapsed() >= 250);
        QVERIFY(store->database().exec(QStringLiteral("COMMIT")));
    }

    void aWriterGivesUpAfterItsTimeout()
    {
        test::TempStore store;
        Database::Options options;
        options.busyTimeoutMs = 200;
        auto mine = Database::open(store.path(), options);
        QVERIFY(mine);
        Holder other(store.path(), 1500);
        QElapsedTimer waited;
        waited.start();
        const Status began = (*mine)->exec(QStringLiteral("BEGIN IMMEDIATE"));
        QVERIFY(!began);
        QVERIFY2(began.error().message.contains(QStringLiteral("locked")), qPrintable(began.error().message));
        QVERIFY(waited.elapsed() >= 200);
    }
};

QTEST_GUILESS_MAIN(TestBusyWait)
#include "tst_busy_wait.moc"
