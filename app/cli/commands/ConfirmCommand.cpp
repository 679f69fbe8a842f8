// recollector-cli confirm ID: the user confirms a memory (verified + reinforcement; docs/cli.md, "Decisions").
#include "Command.h"
#include "DecisionOutput.h"

namespace recollector::cli {

class ConfirmCommand final : public OneMemoryDecision
{
public:
    QString name() const override { return QStringLiteral("confirm"); }
    QString summary() const override { return QStringLiteral("confirm a memory: verified, and reinforced as a manual review"); }

protected:
    core::Result<core::DecisionOutcome> decide(core::Decisions &decisions, const QString &id,
                                               core::Millis at) const override
    {
        return decisions.confirm(id, at);
    }
};

RECOLLECTOR_REGISTER_COMMAND(ConfirmCommand);

} // namespace recollector::cli
