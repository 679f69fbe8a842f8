#pragma once

// The real `recollector-cli --store STORE mcp` (the compile definition RECOLLECTOR_CLI_PATH) driven over
// its pipes the way an MCP client drives it: one JSON-RPC message per line in, one answer per
// line out. Every line the server writes is kept, so a test can check that stdout carried
// nothing but JSON-RPC.
#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace recollector::test {

class McpProcess
{
public:
    explicit McpProcess(const QString &store, const QStringList &globalOptions = {})
        : McpProcess(QStringList{QStringLiteral("--store"), store} + globalOptions, {})
    {
    }
    /// `recollector-cli OPTIONS mcp` (e.g. --attach DIR), with `environment` added to this process's.
    McpProcess(const QStringList &options, const QProcessEnvironment &environment)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
        env.insert(environment);
        m_process.setProcessEnvironment(env);
        m_process.start(QStringLiteral(RECOLLECTOR_CLI_PATH), options + QStringList{QStringLiteral("mcp")});
        m_started = m_process.waitForStarted(30000);
    }
    ~McpProcess()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(30000);
        }
    }
    McpProcess(const McpProcess &) = delete;
    McpProcess &operator=(const McpProcess &) = delete;

    bool started() const { return m_started; }

    /// Writes `line` and a newline.
    void send(const QByteArray &line)
    {
        m_process.write(line);
        m_process.write("\n");
    }
    /// Hands everything sent so far to the server's stdin now (QProcess writes when it next
    /// waits): two servers given their requests this way work at the same time.
    void flush()
    {
        while (m_process.bytesToWrite() > 0 && m_process.waitForBytesWritten(30000)) {
        }
    }
    /// The next line the server writes (without its newline); empty when none came in time.
    QByteArray readLine(int timeoutMs = 60000)
    {
        while (!m_process.canReadLine()) {
            if (m_process.state() == QProcess::NotRunning || !m_process.waitForReadyRead(timeoutMs)) {
                if (!m_process.canReadLine())
                    return {};
            }
        }
        QByteArray line = m_process.readLine();
        line.chop(1);
        m_lines << line;
        return line;
    }
    /// The next line as a JSON object (empty when it is not one).
    QJsonObject readMessage(int timeoutMs = 60000) { return QJsonDocument::fromJson(readLine(timeoutMs)).object(); }

    /// Sends a request with the next id and returns its answer.
    QJsonObject request(const QString &method, const QJsonObject &params = {})
    {
        QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                            {QStringLiteral("id"), ++m_nextId},
                            {QStringLiteral("method"), method}};
        if (!params.isEmpty())
            message.insert(QStringLiteral("params"), params);
        send(QJsonDocument(message).toJson(QJsonDocument::Compact));
        return readMessage();
    }
    void notify(const QString &method)
    {
        send(QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                       {QStringLiteral("method"), method}})
                 .toJson(QJsonDocument::Compact));
    }
    /// initialize + notifications/initialized; the initialize answer.
    QJsonObject initialize(const QString &version = QStringLiteral("2025-06-18"))
    {
        const QJsonObject answer = request(
            QStringLiteral("initialize"),
            {{QStringLiteral("protocolVersion"), version},
             {QStringLiteral("capabilities"), QJsonObject{}},
             {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("recollector-tests")},
                                                        {QStringLiteral("version"), QStringLiteral("1")}}}});
        notify(QStringLiteral("notifications/initialized"));
        return answer;
    }
    /// tools/call; the answer's `result` (empty on a JSON-RPC error: see lastAnswer()).
    QJsonObject callTool(const QString &name, const QJsonObject &arguments)
    {
        m_last = request(QStringLiteral("tools/call"),
                         {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}});
        return m_last.value(QStringLiteral("result")).toObject();
    }
    const QJsonObject &lastAnswer() const { return m_last; }

    /// Closes stdin and waits: the exit code, -1 when it crashed or did not end in time.
    /// `rest` receives what stdout still held.
    int finish(QByteArray *rest = nullptr, int timeoutMs = 60000)
    {
        m_process.closeWriteChannel();
        if (!m_process.waitForFinished(timeoutMs))
            return -1;
        const QByteArray remaining = m_process.readAllStandardOutput();
        if (rest)
            *rest = remaining;
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    }
    QByteArray standardError() { return m_process.readAllStandardError(); }
    /// Every line read so far.
    const QList<QByteArray> &lines() const { return m_lines; }
    QProcess &process() { return m_process; }

private:
    QProcess m_process;
    bool m_started = false;
    int m_nextId = 0;
    QJsonObject m_last;
    QList<QByteArray> m_lines;
};

/// The structured result of a successful tool call.
inline QJsonObject structuredOf(const QJsonObject &result) { return result.value(QStringLiteral("structuredContent")).toObject(); }

} // namespace recollector::test
