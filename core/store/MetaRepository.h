#pragma once

#include "model/Result.h"

#include <QString>

namespace engram::core {

class Database;

/// The `meta` key/value table: profile, config snapshot, last_cleanup_at, ...
class MetaRepository final
{
public:
    explicit MetaRepository(Database &db) : m_db(db) {}

    /// The value, or `fallback` when the key is absent.
    [[nodiscard]] Result<QString> value(const QString &key, const QString &fallback = {}) const;
    [[nodiscard]] Status setValue(const QString &key, const QString &value);

    static inline const QString kProfile = QStringLiteral("profile");
    static inline const QString kConfig = QStringLiteral("config");
    static inline const QString kLastCleanupAt = QStringLiteral("last_cleanup_at");

private:
    Database &m_db;
};

} // namespace engram::core
