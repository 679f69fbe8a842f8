#pragma once

#include "model/Result.h"

#include <QString>

namespace recollector::core {

class Database;

/// The `meta` key/value table: profile, config snapshot, last_cleanup_at, ...
class MetaRepository final
{
public:
    explicit MetaRepository(Database &db) : m_db(db) {}

    /// The value, or `fallback` when the key is absent.
    [[nodiscard]] Result<QString> value(const QString &key, const QString &fallback = {}) const;
    [[nodiscard]] Status setValue(const QString &key, const QString &value);
    /// Removes the key (nothing happens when it is absent).
    [[nodiscard]] Status remove(const QString &key);

    static inline const QString kProfile = QStringLiteral("profile");
    static inline const QString kConfig = QStringLiteral("config");
    static inline const QString kLastCleanupAt = QStringLiteral("last_cleanup_at");
    /// Set (ISO instant) by an import too large to check for contradictions on the spot;
    /// removed by the whole-store detection that catches up (docs/scoring.md, "Detection").
    static inline const QString kDetectionQueuedAt = QStringLiteral("detection_queued_at");

private:
    Database &m_db;
};

} // namespace recollector::core
