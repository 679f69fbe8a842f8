#pragma once

// The real engram-cli (the compile definition ENGRAM_CLI_PATH) run on a store file as a
// person runs it from a terminal: one process, its exit code, stdout and stderr. The tests
// that check a command through the real process share this one runner.
#include <QByteArray>
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
};

/// `engram-cli --store STORE [--at AT] ARGS…`; Engram's own log lines are switched off so that
/// stderr holds only what the command says. A process still running after `timeoutMs` is
/// killed and reported as code -1.
inline CliRun runEngramCli(const QString &store, const QStringList &args, const QString &at = {},
                           int timeoutMs = 120000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;engram.*=false"));
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
