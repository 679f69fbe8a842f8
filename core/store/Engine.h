#pragma once

#include <QString>

namespace recollector::core {

class Database;

/// Whether `db` is a team store on PostgreSQL rather than an SQLite file (docs/team-store.md,
/// "The engine seam"). Asked by core/store only; the layers above never need to know.
/// (A free function beside Database rather than a member: phase 1 leaves Database.h, which
/// most of the program includes, as it was.)
bool isServer(const Database &db);

/// The database role a team store's connection decides as (`current_user`, read when it
/// connects): EventLog records it with each event, so the history says who decided
/// (docs/team-store.md#who-decided). Empty on SQLite.
QString serverRole(Database &db);

} // namespace recollector::core
