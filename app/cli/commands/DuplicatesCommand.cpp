// recollector-cli duplicates: the groups of memories that restate each other across the store
// (docs/scoring.md#duplicates-across-the-store), the groups Review ▸ Duplicates lists.
#include "Command.h"
#include "DecisionOutput.h"

#include "engine/capture/DuplicateFinder.h"

#include <QJsonArray>

namespace recollector::cli {

using namespace recollector::core;

class DuplicatesCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("duplicates"); }
    QString summary() const override
    {
        return QStringLiteral("groups of memories that say the same thing, largest first");
    }
    QString usage() const override { return {}; }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (!args.isEmpty())
            return ctx.fail(QStringLiteral("duplicates: takes no arguments"), 2);
        auto groups = DuplicateFinder::find(*ctx.store());
        if (!groups)
            return ctx.fail(groups.error());
        if (ctx.json) {
            QJsonArray array;
            for (const DuplicateCluster &c : *groups) {
                QJsonArray members;
                for (const Memory &m : c.memories)
                    members.append(ctx.memoryObject(m));
                array.append(QJsonObject{{QStringLiteral("why"), c.why}, {QStringLiteral("memories"), members}});
            }
            ctx.printJson(array);
            return 0;
        }
        int n = 0;
        for (const DuplicateCluster &c : *groups) {
            ctx.out() << "group " << ++n << " (" << c.memories.size() << " memories): " << c.why << "\n";
            for (const Memory &m : c.memories)
                printMemoryLine(ctx, ctx.memoryObject(m));
        }
        ctx.out() << groups->size() << " groups\n";
        ctx.out().flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(DuplicatesCommand);

} // namespace recollector::cli
