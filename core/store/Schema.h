#pragma once

#include <QStringList>

namespace recollector::core::schema {

/// Statements that create schema version 1 (the first released layout). Kept verbatim so
/// that tests can build a v1 store and migration is exercised from a real old file.
QStringList createV1();
/// Statements that take a store from version `from` to `from + 1`.
QStringList migrationFrom(int from);
/// Whether migrationFrom(from) only adds indexes: no row changes, so no backup is needed
/// before it (at a million memories the backup is a copy of gigabytes; the index takes seconds).
bool isIndexOnly(int from);
/// The rows of the partial index `events_mention_by_memory` (v4): exactly the reinforce and
/// confirm events whose plain payload says `"mention": true` (the flag itself, a JSON true; a
/// payload that is not JSON says nothing).
QString mentionCondition();
/// The rows of the partial index `events_sealed_mention` (v4): reinforce and confirm events
/// whose payload may be sealed (a superset: the reader checks and opens the payload).
QString sealedMentionCondition();

} // namespace recollector::core::schema
