#pragma once

// The real engram-cli (the compile definition ENGRAM_CLI_PATH) run on a store file as a
// person runs it from a terminal: one process, its exit code, stdout and stderr. The tests
// that check a command through the real process share this one runner.
#include <QByteArray>
#include <QJsonDocument>
#include <QPair>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace engram::test {

struct CliRun
{
    int code = -1; ///< -1: it crashed or did not finish in time
    QByteArray out;
    QByteArray err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out); }
};

/// Variables a run sets in engram-cli's environment (name, value), e.g. ENGRAM_CRASH_AT.
using CliEnvironment = QList<QPair<QString, QString>>;

/// `engram-cli --store STORE [--at AT] ARGS…`; Engram's own log lines are switched off so that
/// stderr holds only what the command says, and a passphrase file named by the caller's
/// environment (ENGRAM_PASSPHRASE_FILE) is never inherited. A process still running after
/// `timeoutMs` is killed and reported as code -1.
inline CliRun runEngramCli(const QString &store, const QStringList &args, const QString &at = {},
                           int timeoutMs = 120000, const CliEnvironment &environment = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;engram.*=false"));
    env.remove(QStringLiteral("ENGRAM_PASSPHRASE_FILE"));
    for (const auto &[name, value] : environment)
        env.insert(name, value);
    p.setProcessEnvironment(env);
    QStringList all{QStringLiteral("--store"), store};
    if (!at.isEmpty())
        all << QStringLiteral("--at") << at;
    p.start(QStringLiteral(ENGRAM_CLI_PATH), all + args);
    CliRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace engram::test
