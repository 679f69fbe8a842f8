// recollector-cli conflicts [--detect]: the conflicts of the store, detecting new ones first on
// request (docs/scoring.md, "Conflicts"; docs/cli.md, "conflicts").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "engine/conflicts/ConflictDetector.h"
#include "engine/conflicts/ConflictReason.h"
#include "engine/conflicts/QueuedDetection.h"

#include <QHash>
#include <QJsonArray>

namespace recollector::cli {

using namespace recollector::core;

class ConflictsCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("conflicts"); }
    QString summary() const override
    {
        return QStringLiteral("list conflicts (--detect: find new ones first, apply the automatic handling and clear "
                              "a queued detection)");
    }
    QString usage() const override { return QStringLiteral("[--detect] [--status open|resolved|dismissed]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("status")}, {QStringLiteral("detect")});
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("conflicts: %1").arg(parser.error()), 2);
        if (!parser.positional().isEmpty())
            return ctx.fail(QStringLiteral("conflicts: unexpected argument '%1'").arg(parser.positional().first()), 2);
        const QString statusName = parser.value(QStringLiteral("status"), QString());
        std::optional<ConflictStatus> status;
        if (!statusName.isEmpty()) {
            status = conflictStatusFromName(statusName);
            if (!status)
                return ctx.fail(
                    QStringLiteral("conflicts: --status must be open, resolved or dismissed, not '%1'").arg(statusName), 2);
        }
        Store *store = ctx.store();
        if (!store)
            return 1;
        qint64 detected = -1;
        if (parser.isSet(QStringLiteral("detect"))) {
            ConflictDetector detector(*store, ctx.config());
            // Clears a queued detection (a large import's) in the same transaction.
            auto recorded = QueuedDetection::detectAll(*store, detector, ctx.now());
            if (!recorded)
                return ctx.fail(recorded.error());
            detected = qint64(recorded->size());
            if (const QString note = ConflictDetector::capsNote(detector.lastStats()); !note.isEmpty())
                ctx.err() << "recollector-cli: note: " << note << Qt::endl;
        }
        auto conflicts = store->conflicts().list(status);
        if (!conflicts)
            return ctx.fail(conflicts.error());

        if (ctx.json) {
            QJsonArray out;
            for (const Conflict &c : *conflicts) {
                auto why = ConflictReason::of(*store, c);
                if (!why)
                    return ctx.fail(why.error());
                out.append(QJsonObject{{QStringLiteral("id"), double(c.id)},
                                       {QStringLiteral("a"), c.a},
                                       {QStringLiteral("b"), c.b},
                                       {QStringLiteral("type"), conflictTypeName(c.type)},
                                       {QStringLiteral("status"), conflictStatusName(c.status)},
                                       {QStringLiteral("reason"), *why}});
            }
            ctx.printJson(out);
            return 0;
        }
        QStringList ids;
        for (const Conflict &c : *conflicts)
            ids << c.a << c.b;
        auto memories = store->memories().byIds(ids);
        if (!memories)
            return ctx.fail(memories.error());
        QHash<QString, QString> content;
        for (const Memory &m : *memories) {
            const QString t = m.shownContent().simplified();
            content.insert(m.id, t.size() > 60 ? t.left(57) + QStringLiteral("…") : t);
        }
        QTextStream &out = ctx.out();
        if (detected >= 0)
            out << detected << (detected == 1 ? " new conflict" : " new conflicts") << " detected\n";
        for (const Conflict &c : *conflicts) {
            out << '#' << c.id << "  " << conflictTypeName(c.type).leftJustified(21) << ' '
                << conflictStatusName(c.status);
            if (c.resolution != ConflictResolution::None)
                out << " (" << conflictResolutionName(c.resolution) << ')';
            out << "\n    a " << c.a << "  " << content.value(c.a, QStringLiteral("(gone)")) << "\n    b " << c.b << "  "
                << content.value(c.b, QStringLiteral("(gone)")) << "\n";
            // Why it was raised, in the detector's words (docs/scoring.md#judgement-rules).
            auto why = ConflictReason::of(*store, c);
            if (!why)
                return ctx.fail(why.error());
            if (!why->isEmpty())
                out << "    why: " << *why << "\n";
        }
        if (conflicts->empty())
            out << "no conflicts\n";
        out.flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(ConflictsCommand);

} // namespace recollector::cli
