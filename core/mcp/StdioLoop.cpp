#include "mcp/StdioLoop.h"

#include "mcp/JsonRpc.h"
#include "mcp/McpServer.h"

#include <QByteArray>

#include <cerrno>
#include <cstring>

#include <unistd.h>

namespace recollector::core::mcp {

namespace {

bool writeLine(std::FILE *out, const QByteArray &line)
{
    return std::fwrite(line.constData(), 1, std::size_t(line.size()), out) == std::size_t(line.size())
        && std::fputc('\n', out) != EOF && std::fflush(out) == 0;
}

/// Collects bytes into lines; a line past the cap is dropped as it comes and remembered as too long.
class LineBuffer
{
public:
    /// Takes `n` bytes; calls `onLine(line, tooLong)` for every line they complete.
    template <typename OnLine>
    bool feed(const char *data, std::size_t n, OnLine &&onLine)
    {
        while (n > 0) {
            const char *newline = static_cast<const char *>(std::memchr(data, '\n', n));
            const std::size_t take = newline ? std::size_t(newline - data) : n;
            append(data, take);
            if (!newline)
                return true;
            if (!onLine(m_line, m_tooLong))
                return false;
            m_line.clear();
            m_tooLong = false;
            data += take + 1;
            n -= take + 1;
        }
        return true;
    }
    bool hasPartial() const { return !m_line.isEmpty() || m_tooLong; }
    template <typename OnLine>
    bool finish(OnLine &&onLine)
    {
        return !hasPartial() || onLine(m_line, m_tooLong);
    }

private:
    void append(const char *data, std::size_t n)
    {
        if (m_tooLong)
            return;
        if (std::size_t(m_line.size()) + n > StdioLoop::kMaxLineBytes) {
            m_tooLong = true;
            m_line = QByteArray();
            return;
        }
        m_line.append(data, qsizetype(n));
    }
    QByteArray m_line;
    bool m_tooLong = false;
};

} // namespace

int StdioLoop::run(McpServer &server, int inFd, std::FILE *out, const Hooks &hooks)
{
    const auto answer = [&](const QByteArray &line, bool tooLong) {
        std::optional<QByteArray> reply;
        if (tooLong) {
            reply = JsonRpc::error(QJsonValue::Null, rpc::kInvalidRequest,
                                   QStringLiteral("Invalid Request: message longer than %1 bytes").arg(kMaxLineBytes));
        } else {
            if (hooks.beforeMessage)
                hooks.beforeMessage();
            reply = server.handle(line);
        }
        return !reply || writeLine(out, *reply);
    };
    LineBuffer lines;
    static constexpr std::size_t kChunk = 256 * 1024;
    QByteArray chunk(qsizetype(kChunk), Qt::Uninitialized);
    for (;;) {
        const ssize_t got = ::read(inFd, chunk.data(), kChunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break; // end of input (or a read error: the client is gone either way)
        if (!lines.feed(chunk.constData(), std::size_t(got), answer))
            return 1;
    }
    return lines.finish(answer) ? 0 : 1;
}

} // namespace recollector::core::mcp
