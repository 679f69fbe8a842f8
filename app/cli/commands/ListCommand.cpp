// recollector-cli list: memories in a query mode, sorted, as a table or memory objects (docs/cli.md, "list").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "engine/recall/Retrieval.h"

#include <QJsonArray>

#include <algorithm>

namespace recollector::cli {

using namespace recollector::core;

class ListCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("list"); }
    QString summary() const override
    {
        return QStringLiteral("list memories (normal: what the assistant recalls)");
    }
    QString usage() const override
    {
        return QStringLiteral("[--mode normal|review|debug] [--sort strength|created|updated] [--limit N]");
    }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({ QStringLiteral("mode"), QStringLiteral("sort"), QStringLiteral("limit") }, {});
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("list: %1").arg(parser.error()), 2);
        if (!parser.positional().isEmpty())
            return ctx.fail(
                QStringLiteral("list: unexpected argument '%1'").arg(parser.positional().first()), 2);
        const QString modeName = parser.value(QStringLiteral("mode"), QStringLiteral("normal"));
        const auto mode = queryModeFromName(modeName);
        if (!mode)
            return ctx.fail(
                QStringLiteral("list: --mode must be normal, review or debug, not '%1'").arg(modeName), 2);
        const QString sort = parser.value(QStringLiteral("sort"), QStringLiteral("strength"));
        if (sort != QLatin1String("strength") && sort != QLatin1String("created")
            && sort != QLatin1String("updated"))
            return ctx.fail(
                QStringLiteral("list: --sort must be strength, created or updated, not '%1'").arg(sort), 2);
        qint64 limit = 0;
        if (const auto text = parser.value(QStringLiteral("limit"))) {
            bool ok = false;
            limit = text->toLongLong(&ok);
            if (!ok || limit < 0)
                return ctx.fail(
                    QStringLiteral("list: --limit must be a whole number ≥ 0, not '%1'").arg(*text), 2);
        }

        Store *store = ctx.store();
        if (!store)
            return 1;
        const ScoringProfile &profile = ctx.profile();
        const Millis now = ctx.now();
        std::vector<Row> rows;
        const Status st = store->memories().forEach(
            [&](const Memory &m) {
                const Score s = profile.evaluate(m, now);
                if (Retrieval::passesMode(m, s.tier, *mode))
                    rows.push_back({ m, s });
                return true;
            },
            *mode == QueryMode::Debug);
        if (!st)
            return ctx.fail(st.error());

        sortRows(rows, sort);
        if (limit > 0 && qint64(rows.size()) > limit)
            rows.resize(size_t(limit));

        if (ctx.json) {
            QJsonArray out;
            for (const Row &r : rows)
                out.append(ctx.memoryObject(r.memory));
            ctx.printJson(out);
            return 0;
        }
        printTable(ctx, rows, modeName);
        return 0;
    }

private:
    struct Row
    {
        Memory memory;
        Score score;
    };

    static void sortRows(std::vector<Row> &rows, const QString &sort)
    {
        // Strongest / newest first; ties by id so the order is reproducible.
        std::stable_sort(rows.begin(), rows.end(), [&sort](const Row &x, const Row &y) {
            if (sort == QLatin1String("strength")) {
                if (x.score.strength != y.score.strength)
                    return x.score.strength > y.score.strength;
            } else if (sort == QLatin1String("created")) {
                if (x.memory.createdAt != y.memory.createdAt)
                    return x.memory.createdAt > y.memory.createdAt;
            } else if (x.memory.updatedAt != y.memory.updatedAt) {
                return x.memory.updatedAt > y.memory.updatedAt;
            }
            return x.memory.id < y.memory.id;
        });
    }

    static void printTable(CliContext &ctx, const std::vector<Row> &rows, const QString &modeName)
    {
        QTextStream &out = ctx.out();
        out << QStringLiteral("%1  %2  %3  %4  %5\n")
                   .arg(QStringLiteral("ID").leftJustified(30), QStringLiteral("TIER").leftJustified(9),
                       QStringLiteral("STR").rightJustified(5), QStringLiteral("CATEGORY").leftJustified(14),
                       QStringLiteral("CONTENT"));
        for (const Row &r : rows) {
            QString marks;
            if (r.memory.negated)
                marks += QStringLiteral("[negated] ");
            if (r.memory.isDeleted())
                marks += QStringLiteral("[deleted] ");
            if (r.memory.level != MemoryLevel::Full)
                marks += QStringLiteral("[%1] ").arg(levelName(r.memory.level));
            QString content = r.memory.shownContent().simplified();
            if (content.size() > 60)
                content = content.left(59) + QStringLiteral("…");
            out << QStringLiteral("%1  %2  %3  %4  %5%6\n")
                       .arg(r.memory.id.leftJustified(30), tierName(r.score.tier).leftJustified(9),
                           QString::number(r.score.strength, 'f', 0).rightJustified(5),
                           r.memory.category.left(14).leftJustified(14), marks, content);
    }
        out << rows.size() << (rows.size() == 1 ? " memory" : " memories") << " (" << modeName << " mode, "
            << ctx.profileName() << ")\n";
        out.flush();
    }
};

RECOLLECTOR_REGISTER_COMMAND(ListCommand);

} // namespace recollector::cli
