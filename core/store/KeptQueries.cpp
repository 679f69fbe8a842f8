#include "store/KeptQueries.h"

#include <utility>

namespace recollector::core {

KeptQueries::Use::Use(Use &&other) noexcept
    : m_slot(std::move(other.m_slot)), m_own(std::move(other.m_own)), m_prepared(std::exchange(other.m_prepared, false))
{
    other.m_own.reset();
}

KeptQueries::Use::~Use()
{
    if (m_slot) {
        // Rows read or not, the result ends here; the statement stays prepared.
        m_slot->query->finish();
        m_slot->busy = false;
    }
}

KeptQueries::Use KeptQueries::use(QSqlDatabase &handle, const QString &sql, bool keep)
{
    Use u;
    if (keep) {
        auto it = m_slots.find(sql);
        if (it == m_slots.end() && m_slots.size() < kMaxKept) {
            auto query = std::make_unique<QSqlQuery>(handle);
            query->setForwardOnly(true);
            if (!query->prepare(sql)) {
                // Kept by no one: the failed query says why, through a use of its own.
                u.m_own.emplace(std::move(*query));
                return u;
            }
            auto slot = std::make_shared<Slot>();
            slot->query = std::move(query);
            it = m_slots.insert(sql, std::move(slot));
        }
        if (it != m_slots.end() && !it.value()->busy) {
            it.value()->busy = true;
            u.m_slot = it.value();
            u.m_prepared = true;
            return u;
        }
    }
    u.m_own.emplace(handle);
    u.m_own->setForwardOnly(true);
    u.m_prepared = u.m_own->prepare(sql);
    return u;
}

} // namespace recollector::core
