#pragma once

#include "model/Conflict.h"
#include "model/Result.h"

#include <QString>

namespace recollector::core {

class Store;

/// Why a conflict was raised, in the detector's words ("a plan carried out: the newer says
/// 'signed with Nike', the older 'considering Nike'"): the reason its `conflict_detected`
/// event keeps (docs/scoring.md#judgement-rules). Empty for a conflict recorded without one.
class ConflictReason final
{
public:
    [[nodiscard]] static Result<QString> of(Store &store, const Conflict &conflict);
};

} // namespace recollector::core
