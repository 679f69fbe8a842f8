#pragma once

#include <QStringList>

namespace recollector::core::pg_notify {

/// The channel a team store's commits are announced on (docs/team-store.md, "Live refresh").
/// LISTEN and NOTIFY reach the connections to one database, and a store is one database: one
/// name serves every store.
inline constexpr const char *kChannel = "recollector_events";

/// The payload of a commit too large to name its memories: "read the events".
inline constexpr const char *kMany = "";

/// The trigger that announces every statement that appends events, with the memory ids they
/// name, comma-separated (ids hold no comma: model/Ids). Part of the schema (pg_schema).
QStringList triggerStatements();

} // namespace recollector::core::pg_notify
