#include "engine/review/CleanupCount.h"

#include "engine/review/CleanupRules.h"

#include "scoring/EnhancedProfile.h"
#include "scoring/MentionIndex.h"
#include "scoring/ScoringProfile.h"
#include "store/Store.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace recollector::core {

namespace {

/// A memory in a storage budget: what Cleanup's budget order reads, and whether the memory
/// already counts (an action of its own, or an earlier budget's) and may never be deleted.
struct Member
{
    double score = 0;
    Millis lastReinforcedAt = 0;
    std::uint32_t idAt = 0;  ///< in Ids, UTF-16 code units
    std::uint16_t idLength = 0;
    bool counted = false;
    bool neverDeleted = false;
};

/// The members' ids, UTF-16 as QString holds them, so that ties are broken in QString's order
/// (code unit by code unit) as the plan breaks them.
class Ids final
{
public:
    /// False when an id does not fit (longer than 65,535 units, or 4 Gi units in all).
    bool add(const QString &id, Member &member)
    {
        if (id.size() > 0xffff || m_units.size() + std::size_t(id.size()) > 0xffffffffu)
            return false;
        member.idAt = std::uint32_t(m_units.size());
        member.idLength = std::uint16_t(id.size());
        m_units.append(reinterpret_cast<const char16_t *>(id.utf16()), std::size_t(id.size()));
        return true;
    }
    std::u16string_view of(const Member &m) const { return std::u16string_view(m_units).substr(m.idAt, m.idLength); }

private:
    std::u16string m_units;
};

/// Cleanup's budget order: lowest score first; the longest untouched first among equals; then by id.
void sortWeakestFirst(std::vector<Member> &group, const Ids &ids)
{
    std::sort(group.begin(), group.end(), [&ids](const Member &x, const Member &y) {
        if (x.score != y.score)
            return x.score < y.score;
        if (x.lastReinforcedAt != y.lastReinforcedAt)
            return x.lastReinforcedAt < y.lastReinforcedAt;
        return ids.of(x) < ids.of(y);
    });
}

/// Over budget, the weakest of `group` get an action: counted unless it is a delete of a
/// memory never deleted (docs/scoring.md#cleanup), and only once per memory. Returns how many were new.
std::size_t countOverBudget(std::vector<Member> &group, int budget, bool deletes, const Ids &ids,
                            std::vector<Member> *movedTo)
{
    if (budget < 0 || group.size() <= std::size_t(budget))
        return 0;
    sortWeakestFirst(group, ids);
    std::size_t added = 0;
    const std::size_t excess = group.size() - std::size_t(budget);
    for (std::size_t i = 0; i < excess; ++i) {
        Member &m = group[i];
        if (!m.counted && !(deletes && m.neverDeleted)) {
            m.counted = true;
            ++added;
        }
        if (movedTo)
            movedTo->push_back(m);
    }
    return added;
}

} // namespace

CleanupCount::CleanupCount(Store &store, const Config &config, const ScoringProfile &profile)
    : m_store(store), m_config(config), m_profile(profile)
{
}

Result<std::size_t> CleanupCount::count(Millis now, const Cancelled &cancelled) const
{
    const QString profile = m_profile.name();
    auto loaded = MentionIndex::loadFor(profile, m_store.events(), m_config);
    if (!loaded)
        return loaded.error();
    const std::optional<MentionIndex> mentions = std::move(*loaded);
    const EnhancedProfile enhanced(m_config);
    std::vector<Member> activeEpisodes, compressedEpisodes, rules;
    Ids ids;
    std::size_t counted = 0;
    bool idsFit = true;
    bool stopped = false;
    std::size_t seen = 0;

    const Status walked = m_store.memories().forEach([&](const Memory &m) {
        if (cancelled && (seen++ & 0xfff) == 0 && cancelled()) {
            stopped = true;
            return false;
        }
        const cleanup_rules::Facts facts = cleanup_rules::Facts::of(m);
        if (m.isDeleted()) {
            if (cleanup_rules::purge(facts, m_config, now, nullptr))
                ++counted;
            return true;
        }
        if (cleanup_rules::isProtected(facts))
            return true;
        Member member;
        member.neverDeleted = cleanup_rules::isNeverDeleted(facts, m_config);
        const ScoreInput in = ScoreInput::from(m, m_config, mentions ? mentions->summary(m.id, now) : MentionSummary{});
        const Score s = m_profile.evaluate(in, now);
        const auto action = cleanup_rules::profileRule(profile, facts, in, s, now, m_config, enhanced, nullptr);
        member.counted = action && !(*action == CleanupKind::Delete && member.neverDeleted);
        if (member.counted)
            ++counted;
        std::vector<Member> *group = nullptr;
        switch (cleanup_rules::budgetGroup(facts, action)) {
        case cleanup_rules::BudgetGroup::ActiveEpisode: group = &activeEpisodes; break;
        case cleanup_rules::BudgetGroup::CompressedEpisode: group = &compressedEpisodes; break;
        case cleanup_rules::BudgetGroup::SemanticRule: group = &rules; break;
        case cleanup_rules::BudgetGroup::None: break;
        }
        if (group) {
            member.score = s.score;
            member.lastReinforcedAt = in.lastReinforcedAt;
            if (!ids.add(m.id, member)) {
                idsFit = false;
                return false;
            }
            group->push_back(member);
        }
        return true;
    });
    if (!walked)
        return walked.error();
    if (stopped)
        return Error::make(Error::Code::Cancelled, QStringLiteral("%1: counting the cleanup cancelled").arg(m_store.path()));
    if (!idsFit)
        return Error::make(Error::Code::Validation, QStringLiteral("%1: a memory id is too long to count the cleanup").arg(m_store.path()));

    // The budgets in Cleanup's order: active episodes over budget are compressed (and count as
    // compressed from then on), then compressed episodes and rules over budget are deleted.
    counted += countOverBudget(activeEpisodes, m_config.budgets.activeEpisodes, false, ids, &compressedEpisodes);
    activeEpisodes = {};
    counted += countOverBudget(compressedEpisodes, m_config.budgets.compressed, true, ids, nullptr);
    counted += countOverBudget(rules, m_config.budgets.semanticRules, true, ids, nullptr);
    return counted;
}

} // namespace recollector::core
