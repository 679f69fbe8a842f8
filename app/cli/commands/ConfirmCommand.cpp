// engram-cli confirm ID: the user confirms a memory (verified + reinforcement; docs/cli.md, "Decisions").
#include "Command.h"
#include "DecisionOutput.h"

namespace engram::cli {

class ConfirmCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("confirm"); }
    QString summary() const override { return QStringLiteral("confirm a memory: verified, and reinforced as a manual review"); }
    QString usage() const override { return QStringLiteral("ID"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({}, {});
        QString id;
        int code = 0;
        if (!parseOneId(ctx, name(), args, parser, id, code))
            return code;
        const auto done = decisionsFor(ctx)->confirm(id, ctx.now());
        if (!done)
            return ctx.fail(done.error());
        return printMemoryAfter(ctx, id);
    }
};

ENGRAM_REGISTER_COMMAND(ConfirmCommand);

} // namespace engram::cli
