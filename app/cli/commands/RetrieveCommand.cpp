// recollector-cli retrieve "QUERY": what the assistant would recall, and why
// (docs/scoring.md, "Retrieval"; docs/cli.md, "retrieve").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "engine/recall/Retrieval.h"

#include <QJsonArray>

namespace recollector::cli {

using namespace recollector::core;

class RetrieveCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("retrieve"); }
    QString summary() const override
    {
        return QStringLiteral("what the assistant would recall for a query (records the access unless --preview)");
    }
    QString usage() const override
    {
        return QStringLiteral("\"QUERY\" [--mode normal|review|debug] [--ranking text|keywords] [--project P] [--explain] [--preview] "
                              "[--limit N]");
    }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("mode"), QStringLiteral("ranking"), QStringLiteral("project"), QStringLiteral("limit")},
                         {QStringLiteral("explain"), QStringLiteral("preview")});
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("retrieve: %1").arg(parser.error()), 2);
        if (parser.positional().size() != 1)
            return ctx.fail(QStringLiteral("retrieve: expected one query in quotes (recollector-cli retrieve \"QUERY\")"), 2);
        RetrievalOptions options;
        const QString modeName = parser.value(QStringLiteral("mode"), QStringLiteral("normal"));
        const auto mode = queryModeFromName(modeName);
        if (!mode)
            return ctx.fail(QStringLiteral("retrieve: --mode must be normal, review or debug, not '%1'").arg(modeName), 2);
        options.mode = *mode;
        const QString rankingText = parser.value(QStringLiteral("ranking"), QStringLiteral("text"));
        const auto ranking = rankingFromName(rankingText);
        if (!ranking)
            return ctx.fail(QStringLiteral("retrieve: --ranking must be text or keywords, not '%1'").arg(rankingText), 2);
        options.ranking = *ranking;
        options.project = parser.value(QStringLiteral("project"), QString());
        options.preview = parser.isSet(QStringLiteral("preview"));
        if (const auto text = parser.value(QStringLiteral("limit"))) {
            bool ok = false;
            options.maxResults = text->toInt(&ok);
            if (!ok || options.maxResults < 1)
                return ctx.fail(QStringLiteral("retrieve: --limit must be a whole number ≥ 1, not '%1'").arg(*text), 2);
        }
        Store *store = ctx.store();
        if (!store)
            return 1;
        const QString query = parser.positional().first();
        Retrieval retrieval(*store, ctx.config(), ctx.profile());
        auto results = retrieval.retrieve(query, options, ctx.now());
        if (!results)
            return ctx.fail(results.error());

        if (ctx.json) {
            QJsonArray out;
            for (const RetrievalResult &r : *results)
                out.append(QJsonObject{{QStringLiteral("id"), r.id},
                                       {QStringLiteral("score"), r.score},
                                       {QStringLiteral("direct"), r.direct},
                                       {QStringLiteral("activation"), r.activation},
                                       {QStringLiteral("path"), QJsonArray::fromStringList(r.path)},
                                       {QStringLiteral("factors"), r.factors}});
            ctx.printJson(out);
            return 0;
        }
        QTextStream &out = ctx.out();
        if (retrieval.queryKeywords().isEmpty()) {
            out << (options.ranking == Ranking::Text ? "no word of \"" + query + "\" to look up\n"
                                                     : "no memory has any word of \"" + query + "\" as a keyword\n");
            out.flush();
            return 0;
        }
        out << (options.ranking == Ranking::Text ? "query words: " : "query keywords: ") << retrieval.queryKeywords().join(QStringLiteral(", ")) << "\n";
        int rank = 0;
        for (const RetrievalResult &r : *results) {
            QString text = r.memory.shownContent().simplified();
            if (text.size() > 70)
                text = text.left(67) + QStringLiteral("…");
            out << QString::number(++rank).rightJustified(2) << ". " << QString::number(r.score, 'f', 3) << "  "
                << (r.direct ? QStringLiteral("direct     ") : QStringLiteral("associative")) << "  " << r.id << "  "
                << text << "\n";
            if (parser.isSet(QStringLiteral("explain")))
                out << "      " << r.explanation() << "\n";
        }
        if (results->empty())
            out << "nothing recalled\n";
        else if (options.preview)
            out << "(preview: no access recorded)\n";
        out.flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(RetrieveCommand);

} // namespace recollector::cli
