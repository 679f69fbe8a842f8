#pragma once

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <memory>
#include <optional>

namespace recollector::core {

/// The statements every decision sends, kept prepared on a team store's connection
/// (docs/team-store.md#decision-cost). Qt's PostgreSQL driver sends a prepared QSqlQuery as a
/// PREPARE, an EXECUTE and, when the query ends, a DEALLOCATE: three round trips where one
/// will do once the statement stays prepared. On SQLite a prepare is a function call, and a
/// kept statement would only hold the file's schema and WAL checkpoints back, so each use
/// prepares its own there.
///
/// A use borrows the kept query while no other use holds it; a nested use of the same text
/// (a statement run while the same one is still being read) gets a query of its own. Owned by
/// the Database, on its thread; cleared before its connection closes or reconnects.
class KeptQueries final
{
public:
    struct Slot
    {
        std::unique_ptr<QSqlQuery> query;
        bool busy = false;
    };

    /// One use of a statement: prepared, its rows finished when the use ends.
    class Use final
    {
    public:
        Use(Use &&other) noexcept;
        Use &operator=(Use &&) = delete;
        Use(const Use &) = delete;
        ~Use();

        /// False when the prepare failed; query().lastError() says why.
        bool isPrepared() const { return m_prepared; }
        QSqlQuery &query() { return m_slot ? *m_slot->query : *m_own; }
        QSqlQuery *operator->() { return &query(); }
        QSqlQuery &operator*() { return query(); }

    private:
        friend class KeptQueries;
        Use() = default;
        std::shared_ptr<KeptQueries::Slot> m_slot; ///< the kept query borrowed, or null
        std::optional<QSqlQuery> m_own;      ///< else a query of its own
        bool m_prepared = false;
    };

    /// At most this many texts are kept; past it a use prepares its own (the texts a decision
    /// sends are a dozen; a scan whose text carries its values must not fill the server's
    /// session with statements run once).
    static constexpr int kMaxKept = 64;

    KeptQueries() = default;
    KeptQueries(const KeptQueries &) = delete;
    KeptQueries &operator=(const KeptQueries &) = delete;

    /// A forward-only query of `sql` on `handle`, kept when `keep` (a team store's connection).
    /// A text that fails to prepare is not kept.
    Use use(QSqlDatabase &handle, const QString &sql, bool keep);
    /// Drops every kept query (its DEALLOCATE goes to the server while the connection is up);
    /// one still in use ends with its use.
    void clear() { m_slots.clear(); }

private:
    QHash<QString, std::shared_ptr<Slot>> m_slots;
};

} // namespace recollector::core
