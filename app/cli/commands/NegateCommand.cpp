// recollector-cli negate ID [--correction TEXT]: the user says a memory is wrong
// (docs/cli.md, "Decisions"; docs/scoring.md, "Negation with a correction").
#include "Command.h"
#include "DecisionOutput.h"
#include "engine/capture/KeywordExtractor.h"

namespace recollector::cli {

class NegateCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("negate"); }
    QString summary() const override
    {
        return QStringLiteral("negate a memory; with a correction, also record what is true instead");
    }
    QString usage() const override { return QStringLiteral("ID [--correction TEXT] [--seen UPDATED-AT]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("correction")}, {});
        DecisionTarget target;
        int code = 0;
        if (!parseOneId(ctx, name(), args, parser, target, code))
            return code;
        const QString &id = target.id;
        const QString correction = parser.value(QStringLiteral("correction"), QString());
        if (parser.isSet(QStringLiteral("correction")) && correction.trimmed().isEmpty())
            return ctx.fail(QStringLiteral("negate: --correction needs a text"), 2);
        // The correction's own keywords, then the original's (as the window does).
        const QStringList keywords = correction.isEmpty() ? QStringList() : core::KeywordExtractor::extract(correction);
        const auto done = decideAndFollow(ctx, target, [&](core::Decisions &d) {
            return d.negate(id, correction, ctx.now(), QStringLiteral("user"), keywords);
        });
        if (!done)
            return ctx.fail(done.error());
        // The memory object after, and the new memory under "correction" when one was made.
        if (done->createdIds.isEmpty())
            return printMemoryAfter(ctx, id);
        return printMemoryAfter(ctx, id, QStringLiteral("correction"), done->createdIds.first());
    }
};

RECOLLECTOR_REGISTER_COMMAND(NegateCommand);

} // namespace recollector::cli
