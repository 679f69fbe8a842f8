#include "engine/decisions/Reverter.h"

#include "engine/decisions/CrashPoint.h"
#include "engine/decisions/DecisionRecorder.h"
#include "engine/decisions/StaleView.h"
#include "model/MemoryFields.h"
#include "model/RevertChain.h"
#include "model/MemoryJson.h"
#include "store/Database.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QJsonArray>

#include <algorithm>

namespace recollector::core {

namespace {

const QString kDecision = QStringLiteral("decision");

Error refused(const QString &message) { return Error::make(Error::Code::Conflict, message); }

/// Fields every write refreshes; a later write touching only these does not block a revert.
bool isVolatile(const QString &key) { return key == QLatin1String("updatedAt") || key == QLatin1String("strength"); }

} // namespace

Reverter::Reverter(Store &store, const Config &config, const EnhancedProfile *weights)
    : m_store(store), m_config(config), m_weights(weights)
{
}

Result<Event> Reverter::event(qint64 eventId) const
{
    auto found = m_store.events().between(eventId, eventId);
    if (!found)
        return found.error();
    if (found->empty())
        return Error::make(Error::Code::NotFound, QStringLiteral("%1: no event with id %2").arg(m_store.path()).arg(eventId));
    return found->front();
}

Result<std::vector<Event>> Reverter::decisionOf(qint64 eventId) const
{
    auto first = event(eventId);
    if (!first)
        return first.error();
    // A level-3 memory's event whose text is sealed and the store locked: its before/after
    // values cannot be read, so it cannot be undone until the store is unlocked.
    if (first->payload.value(QStringLiteral("locked")).toBool())
        return Error::make(Error::Code::Locked,
                           QStringLiteral("%1: event %2 of %3 is sealed and the store is locked: unlock it to undo")
                               .arg(m_store.path()).arg(eventId).arg(first->memoryId));
    const QString decision = first->payload.value(kDecision).toString();
    std::vector<Event> out{*first};
    if (decision.isEmpty())
        return out;
    // Walk outwards in pages until the decision id changes on both sides.
    constexpr qint64 kPage = 256;
    for (qint64 hi = eventId;;) {
        auto page = m_store.events().between(hi + 1, hi + kPage);
        if (!page)
            return page.error();
        bool more = !page->empty();
        for (Event &e : *page) {
            if (e.payload.value(kDecision).toString() != decision) {
                more = false;
                break;
            }
            out.push_back(std::move(e));
        }
        if (!more)
            break;
        hi += kPage;
    }
    std::vector<Event> earlier;
    for (qint64 lo = eventId; lo > 1;) {
        auto page = m_store.events().between(std::max<qint64>(1, lo - kPage), lo - 1);
        if (!page)
            return page.error();
        bool more = !page->empty();
        for (auto it = page->rbegin(); it != page->rend(); ++it) {
            if (it->payload.value(kDecision).toString() != decision) {
                more = false;
                break;
            }
            earlier.push_back(std::move(*it));
        }
        if (!more)
            break;
        lo -= kPage;
    }
    std::reverse(earlier.begin(), earlier.end());
    earlier.insert(earlier.end(), std::make_move_iterator(out.begin()), std::make_move_iterator(out.end()));
    return earlier;
}

Result<DecisionOutcome> Reverter::revert(qint64 eventId, Millis at, const QString &actor, bool wholeDecision)
{
    if (at == 0)
        at = time::nowMs();
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();
    Result<std::vector<Event>> targets = std::vector<Event>{};
    if (wholeDecision) {
        targets = decisionOf(eventId);
    } else if (auto one = event(eventId)) {
        targets = std::vector<Event>{*one};
    } else {
        return one.error();
    }
    if (!targets)
        return targets.error();
    // Every memory is checked against what was seen before any of them is written.
    for (const Event &e : *targets) {
        if (const Status st = asSeen(e.memoryId); !st)
            return st.error();
    }
    m_seen.clear();
    DecisionRecorder recorder(m_store, m_config, m_weights, actor, at);
    for (auto it = targets->rbegin(); it != targets->rend(); ++it) {
        auto history = m_store.events().forMemory(it->memoryId);
        if (!history)
            return history.error();
        const RevertChain chain(*history);
        if (const qint64 by = chain.reversedBy(it->id); by != 0)
            return refused(QStringLiteral("event %1 (%2 of %3) was already reverted by event %4")
                               .arg(it->id)
                               .arg(it->kind, it->memoryId)
                               .arg(by));
        if (const Status st = untouchedSinceImport(*it, *history, chain); !st)
            return st.error();
        if (const Status st = revertOne(*it, recorder); !st)
            return st.error();
    }
    CrashPoint::hit("revert.before-commit");
    if (const Status st = tx.commit(); !st)
        return st.error();
    return recorder.outcome();
}

Status Reverter::asSeen(const QString &memoryId)
{
    const auto seen = m_seen.constFind(memoryId);
    if (seen == m_seen.cend())
        return {};
    const Millis updatedAt = *seen;
    m_seen.erase(seen);
    auto current = m_store.memories().get(memoryId);
    if (!current)
        return current.error().code == Error::Code::NotFound ? Status{} : Status(current.error());
    return StaleView::check(m_store, *current, updatedAt);
}

Status Reverter::untouchedSinceImport(const Event &e, const std::vector<Event> &history, const RevertChain &chain) const
{
    // An import's memory (docs/formats.md, "Import", "Undo"): undoing it removes the memory or
    // puts its stored fields back, so any decision made on it since (a confirm, an access,
    // a detected conflict) would be lost silently. Refuse instead, naming the first one;
    // once that decision is undone, its revert no longer counts.
    if (e.kind != events::kImport || !(e.payload.contains(QStringLiteral("before")) || e.payload.value(QStringLiteral("created")).toBool()))
        return {};
    const QString decision = e.payload.value(kDecision).toString();
    for (const Event &h : history) {
        if (h.id <= e.id || h.payload.value(kDecision).toString() == decision || chain.isReversed(h.id))
            continue;
        if (h.kind == events::kRevert && RevertChain::revertTarget(h) > e.id)
            continue; // the undo of a later decision
        return refused(QStringLiteral("memory %1 was changed after the import of %2 (%3, event %4): undo that first")
                           .arg(e.memoryId, e.payload.value(QStringLiteral("source")).toString(), h.kind)
                           .arg(h.id));
    }
    return {};
}

Status Reverter::revertConflictAndLinks(const QJsonObject &p, QJsonObject &extra, DecisionRecorder &recorder)
{
    const QString where = QStringLiteral("%1 event payload").arg(m_store.path());
    if (p.value(QStringLiteral("conflictCreated")).isObject()) {
        const auto c = io::conflictFromJson(p.value(QStringLiteral("conflictCreated")).toObject(), where);
        if (!c)
            return c.error();
        // Find the row by its content: a redo puts it back under a new id (ids are never reused).
        auto candidates = m_store.conflicts().between(c->a, c->b);
        if (!candidates)
            return candidates.error();
        const Conflict *current = nullptr;
        for (const Conflict &k : *candidates) {
            Conflict same = k;
            same.id = c->id;
            if (same == *c && (!current || k.id == c->id))
                current = &k;
        }
        if (!current)
            return refused(QStringLiteral("conflict %1 between %2 and %3 is gone or changed; revert the later decision first")
                               .arg(c->id)
                               .arg(c->a, c->b));
        if (const Status st = m_store.conflicts().remove(current->id); !st)
            return st;
        extra.insert(QStringLiteral("conflictRemoved"), io::conflictToJson(*current));
    }
    if (p.value(QStringLiteral("conflictRemoved")).isObject()) {
        auto c = io::conflictFromJson(p.value(QStringLiteral("conflictRemoved")).toObject(), where);
        if (!c)
            return c.error();
        Conflict again = *c;
        if (const Status st = m_store.conflicts().insert(again); !st) // a new id: ids are never reused
            return st;
        recorder.addConflict(again.id);
        extra.insert(QStringLiteral("conflictCreated"), io::conflictToJson(again));
    }
    if (p.value(QStringLiteral("conflictBefore")).isObject() && p.value(QStringLiteral("conflictAfter")).isObject()) {
        const auto before = io::conflictFromJson(p.value(QStringLiteral("conflictBefore")).toObject(), where);
        const auto after = io::conflictFromJson(p.value(QStringLiteral("conflictAfter")).toObject(), where);
        if (!before || !after)
            return before ? after.error() : before.error();
        auto current = m_store.conflicts().get(before->id);
        if (!current)
            return current.error();
        // Two events of one decision may carry the same conflict change: restore it once.
        if (!(*current == *before)) {
            if (!(*current == *after))
                return refused(QStringLiteral("conflict %1 changed since; revert the later decision first").arg(before->id));
            if (const Status st = m_store.conflicts().update(*before); !st)
                return st;
            extra.insert(QStringLiteral("conflictBefore"), io::conflictToJson(*after));
            extra.insert(QStringLiteral("conflictAfter"), io::conflictToJson(*before));
        }
    }
    for (const QString &key : {QStringLiteral("linkAdded"), QStringLiteral("linkRemoved")}) {
        if (!p.value(key).isObject())
            continue;
        const auto link = io::associationFromJson(p.value(key).toObject(), where);
        if (!link)
            return link.error();
        const bool wasAdded = key == QLatin1String("linkAdded");
        const Status st = wasAdded ? m_store.associations().remove(link->a, link->b) : m_store.associations().put(*link);
        if (!st)
            return st;
        extra.insert(wasAdded ? QStringLiteral("linkRemoved") : QStringLiteral("linkAdded"), io::associationToJson(*link));
    }
    return {};
}

Status Reverter::revertOne(const Event &e, DecisionRecorder &recorder)
{
    const QJsonObject &p = e.payload;
    QJsonObject extra{{QStringLiteral("reverts"), double(e.id)},
                      {QStringLiteral("revertsKind"), e.kind},
                      {QStringLiteral("revertsDecision"), p.value(kDecision).toString()}};
    if (const Status st = revertConflictAndLinks(p, extra, recorder); !st)
        return st;

    if (p.value(QStringLiteral("removed")).toBool()) {
        auto exists = m_store.memories().contains(e.memoryId);
        if (!exists)
            return exists.error();
        if (*exists)
            return refused(QStringLiteral("memory %1 exists again; cannot bring back the removed one").arg(e.memoryId));
        auto memory = MemoryFields::fromJson(p.value(QStringLiteral("before")).toObject());
        if (!memory)
            return memory.error();
        if (const Status st = recorder.create(events::kRevert, *memory, extra); !st)
            return st;
        for (const QJsonValue &v : p.value(QStringLiteral("associations")).toArray()) {
            const auto link = io::associationFromJson(v.toObject(), m_store.path());
            if (!link)
                return link.error();
            auto otherExists = m_store.memories().contains(link->other(e.memoryId));
            if (!otherExists)
                return otherExists.error();
            if (*otherExists) {
                if (const Status st = m_store.associations().put(*link); !st)
                    return st;
            }
        }
        return {};
    }

    const bool created = p.value(QStringLiteral("created")).toBool();
    const QJsonObject after = p.value(QStringLiteral("after")).toObject();
    // An import of an older Recollector recorded neither a decision nor the state before it.
    if (e.kind == events::kImport && !created && !p.contains(QStringLiteral("before")))
        return refused(QStringLiteral("memory %1: its import (event %2) was written by an older Recollector and records "
                                      "no state to go back to; it cannot be undone")
                           .arg(e.memoryId)
                           .arg(e.id));
    if (!created && !p.contains(QStringLiteral("before")))
        return recorder.note(events::kRevert, e.memoryId, extra); // nothing of the row to restore

    auto current = m_store.memories().get(e.memoryId);
    if (!current)
        return current.error();
    const QJsonObject now = MemoryFields::toJson(*current);
    for (auto it = after.begin(); it != after.end(); ++it) {
        if (!isVolatile(it.key()) && now.value(it.key()) != it.value())
            return refused(QStringLiteral("memory %1: %2 changed after event %3 (%4); revert the later decision first")
                               .arg(e.memoryId, it.key())
                               .arg(e.id)
                               .arg(e.kind));
    }
    if (created)
        return recorder.remove(events::kRevert, *current, extra);
    Memory restored = *current;
    if (const Status st = MemoryFields::apply(restored, p.value(QStringLiteral("before")).toObject()); !st)
        return st;
    return recorder.change(events::kRevert, *current, restored, extra);
}

} // namespace recollector::core
