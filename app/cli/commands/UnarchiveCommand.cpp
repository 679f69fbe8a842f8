// engram-cli unarchive ID: bring an archived or compressed memory back
// (docs/scoring.md, "Unarchive").
#include "Command.h"
#include "DecisionOutput.h"

namespace engram::cli {

class UnarchiveCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("unarchive"); }
    QString summary() const override
    {
        return QStringLiteral("bring an archived or compressed memory back (full level, original text, decay restarted)");
    }
    QString usage() const override { return QStringLiteral("ID"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({}, {});
        QString id;
        int code = 0;
        if (!parseOneId(ctx, name(), args, parser, id, code))
            return code;
        const auto done = decisionsFor(ctx)->unarchive(id, ctx.now());
        if (!done)
            return ctx.fail(done.error());
        return printMemoryAfter(ctx, id);
    }
};

ENGRAM_REGISTER_COMMAND(UnarchiveCommand);

} // namespace engram::cli
