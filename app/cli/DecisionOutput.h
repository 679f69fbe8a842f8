#pragma once

// Shared by the decision commands (confirm, negate, permanent, delete, restore, unarchive, edit, merge,
// reinforce, revert): run a decision with the store's config and profile at --at, then print
// the memories it left, as memory objects (docs/cli.md, "The memory object").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "engine/capture/AfterChange.h"
#include "engine/decisions/Decisions.h"
#include "model/Tier.h"
#include "model/Time.h"

#include <QJsonArray>

#include <functional>
#include <memory>
#include <optional>

namespace recollector::cli {

/// The memory a decision command names, and what the person saw of it: `--seen`, its
/// `updatedAt` as `show` printed it. With it, a memory someone changed since is left as it
/// is and the command says who changed it and how (docs/team-store.md#many-writers).
struct DecisionTarget
{
    QString id;
    std::optional<core::Millis> seen;
};

/// Decisions on the store, checking what `target` says was seen.
inline std::unique_ptr<core::Decisions> decisionsFor(CliContext &ctx, const DecisionTarget &target = {})
{
    auto decisions = std::make_unique<core::Decisions>(*ctx.store(), ctx.config(), ctx.profileName());
    if (target.seen)
        decisions->expecting(target.id, *target.seen);
    return decisions;
}

/// Runs one decision and its follow-up (the links and the contradiction check of what it
/// wrote: core::AfterChange, the same path as the window's commands) as one transaction.
inline core::Result<core::DecisionOutcome>
decideAndFollow(CliContext &ctx, const DecisionTarget &target,
                const std::function<core::Result<core::DecisionOutcome>(core::Decisions &)> &decide,
                core::FollowUpOutcome *followUp = nullptr)
{
    const auto owned = decisionsFor(ctx, target);
    core::Decisions &decisions = *owned;
    core::AfterChange after(*ctx.store(), ctx.config());
    auto outcomes = after.runAll(decisions, 1, [&](std::size_t) { return decide(decisions); }, ctx.now(), followUp);
    if (!outcomes)
        return outcomes.error();
    return outcomes->front();
}

/// One line per memory for people: id, strength, tier, the start of the content.
inline void printMemoryLine(CliContext &ctx, const QJsonObject &o)
{
    QString content = o.value(QStringLiteral("locked")).toBool() ? QStringLiteral("locked")
                                                                 : o.value(QStringLiteral("content")).toString().simplified();
    if (content.size() > 60)
        content = content.left(59) + QChar(0x2026);
    ctx.out() << o.value(QStringLiteral("id")).toString() << "  strength "
              << QString::number(o.value(QStringLiteral("strength")).toDouble(), 'f', 0).rightJustified(3) << "  "
              << o.value(QStringLiteral("tier")).toString().leftJustified(9) << "  " << content << "\n";
}

/// Prints the memory `id` after a decision: its object with --json, else one line.
/// Returns the exit code.
inline int printMemoryAfter(CliContext &ctx, const QString &id, const QString &extraKey = {}, const QString &extraId = {})
{
    auto memory = ctx.store()->memories().get(id);
    if (!memory)
        return ctx.fail(memory.error());
    QJsonObject object = ctx.memoryObject(*memory);
    QJsonObject extra;
    if (!extraKey.isEmpty()) {
        auto other = ctx.store()->memories().get(extraId);
        if (!other)
            return ctx.fail(other.error());
        extra = ctx.memoryObject(*other);
        object.insert(extraKey, extra);
    }
    if (ctx.json) {
        ctx.printJson(object);
        return 0;
    }
    printMemoryLine(ctx, object);
    if (!extra.isEmpty()) {
        ctx.out() << extraKey << ": ";
        printMemoryLine(ctx, extra);
    }
    ctx.out().flush();
    return 0;
}

/// The single ID argument of a decision command and its `--seen` (plus the command's declared
/// options), or a usage error.
inline bool parseOneId(CliContext &ctx, const QString &command, const QStringList &args, ArgParser &parser,
                       DecisionTarget &target, int &exitCode)
{
    parser.addValueOption(QStringLiteral("seen"));
    if (!parser.parse(args)) {
        exitCode = ctx.fail(QStringLiteral("%1: %2").arg(command, parser.error()), 2);
        return false;
    }
    if (parser.positional().size() != 1) {
        exitCode = ctx.fail(QStringLiteral("%1: expected one memory id").arg(command), 2);
        return false;
    }
    target.id = parser.positional().first();
    if (const auto seen = parser.value(QStringLiteral("seen"))) {
        target.seen = core::time::fromIso(*seen);
        if (!target.seen) {
            exitCode = ctx.fail(QStringLiteral("%1: --seen must be the memory's updatedAt as show printed it (like "
                                               "2024-01-01T09:30:00.000Z), not '%2'")
                                    .arg(command, seen->left(80)),
                                2);
            return false;
        }
    }
    return true;
}

/// A decision on one memory named by its id (confirm, delete, restore, unarchive): the id is
/// parsed, the decision runs with its follow-up (decideAndFollow, as in the window), and the
/// memory is printed as it is afterwards.
class OneMemoryDecision : public Command
{
public:
    QString usage() const override { return QStringLiteral("ID [--seen UPDATED-AT]"); }
    int run(CliContext &ctx, const QStringList &args) final
    {
        ArgParser parser({}, {});
        DecisionTarget target;
        int code = 0;
        if (!parseOneId(ctx, name(), args, parser, target, code))
            return code;
        const auto done = decideAndFollow(ctx, target, [&](core::Decisions &d) { return decide(d, target.id, ctx.now()); });
        if (!done)
            return ctx.fail(done.error());
        return printMemoryAfter(ctx, target.id);
    }

protected:
    virtual core::Result<core::DecisionOutcome> decide(core::Decisions &decisions, const QString &id,
                                                       core::Millis at) const = 0;
};

} // namespace recollector::cli
