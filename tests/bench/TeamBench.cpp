#include "TeamBench.h"

#include "Stopwatch.h"
#include "WindowProbe.h"

#include "engine/decisions/Decisions.h"
#include "store/Store.h"
#include "store/StoreCopy.h"
#include "store/Transaction.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSqlError>
#include <QSqlQuery>
#include <QUrl>
#include <QVariant>

#include <latch>
#include <mutex>
#include <thread>

namespace recollector::bench {

using namespace recollector::core;

namespace {

/// Per-write times of `writers` threads at once, each on its own connection and its own share
/// of `ids`; empty with `why` when a write fails.
struct Timings
{
    std::vector<double> ms;
    QString why;
};

/// Live memories spread over the table (by rowid); twice as many rows looked at as needed, for
/// the deleted ones among them.
QStringList pickIds(const QString &address, int count, QString &why)
{
    auto store = Store::open(address);
    if (!store) {
        why = store.error().message;
        return {};
    }
    const auto total = (*store)->memories().count(true);
    QSqlQuery q((*store)->database().handle());
    q.prepare(QStringLiteral("SELECT id FROM memories WHERE deleted_at = 0 AND rowid % ? = 0 ORDER BY rowid LIMIT ?"));
    q.addBindValue(std::max<qint64>(1, (total ? *total : 0) / (2 * qint64(count) + 1)));
    q.addBindValue(count);
    QStringList ids;
    if (q.exec())
        while (q.next())
            ids << q.value(0).toString();
    if (ids.size() < count)
        why = QStringLiteral("%1 holds fewer than %2 live memories").arg(address).arg(count);
    return ids;
}

/// `write(store, id)` for each id, `writers` threads at once, each timing its own writes.
template <typename Write>
Timings timed(const QString &address, const QStringList &ids, int writers, Write write)
{
    Timings out;
    std::mutex lock;
    std::latch ready(writers);
    std::vector<std::thread> threads;
    for (int w = 0; w < writers; ++w) {
        threads.emplace_back([&, w]() {
            auto store = Store::open(address);
            std::vector<double> mine;
            QString failed = store ? QString() : store.error().message;
            ready.arrive_and_wait(); // every connection open before the first write
            for (qsizetype i = w; store && failed.isEmpty() && i < ids.size(); i += writers) {
                QElapsedTimer timer;
                timer.start();
                failed = write(**store, ids[i]);
                mine.push_back(double(timer.nsecsElapsed()) / 1e6);
            }
            const std::lock_guard guard(lock);
            out.ms.insert(out.ms.end(), mine.begin(), mine.end());
            if (!failed.isEmpty())
                out.why = failed;
        });
    }
    for (std::thread &t : threads)
        t.join();
    return out;
}

const QString kNoTeamStore = QStringLiteral("n/a (no team store given: --team-store postgresql://…)");

/// A database of its own on the team store's server for one copy: made on construction,
/// dropped with the object. Its address is the team store's with the database's name changed.
class ScratchDatabase final
{
public:
    explicit ScratchDatabase(const QString &teamStore) : m_teamStore(teamStore)
    {
        QUrl url(teamStore);
        m_name = QStringLiteral("recollector_bench_copy_%1").arg(QCoreApplication::applicationPid());
        url.setPath(QLatin1Char('/') + m_name);
        m_address = url.toString();
        m_error = run(QStringLiteral("DROP DATABASE IF EXISTS %1").arg(m_name));
        if (m_error.isEmpty())
            m_error = run(QStringLiteral("CREATE DATABASE %1").arg(m_name));
    }
    ~ScratchDatabase() { (void)run(QStringLiteral("DROP DATABASE IF EXISTS %1").arg(m_name)); }
    ScratchDatabase(const ScratchDatabase &) = delete;
    ScratchDatabase &operator=(const ScratchDatabase &) = delete;

    const QString &address() const { return m_address; }
    /// Empty when the database was made.
    const QString &error() const { return m_error; }

private:
    /// `sql` on the team store's own connection (CREATE and DROP DATABASE run outside a
    /// transaction, one statement each).
    QString run(const QString &sql) const
    {
        auto store = Store::open(m_teamStore);
        if (!store)
            return store.error().message;
        QSqlQuery q((*store)->database().handle());
        return q.exec(sql) ? QString() : QStringLiteral("%1: %2").arg(sql, q.lastError().text());
    }

    QString m_teamStore;
    QString m_name;
    QString m_address;
    QString m_error;
};

QString p50p95(const std::vector<double> &ms)
{
    return QStringLiteral("p50 %1 ms, p95 %2 ms")
        .arg(quantile(ms, 0.5), 0, 'f', 1)
        .arg(quantile(ms, 0.95), 0, 'f', 1);
}

} // namespace

TeamBench::TeamBench(QString teamStore, QString sqliteScratch, Config config, Millis now)
    : m_teamStore(std::move(teamStore)), m_sqliteScratch(std::move(sqliteScratch)), m_config(std::move(config)), m_now(now)
{
}

Measurement TeamBench::decisionCommit()
{
    if (m_teamStore.isEmpty())
        return Measurement::missing(kNoTeamStore);
    const auto confirm = [this](Store &store, const QString &id) {
        Decisions decisions(store, m_config);
        const auto done = decisions.confirm(id, m_now);
        return done ? QString() : done.error().message;
    };
    const auto bareWrite = [](Store &store, const QString &id) {
        Transaction tx(store.database());
        QSqlQuery q(store.database().handle());
        q.prepare(QStringLiteral("UPDATE memories SET updated_at = updated_at WHERE id = ?"));
        q.addBindValue(id);
        if (!tx.isActive() || !q.exec())
            return QStringLiteral("bare write of %1 failed").arg(id);
        const Status st = tx.commit();
        return st ? QString() : st.error().message;
    };
    const int count = kWriters * kDecisionsEach;
    QStringList notes;
    Measurement m;
    for (const QString &address : {m_teamStore, m_sqliteScratch}) {
        if (address.isEmpty())
            continue;
        QString why;
        const QStringList ids = pickIds(address, 2 * count, why);
        if (!why.isEmpty())
            return Measurement::missing(QStringLiteral("n/a (%1)").arg(why));
        // One writer on the first half of the ids, then kWriters at once on the other half.
        const Timings one = timed(address, ids.mid(0, kDecisionsEach), 1, confirm);
        const Timings many = timed(address, ids.mid(count), kWriters, confirm);
        if (!one.why.isEmpty() || !many.why.isEmpty())
            return Measurement::missing(QStringLiteral("n/a (%1)").arg(one.why.isEmpty() ? many.why : one.why));
        const bool team = address == m_teamStore;
        notes << QStringLiteral("%1: 1 writer %2; %3 writers %4")
                     .arg(team ? QStringLiteral("team store") : QStringLiteral("SQLite"), p50p95(one.ms))
                     .arg(kWriters)
                     .arg(p50p95(many.ms));
        if (!team)
            continue;
        m.figure = quantile(many.ms, 0.95);
        const Timings bare = timed(address, ids.mid(count), kWriters, bareWrite);
        if (bare.why.isEmpty()) {
            m.floor = quantile(bare.ms, 0.95);
            m.floorQuery = QStringLiteral("UPDATE memories SET updated_at = updated_at WHERE id = ?; COMMIT, %1 writers "
                                          "at once, p95").arg(kWriters);
            m.floorBy = QStringLiteral("the same connections, the server's bare write");
        }
    }
    m.note = QStringLiteral("confirm decisions, %1 each: %2").arg(kDecisionsEach).arg(notes.join(QStringLiteral("; ")));
    return m;
}

Measurement TeamBench::firstPaint(const QString &enginePath, int runs)
{
    if (m_teamStore.isEmpty())
        return Measurement::missing(kNoTeamStore);
    Measurement paint, rss;
    WindowProbe(enginePath, m_teamStore).run(runs, paint, rss);
    if (rss.figure)
        paint.note += QStringLiteral("; the window's peak resident memory %1 MiB").arg(*rss.figure, 0, 'f', 0);
    return paint;
}

Measurement TeamBench::copyStore(const QString &fromPath)
{
    if (m_teamStore.isEmpty())
        return Measurement::missing(kNoTeamStore);
    const ScratchDatabase target(m_teamStore);
    if (!target.error().isEmpty())
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(target.error()));
    QElapsedTimer timer;
    timer.start();
    const auto copied = StoreCopy::copyStore(fromPath, target.address(), {});
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    if (!copied)
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(copied.error().message));
    Measurement m;
    m.figure = seconds;
    m.note = QStringLiteral("%1 memories, with their events, links and conflicts, into a new database of the team "
                            "store's server, one transaction; one run")
                 .arg(*copied);
    return m;
}

} // namespace recollector::bench
