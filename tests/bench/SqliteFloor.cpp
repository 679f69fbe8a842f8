#include "SqliteFloor.h"

#include "Stopwatch.h"

#include <QProcess>

namespace recollector::bench {

SqliteFloor::SqliteFloor(QString storePath, QString sqlite3) : m_storePath(std::move(storePath)), m_sqlite3(std::move(sqlite3)) {}

bool SqliteFloor::isAvailable() const
{
    QProcess p;
    p.start(m_sqlite3, {QStringLiteral("-version")});
    return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

std::optional<double> SqliteFloor::runOnce(const QString &sql) const
{
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    p.setStandardErrorFile(QProcess::nullDevice());
    QElapsedTimer timer;
    timer.start();
    p.start(m_sqlite3, {QStringLiteral("-readonly"), m_storePath, sql});
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return std::nullopt;
    return double(timer.nsecsElapsed()) / 1e6;
}

std::optional<double> SqliteFloor::timeMs(const QString &sql, int runs) const
{
    if (!runOnce(sql)) // warm-up: page cache, and a check that the query runs at all
        return std::nullopt;
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        const auto ms = runOnce(sql);
        if (!ms)
            return std::nullopt;
        times.push_back(*ms);
    }
    return median(std::move(times));
}

} // namespace recollector::bench
