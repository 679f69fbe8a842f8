// recollector-cli merge ID ID... [--content T]: several memories into one (docs/architecture.md#what-each-decision-writes).
#include "Command.h"
#include "DecisionOutput.h"

namespace recollector::cli {

class MergeCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("merge"); }
    QString summary() const override
    {
        return QStringLiteral("merge memories into a new one that keeps their ids and contents; the sources are archived");
    }
    QString usage() const override { return QStringLiteral("ID ID... [--content TEXT]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("content")}, {});
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("merge: ") + parser.error(), 2);
        if (parser.positional().size() < 2)
            return ctx.fail(QStringLiteral("merge: expected at least two memory ids"), 2);
        const QString content = parser.value(QStringLiteral("content"), QString());
        const auto done =
            decideAndFollow(ctx, {}, [&](core::Decisions &d) { return d.merge(parser.positional(), content, ctx.now()); });
        if (!done)
            return ctx.fail(done.error());
        return printMemoryAfter(ctx, done->createdIds.first());
    }
};

RECOLLECTOR_REGISTER_COMMAND(MergeCommand);

} // namespace recollector::cli
