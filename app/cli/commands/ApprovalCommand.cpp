// recollector-cli approval: approval mode (docs/cli.md, "approval"; docs/scoring.md#approval-mode):
// switch it, list the assistant's proposals waiting, accept or reject them.
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"
#include "ProposalText.h"

#include "engine/capture/AfterChange.h"
#include "engine/decisions/Decisions.h"
#include "engine/decisions/Proposals.h"
#include "engine/review/ReviewPoint.h"

#include <QJsonArray>

namespace recollector::cli {

using namespace recollector::core;

class ApprovalCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("approval"); }
    QString summary() const override
    {
        return QStringLiteral("approval mode: what the assistant adds or changes over MCP waits for your approval "
                              "(on, off; accept or reject what waits)");
    }
    QString usage() const override { return QStringLiteral("[on | off | accept ID...|all | reject ID...|all]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        const QString verb = args.value(0);
        if (verb.isEmpty())
            return show(ctx);
        if (verb == QLatin1String("on") || verb == QLatin1String("off")) {
            if (args.size() != 1)
                return ctx.fail(QStringLiteral("approval %1: takes nothing more").arg(verb), 2);
            return set(ctx, verb == QLatin1String("on"));
        }
        if (verb == QLatin1String("accept") || verb == QLatin1String("reject")) {
            if (args.size() < 2)
                return ctx.fail(QStringLiteral("approval %1: name the memory ids, or all").arg(verb), 2);
            return answer(ctx, verb == QLatin1String("accept"), args.mid(1));
        }
        return ctx.fail(QStringLiteral("approval: \"%1\" is not one of on, off, accept, reject").arg(verb.left(80)), 2);
    }

private:
    static int show(CliContext &ctx)
    {
        auto on = Proposals::approvalOn(*ctx.store());
        if (!on)
            return ctx.fail(on.error());
        auto pending = Proposals::pending(*ctx.store());
        if (!pending)
            return ctx.fail(pending.error());
        if (ctx.json) {
            QJsonArray list;
            for (const Proposal &p : *pending)
                list.append(proposalObject(ctx, p));
            ctx.printJson(QJsonObject { { QStringLiteral("approval"), *on }, { QStringLiteral("proposals"), list } });
            return 0;
        }
        ctx.out() << "approval mode " << (*on ? "on" : "off") << "\n";
        for (const Proposal &p : *pending)
            printProposalLine(ctx, p);
        ctx.out() << pending->size() << (pending->size() == 1 ? " proposal waiting" : " proposals waiting") << "\n";
        ctx.out().flush();
        return 0;
    }

    static int set(CliContext &ctx, bool on)
    {
        if (const Status st = Proposals::setApproval(*ctx.store(), on, ctx.now(), ReviewPoint::currentUser()); !st)
            return ctx.fail(st.error());
        ctx.out() << "approval mode " << (on ? "on" : "off") << "\n";
        ctx.out().flush();
        return 0;
    }

    static int answer(CliContext &ctx, bool accept, const QStringList &ids)
    {
        auto pending = Proposals::pending(*ctx.store());
        if (!pending)
            return ctx.fail(pending.error());
        std::vector<Proposal> chosen;
        const bool all = ids.size() == 1 && ids.first() == QLatin1String("all");
        for (const QString &id : ids) {
            const auto before = chosen.size();
            for (const Proposal &p : *pending) {
                if (all || p.memoryId == id)
                    chosen.push_back(p);
            }
            if (all)
                break;
            if (chosen.size() == before)
                return ctx.fail(QStringLiteral("approval: no proposal of the assistant waits on %1").arg(id.left(80)));
        }
        // Every answer in one transaction, with the links and contradiction check of what an
        // accept wrote (AfterChange, as the window's commands do).
        Decisions decisions(*ctx.store(), ctx.config(), ctx.profileName());
        AfterChange after(*ctx.store(), ctx.config());
        auto done = after.runAll(decisions, chosen.size(), [&](std::size_t i) {
            return accept ? Proposals::accept(decisions, chosen[i], ctx.now()) : Proposals::reject(decisions, chosen[i], ctx.now());
        }, ctx.now());
        if (!done)
            return ctx.fail(done.error());
        for (const Proposal &p : chosen)
            ctx.out() << (accept ? "accepted  " : "rejected  ") << p.memoryId << "  " << proposalSummary(p) << "\n";
        ctx.out().flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(ApprovalCommand);

} // namespace recollector::cli
