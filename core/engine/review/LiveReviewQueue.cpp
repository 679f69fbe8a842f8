#include "engine/review/LiveReviewQueue.h"

#include "engine/decisions/Decisions.h"
#include "engine/review/CleanupRules.h"
#include "engine/review/ReviewRules.h"
#include "model/Event.h"
#include "scoring/EnhancedProfile.h"
#include "scoring/ImportanceProfile.h"
#include "scoring/MentionIndex.h"
#include "snapshot/MemorySnapshot.h"
#include "store/Store.h"

#include <algorithm>
#include <atomic>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <thread>

namespace recollector::core {

using cleanup_rules::BudgetGroup;

namespace {

enum What : std::uint8_t { kPromote = 1, kDecay = 2, kOwnRule = 3, kBudget = 4 };

cleanup_rules::Facts factsOf(const MemorySnapshot &s, std::uint32_t row)
{
    cleanup_rules::Facts f;
    f.deletedAt = s.deletedAt(row);
    f.permanent = s.has(row, MemorySnapshot::Permanent);
    f.sensitivity = s.sensitivity(row);
    f.category = &s.category(row);
    f.importance = s.input(row).importance;
    f.level = s.level(row);
    f.compressed = s.has(row, MemorySnapshot::Compressed);
    f.awaitsEvidence = awaitsEvidenceOfUse(s.sourceType(row), s.input(row).accessCount);
    return f;
}

} // namespace

LiveReviewQueue::LiveReviewQueue(const Config &config, const ScoringProfile &profile)
    : m_config(config),
      m_profile(profile),
      m_profileName(profile.name()),
      m_importance(m_profileName == QLatin1String("importance")),
      m_enhanced(m_profileName == QLatin1String("enhanced")),
      m_importanceProfile(std::make_unique<ImportanceProfile>(m_config)),
      m_enhancedProfile(std::make_unique<EnhancedProfile>(m_config))
{
}

LiveReviewQueue::~LiveReviewQueue() = default;

Status LiveReviewQueue::loadSideData(Store &store, bool everything)
{
    auto open = store.conflicts().list(ConflictStatus::Open);
    if (!open)
        return open.error();
    m_conflicts = review_rules::conflictItems(*open);
    m_answers.reset();
    m_answered.assign(m_snapshot->size(), 0);
    if (!m_importance)
        return {};
    // The answers and their reverts: the whole log once, then only the events added since.
    auto last = store.events().lastId();
    if (!last)
        return last.error();
    if (everything) {
        m_reviewEvents.clear();
        for (const QString &kind : {kReviewEventKind, events::kRevert}) {
            auto part = store.events().since(std::numeric_limits<Millis>::min(), kind);
            if (!part)
                return part.error();
            m_reviewEvents.insert(m_reviewEvents.end(), part->begin(), part->end());
        }
    } else if (*last > m_lastEventId) {
        auto added = store.events().between(m_lastEventId + 1, *last);
        if (!added)
            return added.error();
        for (Event &e : *added) {
            if (e.kind == kReviewEventKind || e.kind == events::kRevert)
                m_reviewEvents.push_back(std::move(e));
        }
    }
    m_lastEventId = *last;
    m_answers = std::make_unique<review_rules::AnsweredReviews>(review_rules::AnsweredReviews::fromEvents(m_reviewEvents));
    for (const QString &id : m_answers->ids()) {
        if (const std::uint32_t row = m_snapshot->rowOf(id); row != MemorySnapshot::kNoRow)
            m_answered[row] = 1;
    }
    return {};
}

ScoreInput LiveReviewQueue::inputOf(std::uint32_t row, bool withMentions) const
{
    ScoreInput in = m_snapshot->input(row);
    if (m_enhanced && withMentions) {
        const MentionSummary m = mentionsOf(row);
        in.lastMentionAt = m.lastAt;
        in.firstWindowMentionAt = m.firstInWindowAt;
        in.mentionsInWindow = m.inWindow;
        in.frequentMention = m.frequent;
    }
    return in;
}

void LiveReviewQueue::judge(std::uint32_t row, bool withMentions)
{
    const MemorySnapshot &snap = *m_snapshot;
    Verdict v;
    if (snap.has(row, MemorySnapshot::Removed)) {
        m_verdicts[row] = v;
        return;
    }
    v.live = true;
    const cleanup_rules::Facts f = factsOf(snap, row);
    if (f.deletedAt != 0) {
        if (const auto purge = cleanup_rules::purge(f, m_config, m_now, nullptr))
            v.action = std::int8_t(*purge);
        m_verdicts[row] = v;
        return;
    }
    const ScoreInput in = inputOf(row, withMentions);
    // Under the importance profile the review's score is the profile's own: evaluated once.
    std::optional<Score> importance;
    if (m_importance && !f.permanent) {
        const Score s = *(importance = m_importanceProfile->evaluate(in, m_now));
        const QString id = m_answered[row] ? snap.id(row) : QString();
        const auto kind = review_rules::importanceReview(&id, f.importance, in, s, m_config,
                                                         m_answered[row] ? m_answers.get() : nullptr);
        if (kind) {
            v.review = kind == ReviewItem::Kind::Promote ? kPromote : kDecay;
            v.reviewScore = s.score;
        }
    }
    if (!cleanup_rules::isProtected(f)) {
        v.neverDeleted = cleanup_rules::isNeverDeleted(f, m_config);
        const Score s = importance ? *importance : m_profile.evaluate(in, m_now);
        const auto action =
            cleanup_rules::profileRule(m_profileName, f, in, s, m_now, m_config, *m_enhancedProfile, nullptr);
        v.action = action ? std::int8_t(*action) : std::int8_t(-1);
        v.group = std::uint8_t(cleanup_rules::budgetGroup(f, action));
        v.score = s.score;
        v.lastReinforcedAt = in.lastReinforcedAt;
    }
    m_verdicts[row] = v;
}

MentionSummary LiveReviewQueue::mentionsOf(std::uint32_t row) const
{
    const std::uint32_t slot = row < m_mentionSlot.size() ? m_mentionSlot[row] : 0;
    return slot ? m_mentionSummaries[slot - 1] : MentionSummary{};
}

void LiveReviewQueue::setMentions(std::uint32_t row, const MentionSummary &summary)
{
    if (row >= m_mentionSlot.size())
        m_mentionSlot.resize(m_snapshot->size(), 0);
    if (std::uint32_t &slot = m_mentionSlot[row]) {
        m_mentionSummaries[slot - 1] = summary; // a row that has none keeps an empty one
    } else if (summary != MentionSummary{}) {
        m_mentionSummaries.push_back(summary);
        slot = std::uint32_t(m_mentionSummaries.size());
    }
}

Status LiveReviewQueue::loadMentions(Store &store, const MemorySnapshot &snapshot)
{
    // Hundreds of thousands of memories have mentions: their rows are looked up in groups
    // (MemorySnapshot::rowsOf), the ids kept until then.
    constexpr std::size_t kGroup = 256;
    std::vector<std::string> ids(kGroup);
    std::vector<MentionSummary> summaries(kGroup);
    std::vector<std::string_view> views(kGroup);
    std::vector<std::uint32_t> rows(kGroup);
    std::size_t held = 0;
    const auto place = [&] {
        for (std::size_t i = 0; i < held; ++i)
            views[i] = ids[i];
        snapshot.rowsOf(std::span(views.data(), held), std::span(rows.data(), held));
        for (std::size_t i = 0; i < held; ++i) {
            if (rows[i] != MemorySnapshot::kNoRow)
                setMentions(rows[i], summaries[i]);
        }
        held = 0;
    };
    const Status st =
        MentionIndex::forEachMention(store.events(), [&](std::string_view id, const std::vector<Millis> &times) {
            ids[held].assign(id);
            summaries[held] = MentionIndex::summarize(times, m_now, m_config.enhanced);
            if (++held == kGroup)
                place();
        });
    if (!st)
        return st;
    place();
    return {};
}

Status LiveReviewQueue::judgeAll(Store &store, const MemorySnapshot &snapshot)
{
    // Two cores: judging a row reads the snapshot, the side data and the profiles (all const
    // here) and writes only that row's verdict.
    const auto n = std::uint32_t(snapshot.size());
    m_mentionSlot.assign(m_enhanced ? n : 0, 0);
    m_mentionSummaries.clear();
    if (!m_enhanced) {
        std::jthread firstHalf([this, n] {
            for (std::uint32_t row = 0; row < n / 2; ++row)
                judge(row);
        });
        for (std::uint32_t row = n / 2; row < n; ++row)
            judge(row);
        return {};
    }
    // Enhanced: the other core starts judging rows while this thread reads the mentions (on
    // the store's connection, which stays on its thread); a row judged before they were read is
    // judged as if it had none, and again at the end if it has some. Once they are read, both
    // threads take the rows left, a chunk at a time, and judge them with their mentions.
    const auto perChunk = std::uint32_t(m_splitFrom / 16);
    const std::uint32_t chunks = (n + perChunk - 1) / perChunk;
    std::vector<std::uint8_t> withoutMentions(chunks, 0);
    std::atomic<std::uint32_t> nextChunk{0};
    std::atomic<bool> mentionsRead{false};
    const auto judgeChunks = [&] {
        for (std::uint32_t chunk; (chunk = nextChunk.fetch_add(1, std::memory_order_relaxed)) < chunks;) {
            const bool with = mentionsRead.load(std::memory_order_acquire);
            withoutMentions[chunk] = with ? 0 : 1;
            for (std::uint32_t row = chunk * perChunk, end = std::min(n, row + perChunk); row < end; ++row)
                judge(row, with);
        }
    };
    Status read;
    {
        std::jthread other(judgeChunks);
        read = loadMentions(store, snapshot);
        mentionsRead.store(true, std::memory_order_release);
        if (read)
            judgeChunks();
        else
            nextChunk.store(chunks, std::memory_order_relaxed); // the other thread stops
    }
    if (!read)
        return read;
    Rows again;
    for (std::uint32_t chunk = 0; chunk < chunks; ++chunk) {
        if (!withoutMentions[chunk])
            continue;
        for (std::uint32_t row = chunk * perChunk, end = std::min(n, row + perChunk); row < end; ++row) {
            if (m_mentionSlot[row])
                again.push_back(row);
        }
    }
    const std::size_t half = again.size() / 2;
    std::jthread firstHalf([&] {
        for (std::size_t i = 0; i < half; ++i)
            judge(again[i]);
    });
    for (std::size_t i = half; i < again.size(); ++i)
        judge(again[i]);
    return {};
}

Status LiveReviewQueue::rebuild(Store &store, const MemorySnapshot &snapshot, Millis now)
{
    m_snapshot = &snapshot;
    m_now = now;
    m_built = false;
    m_verdicts.assign(snapshot.size(), Verdict{});
    if (const Status st = loadSideData(store, true); !st)
        return st;
    if (const Status st = judgeAll(store, snapshot); !st)
        return st;
    orderAll();
    m_lastJudged = m_lastPlaced = snapshot.size();
    m_built = true;
    return {};
}

Status LiveReviewQueue::refreshMentions(Store &store, std::uint32_t row)
{
    const QString id = m_snapshot->id(row);
    auto events = store.events().forMemory(id, {events::kReinforce, events::kConfirm, events::kRevert});
    if (!events)
        return events.error();
    MentionIndex own(m_config);
    own.addEvents(*events);
    setMentions(row, own.summary(id, m_now));
    return {};
}

Status LiveReviewQueue::update(Store &store, const MemorySnapshot &snapshot, const QStringList &ids)
{
    if (!m_built || &snapshot != m_snapshot || snapshot.size() < m_verdicts.size())
        return rebuild(store, snapshot, m_built ? m_now : time::nowMs());
    const std::size_t before = m_verdicts.size();
    m_verdicts.resize(snapshot.size());
    m_placed.resize(snapshot.size());
    m_cut.resize(snapshot.size(), 0);
    if (const Status st = loadSideData(store, false); !st)
        return st;
    Rows rows;
    for (const QString &id : ids) {
        if (const std::uint32_t row = snapshot.rowOf(id); row != MemorySnapshot::kNoRow)
            rows.push_back(row);
    }
    for (std::uint32_t row = std::uint32_t(before); row < snapshot.size(); ++row)
        rows.push_back(row); // appended since: judged even when not named
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());

    // Out of every list as they were, judged again, back in.
    constexpr int kActive = int(BudgetGroup::ActiveEpisode);
    constexpr int kCompressed = int(BudgetGroup::CompressedEpisode);
    constexpr int kSemantic = int(BudgetGroup::SemanticRule);
    const std::int64_t oldExcess[4] = {0, m_excess[kActive], m_excess[kCompressed], m_excess[kSemantic]};
    int ops[4] = {0, 0, 0, 0};
    for (const std::uint32_t row : rows)
        withdraw(row, ops);
    for (const std::uint32_t row : rows) {
        if (m_enhanced) {
            if (const Status st = refreshMentions(store, row); !st)
                return st;
        }
        judge(row);
    }
    m_lastJudged = rows.size();
    Rows inserted[4];
    for (const std::uint32_t row : rows) {
        enter(row, ops);
        if (m_verdicts[row].live && m_verdicts[row].group != std::uint8_t(BudgetGroup::None))
            inserted[m_verdicts[row].group].push_back(row);
    }
    // The budgets' cuts: the episodes cut from the active budget move into the compressed group.
    Rows crossed;
    recut(kActive, oldExcess[kActive], ops[kActive], inserted[kActive], crossed);
    const auto weakerThan = [this](auto a, auto b) { return weaker(a, b); };
    Rows moved = inserted[kActive];
    moved.insert(moved.end(), crossed.begin(), crossed.end());
    for (const std::uint32_t row : moved) {
        Rows &compressed = m_groups[kCompressed];
        const auto at = std::lower_bound(compressed.begin(), compressed.end(), row, weakerThan);
        const bool there = at != compressed.end() && *at == row;
        if ((m_cut[row] & (1u << kActive)) && !there) {
            compressed.insert(at, row);
            inserted[kCompressed].push_back(row);
            ++ops[kCompressed];
        } else if (!(m_cut[row] & (1u << kActive)) && there) {
            compressed.erase(at);
            m_cut[row] &= std::uint8_t(~(1u << kCompressed));
            ++ops[kCompressed];
        }
    }
    recut(kCompressed, oldExcess[kCompressed], ops[kCompressed], inserted[kCompressed], crossed);
    recut(kSemantic, oldExcess[kSemantic], ops[kSemantic], inserted[kSemantic], crossed);

    // The cleanup items of the judged rows and of those a cut moved.
    rows.insert(rows.end(), crossed.begin(), crossed.end());
    rows.insert(rows.end(), inserted[kCompressed].begin(), inserted[kCompressed].end());
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    for (const std::uint32_t row : rows)
        place(row);
    m_lastPlaced = rows.size();
    return {};
}

ReviewItem LiveReviewQueue::item(std::size_t i) const
{
    if (i < m_conflicts.size())
        return m_conflicts[i];
    i -= m_conflicts.size();
    const MemorySnapshot &snap = *m_snapshot;
    if (i < m_promote.size()) {
        const std::uint32_t row = m_promote[i];
        return review_rules::promoteItem(snap.id(row), m_verdicts[row].reviewScore, m_config);
    }
    i -= m_promote.size();
    if (i < m_decay.size()) {
        const std::uint32_t row = m_decay[i];
        return review_rules::decayItem(snap.id(row), m_verdicts[row].reviewScore, m_config);
    }
    i -= m_decay.size();
    const std::uint32_t row = m_cleanup[i];
    const Placed &p = m_placed[row];
    const QString id = snap.id(row);
    const double score = m_verdicts[row].score;
    if (p.what == kBudget) {
        const auto g = BudgetGroup(p.group);
        const std::size_t groupSize = m_groups[p.group].size();
        return review_rules::cleanupItem(
            CleanupKind(p.kind), id, score,
            cleanup_rules::budgetReason(g, groupSize, budgetOf(p.group), score, int(m_excess[p.group])));
    }
    // The row's own rule, judged again for its reason.
    const cleanup_rules::Facts f = factsOf(snap, row);
    QString reason;
    if (f.deletedAt != 0) {
        (void)cleanup_rules::purge(f, m_config, m_now, &reason);
    } else {
        const ScoreInput in = inputOf(row);
        const Score s = m_profile.evaluate(in, m_now);
        (void)cleanup_rules::profileRule(m_profileName, f, in, s, m_now, m_config, *m_enhancedProfile, &reason);
    }
    return review_rules::cleanupItem(CleanupKind(p.kind), id, score, reason);
}

std::vector<ReviewItem> LiveReviewQueue::items() const
{
    std::vector<ReviewItem> out;
    out.reserve(size());
    for (std::size_t i = 0; i < size(); ++i)
        out.push_back(item(i));
    return out;
}

} // namespace recollector::core
