// recollector-cli resolve CONFLICT_ID --strategy S | --dismiss: settle a conflict
// (docs/scoring.md, "Resolution strategies" and "Dismissal"; docs/cli.md, "resolve").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "engine/capture/AfterChange.h"
#include "engine/conflicts/ConflictResolver.h"
#include "model/MemoryJson.h"

#include <QJsonArray>

#include <optional>

namespace recollector::cli {

using namespace recollector::core;

class ResolveCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("resolve"); }
    QString summary() const override
    {
        return QStringLiteral("settle a conflict, or --dismiss it as not a conflict (--dry-run shows what would change)");
    }
    QString usage() const override
    {
        return QStringLiteral("CONFLICT_ID (--strategy %1 [--content TEXT (merge)] | --dismiss) [--dry-run]")
            .arg(strategyNames().join(QLatin1Char('|')));
    }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("strategy"), QStringLiteral("content")},
                         {QStringLiteral("dry-run"), QStringLiteral("dismiss")});
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("resolve: %1").arg(parser.error()), 2);
        if (parser.positional().size() != 1)
            return ctx.fail(QStringLiteral("resolve: expected one conflict id (recollector-cli resolve ID --strategy S)"), 2);
        bool ok = false;
        const qint64 id = parser.positional().first().toLongLong(&ok);
        if (!ok)
            return ctx.fail(QStringLiteral("resolve: '%1' is not a conflict id (a number; see recollector-cli conflicts)")
                                .arg(parser.positional().first()),
                            2);
        const bool dismissing = parser.isSet(QStringLiteral("dismiss"));
        const auto strategyText = parser.value(QStringLiteral("strategy"));
        if (dismissing && (strategyText || parser.value(QStringLiteral("content"))))
            return ctx.fail(QStringLiteral("resolve: --dismiss takes no --strategy or --content"), 2);
        std::optional<ResolutionStrategy> strategy;
        QString content;
        if (!dismissing) {
            if (!strategyText)
                return ctx.fail(QStringLiteral("resolve: --strategy or --dismiss is required (%1)")
                                    .arg(strategyNames().join(QStringLiteral(", "))),
                                2);
            strategy = strategyFromName(*strategyText);
            if (!strategy)
                return ctx.fail(QStringLiteral("resolve: unknown strategy '%1' (%2)")
                                    .arg(*strategyText, strategyNames().join(QStringLiteral(", "))),
                                2);
            content = parser.value(QStringLiteral("content"), QString());
            if (*strategy == ResolutionStrategy::Merge && content.trimmed().isEmpty())
                return ctx.fail(QStringLiteral("resolve: --strategy merge needs --content with the merged text"), 2);
            if (*strategy != ResolutionStrategy::Merge && !content.isEmpty())
                return ctx.fail(QStringLiteral("resolve: --content only goes with --strategy merge"), 2);
        }

        Store *store = ctx.store();
        if (!store)
            return 1;
        ConflictResolver resolver(*store, ctx.config());
        auto plan = dismissing ? resolver.planDismissal(id, ctx.now()) : resolver.plan(id, *strategy, ctx.now(), content);
        if (!plan)
            return ctx.fail(plan.error());
        const QString what = dismissing ? QStringLiteral("dismissing") : QStringLiteral("resolving");
        const QString how = dismissing ? QString() : QStringLiteral(" with ") + *strategyText;

        if (parser.isSet(QStringLiteral("dry-run")))
            return printDryRun(ctx, *plan, QStringLiteral("%1 conflict #%2%3").arg(what).arg(id).arg(how));

        // With the links of what it wrote (a merge's summary) in its transaction, as the
        // window's resolution does (AfterChange, links only).
        std::optional<Conflict> after;
        AfterChange follow(*store, ctx.config());
        const auto applied = follow.run(
            [&]() -> Result<std::vector<DecisionOutcome>> {
                auto settled = resolver.apply(*plan);
                if (!settled)
                    return settled.error();
                after = std::move(*settled);
                return std::vector<DecisionOutcome>{resolver.lastMergeOutcome(), resolver.lastOutcome()};
            },
            AfterChange::Mode::LinksOnly, ctx.now());
        if (!applied)
            return ctx.fail(applied.error());
        if (ctx.json) {
            ctx.printJson(io::conflictToJson(*after));
            return 0;
        }
        if (dismissing)
            ctx.out() << "conflict #" << id << " dismissed: not a conflict\n";
        else
            ctx.out() << "conflict #" << id << " resolved: " << conflictResolutionName(after->resolution) << "\n";
        for (const QString &line : plan->changes)
            ctx.out() << "  - " << line << "\n";
        ctx.out().flush();
        return 0;
    }

private:
    static int printDryRun(CliContext &ctx, const ResolutionPlan &plan, const QString &action)
    {
        if (ctx.json) {
            QJsonObject out{{QStringLiteral("conflict"), io::conflictToJson(plan.after)},
                            {QStringLiteral("changes"), QJsonArray::fromStringList(plan.changes)},
                            {QStringLiteral("a"), ctx.memoryObject(plan.aAfter)},
                            {QStringLiteral("b"), ctx.memoryObject(plan.bAfter)}};
            if (plan.merged)
                out.insert(QStringLiteral("merged"), ctx.memoryObject(*plan.merged));
            ctx.printJson(out);
            return 0;
        }
        ctx.out() << action << " would:\n";
        for (const QString &line : plan.changes)
            ctx.out() << "  - " << line << "\n";
        ctx.out() << "(dry run: nothing written)\n";
        ctx.out().flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(ResolveCommand);

} // namespace recollector::cli
