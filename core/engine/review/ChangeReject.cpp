#include "engine/review/ChangeReject.h"

#include "engine/decisions/Decisions.h"
#include "store/MemoryRepository.h"
#include "store/Store.h"


namespace recollector::core {

std::vector<ChangeReject::Step> ChangeReject::plan(const QString &memoryId, const ChangeDetail &detail)
{
    std::vector<Step> steps;
    for (qint64 eventId : detail.rejectEvents)
        steps.push_back(Step { Step::Kind::Revert, memoryId, eventId });
    if (detail.fileRemoved)
        steps.push_back(Step { Step::Kind::Restore, memoryId, 0 });
    else if (detail.fileAdded)
        steps.push_back(Step { Step::Kind::Delete, memoryId, 0 });
    return steps;
}

Result<DecisionOutcome> ChangeReject::apply(Decisions &decisions, Store &store, const Step &step, const QString &actor)
{
    if (step.kind == Step::Kind::Revert)
        return decisions.revert(step.eventId, 0, actor);
    auto now = store.memories().get(step.memoryId);
    if (!now)
        return now.error();
    // Nothing left to do when the memory is already as the step would leave it.
    if (step.kind == Step::Kind::Restore)
        return now->isDeleted() ? decisions.restore(step.memoryId, 0, actor) : Result<DecisionOutcome>(DecisionOutcome {});
    return now->isDeleted() ? Result<DecisionOutcome>(DecisionOutcome {}) : decisions.softDelete(step.memoryId, 0, actor);
}

} // namespace recollector::core
