// recollector-cli fading: memories in tier fading or below, not permanent, weakest first.
#include "Command.h"
#include "DecisionOutput.h"

#include <QJsonArray>

#include <algorithm>

namespace recollector::cli {

using namespace recollector::core;

class FadingCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("fading"); }
    QString summary() const override { return QStringLiteral("memories that are fading, weak or forgotten, weakest first"); }
    QString usage() const override { return {}; }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (!args.isEmpty())
            return ctx.fail(QStringLiteral("fading: takes no arguments"), 2);
        auto memories = ctx.store()->memories().all(false);
        if (!memories)
            return ctx.fail(memories.error());
        std::vector<QJsonObject> rows;
        for (const Memory &m : *memories) {
            if (m.permanent)
                continue;
            const Score s = ctx.profile().evaluate(ctx.scoreInput(m), ctx.now());
            if (s.tier == Tier::Fading || s.tier == Tier::Weak || s.tier == Tier::Forgotten)
                rows.push_back(ctx.memoryObject(m));
        }
        std::stable_sort(rows.begin(), rows.end(), [](const QJsonObject &a, const QJsonObject &b) {
            const double sa = a.value(QStringLiteral("strength")).toDouble();
            const double sb = b.value(QStringLiteral("strength")).toDouble();
            if (sa != sb)
                return sa < sb;
            return a.value(QStringLiteral("id")).toString() < b.value(QStringLiteral("id")).toString();
        });
        if (ctx.json) {
            QJsonArray array;
            for (const QJsonObject &o : rows)
                array.append(o);
            ctx.printJson(array);
            return 0;
        }
        for (const QJsonObject &o : rows)
            printMemoryLine(ctx, o);
        ctx.out() << rows.size() << " fading" << "\n";
        ctx.out().flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(FadingCommand);

} // namespace recollector::cli
