// recollector-cli activate ID [--depth N]: spreading activation from one memory
// (docs/scoring.md, "Spreading activation"; docs/cli.md, "activate").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "engine/graph/AssociationGraph.h"
#include "engine/graph/SpreadingActivation.h"

#include <QJsonArray>

namespace recollector::cli {

using namespace recollector::core;

class ActivateCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("activate"); }
    QString summary() const override { return QStringLiteral("spreading activation from one memory (top 5, with paths)"); }
    QString usage() const override { return QStringLiteral("ID [--depth N]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("depth")}, {});
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("activate: %1").arg(parser.error()), 2);
        if (parser.positional().size() != 1)
            return ctx.fail(QStringLiteral("activate: expected one memory id (recollector-cli activate ID)"), 2);
        Store *store = ctx.store();
        if (!store)
            return 1;
        SpreadingActivation::Options options = SpreadingActivation::Options::from(ctx.config());
        if (const auto text = parser.value(QStringLiteral("depth"))) {
            bool ok = false;
            options.maxDepth = text->toInt(&ok);
            if (!ok || options.maxDepth < 0 || options.maxDepth > 10)
                return ctx.fail(QStringLiteral("activate: --depth must be a whole number from 0 to 10, not '%1'").arg(*text),
                                2);
        }
        const QString start = parser.positional().first();
        auto exists = store->memories().contains(start);
        if (!exists)
            return ctx.fail(exists.error());
        if (!*exists)
            return ctx.fail(QStringLiteral("%1: no memory with id %2").arg(store->path(), start));
        // Only the links within reach are read; the walk itself runs in memory.
        auto graph = AssociationGraph::loadAround(*store, {start}, options.maxDepth);
        if (!graph)
            return ctx.fail(graph.error());
        SpreadingActivation spread;
        const auto &hits = spread.run(*graph, graph->find(start), options);

        if (ctx.json) {
            QJsonArray out;
            for (const auto &h : hits) {
                QJsonArray path;
                for (std::uint32_t p : h.path)
                    path.append(graph->id(p));
                out.append(QJsonObject{{QStringLiteral("id"), graph->id(h.node)},
                                       {QStringLiteral("activation"), h.activation},
                                       {QStringLiteral("depth"), h.depth},
                                       {QStringLiteral("path"), path}});
            }
            ctx.printJson(out);
            return 0;
        }
        QTextStream &out = ctx.out();
        if (hits.empty())
            out << "nothing is activated from " << start << " (no link strong enough within depth "
                << options.maxDepth << ")\n";
        for (const auto &h : hits) {
            QStringList path;
            for (std::uint32_t p : h.path)
                path << graph->id(p);
            path << graph->id(h.node);
            out << QString::number(h.activation, 'f', 4) << "  depth " << h.depth << "  " << path.join(QStringLiteral(" → "))
                << "\n";
        }
        out.flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(ActivateCommand);

} // namespace recollector::cli
