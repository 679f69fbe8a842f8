// recollector-cli check: SQLite's own integrity and reference checks over the store, so a damaged
// file is found before a person trusts an export of it. Exit 0 when sound, 1 when not.
#include "CliContext.h"
#include "Command.h"

#include <QJsonArray>
#include <QJsonObject>

namespace recollector::cli {

using namespace recollector::core;

class CheckCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("check"); }
    QString summary() const override
    {
        return QStringLiteral("check the store file for damage (SQLite integrity and reference checks)");
    }
    QString usage() const override { return QString(); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (!args.isEmpty())
            return ctx.fail(QStringLiteral("check: unexpected argument '%1'").arg(args.first()), 2);
        Store *store = ctx.store();
        if (!store)
            return 1;
        auto problems = store->database().integrityProblems();
        if (!problems)
            return ctx.fail(problems.error());
        if (ctx.json) {
            ctx.printJson(QJsonObject{{QStringLiteral("store"), store->path()},
                                      {QStringLiteral("ok"), problems->isEmpty()},
                                      {QStringLiteral("problems"), QJsonArray::fromStringList(*problems)}});
        } else if (problems->isEmpty()) {
            ctx.out() << store->path() << ": ok" << Qt::endl;
        } else {
            ctx.err() << store->path() << ": damaged (" << problems->size() << " problems)" << Qt::endl;
            for (const QString &p : *problems)
                ctx.err() << "  " << p << Qt::endl;
        }
        return problems->isEmpty() ? 0 : 1;
    }
};

RECOLLECTOR_REGISTER_COMMAND(CheckCommand);

} // namespace recollector::cli
