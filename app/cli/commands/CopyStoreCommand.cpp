// recollector-cli copy-store FROM TO: a store copied into a new one of either engine, SQLite to
// PostgreSQL and back (docs/team-store.md, "Moving between the two"; docs/cli.md, "copy-store").
#include "CliContext.h"
#include "Command.h"

#include "store/StoreCopy.h"

#include <QJsonObject>

namespace recollector::cli {

using namespace recollector::core;

class CopyStoreCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("copy-store"); }
    QString summary() const override
    {
        return QStringLiteral("copy every row of a store into a new store (a file or a postgresql:// address)");
    }
    QString usage() const override { return QStringLiteral("FROM TO"); }
    bool needsStore() const override { return false; }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (args.size() != 2)
            return ctx.fail(QStringLiteral("copy-store: give FROM and TO (a store file or a postgresql:// address)"), 2);
        const QString &fromPath = args[0];
        const QString &toPath = args[1];
        // The same copy as the window's File → Copy Store (StoreCopy::copyStore).
        const auto memories = StoreCopy::copyStore(fromPath, toPath, [&](const QString &table, qint64 done, qint64 total) {
            ctx.err() << "copy-store: " << table << ' ' << done << " of " << total << Qt::endl;
            return true;
        });
        if (!memories) {
            if (memories.error().code == Error::Code::Usage)
                return ctx.fail(QStringLiteral("copy-store: %1").arg(memories.error().message), 2);
            return ctx.fail(memories.error());
        }
        if (ctx.json)
            ctx.printJson(QJsonObject{{QStringLiteral("memories"), double(*memories)}, {QStringLiteral("to"), toPath}});
        else
            ctx.out() << "copied " << *memories << " memories with their events, links, conflicts and settings from "
                      << fromPath << " to " << toPath << "\n";
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(CopyStoreCommand);

} // namespace recollector::cli
