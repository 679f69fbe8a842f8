#include "engine/review/ChangeDetail.h"

#include "model/Event.h"
#include "model/MemoryJson.h"
#include "model/RevertChain.h"
#include "store/EventLog.h"
#include "store/MemoryRepository.h"
#include "store/Store.h"

#include <QSet>

#include <algorithm>

namespace recollector::core {

namespace {

const QString kBefore = QStringLiteral("before");
const QString kAfter = QStringLiteral("after");
const QString kDeletedAt = QStringLiteral("deletedAt");

bool inRange(const Event &e, const ChangeScanRange &range)
{
    return e.id > range.afterEventId && e.at >= range.from && e.at < range.to
        && ChangeScan::kinds().contains(e.kind);
}

void takeBefore(ChangeDetail &d, const QJsonObject &before)
{
    for (auto it = before.constBegin(); it != before.constEnd(); ++it) {
        if (!d.before.contains(it.key()) && !d.after.contains(it.key()))
            d.before.insert(it.key(), it.value());
    }
}

void takeAfter(ChangeDetail &d, const QJsonObject &after)
{
    for (auto it = after.constBegin(); it != after.constEnd(); ++it)
        d.after.insert(it.key(), it.value());
}

/// Reads one event of the range into the detail.
void fold(ChangeDetail &d, const Event &e)
{
    const QJsonObject &p = e.payload;
    const QString fromFile = p.value(QStringLiteral("fromFile")).toString();
    if (p.value(QStringLiteral("created")).toBool() || p.value(QStringLiteral("change")).toString() == QLatin1String("added")) {
        if (d.before.isEmpty() && d.after.isEmpty())
            d.isNew = true;
        d.fileAdded = d.fileAdded || !fromFile.isEmpty();
        d.fileChanges += fromFile.isEmpty() ? 0 : 1;
        takeAfter(d, p.value(kAfter).toObject());
        return;
    }
    if (p.value(QStringLiteral("removed")).toBool()) {
        takeBefore(d, p.value(kBefore).toObject());
        d.isGone = true;
        return;
    }
    if (!fromFile.isEmpty()) {
        ++d.fileChanges;
        if (e.kind == events::kDelete) {
            takeBefore(d, QJsonObject { { kDeletedAt, QJsonValue::Null } });
            d.after.insert(kDeletedAt, time::toIso(e.at));
            d.fileRemoved = true;
            return;
        }
        if (!p.value(kBefore).isObject()) {
            d.beforeKnown = false; // synced before the events kept the fields
            return;
        }
    }
    takeBefore(d, p.value(kBefore).toObject());
    takeAfter(d, p.value(kAfter).toObject());
}

} // namespace

Result<ChangeDetail> ChangeDetail::of(Store &store, const QString &memoryId, const ChangeScanRange &range)
{
    auto history = store.events().forMemory(memoryId);
    if (!history)
        return history.error();
    const RevertChain chain(*history);
    ChangeDetail d;
    QSet<QString> decisions;
    for (const Event &e : *history) {
        if (!inRange(e, range))
            continue;
        fold(d, e);
        if (e.actor != QLatin1String("assistant") || e.kind == events::kRevert || chain.isReversed(e.id))
            continue;
        if (e.payload.contains(QStringLiteral("fromFile"))) {
            // A change of its file is reverted event by event: the event keeps the fields before.
            if (e.payload.value(kBefore).isObject() && !e.payload.value(QStringLiteral("removed")).toBool())
                d.rejectEvents.push_back(e.id);
            continue;
        }
        const QString decision = e.payload.value(QStringLiteral("decision")).toString();
        if (decision.isEmpty() || decisions.contains(decision))
            continue;
        decisions.insert(decision);
        d.rejectEvents.push_back(e.id);
    }
    std::reverse(d.rejectEvents.begin(), d.rejectEvents.end());
    if (d.after.value(kDeletedAt).isString())
        d.isGone = true;
    // An open range ends now: the memory as it is holds the "after" of every changed field
    // (also those a folder sync changed without saying which).
    if (range.to == ChangeScanRange {}.to) {
        if (auto now = store.memories().get(memoryId)) {
            const QJsonObject current = io::memoryToJson(*now);
            QStringList keys = d.after.keys() + d.before.keys();
            keys << QStringLiteral("content");
            for (const QString &k : keys)
                d.after.insert(k, current.value(k));
            d.isGone = d.isGone || now->isDeleted();
        } else {
            d.isGone = true;
        }
    }
    return d;
}

} // namespace recollector::core
