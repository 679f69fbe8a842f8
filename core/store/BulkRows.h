#pragma once

#include <cstdint>
#include <string_view>

namespace recollector::core {

// Rows for BulkWriter, built by the generator straight from its plan: text as UTF-8 views
// (copied when bound; an empty view is stored as ''), numbers as stored. No Memory, QString
// or QVariant per row.

/// The columns of `memories` the synthetic generator fills; the others keep their defaults.
struct MemoryValues
{
    std::string_view id;
    std::string_view content;
    std::string_view category;
    std::string_view keywordsJson;
    std::string_view sourceType;
    std::string_view sourceTaskId;
    std::string_view sourceChatId;
    std::string_view sourceMessageId;
    double confidence = 0;
    std::int64_t createdAt = 0;
    std::int64_t updatedAt = 0;
    std::int64_t lastAccessedAt = 0;
    std::int64_t lastReinforcedAt = 0;
    std::int64_t accessCount = 0;
    std::int64_t reinforceCount = 0;
    std::string_view projectPath;
    double strength = 0;
    double stability = 0;
    double decayRate = 0;
    double importance = 0;
    bool verified = false;
    bool permanent = false;
    bool negated = false;
    std::int64_t negatedAt = 0;
    std::string_view correctionHistoryJson;
    std::string_view level;
    bool compressed = false;
    std::string_view compressedFrom;
    std::int64_t sensitivity = 0;
    std::string_view modalitiesJson;
    std::int64_t deletedAt = 0;
};

struct EventValues
{
    std::string_view memoryId;
    std::string_view kind;
    std::string_view actor;
    std::int64_t at = 0;
    std::string_view payloadJson;
};

/// `a` < `b`, as the table requires.
struct LinkValues
{
    std::string_view a;
    std::string_view b;
    double weight = 0;
    std::string_view type;
    std::int64_t createdAt = 0;
};

struct ConflictValues
{
    std::string_view a;
    std::string_view b;
    std::string_view type;
    std::string_view status;
    std::string_view resolution;
    std::int64_t detectedAt = 0;
    std::int64_t resolvedAt = 0;
};

} // namespace recollector::core
