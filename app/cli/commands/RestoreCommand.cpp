// engram-cli restore ID: undo a soft delete.
#include "Command.h"
#include "DecisionOutput.h"

namespace engram::cli {

class RestoreCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("restore"); }
    QString summary() const override { return QStringLiteral("restore a deleted memory"); }
    QString usage() const override { return QStringLiteral("ID"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({}, {});
        QString id;
        int code = 0;
        if (!parseOneId(ctx, name(), args, parser, id, code))
            return code;
        const auto done = decisionsFor(ctx)->restore(id, ctx.now());
        if (!done)
            return ctx.fail(done.error());
        return printMemoryAfter(ctx, id);
    }
};

ENGRAM_REGISTER_COMMAND(RestoreCommand);

} // namespace engram::cli
