#include "Command.h"

#include <algorithm>

namespace recollector::cli {

CommandRegistry &CommandRegistry::instance()
{
    static CommandRegistry registry;
    return registry;
}

void CommandRegistry::add(std::unique_ptr<Command> command) { m_commands.push_back(std::move(command)); }

Command *CommandRegistry::find(const QString &name) const
{
    for (const auto &c : m_commands) {
        if (c->name() == name)
            return c.get();
    }
    return nullptr;
}

std::vector<Command *> CommandRegistry::commands() const
{
    std::vector<Command *> out;
    for (const auto &c : m_commands)
        out.push_back(c.get());
    std::sort(out.begin(), out.end(), [](Command *a, Command *b) { return a->name() < b->name(); });
    return out;
}

} // namespace recollector::cli
