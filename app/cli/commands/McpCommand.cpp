// recollector-cli mcp (docs/cli.md, "mcp"): serves the store to an assistant over the Model Context
// Protocol on stdin/stdout until the client closes stdin. Only JSON-RPC goes to stdout; logs
// go to stderr.
#include "AttachedRun.h"
#include "CliContext.h"
#include "Command.h"

#include "mcp/McpServer.h"
#include "mcp/McpTools.h"
#include "mcp/StdioLoop.h"

#include <csignal>
#include <cstdio>

#include <unistd.h>

namespace recollector::cli {

using namespace recollector::core;

class McpCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("mcp"); }
    QString summary() const override
    {
        return QStringLiteral("serve the store to an assistant over MCP (JSON-RPC on stdin/stdout) until stdin closes");
    }
    QString usage() const override { return {}; }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (!args.isEmpty())
            return ctx.fail(QStringLiteral("mcp: unexpected argument '%1' (mcp takes none)").arg(args.first()), 2);
        Store *store = ctx.store();
        if (!store)
            return 1;
        const Millis fixed = ctx.at;
        mcp::McpTools tools(*store, ctx.config(), ctx.profileName(),
                            [fixed] { return fixed != 0 ? fixed : time::nowMs(); });
        // On an attached folder (--attach) each tool that writes commits its decision and the
        // files' write-back together (attach::AttachedDecision), or neither.
        tools.setAttachedFolder(AttachedRun::folder());
        mcp::McpServer server(tools);
        // A client that goes away must end the loop with a failed write, not kill the process
        // halfway through a line.
        std::signal(SIGPIPE, SIG_IGN);
        // On an attached folder every request sees the files as they are now.
        mcp::StdioLoop::Hooks hooks;
        if (!AttachedRun::folder().isEmpty())
            hooks.beforeMessage = [&ctx] { AttachedRun::syncAgain(ctx); };
        return mcp::StdioLoop::run(server, STDIN_FILENO, stdout, hooks);
    }
};

RECOLLECTOR_REGISTER_COMMAND(McpCommand);

} // namespace recollector::cli
