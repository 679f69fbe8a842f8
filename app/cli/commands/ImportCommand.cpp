// recollector-cli import PATH: a memory set file or an agent memory folder into the store, in one
// transaction, after a preview (docs/formats.md, "Import"; docs/cli.md, "import"). --dry-run
// prints what would happen.
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "io/ImportOperation.h"
#include "formats/FormatRegistry.h"

#include <QJsonObject>

namespace recollector::cli {

using namespace recollector::core;

class ImportCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("import"); }
    QString summary() const override
    {
        return QStringLiteral("import a memory set (JSON, YAML, legacy array), an agent memory folder, or another "
                              "memory system's file (Letta .af, MCP memory JSONL, ...)");
    }
    QString usage() const override
    {
        return QStringLiteral("PATH [--format NAME] [--on-conflict skip|overwrite|keep-both] [--dry-run] [--strict]");
    }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser(
            { QStringLiteral("on-conflict"), QStringLiteral("format") }, { QStringLiteral("dry-run"), QStringLiteral("strict") });
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("import: %1").arg(parser.error()), 2);
        if (parser.positional().size() != 1)
            return ctx.fail(QStringLiteral("import: expected one PATH (a file or a folder)"), 2);
        const QString path = parser.positional().first();
        io::ImportPolicy policy; // a later version of a memory replaces it; a clash is skipped
        if (const auto onConflict = parser.value(QStringLiteral("on-conflict"))) {
            const auto action = io::actionFromName(*onConflict);
            if (!action)
                return ctx.fail(
                    QStringLiteral("import: --on-conflict must be skip, overwrite or keep-both, not '%1'")
                        .arg(*onConflict),
                    2);
            policy = io::ImportPolicy::all(*action);
        }
        const bool dryRun = parser.isSet(QStringLiteral("dry-run"));
        const bool strict = parser.isSet(QStringLiteral("strict"));

        // Any format Recollector knows, recognised by content (docs/formats.md, "Other memory systems").
        io::AdapterReadOptions readOptions;
        readOptions.strict = strict;
        readOptions.initialStability = ctx.config().decay.initialStability;
        auto set = io::formats::FormatRegistry::instance().read(
            path, readOptions, parser.value(QStringLiteral("format")).value_or(QString()));
        if (!set)
            return ctx.fail(set.error());
        for (const QString &problem : set->problems)
            ctx.err() << "recollector-cli: warning: " << problem << Qt::endl;
        if (!set->notes.isEmpty())
            ctx.err() << "recollector-cli: note: " << set->notes.size()
                      << " value(s) guessed during migration, e.g. " << set->notes.first() << Qt::endl;

        Store *store = ctx.store();
        if (!store)
            return 1;
        const io::ImportOperation operation(*store, ctx.config(), ctx.now());
        auto plan = operation.preview(*set);
        if (!plan)
            return ctx.fail(plan.error());
        printDetection(ctx, plan->detection, set->memories.size());
        if (dryRun)
            return printPlan(ctx, plan->preview, policy, set->mapping);

        auto outcome = operation.apply(*set, *plan, policy);
        if (!outcome)
            return ctx.fail(outcome.error());
        const io::ImportReport &report = outcome->report;
        for (const QString &warning : report.warnings)
            ctx.err() << "recollector-cli: warning: " << warning << Qt::endl;
        if (outcome->detection.queued)
            ctx.err() << "recollector-cli: note: contradiction detection queued (meta detection_queued_at)" << Qt::endl;

        if (ctx.json) {
            ctx.printJson(QJsonObject { { QStringLiteral("added"), report.added },
                { QStringLiteral("updated"), report.updated },
                { QStringLiteral("skipped"), report.skipped },
                { QStringLiteral("conflicts"), report.conflicts },
                { QStringLiteral("restated"), int(report.restated.size()) } });
            return 0;
        }
        ctx.out() << "imported " << set->sourceName << ": " << report.added << " added (" << report.keptBoth
                  << " as copies), " << report.updated << " updated, " << report.skipped << " skipped, "
                  << report.conflicts << " conflicting ids; " << report.associations << " links, "
                  << report.events << " events, " << report.conflictsRecorded << " conflicts, "
                  << outcome->detection.candidates.size() << " contradictions detected\n";
        // docs/scoring.md#restatements: not added, the memory held reinforced instead.
        if (!report.restated.isEmpty())
            ctx.out() << report.restated.size() << " restated a memory already held: reinforced it instead\n";
        ctx.out().flush();
        return 0;
    }

private:
    static void printDetection(CliContext &ctx, const io::ImportDetection &detection, std::size_t memories)
    {
        if (detection.skipped)
            ctx.err() << "recollector-cli: note: " << memories
                      << " memories: too many to check for contradictions on import; the detection is queued "
                         "(the window runs it in the background, 'recollector-cli conflicts --detect' at once)"
                      << Qt::endl;
        if (!detection.error.isEmpty())
            ctx.err() << "recollector-cli: warning: conflict detection skipped: " << detection.error << Qt::endl;
        if (!detection.capsNote.isEmpty())
            ctx.err() << "recollector-cli: note: " << detection.capsNote << Qt::endl;
    }

    static int count(io::ImportAction action, io::ImportAction wanted, qsizetype n)
    {
        return action == wanted ? int(n) : 0;
    }

    int printPlan(CliContext &ctx, const io::ImportPreview &p, const io::ImportPolicy &policy,
                  const io::MappingReport &mapping)
    {
        using A = io::ImportAction;
        const int added = int(p.newIds.size()) + count(policy.changed, A::KeepBoth, p.changedIds.size())
            + count(policy.conflicting, A::KeepBoth, p.conflictingIds.size());
        const int updated = count(policy.changed, A::Overwrite, p.changedIds.size())
            + count(policy.conflicting, A::Overwrite, p.conflictingIds.size());
        const int skipped = int(p.identicalIds.size()) + count(policy.changed, A::Skip, p.changedIds.size())
            + count(policy.conflicting, A::Skip, p.conflictingIds.size());
        if (ctx.json) {
            QJsonObject plan { { QStringLiteral("added"), added }, { QStringLiteral("updated"), updated },
                { QStringLiteral("skipped"), skipped }, { QStringLiteral("conflicts"), int(p.conflictingIds.size()) } };
            if (!mapping.isEmpty())
                plan.insert(QStringLiteral("mapping"), mapping.toJson());
            ctx.printJson(plan);
            return 0;
        }
        QTextStream &out = ctx.out();
        out << "dry run: nothing written. " << p.sourceName << " holds " << p.memories() << " memories, "
            << p.associations << " links, " << p.events << " events, " << p.conflicts << " conflicts\n";
        auto list = [&](const char *label, const QStringList &ids, const QString &action) {
            out << "  " << QString::fromLatin1(label).leftJustified(12)
                << QString::number(ids.size()).rightJustified(6);
            if (!action.isEmpty())
                out << "  → " << action;
            out << "\n";
            for (qsizetype i = 0; i < ids.size() && i < 10; ++i)
                out << "      " << ids[i] << "\n";
            if (ids.size() > 10)
                out << "      … and " << ids.size() - 10 << " more\n";
        };
        list("new", p.newIds, QStringLiteral("add"));
        list("changed", p.changedIds, io::actionName(policy.changed));
        list("conflicting", p.conflictingIds, io::actionName(policy.conflicting));
        list("identical", p.identicalIds, QStringLiteral("skip"));
        if (!mapping.isEmpty()) {
            out << "  mapping (" << mapping.title << ")\n";
            for (const QString &line : mapping.lines())
                out << "      " << line << "\n";
        }
        out << "  contradictions " << p.contradictions.size() << "\n";
        for (const Conflict &c : p.contradictions)
            out << "      " << conflictTypeName(c.type) << ": " << c.a << " ↔ " << c.b << "\n";
        out << "would add " << added << ", update " << updated << ", skip " << skipped << "\n";
        out.flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(ImportCommand);

} // namespace recollector::cli
