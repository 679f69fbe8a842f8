// recollector-cli revert EVENT_ID [--event-only]: undo the decision an event belongs to by
// appending compensating `revert` events (docs/architecture.md, "Undo"). Reverting a revert re-applies it.
#include "Command.h"

#include "engine/capture/AfterChange.h"
#include "DecisionOutput.h"

#include "engine/decisions/Reverter.h"

#include <QJsonArray>

namespace recollector::cli {

using namespace recollector::core;

class RevertCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("revert"); }
    QString summary() const override
    {
        return QStringLiteral("undo the decision an event belongs to (--event-only: just that event)");
    }
    QString usage() const override { return QStringLiteral("EVENT_ID [--event-only]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({}, {QStringLiteral("event-only")});
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("revert: ") + parser.error(), 2);
        bool ok = false;
        const qint64 eventId = parser.positional().size() == 1 ? parser.positional().first().toLongLong(&ok) : 0;
        if (!ok || eventId <= 0)
            return ctx.fail(QStringLiteral("revert: expected one event id (a positive number, see show ID)"), 2);
        const bool whole = !parser.isSet(QStringLiteral("event-only"));
        // The weight change log is written under every profile (the recorder's own model).
        Reverter reverter(*ctx.store(), ctx.config());
        // With the links of what the revert put back recomputed in its transaction (AfterChange),
        // as the window's Undo does.
        AfterChange after(*ctx.store(), ctx.config());
        const auto outcomes = after.run(
            [&]() -> Result<std::vector<DecisionOutcome>> {
                auto one = reverter.revert(eventId, ctx.now(), QStringLiteral("user"), whole);
                if (!one)
                    return one.error();
                return std::vector<DecisionOutcome>{*one};
            },
            AfterChange::Mode::Revert, ctx.now());
        if (!outcomes)
            return ctx.fail(outcomes.error());
        const DecisionOutcome *done = &outcomes->front();

        QJsonArray reverted;
        QJsonArray memories;
        for (qint64 id : done->eventIds) {
            auto e = reverter.event(id);
            if (e)
                reverted.append(e->payload.value(QStringLiteral("reverts")));
        }
        for (const QString &id : done->changedIds) {
            if (auto m = ctx.store()->memories().get(id))
                memories.append(ctx.memoryObject(*m));
        }
        if (ctx.json) {
            ctx.printJson(QJsonObject{{QStringLiteral("decision"), done->decisionId},
                                      {QStringLiteral("reverted"), reverted},
                                      {QStringLiteral("events"), QJsonArray::fromVariantList([&] {
                                           QVariantList ids;
                                           for (qint64 id : done->eventIds)
                                               ids << id;
                                           return ids;
                                       }())},
                                      {QStringLiteral("memories"), memories}});
            return 0;
        }
        ctx.out() << "reverted " << reverted.size() << (reverted.size() == 1 ? " event" : " events") << "\n";
        for (const QJsonValue &m : memories)
            printMemoryLine(ctx, m.toObject());
        for (const QString &id : done->removedIds)
            ctx.out() << id << "  removed (it was created by the reverted decision)\n";
        ctx.out().flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(RevertCommand);

} // namespace recollector::cli
