// recollector-cli restore ID: undo a soft delete.
#include "Command.h"
#include "DecisionOutput.h"

namespace recollector::cli {

class RestoreCommand final : public OneMemoryDecision
{
public:
    QString name() const override { return QStringLiteral("restore"); }
    QString summary() const override { return QStringLiteral("restore a deleted memory"); }

protected:
    core::Result<core::DecisionOutcome> decide(core::Decisions &decisions, const QString &id,
                                               core::Millis at) const override
    {
        return decisions.restore(id, at);
    }
};

RECOLLECTOR_REGISTER_COMMAND(RestoreCommand);

} // namespace recollector::cli
