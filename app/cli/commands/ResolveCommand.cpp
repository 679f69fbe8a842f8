// engram-cli resolve CONFLICT_ID --strategy S: settle a conflict
// (docs/scoring.md, "Resolution strategies"; docs/cli.md, "resolve").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "engine/conflicts/ConflictResolver.h"
#include "model/MemoryJson.h"

#include <QJsonArray>

namespace engram::cli {

using namespace engram::core;

class ResolveCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("resolve"); }
    QString summary() const override
    {
        return QStringLiteral("settle a conflict (--dry-run shows what the strategy would change)");
    }
    QString usage() const override
    {
        return QStringLiteral("CONFLICT_ID --strategy %1 [--content TEXT (merge)] [--dry-run]")
            .arg(strategyNames().join(QLatin1Char('|')));
    }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("strategy"), QStringLiteral("content")}, {QStringLiteral("dry-run")});
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("resolve: %1").arg(parser.error()), 2);
        if (parser.positional().size() != 1)
            return ctx.fail(QStringLiteral("resolve: expected one conflict id (engram-cli resolve ID --strategy S)"), 2);
        bool ok = false;
        const qint64 id = parser.positional().first().toLongLong(&ok);
        if (!ok)
            return ctx.fail(QStringLiteral("resolve: '%1' is not a conflict id (a number; see engram-cli conflicts)")
                                .arg(parser.positional().first()),
                            2);
        const auto strategyText = parser.value(QStringLiteral("strategy"));
        if (!strategyText)
            return ctx.fail(QStringLiteral("resolve: --strategy is required (%1)").arg(strategyNames().join(QStringLiteral(", "))), 2);
        const auto strategy = strategyFromName(*strategyText);
        if (!strategy)
            return ctx.fail(QStringLiteral("resolve: unknown strategy '%1' (%2)")
                                .arg(*strategyText, strategyNames().join(QStringLiteral(", "))),
                            2);
        const QString content = parser.value(QStringLiteral("content"), QString());
        if (*strategy == ResolutionStrategy::Merge && content.trimmed().isEmpty())
            return ctx.fail(QStringLiteral("resolve: --strategy merge needs --content with the merged text"), 2);
        if (*strategy != ResolutionStrategy::Merge && !content.isEmpty())
            return ctx.fail(QStringLiteral("resolve: --content only goes with --strategy merge"), 2);

        Store *store = ctx.store();
        if (!store)
            return 1;
        ConflictResolver resolver(*store, ctx.config());
        auto plan = resolver.plan(id, *strategy, ctx.now(), content);
        if (!plan)
            return ctx.fail(plan.error());

        if (parser.isSet(QStringLiteral("dry-run"))) {
            if (ctx.json) {
                QJsonObject out{{QStringLiteral("conflict"), io::conflictToJson(plan->after)},
                                {QStringLiteral("changes"), QJsonArray::fromStringList(plan->changes)},
                                {QStringLiteral("a"), ctx.memoryObject(plan->aAfter)},
                                {QStringLiteral("b"), ctx.memoryObject(plan->bAfter)}};
                if (plan->merged)
                    out.insert(QStringLiteral("merged"), ctx.memoryObject(*plan->merged));
                ctx.printJson(out);
                return 0;
            }
            ctx.out() << "resolving conflict #" << id << " with " << *strategyText << " would:\n";
            for (const QString &line : plan->changes)
                ctx.out() << "  - " << line << "\n";
            ctx.out() << "(dry run: nothing written)\n";
            ctx.out().flush();
            return 0;
        }

        auto after = resolver.apply(*plan);
        if (!after)
            return ctx.fail(after.error());
        if (ctx.json) {
            ctx.printJson(io::conflictToJson(*after));
            return 0;
        }
        ctx.out() << "conflict #" << id << " resolved: " << conflictResolutionName(after->resolution) << "\n";
        for (const QString &line : plan->changes)
            ctx.out() << "  - " << line << "\n";
        ctx.out().flush();
        return 0;
    }
};

ENGRAM_REGISTER_COMMAND(ResolveCommand);

} // namespace engram::cli
