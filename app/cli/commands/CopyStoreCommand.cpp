// recollector-cli copy-store FROM TO: a store copied into a new one of either engine, SQLite to
// PostgreSQL and back (docs/team-store.md, "Moving between the two"; docs/cli.md, "copy-store").
#include "CliContext.h"
#include "Command.h"

#include "store/Database.h"
#include "store/ServerUrl.h"
#include "store/StoreCopy.h"

#include <QFile>
#include <QFileInfo>
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
        const bool toIsFile = !ServerUrl::isServerUrl(toPath);
        if (toIsFile && QFileInfo::exists(toPath) && QFileInfo(toPath).size() > 0)
            return ctx.fail(QStringLiteral("copy-store: %1 exists; copy into a new store").arg(toPath), 2);
        Database::Options readOnly;
        readOnly.readOnly = true;
        auto from = Database::open(fromPath, readOnly);
        if (!from)
            return ctx.fail(from.error());
        auto to = Database::open(toPath);
        if (!to)
            return ctx.fail(to.error());
        qint64 memories = 0;
        const Status st = StoreCopy::copy(**from, **to, [&](const QString &table, qint64 done, qint64 total) {
            if (table == QLatin1String("memories"))
                memories = done;
            ctx.err() << "copy-store: " << table << ' ' << done << " of " << total << Qt::endl;
        });
        to->reset();
        if (!st) {
            // A file this command made is removed again: a failed copy leaves nothing behind.
            if (toIsFile) {
                for (const char *suffix : {"", "-wal", "-shm"})
                    QFile::remove(toPath + QLatin1String(suffix));
            }
            return ctx.fail(st.error());
        }
        if (ctx.json)
            ctx.printJson(QJsonObject{{QStringLiteral("memories"), double(memories)}, {QStringLiteral("to"), toPath}});
        else
            ctx.out() << "copied " << memories << " memories with their events, links, conflicts and settings from "
                      << fromPath << " to " << toPath << "\n";
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(CopyStoreCommand);

} // namespace recollector::cli
