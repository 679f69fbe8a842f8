#include "io/ImportRestatements.h"

#include "engine/capture/HeldStatements.h"
#include "engine/decisions/Decisions.h"
#include "store/Store.h"

#include <QSet>

namespace recollector::core::io {

Result<QHash<QString, Restatements::Match>> ImportRestatements::find(Store &store, const MemorySet &set,
                                                                     const ImportPlan &plan,
                                                                     const ImportPolicy &policy, std::size_t atMost)
{
    QHash<QString, Restatements::Match> out;
    if (plan.preview.newIds.isEmpty() || set.memories.size() > atMost)
        return out;
    auto held = store.memories().count();
    if (!held)
        return held.error();
    if (*held == 0)
        return out;
    const QSet<QString> fresh(plan.preview.newIds.cbegin(), plan.preview.newIds.cend());
    HeldStatements read; // nothing is written before the loop ends: each memory read once
    for (const Memory &m : set.memories) {
        if (!fresh.contains(m.id) || out.contains(m.id) || policy.actionFor(m.id, ImportKind::New) == ImportAction::Skip)
            continue;
        if (m.isDeleted() || m.negated || m.superseded || !m.mergedInto.isEmpty() || !m.sealed.isEmpty())
            continue; // not a statement the assistant holds as true
        auto match = Restatements::find(store, m, &read);
        if (!match)
            return match.error();
        if (*match)
            out.insert(m.id, std::move(**match));
    }
    return out;
}

Status ImportRestatements::record(Store &store, const Config &config, const MemorySet &set,
                                  const QHash<QString, Restatements::Match> &found, Millis at, ImportReport &report)
{
    if (found.isEmpty())
        return {};
    Decisions decisions(store, config);
    for (const Memory &m : set.memories) {
        const auto it = found.constFind(m.id);
        if (it == found.constEnd() || report.restated.contains(m.id))
            continue;
        auto done = Restatements::record(decisions, *it, m.content, at, QStringLiteral("import"));
        if (!done)
            return done.error();
        report.restated.insert(m.id, it->memory.id);
        --report.skipped; // the policy's skip was this rule's
    }
    return {};
}

} // namespace recollector::core::io
