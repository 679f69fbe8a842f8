// recollector-cli reinforce ID [--event E]: the assistant side's reinforcement (docs/scoring.md, "Reinforcement").
#include "Command.h"
#include "DecisionOutput.h"

namespace recollector::cli {

using namespace recollector::core;

class ReinforceCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("reinforce"); }
    QString summary() const override { return QStringLiteral("reinforce a memory (default event: manual)"); }
    QString usage() const override { return QStringLiteral("ID [--event ") + Reinforcement::eventNames().join(QLatin1Char('|')) + QStringLiteral("] [--seen UPDATED-AT]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("event")}, {});
        DecisionTarget target;
        int code = 0;
        if (!parseOneId(ctx, name(), args, parser, target, code))
            return code;
        const QString &id = target.id;
        const QString eventName = parser.value(QStringLiteral("event"), QStringLiteral("manual"));
        const auto event = Reinforcement::eventFromName(eventName);
        if (!event)
            return ctx.fail(QStringLiteral("reinforce: unknown event '%1' (one of %2)")
                                .arg(eventName, Reinforcement::eventNames().join(QStringLiteral(", "))),
                            2);
        auto before = ctx.store()->memories().get(id);
        if (!before)
            return ctx.fail(before.error());
        const double strengthBefore = ctx.profile().evaluate(ctx.scoreInput(*before), ctx.now()).strength;
        const auto done = decisionsFor(ctx, target)->reinforce(id, *event, ctx.now(), QStringLiteral("assistant"));
        if (!done)
            return ctx.fail(done.error());
        if (!ctx.json) {
            auto after = ctx.store()->memories().get(id);
            if (!after)
                return ctx.fail(after.error());
            ctx.out() << id << ": " << eventName << ", strength " << QString::number(strengthBefore, 'f', 0) << " -> "
                      << QString::number(after->strength, 'f', 0) << ", stability "
                      << QString::number(before->stability, 'g', 4) << " h -> "
                      << QString::number(after->stability, 'g', 4) << " h\n";
            ctx.out().flush();
            return 0;
        }
        return printMemoryAfter(ctx, id);
    }
};

RECOLLECTOR_REGISTER_COMMAND(ReinforceCommand);

} // namespace recollector::cli
