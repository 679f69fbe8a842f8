// recollector-cli stats: counts per tier under the active profile (docs/cli.md, "stats").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "engine/conflicts/QueuedDetection.h"

#include <QJsonObject>

#include <array>

namespace recollector::cli {

using namespace recollector::core;

class StatsCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("stats"); }
    QString summary() const override { return QStringLiteral("count memories per tier and open conflicts; say when a detection is queued"); }
    QString usage() const override { return QString(); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (!args.isEmpty())
            return ctx.fail(QStringLiteral("stats: unexpected argument '%1'").arg(args.first()), 2);
        Store *store = ctx.store();
        if (!store)
            return 1;
        const ScoringProfile &profile = ctx.profile();
        const Millis now = ctx.now();
        std::array<qint64, kTierCount> tiers {};
        qint64 memories = 0;
        // Deleted memories are not counted: they only show in debug mode.
        const Status st = store->memories().forEach(
            [&](const Memory &m) {
                ++memories;
                ++tiers[size_t(profile.evaluate(m, now).tier)];
                return true;
            },
            false);
        if (!st)
            return ctx.fail(st.error());
        auto open = store->conflicts().countOpen();
        if (!open)
            return ctx.fail(open.error());
        auto queued = QueuedDetection::queuedAt(*store); // a large import's detection still to run
        if (!queued)
            return ctx.fail(queued.error());

        if (ctx.json) {
            QJsonObject tierObject;
            for (int t = 0; t < kTierCount; ++t)
                tierObject.insert(tierName(Tier(t)), double(tiers[size_t(t)]));
            ctx.printJson(QJsonObject { { QStringLiteral("memories"), double(memories) },
                { QStringLiteral("tiers"), tierObject }, { QStringLiteral("openConflicts"), double(*open) },
                { QStringLiteral("profile"), ctx.profileName() },
                { QStringLiteral("detectionQueuedAt"), *queued ? QJsonValue(time::toIso(*queued)) : QJsonValue() } });
            return 0;
        }
        QTextStream &out = ctx.out();
        out << "store      " << store->path() << "\n"
            << "profile    " << ctx.profileName() << "\n"
            << "memories   " << memories << "\n";
        for (int t = 0; t < kTierCount; ++t)
            out << "  " << tierName(Tier(t)).leftJustified(9)
                << QString::number(tiers[size_t(t)]).rightJustified(8) << "\n";
        out << "open conflicts " << *open << "\n";
        if (*queued)
            out << "contradiction detection queued since " << time::toIso(*queued)
                << " (run 'recollector-cli conflicts --detect')\n";
        out.flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(StatsCommand);

} // namespace recollector::cli
