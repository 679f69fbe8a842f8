#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace recollector::cli {

class CliContext;

/// One `recollector-cli` command. Each lives in its own file under commands/ and registers itself
/// with RECOLLECTOR_REGISTER_COMMAND, so adding a command touches no other file.
class Command
{
public:
    virtual ~Command() = default;
    virtual QString name() const = 0;
    /// One line for `recollector-cli help`.
    virtual QString summary() const = 0;
    /// Arguments after the name, e.g. "ID [--event access|task_success]".
    virtual QString usage() const = 0;
    /// Runs with the arguments after the command name (global options already removed).
    /// Returns the process exit code; on failure print one line with ctx.fail().
    virtual int run(CliContext &ctx, const QStringList &args) = 0;
    /// True when the command needs no store (help, generate creates its own).
    virtual bool needsStore() const { return true; }
};

class CommandRegistry final
{
public:
    static CommandRegistry &instance();
    void add(std::unique_ptr<Command> command);
    Command *find(const QString &name) const;
    /// Sorted by name.
    std::vector<Command *> commands() const;

private:
    std::vector<std::unique_ptr<Command>> m_commands;
};

namespace detail {
struct Registrar
{
    explicit Registrar(std::function<std::unique_ptr<Command>()> make) { CommandRegistry::instance().add(make()); }
};
} // namespace detail

} // namespace recollector::cli

#define RECOLLECTOR_REGISTER_COMMAND(Type)                                                                             \
    static const ::recollector::cli::detail::Registrar s_register##Type([] { return std::make_unique<Type>(); })
