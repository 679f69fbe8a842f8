// recollector-cli permanent ID [--off]: mark (or unmark) a memory permanent
// (docs/scoring.md, "Score, strength, tier").
#include "Command.h"
#include "DecisionOutput.h"

namespace recollector::cli {

class PermanentCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("permanent"); }
    QString summary() const override { return QStringLiteral("mark a memory permanent (never decays, never cleaned up)"); }
    QString usage() const override { return QStringLiteral("ID [--off] [--seen UPDATED-AT]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({}, {QStringLiteral("off")});
        DecisionTarget target;
        int code = 0;
        if (!parseOneId(ctx, name(), args, parser, target, code))
            return code;
        const QString &id = target.id;
        const auto done = decisionsFor(ctx, target)->setPermanent(id, !parser.isSet(QStringLiteral("off")), ctx.now());
        if (!done)
            return ctx.fail(done.error());
        return printMemoryAfter(ctx, id);
    }
};

RECOLLECTOR_REGISTER_COMMAND(PermanentCommand);

} // namespace recollector::cli
