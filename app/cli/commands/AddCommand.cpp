// recollector-cli add --content TEXT [--keywords a,b] [--category C] [--project P] [--importance X]
// [--actor user|assistant] (docs/cli.md, "add"): a memory added by hand (the add decision), with
// its links and its contradiction check at once (core::MemoryCapture).
#include "AttachedRun.h"
#include "Command.h"
#include "attach/ClaudeProjects.h"
#include "DecisionOutput.h"

#include "engine/capture/MemoryCapture.h"
#include "engine/conflicts/ConflictReason.h"
#include "model/MemoryJson.h"

#include <QJsonArray>

namespace recollector::cli {

using namespace recollector::core;

class AddCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("add"); }
    QString summary() const override
    {
        return QStringLiteral("add a memory by hand; its links and contradiction check run at once");
    }
    QString usage() const override
    {
        return QStringLiteral("--content TEXT [--keywords a,b] [--category C] [--project PATH] [--importance X] "
                              "[--actor user|assistant]");
    }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("content"), QStringLiteral("keywords"), QStringLiteral("category"),
                          QStringLiteral("project"), QStringLiteral("importance"), QStringLiteral("actor")},
                         {});
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("add: ") + parser.error(), 2);
        if (!parser.positional().isEmpty())
            return ctx.fail(QStringLiteral("add: unexpected argument '%1' (the text goes after --content)")
                                .arg(parser.positional().first()),
                            2);
        if (!parser.isSet(QStringLiteral("content")))
            return ctx.fail(QStringLiteral("add: --content is required"), 2);
        NewMemory input;
        input.content = parser.value(QStringLiteral("content"), QString());
        if (const auto keywords = parser.value(QStringLiteral("keywords")))
            input.keywords = keywords->split(QLatin1Char(','), Qt::SkipEmptyParts);
        input.category = parser.value(QStringLiteral("category"), QString());
        input.projectPath = parser.value(QStringLiteral("project"), QString());
        // Added to a project's Claude Code memory: the memory is that project's.
        if (!parser.isSet(QStringLiteral("project")) && !AttachedRun::folder().isEmpty())
            input.projectPath = core::attach::ClaudeProjects::projectOf(AttachedRun::folder());
        input.actor = parser.value(QStringLiteral("actor"), QStringLiteral("user"));
        if (const auto importance = parser.value(QStringLiteral("importance"))) {
            bool ok = false;
            input.importance = importance->toDouble(&ok);
            if (!ok)
                return ctx.fail(QStringLiteral("add: --importance must be a number, not '%1'").arg(*importance), 2);
        }
        if (const QString invalid = input.invalidReason(); !invalid.isEmpty())
            return ctx.fail(invalid, 2);
        MemoryCapture capture(*ctx.store(), ctx.config(), ctx.profileName());
        auto added = capture.add(input, ctx.now());
        if (!added)
            return ctx.fail(added.error());
        return print(ctx, *added);
    }

private:
    static int print(CliContext &ctx, const MemoryCapture::Added &added)
    {
        const QString &id = added.memory.id;
        if (!added.restates.isEmpty()) {
            // The assistant said a memory again: it was reinforced, nothing added (docs/scoring.md#restatements).
            if (ctx.json) {
                ctx.printJson(QJsonObject{{QStringLiteral("id"), id},
                                          {QStringLiteral("action"), QStringLiteral("reinforced")},
                                          {QStringLiteral("restates"), added.restates},
                                          {QStringLiteral("memory"), ctx.memoryObject(added.memory)}});
                return 0;
            }
            ctx.out() << id << "\n" << "reinforced, not added: the text " << added.restates << "\n";
            ctx.out().flush();
            return 0;
        }
        auto links = ctx.store()->associations().of(id);
        if (!links)
            return ctx.fail(links.error());
        if (ctx.json) {
            QJsonArray linkArray;
            for (const Association &a : *links)
                linkArray.append(QJsonObject{{QStringLiteral("other"), a.other(id)},
                                             {QStringLiteral("type"), a.type},
                                             {QStringLiteral("weight"), a.weight}});
            QJsonArray conflicts;
            for (const Conflict &c : added.followUp.conflicts) {
                QJsonObject o = io::conflictToJson(c);
                auto why = ConflictReason::of(*ctx.store(), c);
                if (!why)
                    return ctx.fail(why.error());
                o.insert(QStringLiteral("reason"), *why);
                conflicts.append(o);
            }
            ctx.printJson(QJsonObject{{QStringLiteral("id"), id},
                                      {QStringLiteral("memory"), ctx.memoryObject(added.memory)},
                                      {QStringLiteral("links"), linkArray},
                                      {QStringLiteral("conflicts"), conflicts}});
            return 0;
        }
        ctx.out() << id << "\n";
        ctx.out() << "keywords: " << added.memory.keywords.join(QStringLiteral(", ")) << "\n";
        ctx.out() << "links: " << links->size() << "\n";
        for (const Association &a : *links)
            ctx.out() << "  " << a.other(id) << "  " << a.type << "  " << QString::number(a.weight, 'f', 3) << "\n";
        ctx.out() << "conflicts: " << added.followUp.conflicts.size() << "\n";
        for (const Conflict &c : added.followUp.conflicts) {
            ctx.out() << "  #" << c.id << "  " << conflictTypeName(c.type) << "  " << (c.a == id ? c.b : c.a) << "  "
                      << (c.isOpen() ? QStringLiteral("open") : conflictResolutionName(c.resolution)) << "\n";
            auto why = ConflictReason::of(*ctx.store(), c);
            if (!why)
                return ctx.fail(why.error());
            if (!why->isEmpty())
                ctx.out() << "    why: " << *why << "\n";
        }
        ctx.out().flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(AddCommand);

} // namespace recollector::cli
