// recollector-cli cleanup [--dry-run] [--due [--apply]]: archive / compress / delete / purge per the
// active profile (docs/scoring.md, "Cleanup"). The dry run prints the plan with every reason
// and writes nothing. --due is the scheduled cleanup (docs/scoring.md, "Scheduled cleanup"):
// one line and nothing else when it is not due; when due, the plan first, applied only with
// --apply or when the store's configuration says `scheduledCleanup: automatic` — the same
// "preview first" rule the window follows.
#include "Command.h"
#include "DecisionOutput.h"

#include "engine/review/Cleanup.h"
#include "engine/review/CleanupSchedule.h"

#include <QJsonArray>

namespace recollector::cli {

using namespace recollector::core;

class CleanupCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("cleanup"); }
    QString summary() const override
    {
        return QStringLiteral("archive, compress, delete and purge weak memories (--dry-run: only show; --due: only "
                              "when the scheduled cleanup is due, shown first and applied with --apply or when "
                              "automatic)");
    }
    QString usage() const override { return QStringLiteral("[--dry-run] [--due [--apply]]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({}, {QStringLiteral("dry-run"), QStringLiteral("due"), QStringLiteral("apply")});
        if (!parser.parse(args) || !parser.positional().isEmpty())
            return ctx.fail(QStringLiteral("cleanup: ") + (parser.error().isEmpty() ? QStringLiteral("takes no ids") : parser.error()), 2);
        const bool due = parser.isSet(QStringLiteral("due"));
        const bool applyFlag = parser.isSet(QStringLiteral("apply"));
        bool dryRun = parser.isSet(QStringLiteral("dry-run"));
        if (applyFlag && !due)
            return ctx.fail(QStringLiteral("cleanup: --apply goes with --due (a plain cleanup applies anyway)"), 2);
        if (applyFlag && dryRun)
            return ctx.fail(QStringLiteral("cleanup: --apply and --dry-run contradict each other"), 2);
        Store *store = ctx.store();
        if (!store)
            return 1;
        bool automatic = false;
        if (due) {
            auto schedule = CleanupSchedule::at(*store, ctx.config(), ctx.now());
            if (!schedule)
                return ctx.fail(schedule.error());
            if (!schedule->due)
                return printNotDue(ctx, *schedule);
            automatic = CleanupSchedule::isAutomatic(ctx.config());
            dryRun = dryRun || !(applyFlag || automatic); // preview first, unless asked or automatic
        }
        Cleanup cleanup(*store, ctx.config(), ctx.profile());
        auto plan = cleanup.plan(ctx.now());
        if (!plan)
            return ctx.fail(plan.error());
        QStringList applied;
        if (!dryRun && !(due && plan->isEmpty())) { // a due cleanup with nothing to do writes nothing
            auto done = cleanup.apply(*plan);
            if (!done)
                return ctx.fail(done.error());
            applied = done->changedIds;
        }
        if (ctx.json)
            return printJson(ctx, *plan, applied, dryRun, due);
        QTextStream &out = ctx.out();
        for (const CleanupAction &a : plan->actions)
            out << Cleanup::kindName(a.kind).leftJustified(9) << a.memoryId.leftJustified(28) << a.reason << "\n";
        if (due && dryRun)
            out << "cleanup due: " << plan->actions.size()
                << " planned (preview, nothing written; --apply applies it), profile " << plan->profile << "\n";
        else if (dryRun)
            out << plan->actions.size() << " planned (dry run, nothing written), profile " << plan->profile << "\n";
        else
            out << applied.size() << " applied" << (due && automatic ? " (automatic scheduled cleanup)" : "")
                << ", profile " << plan->profile << "\n";
        out.flush();
        return 0;
    }

private:
    static int printNotDue(CliContext &ctx, const CleanupSchedule &schedule)
    {
        const QString when = schedule.scheduled ? time::toIso(schedule.dueAt) : QString();
        if (ctx.json) {
            ctx.printJson(QJsonObject{{QStringLiteral("due"), false},
                                      {QStringLiteral("dueAt"), when.isEmpty() ? QJsonValue() : QJsonValue(when)}});
            return 0;
        }
        if (schedule.scheduled)
            ctx.out() << "cleanup not due until " << when << "\n";
        else
            ctx.out() << "cleanup not due: none scheduled (memory.decay.cleanupIntervalHours is 0)\n";
        ctx.out().flush();
        return 0;
    }

    static int printJson(CliContext &ctx, const CleanupPlan &plan, const QStringList &applied, bool dryRun, bool due)
    {
        QJsonObject out;
        for (CleanupKind kind : {CleanupKind::Archive, CleanupKind::Compress, CleanupKind::Delete, CleanupKind::Purge}) {
            QStringList ids = plan.ids(kind);
            if (!dryRun) // what was written: actions on memories changed meanwhile were skipped
                ids.erase(std::remove_if(ids.begin(), ids.end(), [&](const QString &id) { return !applied.contains(id); }),
                          ids.end());
            out.insert(Cleanup::kindName(kind), QJsonArray::fromStringList(ids));
        }
        if (due) {
            out.insert(QStringLiteral("due"), true);
            out.insert(QStringLiteral("applied"), !dryRun && !applied.isEmpty());
        }
        ctx.printJson(out);
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(CleanupCommand);

} // namespace recollector::cli
