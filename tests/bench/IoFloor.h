#pragma once

#include <QString>

#include <optional>

namespace recollector::bench {

/// The floors of import_100k_s and export_100k_s: the same work by the `sqlite3` command line
/// (docs/architecture.md, "Performance budget"), timed from process start to exit like the
/// other floors. Export: the memories table dumped as JSON (`sqlite3 -json`, output
/// discarded). Import: the set's memories, links and events loaded into the same tables of an
/// empty store with `readfile` + `json_each` inserts in one transaction (each run on a fresh
/// copy of the empty store). Seconds, or nullopt when sqlite3 failed.
class IoFloor final
{
public:
    explicit IoFloor(QString sqlite3) : m_sqlite3(std::move(sqlite3)) {}

    std::optional<double> exportSeconds(const QString &storePath) const;
    /// `emptyStorePath`: a store with the schema and no rows (left as it is).
    std::optional<double> importSeconds(const QString &setPath, const QString &emptyStorePath) const;

    static QString exportQuery() { return QStringLiteral("SELECT * FROM memories"); }
    static QString importQuery(const QString &setPath);

private:
    std::optional<double> runSeconds(const QStringList &arguments) const;

    QString m_sqlite3;
};

} // namespace recollector::bench
