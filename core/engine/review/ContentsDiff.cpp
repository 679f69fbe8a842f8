#include "engine/review/ContentsDiff.h"

#include "model/MemoryFields.h"

#include <algorithm>

namespace recollector::core {

namespace {
bool present(const std::optional<Memory> &m) { return m && !m->isDeleted(); }
} // namespace

Result<std::optional<ContentsDiff>> ContentsDiff::of(Store &store, const ContentsAsOf &from, const ContentsAsOf &to,
                                                     const QString &memoryId)
{
    auto a = from.memory(store, memoryId);
    if (!a)
        return a.error();
    auto b = to.memory(store, memoryId);
    if (!b)
        return b.error();
    if (!*a && !*b)
        return std::optional<ContentsDiff> {};
    ContentsDiff d;
    d.exact = !from.inexact.contains(memoryId) && !to.inexact.contains(memoryId);
    if (*a && *b) {
        if (**a == **b)
            return std::optional<ContentsDiff> {};
        std::tie(d.before, d.after) = MemoryFields::diff(**a, **b);
        // Every write moves these two: a memory changed and changed back differs in them only.
        const QStringList keys = d.after.keys();
        if (std::all_of(keys.begin(), keys.end(), [](const QString &k) { return k == QLatin1String("updatedAt") || k == QLatin1String("strength"); }))
            return std::optional<ContentsDiff> {};
    } else {
        (*a ? d.before : d.after) = MemoryFields::toJson(*a ? **a : **b);
    }
    const bool was = present(*a);
    const bool is = present(*b);
    if (!was && !is)
        return std::optional<ContentsDiff> {}; // deleted at both: a change nobody sees
    d.kind = was == is ? Kind::Changed : was ? Kind::Removed : Kind::Added;
    return std::optional<ContentsDiff> { std::move(d) };
}

} // namespace recollector::core
