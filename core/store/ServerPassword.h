#pragma once

#include "model/Result.h"

#include <QString>

namespace recollector::core::server_password {

// A password a person typed for a team store (File → Connect to Team Store…), held in this
// process's memory only and handed to the driver (QSqlDatabase::setPassword) for the
// connections to that one address: the window's, its workers', and a reconnect's. Never
// written to a file, a setting or a command line (docs/team-store.md, "Passwords").

/// Holds `password` for the connections to `location` from now on.
void remember(const QString &location, const QString &password);
/// Lets go of the password for `location` (a wrong one, or the store closed for good).
void forget(const QString &location);
/// The password held for `location`; empty when none was typed (libpq then reads ~/.pgpass).
QString of(const QString &location);

/// Whether connecting failed because the server asked for a password that the client did not
/// have, or had wrong: the window then asks the person for one.
bool isAsked(const Error &error);

} // namespace recollector::core::server_password
