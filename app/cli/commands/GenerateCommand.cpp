// recollector-cli generate: a synthetic store for benchmarks (docs/cli.md, "generate";
// docs/architecture.md, "Performance budget").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "synthetic/StoreGenerator.h"

#include <QElapsedTimer>
#include <QJsonObject>

namespace recollector::cli {

using namespace recollector::core;

class GenerateCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("generate"); }
    QString summary() const override
    {
        return QStringLiteral("fill --store with a deterministic synthetic memory set (benchmarks)");
    }
    QString usage() const override
    {
        return QStringLiteral("--memories N [--associations M (default 5·N)] [--seed S] [--force]");
    }
    // It opens the store itself, after checking its arguments, so a typo creates no file.
    bool needsStore() const override { return false; }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("memories"), QStringLiteral("associations"), QStringLiteral("seed")},
                         {QStringLiteral("force")});
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("generate: %1").arg(parser.error()), 2);
        if (!parser.positional().isEmpty())
            return ctx.fail(QStringLiteral("generate: unexpected argument '%1'").arg(parser.positional().first()), 2);

        GeneratorOptions options;
        bool ok = false;
        const auto memories = parser.value(QStringLiteral("memories"));
        if (!memories)
            return ctx.fail(QStringLiteral("generate: --memories N is required"), 2);
        options.memories = memories->toLongLong(&ok);
        if (!ok || options.memories < 0)
            return ctx.fail(QStringLiteral("generate: --memories must be a whole number ≥ 0, not '%1'").arg(*memories), 2);
        if (const auto associations = parser.value(QStringLiteral("associations"))) {
            options.associations = associations->toLongLong(&ok);
            if (!ok || options.associations < 0)
                return ctx.fail(
                    QStringLiteral("generate: --associations must be a whole number ≥ 0, not '%1'").arg(*associations), 2);
        }
        if (const auto seed = parser.value(QStringLiteral("seed"))) {
            options.seed = seed->toULongLong(&ok);
            if (!ok)
                return ctx.fail(QStringLiteral("generate: --seed must be a whole number ≥ 0, not '%1'").arg(*seed), 2);
        }
        options.replaceExisting = parser.isSet(QStringLiteral("force"));
        // --at pins the synthetic "now"; otherwise today's start (UTC), so one seed gives one
        // store all day long.
        options.anchor = ctx.at != 0 ? ctx.at : StoreGenerator::defaultAnchor(ctx.now());

        Store *store = ctx.store();
        if (!store)
            return 1;
        QElapsedTimer timer;
        timer.start();
        StoreGenerator generator(options);
        const auto report = generator.generate(*store);
        if (!report)
            return ctx.fail(report.error());
        if (ctx.json) {
            ctx.printJson(QJsonObject{{QStringLiteral("memories"), double(report->memories)},
                                      {QStringLiteral("associations"), double(report->associations)}});
        } else {
            ctx.out() << "generated " << report->memories << " memories, " << report->associations
                      << " associations, " << report->events << " events, " << report->conflicts << " conflicts ("
                      << report->openConflicts << " open) into " << store->path() << " in "
                      << QString::number(double(timer.elapsed()) / 1000.0, 'f', 1) << " s\n";
            ctx.out().flush();
        }
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(GenerateCommand);

} // namespace recollector::cli
