#include "IoFloor.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>

namespace recollector::bench {

namespace {

// An ISO instant of the set as UTC ms (0 when absent), in SQL the shell runs (it has no
// user functions).
QString ms(const char *field)
{
    return QStringLiteral("coalesce(CAST((julianday(value ->> '$.%1') - 2440587.5) * 86400000 AS INTEGER), 0)").arg(QLatin1String(field));
}

QString text(const char *field) { return QStringLiteral("value ->> '$.%1'").arg(QLatin1String(field)); }

} // namespace

QString IoFloor::importQuery(const QString &setPath)
{
    QString quoted = setPath;
    quoted.replace(QLatin1Char('\''), QStringLiteral("''"));
    const QString fromSet = QStringLiteral("FROM json_each((SELECT doc FROM temp.setfile), '$.%1');\n");
    const QString memories =
        QStringLiteral("INSERT INTO memories (id, content, category, keywords, source_type, source_task_id, confidence, "
                       "created_at, updated_at, last_accessed_at, last_reinforced_at, access_count, reinforce_count, "
                       "project_path, strength, stability, decay_rate, importance, verified, permanent, negated, "
                       "correction_history, level, sensitivity, modalities, deleted_at, extra)\nSELECT ")
        + QStringList{text("id"), text("content"), text("category"), QStringLiteral("value -> '$.keywords'"),
                      QStringLiteral("coalesce(value ->> '$.source.type', 'import')"),
                      QStringLiteral("coalesce(value ->> '$.source.taskId', '')"), text("confidence"), ms("createdAt"),
                      ms("updatedAt"), ms("lastAccessedAt"), ms("lastReinforcedAt"), text("accessCount"),
                      text("reinforceCount"), QStringLiteral("coalesce(value ->> '$.projectPath', '')"),
                      text("strength"), text("stability"), text("decayRate"), text("importance"), text("verified"),
                      text("permanent"), text("negated"), QStringLiteral("value -> '$.correctionHistory'"),
                      text("level"), text("sensitivity"), QStringLiteral("value -> '$.modalities'"), ms("deletedAt"),
                      QStringLiteral("'{}'")}
              .join(QStringLiteral(", "))
        + QStringLiteral("\n") + fromSet.arg(QStringLiteral("memories"));
    const QString links = QStringLiteral("INSERT INTO associations (a, b, weight, type, created_at)\nSELECT ")
        + QStringList{text("a"), text("b"), text("weight"), text("type"), ms("createdAt")}.join(QStringLiteral(", "))
        + QStringLiteral("\n") + fromSet.arg(QStringLiteral("associations"));
    const QString events = QStringLiteral("INSERT INTO events (memory_id, kind, actor, at, payload)\nSELECT ")
        + QStringList{text("memoryId"), text("kind"), text("actor"), ms("at"), QStringLiteral("value -> '$.payload'")}
              .join(QStringLiteral(", "))
        + QStringLiteral("\n") + fromSet.arg(QStringLiteral("events"));
    return QStringLiteral("BEGIN;\nCREATE TEMP TABLE setfile AS SELECT readfile('%1') AS doc;\n").arg(quoted) + memories
        + links + events + QStringLiteral("COMMIT;\n");
}

std::optional<double> IoFloor::runSeconds(const QStringList &arguments) const
{
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    QElapsedTimer timer;
    timer.start();
    p.start(m_sqlite3, arguments);
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning("IoFloor: %s failed: %s", qPrintable(m_sqlite3), p.readAllStandardError().left(400).constData());
        return std::nullopt;
    }
    return double(timer.nsecsElapsed()) / 1e9;
}

std::optional<double> IoFloor::exportSeconds(const QString &storePath) const
{
    const QStringList args{QStringLiteral("-readonly"), QStringLiteral("-json"), storePath, exportQuery()};
    if (!runSeconds(args)) // warm-up, as the other floors
        return std::nullopt;
    return runSeconds(args);
}

std::optional<double> IoFloor::importSeconds(const QString &setPath, const QString &emptyStorePath) const
{
    const QString scratch = emptyStorePath + QStringLiteral(".floor");
    QFile::remove(scratch);
    if (!QFile::copy(emptyStorePath, scratch))
        return std::nullopt;
    const auto seconds = runSeconds({scratch, importQuery(setPath)});
    QFile::remove(scratch);
    return seconds;
}

} // namespace recollector::bench
