#pragma once

#include "model/Result.h"
#include "store/AssociationRepository.h"
#include "store/ConflictRepository.h"
#include "store/Database.h"
#include "store/EventLog.h"
#include "store/MemoryRepository.h"
#include "store/MetaRepository.h"

#include <memory>

namespace recollector::core {

/// One open store: the database and its tables. Used on the thread that opened it.
class Store final
{
public:
    [[nodiscard]] static Result<std::unique_ptr<Store>> open(const QString &path, Database::Options options = {});
    explicit Store(std::unique_ptr<Database> db);

    Database &database() { return *m_db; }
    const QString &path() const { return m_db->path(); }
    MemoryRepository &memories() { return m_memories; }
    EventLog &events() { return m_events; }
    AssociationRepository &associations() { return m_associations; }
    ConflictRepository &conflicts() { return m_conflicts; }
    MetaRepository &meta() { return m_meta; }
    /// Whether this store can hold sealed (level-3) text. An SQLite store can; a store whose
    /// memories live in another program's plain files cannot, and refuses a raise to level 3
    /// (docs/formats.md, "Encryption at rest"). Whoever opens such a store clears it.
    bool canSeal() const { return m_canSeal; }
    void setCanSeal(bool can) { m_canSeal = can; }

private:
    std::unique_ptr<Database> m_db;
    MemoryRepository m_memories;
    EventLog m_events;
    AssociationRepository m_associations;
    ConflictRepository m_conflicts;
    MetaRepository m_meta;
    bool m_canSeal = true;
};

} // namespace recollector::core
