#pragma once

#include "engine/decisions/DecisionOutcome.h"
#include "engine/review/ChangeDetail.h"
#include "model/Result.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace recollector::core {

class Decisions;
class Store;

/// Reject in the review inbox (docs/scoring.md#review-inbox): the assistant's change taken
/// back as the person's own decisions, each one of the existing ones, so undo, the event log
/// and an attached folder's write-back treat it as any other:
///  - a decision the assistant made over MCP is reverted (Reverter): a new memory goes again,
///    a forgotten one comes back, and an attached file gets back the bytes it had;
///  - a file the assistant edited: the folder sync's event is reverted (it keeps the fields
///    before), so the file gets back what it held;
///  - a file the assistant added: the memory is deleted (its file goes to the trash);
///  - a file the assistant removed: the memory is restored (its file is written again).
class ChangeReject final
{
public:
    struct Step
    {
        enum class Kind { Revert, Restore, Delete };
        Kind kind = Kind::Revert;
        QString memoryId;
        qint64 eventId = 0; ///< Revert: an event of the decision
    };

    /// The steps that take back `detail`'s assistant changes of `memoryId`, in order.
    static std::vector<Step> plan(const QString &memoryId, const ChangeDetail &detail);
    /// Runs one step as a decision of `actor` (inside Decisions::runAll's transaction). A step
    /// with nothing left to do (the memory already holds those values) gives an empty outcome.
    [[nodiscard]] static Result<DecisionOutcome> apply(Decisions &decisions, Store &store, const Step &step,
                                                       const QString &actor = QStringLiteral("user"));
};

} // namespace recollector::core
