#pragma once

// The real recollector-cli (the compile definition RECOLLECTOR_CLI_PATH) run on a store file as a
// person runs it from a terminal: one process, its exit code, stdout and stderr. The tests
// that check a command through the real process share this one runner.
#include <QByteArray>
#include <QJsonDocument>
#include <QPair>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace recollector::test {

struct CliRun
{
    int code = -1; ///< -1: it crashed or did not finish in time
    QByteArray out;
    QByteArray err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out); }
};

/// Variables a run sets in recollector-cli's environment (name, value), e.g. RECOLLECTOR_CRASH_AT.
using CliEnvironment = QList<QPair<QString, QString>>;

/// `recollector-cli ARGS…`; Recollector's own log lines are switched off so that stderr holds
/// only what the command says, and a passphrase file named by the caller's environment
/// (RECOLLECTOR_PASSPHRASE_FILE, or Engram's ENGRAM_PASSPHRASE_FILE) is never inherited. A
/// process still running after `timeoutMs` is killed and reported as code -1. `input` is
/// its stdin, which is then closed.
inline CliRun runCli(const QStringList &args, const CliEnvironment &environment = {}, int timeoutMs = 120000,
                     const QByteArray &input = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
    env.remove(QStringLiteral("RECOLLECTOR_PASSPHRASE_FILE"));
    env.remove(QStringLiteral("ENGRAM_PASSPHRASE_FILE"));
    for (const auto &[name, value] : environment)
        env.insert(name, value);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), args);
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
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

/// runCli() on one store: `recollector-cli --store STORE [--at AT] ARGS…`.
inline CliRun runRecollectorCli(const QString &store, const QStringList &args, const QString &at = {},
                           int timeoutMs = 120000, const CliEnvironment &environment = {})
{
    QStringList all{QStringLiteral("--store"), store};
    if (!at.isEmpty())
        all << QStringLiteral("--at") << at;
    return runCli(all + args, environment, timeoutMs);
}

} // namespace recollector::test
