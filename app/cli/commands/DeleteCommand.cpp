// engram-cli delete ID: soft delete; purged by cleanup after the retention period.
#include "Command.h"
#include "DecisionOutput.h"

namespace engram::cli {

class DeleteCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("delete"); }
    QString summary() const override { return QStringLiteral("delete a memory (restorable until cleanup purges it)"); }
    QString usage() const override { return QStringLiteral("ID"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({}, {});
        QString id;
        int code = 0;
        if (!parseOneId(ctx, name(), args, parser, id, code))
            return code;
        const auto done = decisionsFor(ctx)->softDelete(id, ctx.now());
        if (!done)
            return ctx.fail(done.error());
        return printMemoryAfter(ctx, id);
    }
};

ENGRAM_REGISTER_COMMAND(DeleteCommand);

} // namespace engram::cli
