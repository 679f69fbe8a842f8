#pragma once

#include <QStringList>

namespace engram::core::schema {

/// Statements that create schema version 1 (the first released layout). Kept verbatim so
/// that tests can build a v1 store and migration is exercised from a real old file.
QStringList createV1();
/// Statements that take a store from version `from` to `from + 1`.
QStringList migrationFrom(int from);

} // namespace engram::core::schema
