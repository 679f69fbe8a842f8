// recollector-cli rebuild-associations: recompute every derived link
// (docs/scoring.md, "Associations"; docs/cli.md, "rebuild-associations").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "engine/graph/AssociationBuilder.h"

#include <QElapsedTimer>

namespace recollector::cli {

using namespace recollector::core;

class RebuildAssociationsCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("rebuild-associations"); }
    QString summary() const override
    {
        return QStringLiteral("recompute every keyword / co-task / temporal / co-project link (manual links and learned boosts stay)");
    }
    QString usage() const override { return QString(); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (!args.isEmpty())
            return ctx.fail(QStringLiteral("rebuild-associations: unexpected argument '%1'").arg(args.first()), 2);
        Store *store = ctx.store();
        if (!store)
            return 1;
        QElapsedTimer timer;
        timer.start();
        AssociationBuilder builder(*store, ctx.config());
        auto stats = builder.rebuildAll();
        if (!stats)
            return ctx.fail(stats.error());
        if (ctx.json) {
            ctx.printJson(QJsonObject{{QStringLiteral("associations"), double(stats->total)},
                                      {QStringLiteral("learned"), double(stats->learned)}});
            return 0;
        }
        ctx.out() << stats->total << " associations (" << stats->derived << " derived for " << stats->memories
                  << " memories";
        if (stats->learned > 0)
            ctx.out() << "; " << stats->learned << " kept what they learned from use";
        ctx.out() << ") in " << QString::number(double(timer.elapsed()) / 1000.0, 'f', 1) << " s\n";
        ctx.out().flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(RebuildAssociationsCommand);

} // namespace recollector::cli
