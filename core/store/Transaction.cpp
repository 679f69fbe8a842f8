#include "store/Transaction.h"

#include "store/Database.h"
#include "store/Engine.h"

#include <QSqlQuery>

namespace recollector::core {

namespace {

// The store's one writer lock on a team store: a transaction-scoped advisory lock, the same
// number in every program that writes the store (ASCII "Recollec").
constexpr qint64 kWriterLock = 0x5265636F6C6C6563;

// BEGIN, and the store's writer lock: one writer at a time, on both engines
// (docs/team-store.md#many-writers). SQLite's BEGIN IMMEDIATE is that lock. On PostgreSQL,
// writers that overlapped would interleave their event ids and commit them out of order: a
// decision's events would not be one run of ids (undo walks that run), and a reader that has
// seen id n would never see a smaller id committed later (the live refresh, the review inbox).
// Taken before anything is read or locked, so it cannot close a cycle with a row lock; it
// waits up to `lock_timeout`, the busy wait's counterpart. Two statements, not one text: Qt's
// driver reports only the first result of a text of several, so a lock that timed out would
// read as taken.
Status begin(Database &db)
{
    if (!isServer(db))
        return db.exec(QStringLiteral("BEGIN IMMEDIATE"));
    if (const Status st = db.exec(QStringLiteral("BEGIN")); !st)
        return st;
    QSqlQuery q(db.handle());
    if (q.exec(QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(kWriterLock)))
        return {};
    const Error error = db.errorFrom(q, QStringLiteral("starting a write"));
    (void)db.exec(QStringLiteral("ROLLBACK"));
    return error;
}

} // namespace

Transaction::Transaction(Database &db) : m_db(db)
{
    if (db.isReadOnly()) {
        // The reason it was opened read-only (a reviewer's role, a newer schema) says more
        // than the fact (docs/team-store.md#roles).
        m_error = Error::make(Error::Code::Database,
                              db.warning().isEmpty()
                                  ? QStringLiteral("%1: the store is open read-only").arg(db.path())
                                  : QStringLiteral("%1; nothing was changed").arg(db.warning()));
        return;
    }
    if (db.transactionDepth() == 0) {
        if (const Status st = begin(db); !st) {
            m_error = st.error();
            return;
        }
        m_outermost = true;
    }
    ++db.transactionDepth();
    m_active = true;
}

std::optional<Transaction> Transaction::forLooseWrite(Database &db)
{
    if (!isServer(db) || db.inWriteTransaction())
        return std::nullopt;
    return std::optional<Transaction>(std::in_place, db);
}

Transaction::~Transaction()
{
    if (m_active && !m_done)
        rollback();
}

Status Transaction::commit()
{
    if (!m_active)
        return m_error;
    if (m_done)
        return {};
    m_done = true;
    --m_db.transactionDepth();
    if (!m_outermost)
        return {};
    if (m_db.transactionPoisoned()) {
        m_db.transactionPoisoned() = false;
        (void)m_db.exec(QStringLiteral("ROLLBACK"));
        return Error::make(Error::Code::Database,
                           QStringLiteral("%1: an inner step failed; nothing was written").arg(m_db.path()));
    }
    if (m_db.scrubPending() && !isServer(m_db)) {
        // The text index keeps a removed row's words in its older segments until they merge:
        // merge them now, so the words of text sealed by this transaction leave the file with
        // it (docs/scoring.md, "Text index").
        for (const char *table : {"memory_text", "memory_text_cjk"}) {
            const Status merged =
                m_db.exec(QStringLiteral("INSERT INTO %1(%1) VALUES('optimize')").arg(QLatin1String(table)));
            if (!merged) {
                m_db.scrubPending() = false;
                (void)m_db.exec(QStringLiteral("ROLLBACK"));
                return merged;
            }
        }
    }
    if (isServer(m_db)) {
        // PostgreSQL answers COMMIT of a transaction that a failed statement aborted with a
        // rollback and no error: ask first, so a commit that writes nothing never reads as
        // done. A statement of its own: of a text of several, Qt's driver reports only the
        // first result, so a COMMIT that failed after it would read as done.
        if (const Status alive = m_db.exec(QStringLiteral("SELECT 1")); !alive) {
            (void)m_db.exec(QStringLiteral("ROLLBACK"));
            return alive;
        }
    }
    const Status st = m_db.exec(QStringLiteral("COMMIT"));
    if (!st) {
        m_db.scrubPending() = false;
        (void)m_db.exec(QStringLiteral("ROLLBACK"));
        return st;
    }
    if (m_db.scrubPending()) {
        // Text was sealed that was plain before: move the new pages into the file and empty
        // the WAL, so its old frames (the plain text) are gone (docs/formats.md, "Encryption
        // at rest"). The commit stands either way.
        m_db.scrubPending() = false;
        (void)m_db.checkpointAndTruncate();
    }
    return st;
}

void Transaction::rollback()
{
    if (!m_active || m_done)
        return;
    m_done = true;
    --m_db.transactionDepth();
    if (m_outermost) {
        m_db.transactionPoisoned() = false;
        m_db.scrubPending() = false;
        (void)m_db.exec(QStringLiteral("ROLLBACK"));
    } else {
        // A nested rollback cannot undo only its own part: poison the outer transaction so its
        // commit rolls everything back and a failed decision never lands half-way.
        m_db.transactionPoisoned() = true;
    }
}

} // namespace recollector::core
