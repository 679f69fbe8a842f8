// recollector-cli associations ID [--depth N]: the links around one memory as a tree
// (docs/cli.md, "associations").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "engine/graph/AssociationGraph.h"
#include "engine/graph/LinkTypes.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <cmath>
#include <functional>

namespace recollector::cli {

using namespace recollector::core;

class AssociationsCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("associations"); }
    QString summary() const override { return QStringLiteral("show the links around a memory as a tree"); }
    QString usage() const override { return QStringLiteral("ID [--depth N]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("depth")}, {});
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("associations: %1").arg(parser.error()), 2);
        if (parser.positional().size() != 1)
            return ctx.fail(QStringLiteral("associations: expected one memory id (recollector-cli associations ID)"), 2);
        int depth = 2;
        if (const auto text = parser.value(QStringLiteral("depth"))) {
            bool ok = false;
            depth = text->toInt(&ok);
            if (!ok || depth < 1 || depth > 10)
                return ctx.fail(QStringLiteral("associations: --depth must be a whole number from 1 to 10, not '%1'")
                                    .arg(*text),
                                2);
        }
        Store *store = ctx.store();
        if (!store)
            return 1;
        const QString root = parser.positional().first();
        auto exists = store->memories().get(root);
        if (!exists)
            return ctx.fail(exists.error());
        auto graph = AssociationGraph::loadAround(*store, {root}, depth);
        if (!graph)
            return ctx.fail(graph.error());
        const std::vector<Node> tree = treeOf(*graph, root, depth);
        if (ctx.json) {
            ctx.printJson(QJsonObject{{QStringLiteral("id"), root}, {QStringLiteral("links"), linksOf(*graph, tree, 0)}});
            return 0;
        }
        return printTree(ctx, *store, *graph, tree);
    }

private:
    struct Node
    {
        std::uint32_t node;
        float weight;
        std::uint8_t type;
        std::vector<int> children;
    };

    // Breadth first, so each memory appears once, at its shallowest place; a node's children
    // come strongest first (the graph keeps rows sorted by weight).
    static std::vector<Node> treeOf(const AssociationGraph &graph, const QString &root, int depth)
    {
        std::vector<Node> tree{{graph.find(root), 1.0f, links::Other, {}}};
        QSet<std::uint32_t> seen{tree.front().node};
        std::vector<int> level{0};
        for (int d = 0; d < depth && !level.empty(); ++d) {
            std::vector<int> next;
            for (int parent : level) {
                const auto nb = graph.neighbours(tree[size_t(parent)].node);
                for (std::uint32_t i = 0; i < nb.count; ++i) {
                    if (seen.contains(nb.node[i]))
                        continue;
                    seen.insert(nb.node[i]);
                    tree.push_back(Node{nb.node[i], nb.weight[i], nb.type[i], {}});
                    const int child = int(tree.size()) - 1;
                    tree[size_t(parent)].children.push_back(child);
                    next.push_back(child);
                }
            }
            level = std::move(next);
        }
        return tree;
    }

    static QJsonArray linksOf(const AssociationGraph &graph, const std::vector<Node> &tree, int at)
    {
        QJsonArray out;
        for (int c : tree[size_t(at)].children) {
            const Node &n = tree[size_t(c)];
            out.append(QJsonObject{{QStringLiteral("id"), graph.id(n.node)},
                                   {QStringLiteral("weight"), std::round(double(n.weight) * 1e6) / 1e6},
                                   {QStringLiteral("type"), links::typeName(n.type)},
                                   {QStringLiteral("links"), linksOf(graph, tree, c)}});
        }
        return out;
    }

    static int printTree(CliContext &ctx, Store &store, const AssociationGraph &graph, const std::vector<Node> &tree)
    {
        QStringList ids;
        for (const Node &n : tree)
            ids << graph.id(n.node);
        auto memories = store.memories().byIds(ids);
        if (!memories)
            return ctx.fail(memories.error());
        QHash<QString, QString> content;
        for (const Memory &m : *memories) {
            const QString c = m.shownContent().simplified();
            content.insert(m.id, c.size() > 70 ? c.left(67) + QStringLiteral("…") : c);
        }
        QTextStream &out = ctx.out();
        const QString root = ids.first();
        out << root << "  " << content.value(root) << "\n";
        std::function<void(int, const QString &)> print = [&](int at, const QString &indent) {
            const auto &children = tree[size_t(at)].children;
            for (size_t i = 0; i < children.size(); ++i) {
                const Node &n = tree[size_t(children[i])];
                const bool last = i + 1 == children.size();
                const QString id = graph.id(n.node);
                out << indent << (last ? "└─ " : "├─ ") << QString::number(n.weight, 'f', 2) << ' '
                    << links::typeName(n.type).leftJustified(10) << ' ' << id << "  " << content.value(id) << "\n";
                print(children[i], indent + (last ? QStringLiteral("   ") : QStringLiteral("│  ")));
            }
        };
        print(0, QString());
        if (tree.size() == 1)
            out << "(no links)\n";
        out.flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(AssociationsCommand);

} // namespace recollector::cli
