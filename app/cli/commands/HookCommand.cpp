// recollector-cli hook claude-code | hook install claude-code | hook uninstall claude-code
// (docs/cli.md, "hook"): Claude Code tells Recollector which memories it loaded, so their
// decay rests on evidence (docs/formats.md, "claude-hooks").
#include "AttachedRun.h"
#include "CliContext.h"
#include "Command.h"
#include "attach/AttachedDecision.h"
#include "attach/ClaudeHookInput.h"
#include "attach/ClaudeHookSettings.h"
#include "attach/ClaudeProjects.h"
#include "engine/decisions/Decisions.h"
#include "store/AttachedFileRepository.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <cstdio>

namespace recollector::cli {

using namespace recollector::core;

class HookCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("hook"); }
    QString summary() const override
    {
        return QStringLiteral("record which memories Claude Code loaded (run by Claude Code), or install its hooks");
    }
    QString usage() const override { return QStringLiteral("claude-code | install claude-code | uninstall claude-code"); }
    bool needsStore() const override { return false; }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (args == QStringList { QStringLiteral("claude-code") })
            return record(ctx);
        if (args.size() == 2 && args[1] == QLatin1String("claude-code")
            && (args[0] == QLatin1String("install") || args[0] == QLatin1String("uninstall"))) {
            const QString settings = QDir(attach::ClaudeProjects::configFolder()).filePath(QStringLiteral("settings.json"));
            const auto done = args[0] == QLatin1String("install") ? attach::ClaudeHookSettings::install(settings, hookCommand())
                                                                  : attach::ClaudeHookSettings::uninstall(settings, hookCommand());
            if (!done)
                return ctx.fail(done.error());
            ctx.out() << *done << Qt::endl;
            return 0;
        }
        return ctx.fail(QStringLiteral("hook: usage: recollector-cli hook %1").arg(usage()), 2);
    }

private:
    /// What Claude Code runs: this program, by its absolute path.
    static QString hookCommand()
    {
        QString program = QCoreApplication::applicationFilePath();
        if (program.contains(QLatin1Char(' ')) || program.contains(QLatin1Char('\'')))
            program = QLatin1Char('\'') + QString(program).replace(QLatin1String("'"), QLatin1String("'\\''")) + QLatin1Char('\'');
        return program + QStringLiteral(" hook claude-code");
    }

    // Nothing on stdout: at SessionStart Claude Code adds a hook's output to the conversation.
    static int record(CliContext &ctx)
    {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly))
            return ctx.fail(QStringLiteral("hook: cannot read the hook input"));
        const auto loaded = attach::ClaudeHookInput::read(in.readAll(), attach::ClaudeProjects::configFolder());
        if (!loaded)
            return ctx.fail(loaded.error());
        if (!*loaded)
            return 0;
        if (const int code = AttachedRun::prepare(ctx, (*loaded)->folder); code != 0)
            return code;
        auto files = AttachedFileRepository(ctx.store()->database()).all();
        if (!files)
            return ctx.fail(files.error());
        QStringList ids;
        for (const auto &f : *files) {
            if ((*loaded)->names.contains(f.name))
                ids << f.memoryId;
        }
        // The reads and their files' write-back commit together (docs/formats.md#writing-back).
        Decisions decisions(*ctx.store(), ctx.config());
        const auto done = attach::AttachedDecision::run(*ctx.store(), AttachedRun::folder(), ctx.now(), [&]() -> Status {
            auto read = decisions.runAll(std::size_t(ids.size()), [&](std::size_t i) {
                return decisions.reinforce(ids[qsizetype(i)], ReinforceEvent::Access, ctx.now(), QStringLiteral("assistant"));
            });
            return read ? Status {} : read.error();
        });
        if (!done)
            return ctx.fail(done.error());
        AttachedRun::printReport(ctx, *done);
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(HookCommand);

} // namespace recollector::cli
