#pragma once

#include <QString>

namespace recollector::core {

class Database;

/// Whether `db` is a team store on PostgreSQL rather than an SQLite file (docs/team-store.md,
/// "The engine seam"). Asked by core/store only; the layers above never need to know.
/// (A free function beside Database rather than a member: phase 1 leaves Database.h, which
/// most of the program includes, as it was.)
bool isServer(const Database &db);

} // namespace recollector::core
