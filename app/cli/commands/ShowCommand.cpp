// recollector-cli show ID: one memory, every field, and its history (docs/cli.md, "show").
#include "CliContext.h"
#include "Command.h"

#include "engine/decisions/WeightLog.h"
#include "model/MemoryJson.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace recollector::cli {

using namespace recollector::core;

class ShowCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("show"); }
    QString summary() const override { return QStringLiteral("show one memory with its history of events"); }
    QString usage() const override { return QStringLiteral("ID"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (args.size() != 1 || args.first().startsWith(QLatin1String("--")))
            return ctx.fail(QStringLiteral("show: expected one memory id (recollector-cli show ID)"), 2);
        Store *store = ctx.store();
        if (!store)
            return 1;
        auto memory = store->memories().get(args.first());
        if (!memory)
            return ctx.fail(memory.error());
        auto history = store->events().forMemory(memory->id);
        if (!history)
            return ctx.fail(history.error());

        QJsonObject object = ctx.memoryObject(*memory);
        QJsonArray events;
        for (const Event &e : *history)
            events.append(io::eventToJson(e));
        if (ctx.json) {
            object.insert(QStringLiteral("history"), events);
            ctx.printJson(object);
            return 0;
        }
        QTextStream &out = ctx.out();
        out << memory->shownContent() << "\n\n";
        if (!memory->sealError.isEmpty())
            out << "does not open: " << memory->sealError << "\n\n";
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (it.key() == QLatin1String("content"))
                continue;
            const QJsonValue v = it.value();
            QString text;
            if (v.isString())
                text = v.toString();
            else if (v.isArray())
                text = QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
            else if (v.isObject())
                text = QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
            else
                text = v.toVariant().toString();
            out << "  " << it.key().leftJustified(18) << text << "\n";
        }
        out << "\nhistory (" << history->size() << (history->size() == 1 ? " event" : " events") << ")\n";
        for (const Event &e : *history) {
            out << "  " << time::toIso(e.at) << "  " << e.kind.leftJustified(18) << e.actor.leftJustified(10);
            if (!e.payload.isEmpty())
                out << QString::fromUtf8(QJsonDocument(e.payload).toJson(QJsonDocument::Compact));
            out << "\n";
            // The weight change log in words, under every profile (docs/scoring.md#weight-change-log).
            if (const QString weight = weightChangeText(e.payload); !weight.isEmpty())
                out << "      " << weight << "\n";
        }
        out.flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(ShowCommand);

} // namespace recollector::cli
