// engram-cli cleanup [--dry-run]: archive / compress / delete / purge per the active profile
// (docs/scoring.md, "Cleanup"). The dry run prints the plan with every reason and writes nothing.
#include "Command.h"
#include "DecisionOutput.h"

#include "engine/review/Cleanup.h"

#include <QJsonArray>

namespace engram::cli {

using namespace engram::core;

class CleanupCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("cleanup"); }
    QString summary() const override { return QStringLiteral("archive, compress, delete and purge weak memories (--dry-run: only show)"); }
    QString usage() const override { return QStringLiteral("[--dry-run]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({}, {QStringLiteral("dry-run")});
        if (!parser.parse(args) || !parser.positional().isEmpty())
            return ctx.fail(QStringLiteral("cleanup: ") + (parser.error().isEmpty() ? QStringLiteral("takes no ids") : parser.error()), 2);
        const bool dryRun = parser.isSet(QStringLiteral("dry-run"));
        Cleanup cleanup(*ctx.store(), ctx.config(), ctx.profile());
        auto plan = cleanup.plan(ctx.now());
        if (!plan)
            return ctx.fail(plan.error());
        QStringList applied;
        if (!dryRun) {
            auto done = cleanup.apply(*plan);
            if (!done)
                return ctx.fail(done.error());
            applied = done->changedIds;
        }
        if (ctx.json) {
            QJsonObject out;
            for (CleanupKind kind : {CleanupKind::Archive, CleanupKind::Compress, CleanupKind::Delete, CleanupKind::Purge}) {
                QStringList ids = plan->ids(kind);
                if (!dryRun) // what was written: actions on memories changed meanwhile were skipped
                    ids.erase(std::remove_if(ids.begin(), ids.end(), [&](const QString &id) { return !applied.contains(id); }),
                              ids.end());
                out.insert(Cleanup::kindName(kind), QJsonArray::fromStringList(ids));
            }
            ctx.printJson(out);
            return 0;
        }
        QTextStream &out = ctx.out();
        for (const CleanupAction &a : plan->actions)
            out << Cleanup::kindName(a.kind).leftJustified(9) << a.memoryId.leftJustified(28) << a.reason << "\n";
        if (dryRun)
            out << plan->actions.size() << " planned (dry run, nothing written), profile " << plan->profile << "\n";
        else
            out << applied.size() << " applied, profile " << plan->profile << "\n";
        out.flush();
        return 0;
    }
};

ENGRAM_REGISTER_COMMAND(CleanupCommand);

} // namespace engram::cli
