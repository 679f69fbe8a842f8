// recollector-cli: the scriptable face of recollector_core (docs/cli.md, "Global options"). Wiring only:
// global options, then the named command from the registry.
#include "AttachedRun.h"
#include "CliContext.h"
#include "Command.h"

#include "model/ProgramNames.h"
#include "model/Time.h"
#include "scoring/ScoringProfile.h"
#include "store/SqliteLink.h"

#include <QCoreApplication>

using namespace recollector;

namespace {

int printHelp(cli::CliContext &ctx)
{
    QTextStream &out = ctx.out();
    out << "usage: recollector-cli [--store PATH | --attach DIR] [--profile NAME] [--at ISO-8601] [--json] COMMAND [ARGS]\n\n"
        << "Global options:\n"
        << "  --store PATH     the store file, in an existing folder (default: "
        << cli::CliContext::defaultStorePath() << ")\n"
        << "  --attach DIR     an agent memory folder, opened in place: read before the command, its\n"
        << "                   decisions written back to the files after it\n"
        << "  --profile NAME   scoring profile: " << core::profileNames().join(QStringLiteral(", ")) << "\n"
        << "  --at ISO-8601    evaluate and record everything as of that instant\n"
        << "  --passphrase-file PATH  unlock level-3 memories with the passphrase in PATH\n"
        << "                   (or RECOLLECTOR_PASSPHRASE_FILE; never a passphrase on the command line)\n"
        << "  --json           machine-readable output on stdout\n\n"
        << "Commands:\n";
    for (cli::Command *c : cli::CommandRegistry::instance().commands())
        out << "  " << c->name().leftJustified(22) << c->summary() << "\n"
            << "  " << QString(22, QLatin1Char(' ')) << "recollector-cli " << c->name() << ' ' << c->usage() << "\n";
    out.flush();
    return 0;
}

// The global options, wherever they stand on the line (docs/cli.md, "Global options"), into `ctx`; the
// command and its arguments into `rest`. 0, or the exit code of a bad option.
int readGlobalOptions(cli::CliContext &ctx, const QStringList &args, QStringList &rest, QString &attachDir)
{
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        auto takeValue = [&](QString &into) -> bool {
            if (i + 1 >= args.size())
                return false;
            into = args[++i];
            return true;
        };
        if (a == QLatin1String("--json")) {
            ctx.json = true;
        } else if (a == QLatin1String("--store")) {
            if (!takeValue(ctx.storePath))
                return ctx.fail(QStringLiteral("--store needs a path"), 2);
            // An empty value (an unset shell variable) must not quietly mean the default store.
            if (ctx.storePath.isEmpty())
                return ctx.fail(
                    QStringLiteral(
                        "--store needs a path, not an empty one (leave --store out for the default store)"),
                    2);
        } else if (a == QLatin1String("--attach")) {
            if (!takeValue(attachDir) || attachDir.isEmpty())
                return ctx.fail(QStringLiteral("--attach needs a folder"), 2);
        } else if (a == QLatin1String("--profile")) {
            if (!takeValue(ctx.profileOverride))
                return ctx.fail(QStringLiteral("--profile needs a name"), 2);
            if (!core::profileNames().contains(ctx.profileOverride))
                return ctx.fail(QStringLiteral("--profile: unknown profile '%1' (known: %2)")
                                    .arg(ctx.profileOverride, core::profileNames().join(QStringLiteral(", "))),
                                2);
        } else if (a == QLatin1String("--passphrase-file")) {
            if (!takeValue(ctx.passphraseFile) || ctx.passphraseFile.isEmpty())
                return ctx.fail(QStringLiteral("--passphrase-file needs a path"), 2);
        } else if (a == QLatin1String("--passphrase")) {
            return ctx.fail(QStringLiteral("--passphrase: a passphrase is never taken on the command line; "
                                           "put it in a file only you can read and use --passphrase-file PATH"),
                            2);
        } else if (a == QLatin1String("--at")) {
            QString text;
            if (!takeValue(text))
                return ctx.fail(QStringLiteral("--at needs an ISO-8601 instant"), 2);
            const auto ms = core::time::fromIso(text);
            if (!ms)
                return ctx.fail(QStringLiteral("--at: '%1' is not an ISO-8601 instant").arg(text), 2);
            ctx.at = *ms;
        } else {
            rest << a;
        }
    }
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Recollector"));
    QCoreApplication::setApplicationName(QStringLiteral("Recollector"));

    cli::CliContext ctx;
    // Before anything else: the bulk paths need Qt's SQLite driver and Recollector's libsqlite3 to
    // be one library. A mismatch is one line and exit code 1.
    if (const core::Status st = core::SqliteLink::verify(); !st)
        return ctx.fail(st.error().message, 1);
    QStringList rest;
    QString attachDir;
    if (const int code = readGlobalOptions(ctx, app.arguments().mid(1), rest, attachDir); code != 0)
        return code;

    if (ctx.passphraseFile.isEmpty())
        ctx.passphraseFile = core::names::environment("PASSPHRASE_FILE");

    if (rest.isEmpty() || rest.first() == QLatin1String("help") || rest.first() == QLatin1String("--help")
        || rest.first() == QLatin1String("-h"))
        return printHelp(ctx);

    const QString name = rest.takeFirst();
    cli::Command *command = cli::CommandRegistry::instance().find(name);
    if (!command)
        return ctx.fail(QStringLiteral("unknown command '%1' (see recollector-cli help)").arg(name), 2);
    if (!attachDir.isEmpty()) {
        if (!ctx.storePath.isEmpty())
            return ctx.fail(QStringLiteral("--attach and --store cannot be used together"), 2);
        if (const int code = cli::AttachedRun::prepare(ctx, attachDir); code != 0)
            return code;
    }
    if (command->needsStore() && !ctx.store())
        return 1;
    return cli::AttachedRun::run(ctx, *command, rest);
}
