#include "AttachedRun.h"

#include "CliContext.h"
#include "Command.h"

#include "attach/AttachedDecision.h"
#include "attach/AttachedFolder.h"
#include "attach/FolderSync.h"
#include "attach/WriteBack.h"

#include <QDir>
#include <QFileInfo>

namespace recollector::cli {

using namespace recollector::core;

namespace {
QString g_folder;
}

int AttachedRun::prepare(CliContext &ctx, const QString &dir)
{
    auto folder = attach::AttachedFolder::canonicalFolder(dir);
    if (!folder)
        return ctx.fail(QStringLiteral("--attach: %1").arg(folder.error().message), 2);
    ctx.storePath = attach::AttachedFolder::sideStorePath(*folder, attach::AttachedFolder::defaultDataDir());
    if (!QDir().mkpath(QFileInfo(ctx.storePath).path()))
        return ctx.fail(QStringLiteral("--attach: cannot create %1").arg(QFileInfo(ctx.storePath).path()));
    Store *store = ctx.store();
    if (!store)
        return 1;
    store->setCanSeal(false); // the folder's files are plain text (docs/formats.md, "Encryption at rest")
    auto report = attach::FolderSync::run(*store, *folder, ctx.now(), ctx.config().decay.initialStability);
    if (!report)
        return ctx.fail(report.error());
    for (const QString &p : report->problems)
        ctx.err() << "attached folder: " << p << Qt::endl;
    g_folder = *folder;
    return 0;
}

int AttachedRun::finish(CliContext &ctx, int code)
{
    if (g_folder.isEmpty() || code != 0 || !ctx.store())
        return code;
    return writeBack(ctx) ? code : 1;
}

int AttachedRun::run(CliContext &ctx, Command &command, const QStringList &args)
{
    // A server (mcp) answers many requests: it reads the folder before each one, and each tool
    // call that writes runs its decision and write-back together (mcp::McpTools). generate sets the store's journal up before its own transaction.
    if (g_folder.isEmpty() || !ctx.store() || command.name() == QLatin1String("mcp")
        || command.name() == QLatin1String("generate"))
        return finish(ctx, command.run(ctx, args));
    int code = 0;
    auto report = attach::AttachedDecision::run(*ctx.store(), g_folder, ctx.now(), [&]() -> Status {
        code = command.run(ctx, args);
        if (code != 0) // the command said why; its writes roll back with the transaction
            return Error::make(Error::Code::Cancelled, QString());
        return {};
    });
    if (code != 0)
        return code;
    if (!report) {
        ctx.err() << "recollector-cli: attached folder: " << report.error().message
                  << "; nothing was recorded or written" << Qt::endl;
        return 1;
    }
    printReport(ctx, *report);
    return 0;
}

void AttachedRun::printReport(CliContext &ctx, const attach::WriteBack::Report &report)
{
    for (const QString &name : report.retired)
        ctx.err() << "attached folder: " << name << ": marked wrong or replaced; moved to the trash beside the folder, "
                  << "so the assistant no longer reads it (revert the decision to bring it back)" << Qt::endl;
    for (const QString &p : report.problems)
        ctx.err() << "attached folder: " << p << Qt::endl;
}

QString AttachedRun::folder()
{
    return g_folder;
}

bool AttachedRun::syncAgain(CliContext &ctx)
{
    if (g_folder.isEmpty() || !ctx.store())
        return true;
    auto report = attach::FolderSync::run(*ctx.store(), g_folder, ctx.now(), ctx.config().decay.initialStability);
    if (!report) {
        // Not ctx.fail(): a server (mcp) goes on with its next request.
        ctx.err() << "recollector-cli: attached folder: " << report.error().message << Qt::endl;
        return false;
    }
    for (const QString &p : report->problems)
        ctx.err() << "attached folder: " << p << Qt::endl;
    return true;
}

bool AttachedRun::writeBack(CliContext &ctx)
{
    if (g_folder.isEmpty() || !ctx.store())
        return true;
    auto report = attach::WriteBack::run(*ctx.store(), g_folder, ctx.now());
    if (!report) {
        // Not ctx.fail(): a server (mcp) goes on with its next request.
        ctx.err() << "recollector-cli: attached folder: " << report.error().message << Qt::endl;
        return false;
    }
    printReport(ctx, *report);
    return true;
}

} // namespace recollector::cli
