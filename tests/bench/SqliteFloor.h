#pragma once

#include <QString>

#include <optional>

namespace recollector::bench {

/// The floor (docs/architecture.md, "Performance budget"): the same work done by the `sqlite3`
/// command line on the same file, timed like `time sqlite3 FILE "SELECT …" > /dev/null`
/// (process start to exit, output discarded). Median of `runs` after one warm-up run, so both
/// sides read from the page cache.
class SqliteFloor final
{
public:
    SqliteFloor(QString storePath, QString sqlite3 = QStringLiteral("sqlite3"));

    /// False when the sqlite3 program cannot be run (then every floor is absent).
    bool isAvailable() const;

    /// Milliseconds, or nullopt when sqlite3 failed.
    std::optional<double> timeMs(const QString &sql, int runs) const;

    // The three floors (the sqlite3 side of docs/architecture.md, "Performance budget").
    static QString fullReadQuery() { return QStringLiteral("SELECT * FROM memories"); }
    static QString sortedQuery() { return QStringLiteral("SELECT id FROM memories ORDER BY strength DESC"); }
    /// `term` must be a plain word (it is put inside a LIKE pattern of a command line).
    static QString likeQuery(const QString &term)
    {
        return QStringLiteral("SELECT id FROM memories WHERE content LIKE '%%1%' OR keywords LIKE '%%1%'").arg(term);
    }

private:
    std::optional<double> runOnce(const QString &sql) const;

    QString m_storePath;
    QString m_sqlite3;
};

} // namespace recollector::bench
