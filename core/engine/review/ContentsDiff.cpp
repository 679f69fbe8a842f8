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
    auto all = ofAll(store, from, to, { memoryId });
    if (!all)
        return all.error();
    return std::move(all->front());
}

Result<std::vector<std::optional<ContentsDiff>>> ContentsDiff::ofAll(Store &store, const ContentsAsOf &from,
                                                                     const ContentsAsOf &to, const QStringList &ids)
{
    auto a = from.memories(store, ids);
    if (!a)
        return a.error();
    auto b = to.memories(store, ids);
    if (!b)
        return b.error();
    // Approximate: a later change did not keep what it said before, or its being there rests
    // on its creation date alone.
    auto undatedFrom = from.undated(store, ids);
    if (!undatedFrom)
        return undatedFrom.error();
    auto undatedTo = to.undated(store, ids);
    if (!undatedTo)
        return undatedTo.error();
    std::vector<std::optional<ContentsDiff>> out;
    out.reserve(std::size_t(ids.size()));
    for (qsizetype i = 0; i < ids.size(); ++i) {
        const QString &id = ids[i];
        const bool exact = !from.inexact.contains(id) && !to.inexact.contains(id) && !undatedFrom->contains(id)
                           && !undatedTo->contains(id);
        out.push_back(compare((*a)[std::size_t(i)], (*b)[std::size_t(i)], exact));
    }
    return out;
}

std::optional<ContentsDiff> ContentsDiff::compare(const std::optional<Memory> &a, const std::optional<Memory> &b, bool exact)
{
    if (!a && !b)
        return std::nullopt;
    ContentsDiff d;
    d.exact = exact;
    if (a && b) {
        if (*a == *b)
            return std::nullopt;
        std::tie(d.before, d.after) = MemoryFields::diff(*a, *b);
        // Every write moves these two: a memory changed and changed back differs in them only.
        const QStringList keys = d.after.keys();
        if (std::all_of(keys.begin(), keys.end(), [](const QString &k) { return k == QLatin1String("updatedAt") || k == QLatin1String("strength"); }))
            return std::nullopt;
    } else {
        (a ? d.before : d.after) = MemoryFields::toJson(a ? *a : *b);
    }
    const bool was = present(a);
    const bool is = present(b);
    if (!was && !is)
        return std::nullopt; // deleted at both: a change nobody sees
    d.kind = was == is ? Kind::Changed : was ? Kind::Removed : Kind::Added;
    return d;
}

} // namespace recollector::core
