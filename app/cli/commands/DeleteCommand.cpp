// recollector-cli delete ID: soft delete; purged by cleanup after the retention period.
#include "Command.h"
#include "DecisionOutput.h"

namespace recollector::cli {

class DeleteCommand final : public OneMemoryDecision
{
public:
    QString name() const override { return QStringLiteral("delete"); }
    QString summary() const override { return QStringLiteral("delete a memory (restorable until cleanup purges it)"); }

protected:
    core::Result<core::DecisionOutcome> decide(core::Decisions &decisions, const QString &id,
                                               core::Millis at) const override
    {
        return decisions.softDelete(id, at);
    }
};

RECOLLECTOR_REGISTER_COMMAND(DeleteCommand);

} // namespace recollector::cli
