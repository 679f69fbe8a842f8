#include "snapshot/StoreChanges.h"

#include "store/Store.h"

#include <QSqlQuery>
#include <QVariant>

namespace engram::core {

Result<StoreChanges> StoreChanges::since(Store &store, qint64 sinceEventId, int limit)
{
    Database &db = store.database();
    StoreChanges out;
    // A deferred read transaction: the three reads see one state of the file.
    const bool own = db.transactionDepth() == 0;
    if (own) {
        if (const Status st = db.exec(QStringLiteral("BEGIN")); !st)
            return st.error();
    }
    auto finish = [&]() {
        if (own)
            (void)db.exec(QStringLiteral("COMMIT"));
    };

    QSqlQuery q(db.handle());
    q.prepare(QStringLiteral("SELECT memory_id, MAX(id) FROM events WHERE id > ? GROUP BY memory_id LIMIT ?"));
    q.addBindValue(sinceEventId);
    q.addBindValue(limit + 1);
    if (!q.exec()) {
        const Error e = db.errorFrom(q, QStringLiteral("reading new events"));
        finish();
        return e;
    }
    out.lastEventId = sinceEventId;
    while (q.next()) {
        out.ids.append(q.value(0).toString());
        out.lastEventId = std::max(out.lastEventId, q.value(1).toLongLong());
    }
    if (const Status st = db.endOfRows(q, QStringLiteral("reading new events")); !st) {
        finish();
        return st.error();
    }
    q.finish();
    if (out.ids.size() > limit) {
        // Too many to name one by one; the caller reloads. Still report the high-water mark.
        if (q.exec(QStringLiteral("SELECT COALESCE(MAX(id), 0) FROM events")) && q.next())
            out.lastEventId = q.value(0).toLongLong();
        q.finish();
    }
    if (!q.exec(QStringLiteral("SELECT count(*), COALESCE(MAX(rowid), 0) FROM memories")) || !q.next()) {
        const Error e = db.errorFrom(q, QStringLiteral("counting memories"));
        finish();
        return e;
    }
    out.memoryCount = q.value(0).toLongLong();
    out.maxRowid = q.value(1).toLongLong();
    q.finish();
    finish();
    return out;
}

} // namespace engram::core
