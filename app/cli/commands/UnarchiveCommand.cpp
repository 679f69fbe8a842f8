// recollector-cli unarchive ID: bring an archived or compressed memory back
// (docs/scoring.md, "Unarchive").
#include "Command.h"
#include "DecisionOutput.h"

namespace recollector::cli {

class UnarchiveCommand final : public OneMemoryDecision
{
public:
    QString name() const override { return QStringLiteral("unarchive"); }
    QString summary() const override
    {
        return QStringLiteral("bring an archived or compressed memory back (full level, original text, decay restarted)");
    }

protected:
    core::Result<core::DecisionOutcome> decide(core::Decisions &decisions, const QString &id,
                                               core::Millis at) const override
    {
        return decisions.unarchive(id, at);
    }
};

RECOLLECTOR_REGISTER_COMMAND(UnarchiveCommand);

} // namespace recollector::cli
