#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>

namespace recollector::core::mcp {

class McpServer;

/// MCP's stdio transport (docs/cli.md, "mcp"): reads newline-delimited messages from `inFd`,
/// writes each answer as one line to `out` and flushes it; nothing else ever goes to `out`.
/// A line longer than kMaxLineBytes is read to its end and refused (-32600), so a huge or
/// endless message costs bounded memory. Returns at end of input: 0, or 1 when writing failed
/// (the client went away).
class StdioLoop final
{
public:
    static constexpr std::size_t kMaxLineBytes = 64u * 1024u * 1024u;
    /// `inFd` is read with read(2), so a message is answered as soon as its line is complete.
    /// `beforeMessage`, when set, runs before the handling of every message (an attached
    /// folder is read again: docs/cli.md, "mcp"; its write-back is part of each tool call).
    struct Hooks
    {
        std::function<void()> beforeMessage;
    };
    static int run(McpServer &server, int inFd, std::FILE *out, const Hooks &hooks = {});
};

} // namespace recollector::core::mcp
