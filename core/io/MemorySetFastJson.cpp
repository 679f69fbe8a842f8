#include "io/MemorySetFastJson.h"

#include "io/SimdJsonFields.h"
#include "io/SimdJsonValue.h"
#include "model/InputLimits.h"

#include <QSet>

#include <simdjson.h>

#include <atomic>
#include <cmath>
#include <iterator>
#include <limits>
#include <thread>
#include <unordered_map>

// Every reader here returns false for "not read exactly as the Qt reader would": the caller
// then reads the whole document with MemorySetJson's Qt reader (which also gives the error).
// Every value is consumed, never skipped: On-Demand does not validate what it skips, and the
// Qt reader refuses a document with any invalid value in it.

namespace recollector::core::io {

namespace od = simdjson::ondemand;
using namespace simd;

namespace {

std::atomic<quint64> g_documentsRead { 0 };

constexpr int kShort = limits::kMaxShortChars;

/// A memory's known keys (knownMemoryKeys()); anything else is extra.
enum class Key : int {
    Id, Content, Category, Keywords, Source, Confidence, CreatedAt, UpdatedAt, LastAccessedAt,
    LastReinforcedAt, AccessCount, ReinforceCount, ProjectPath, Strength, Stability, DecayRate,
    Importance, Verified, Permanent, Negated, NegatedAt, CorrectionHistory, Level, Compressed,
    CompressedFrom, MergedFrom, MergedInto, SourceIds, OriginalContents, Sensitivity, Modalities,
    DeletedAt, Superseded, SupersedesId, AgentImportance, AgentTier, Sealed, Count
};

const std::unordered_map<std::string_view, Key> &memoryKeys()
{
    static const std::unordered_map<std::string_view, Key> keys = [] {
        static const char *const names[] = { "id", "content", "category", "keywords", "source", "confidence",
            "createdAt", "updatedAt", "lastAccessedAt", "lastReinforcedAt", "accessCount", "reinforceCount",
            "projectPath", "strength", "stability", "decayRate", "importance", "verified", "permanent", "negated",
            "negatedAt", "correctionHistory", "level", "compressed", "compressedFrom", "mergedFrom", "mergedInto",
            "sourceIds", "originalContents", "sensitivity", "modalities", "deletedAt", "superseded", "supersedesId",
            "agentImportance", "agentTier", "sealed" };
        static_assert(std::size(names) == size_t(Key::Count));
        std::unordered_map<std::string_view, Key> map;
        for (int i = 0; i < int(Key::Count); ++i)
            map.emplace(names[i], Key(i));
        return map;
    }();
    return keys;
}

/// One memory's values as read, before the defaults (memoryFromJson's order of rules).
struct MemoryFields
{
    Memory m;
    std::optional<double> confidence, strength, stability, decayRate, importance;
    std::optional<qint64> accessCount, reinforceCount, sensitivity;
    std::optional<QString> level;
    bool hasModalities = false;
};

/// The source: an object (type, taskId, chatId, messageId; other members ignored) or a bare
/// string read as its type.
bool readSource(od::value &v, MemorySource &source)
{
    source.type = QStringLiteral("import");
    od::json_type type;
    if (v.type().get(type))
        return false;
    if (type == od::json_type::null)
        return simd::isNull(v);
    if (type == od::json_type::string) {
        QString text;
        if (!readString(v, 64, text))
            return false;
        text = text.trimmed();
        if (!text.isEmpty())
            source.type = text;
        return true;
    }
    od::object object;
    if (type != od::json_type::object || v.get_object().get(object))
        return false;
    static const std::string_view names[] = { "type", "taskId", "chatId", "messageId" };
    return readKnownMembers(object, names, [&](int index, od::value &value) {
        QString text;
        if (!readString(value, index == 0 ? 64 : kShort, text))
            return false;
        if (index == 0) {
            text = text.trimmed();
            if (!text.isEmpty())
                source.type = text;
        } else {
            (index == 1 ? source.taskId : index == 2 ? source.chatId : source.messageId) = text;
        }
        return true;
    });
}

bool readListField(od::value &v, int maxChars, QStringList &out)
{
    bool present = false;
    return readStringList(v, maxChars, out, present);
}

/// One known member of a memory.
bool readMemoryField(Key key, od::value &v, MemoryFields &f)
{
    Memory &m = f.m;
    switch (key) {
    case Key::Id: return readRequired(v, 256, m.id);
    case Key::Content: return readRequired(v, limits::kMaxTextChars, m.content);
    case Key::Category: return readRequired(v, 128, m.category);
    case Key::Keywords: return readListField(v, kShort, m.keywords);
    case Key::Source: return readSource(v, m.source);
    case Key::Confidence: return readNumber(v, 0.0, 1.0, f.confidence);
    case Key::CreatedAt: return readInstant(v, m.createdAt);
    case Key::UpdatedAt: return readInstant(v, m.updatedAt);
    case Key::LastAccessedAt: return readInstant(v, m.lastAccessedAt);
    case Key::LastReinforcedAt: return readInstant(v, m.lastReinforcedAt);
    case Key::AccessCount: return readInteger(v, 0, std::numeric_limits<int>::max(), f.accessCount);
    case Key::ReinforceCount: return readInteger(v, 0, std::numeric_limits<int>::max(), f.reinforceCount);
    case Key::ProjectPath: return readString(v, kShort, m.projectPath);
    case Key::Strength: return readNumber(v, 0.0, 100.0, f.strength);
    case Key::Stability: return readNumber(v, 1e-6, 1e7, f.stability);
    case Key::DecayRate: return readNumber(v, 0.5, 2.0, f.decayRate);
    case Key::Importance: return readNumber(v, 0.0, limits::kMaxImportance, f.importance);
    case Key::Verified: return readBool(v, m.verified);
    case Key::Permanent: return readBool(v, m.permanent);
    case Key::Negated: return readBool(v, m.negated);
    case Key::NegatedAt: return readInstant(v, m.negatedAt);
    case Key::CorrectionHistory: return readContainer(v, m.correctionHistory);
    case Key::Level: return readOptionalString(v, 32, f.level);
    case Key::Compressed: return readBool(v, m.compressed);
    case Key::CompressedFrom: return readString(v, kShort, m.compressedFrom);
    case Key::MergedFrom: return readListField(v, kShort, m.mergedFrom);
    case Key::MergedInto: return readString(v, kShort, m.mergedInto);
    case Key::SourceIds: return readListField(v, kShort, m.sourceIds);
    case Key::OriginalContents: return readListField(v, limits::kMaxTextChars, m.originalContents);
    case Key::Sensitivity: return readInteger(v, 0, limits::kMaxSensitivity, f.sensitivity);
    case Key::Modalities: return readStringList(v, 64, m.modalities, f.hasModalities);
    case Key::DeletedAt: return readInstant(v, m.deletedAt);
    case Key::Superseded: return readBool(v, m.superseded);
    case Key::SupersedesId: return readString(v, kShort, m.supersedesId);
    case Key::AgentImportance: return readNumber(v, -1e6, 1e6, m.agentImportance);
    case Key::AgentTier: return readString(v, 64, m.agentTier);
    case Key::Sealed: return simd::isNull(v); // level-3 text: the Qt reader checks it
    case Key::Count: break;
    }
    return false;
}

/// memoryFromJson's defaults and migration rules, applied to what was read.
bool settle(MemoryFields &f, const MemoryParseOptions &options)
{
    Memory &m = f.m;
    m.id = m.id.trimmed();
    m.category = m.category.trimmed();
    m.keywords = normalizeKeywords(m.keywords);
    m.confidence = f.confidence.value_or(0.5);
    if (m.createdAt == 0) // a guess, noted by the Qt reader
        return false;
    if (m.updatedAt == 0)
        m.updatedAt = m.createdAt;
    if (m.lastReinforcedAt == 0)
        m.lastReinforcedAt = m.updatedAt;
    m.accessCount = int(f.accessCount.value_or(0));
    m.reinforceCount = int(f.reinforceCount.value_or(m.accessCount));
    m.strength = f.strength.value_or(50.0);
    m.stability = f.stability.value_or(legacyStability(m.accessCount, m.confidence, options.initialStability));
    m.decayRate = f.decayRate.value_or(1.0);
    m.importance = f.importance.value_or(1.0);
    const auto level = levelFromName(f.level ? f.level->trimmed().toLower() : QStringLiteral("full"));
    if (!level)
        return false;
    m.level = *level;
    m.sensitivity = int(f.sensitivity.value_or(0));
    if (!f.hasModalities)
        m.modalities = QStringList { QStringLiteral("text") };
    return true;
}

bool readMemory(od::value &entry, const MemoryParseOptions &options, Memory &out)
{
    od::object object;
    if (entry.get_object().get(object))
        return false;
    MemoryFields f;
    f.m.modalities.clear();
    f.m.source.type = QStringLiteral("import"); // no source: {type: "import"}
    quint64 seen = 0;
    constexpr quint64 kRequired = (1ull << int(Key::Id)) | (1ull << int(Key::Content)) | (1ull << int(Key::Category));
    const auto &keys = memoryKeys();
    for (auto fieldResult : object) {
        od::field field;
        std::string_view key;
        if (std::move(fieldResult).get(field) || !simd::memberName(field, key))
            return false;
        od::value value = field.value();
        const auto it = keys.find(key);
        if (it == keys.end()) { // an unknown field, kept verbatim in extra
            const QString name = toQString(key);
            QJsonValue kept;
            if (f.m.extra.contains(name) || !simd::toJsonValue(value, kept, 0))
                return false;
            f.m.extra.insert(name, kept);
            continue;
        }
        const quint64 bit = 1ull << int(it->second);
        if ((seen & bit) != 0 || !readMemoryField(it->second, value, f))
            return false;
        seen |= bit;
    }
    // Required text present (a null reads as absent and leaves it empty).
    if ((seen & kRequired) != kRequired || f.m.id.isEmpty() || f.m.content.isEmpty() || f.m.category.isEmpty())
        return false;
    if (!settle(f, options))
        return false;
    out = std::move(f.m);
    return true;
}

/// associationFromJson: a, b, weight (required), type, createdAt; other members ignored.
bool readAssociation(od::value &entry, Association &a, SharedWords &words)
{
    od::object object;
    if (entry.get_object().get(object))
        return false;
    std::optional<double> weight;
    static const std::string_view names[] = { "a", "b", "weight", "type", "createdAt" };
    const bool read = readKnownMembers(object, names, [&](int index, od::value &value) {
        return index == 0 ? readRequired(value, 256, words, a.a) // a run of links from one memory
            : index == 1  ? readRequired(value, 256, a.b)
            : index == 2  ? readNumber(value, 0.0, 1.0, weight)
            : index == 3  ? readRequired(value, 64, words, a.type)
                          : readInstant(value, a.createdAt);
    });
    if (!read)
        return false;
    if (!weight || a.a.isEmpty() || a.b.isEmpty() || a.type.isEmpty() || a.a == a.b)
        return false;
    a.weight = *weight;
    const auto [x, y] = orderedPair(a.a, a.b);
    a.a = x;
    a.b = y;
    return true;
}

/// eventFromJson: id, memoryId, kind, actor, at (required), payload; other members ignored.
bool readEvent(od::value &entry, Event &e, SharedWords &words)
{
    od::object object;
    if (entry.get_object().get(object))
        return false;
    std::optional<qint64> id;
    std::optional<QString> actor;
    static const std::string_view names[] = { "id", "memoryId", "kind", "actor", "at", "payload" };
    const bool read = readKnownMembers(object, names, [&](int index, od::value &value) {
        return index == 0 ? readInteger(value, 0, std::numeric_limits<qint64>::max() / 2, id)
            : index == 1  ? readRequired(value, 256, words, e.memoryId) // a memory's history in a run
            : index == 2  ? readRequired(value, 64, words, e.kind)
            : index == 3  ? readOptionalString(value, 64, words, actor)
            : index == 4  ? readInstant(value, e.at)
                          : readContainer(value, e.payload);
    });
    if (!read)
        return false;
    if (e.memoryId.isEmpty() || e.kind.isEmpty() || e.at == 0)
        return false;
    e.id = id.value_or(0);
    if (actor) // string("actor", 64, "user"): absent or null gives "user", "" stays ""
        e.actor = *actor;
    return true;
}

/// The items of a list one pass reads: [from, to) of each hundred of its count, the rest
/// skipped unread (the other pass reads them). Both passes count the list the same way.
struct Share
{
    std::size_t from = 0, to = 100;
    static constexpr std::size_t kWhole = 100;
};

/// One of the lists: null or absent is empty; items read by readOne, those of `share`.
template <typename T, typename ReadOne>
bool readList(od::value &v, std::vector<T> &out, ReadOne readOne, Share share = {})
{
    od::json_type type;
    if (v.type().get(type))
        return false;
    if (type == od::json_type::null)
        return simd::isNull(v);
    od::array items;
    if (type != od::json_type::array || v.get_array().get(items))
        return false;
    // Counted first (a walk over the first stage's index): the list is allocated once, not
    // grown and moved a dozen times over half a million links.
    std::size_t count = 0;
    if (items.count_elements().get(count))
        return false;
    // The pass that reads the first share keeps the list, and makes room for the rest.
    const std::size_t first = count * share.from / Share::kWhole;
    const std::size_t end = count * share.to / Share::kWhole;
    out.reserve(out.size() + (first == 0 ? count : end - first));
    std::size_t index = 0;
    for (auto itemResult : items) {
        if (index < first || index >= end) {
            ++index; // left to the other pass: skipped at the next step
            continue;
        }
        ++index;
        od::value item;
        T row;
        if (std::move(itemResult).get(item) || !readOne(item, row))
            return false;
        out.push_back(std::move(row));
    }
    return true;
}

/// conflictFromJson itself, on the few conflicts a set holds.
bool readConflict(od::value &entry, const QString &fileName, std::size_t index, Conflict &out)
{
    QJsonValue value;
    if (!simd::toJsonValue(entry, value, 0) || !value.isObject())
        return false;
    auto parsed = conflictFromJson(
        value.toObject(), QStringLiteral("%1: conflict %2").arg(fileName, QString::number(index)));
    if (!parsed)
        return false;
    out = std::move(*parsed);
    return true;
}

bool uniqueIds(const std::vector<Memory> &memories)
{
    QSet<QString> seen;
    seen.reserve(qsizetype(memories.size()));
    for (const Memory &m : memories) {
        if (seen.contains(m.id))
            return false;
        seen.insert(m.id);
    }
    return true;
}

enum class Top : int { Format, Version, ExportedAt, Profile, Seal, Memories, Associations, Events, Conflicts, Count };

/// What a pass over the document reads: all of it, or (two passes on two cores) the memories
/// and the last events, or the rest: the links, conflicts and first events. A list a pass
/// leaves is skipped unread: the other pass reads it, and the read is taken only when both
/// passes accept the document.
enum class Part { All, Memories, Others };

/// The hundredths of the events the Others pass reads: the memories pass reads the rest, so
/// that both take about as long (docs/performance.md, import_100k_s).
constexpr std::size_t kEventsReadWithTheLinks = 60;

bool inPart(Top key, Part part)
{
    const bool others = key == Top::Associations || key == Top::Conflicts;
    return part == Part::All || key == Top::Events || (part == Part::Others ? key != Top::Memories : !others);
}

Share eventShare(Part part)
{
    switch (part) {
    case Part::Memories: return Share { kEventsReadWithTheLinks, Share::kWhole };
    case Part::Others: return Share { 0, kEventsReadWithTheLinks };
    case Part::All: break;
    }
    return {};
}

/// One member of the document.
bool readTopField(Top key, od::value &v, const QString &fileName, const MemoryParseOptions &options,
    MemorySet &set, std::optional<QString> &format, std::optional<qint64> &version, Part part)
{
    if (!inPart(key, part))
        return true;
    switch (key) {
    case Top::Format: return readOptionalString(v, 64, format);
    case Top::Version: return readInteger(v, 1, 1000000, version);
    case Top::ExportedAt: return readInstant(v, set.exportedAt);
    case Top::Profile: return readString(v, 64, set.profile);
    case Top::Seal: return simd::isNull(v); // sealed level-3 entries: the Qt reader
    case Top::Memories:
        return !simd::isNullValue(v) && readList(v, set.memories, [&](od::value &item, Memory &m) {
            return readMemory(item, options, m);
        });
    case Top::Associations: {
        SharedWords words;
        return readList(v, set.associations, [&](od::value &item, Association &a) {
            return readAssociation(item, a, words);
        });
    }
    case Top::Events: {
        SharedWords words;
        return readList(v, set.events, [&](od::value &item, Event &e) { return readEvent(item, e, words); },
                        eventShare(part));
    }
    case Top::Conflicts:
        return readList(v, set.conflicts, [&](od::value &item, Conflict &c) {
            return readConflict(item, fileName, set.conflicts.size(), c);
        });
    case Top::Count: break;
    }
    return false;
}

bool readDocument(od::document &doc, const QString &fileName, const MemoryParseOptions &options, MemorySet &set,
    Part part)
{
    od::object top;
    if (doc.get_object().get(top))
        return false;
    static const std::string_view names[] = { "format", "version", "exportedAt", "profile", "seal", "memories",
        "associations", "events", "conflicts" };
    static_assert(std::size(names) == size_t(Top::Count));
    std::optional<QString> format;
    std::optional<qint64> version;
    unsigned seen = 0;
    const bool read = readKnownMembers(
        top, names,
        [&](int index, od::value &value) {
            return readTopField(Top(index), value, fileName, options, set, format, version, part);
        },
        1, &seen);
    if (!read)
        return false;
    // Nothing after the object: at the end, the location is out of bounds.
    const char *after = nullptr;
    const bool atEnd = doc.current_location().get(after) == simdjson::OUT_OF_BOUNDS;
    return atEnd && format && MemorySet::isKnownFormat(*format) && version && *version <= MemorySet::kVersion
        && (seen & (1u << int(Top::Memories))) != 0 && (part == Part::Others || uniqueIds(set.memories));
}

/// One pass over the document (a parser of its own: two passes may run at once).
bool readPass(simdjson::padded_string_view view, const QString &fileName, const MemoryParseOptions &options,
    MemorySet &set, Part part)
{
    od::parser parser;
    od::document doc;
    return !parser.iterate(view).get(doc) && readDocument(doc, fileName, options, set, part);
}

} // namespace

std::optional<MemorySet> MemorySetFastJson::read(
    const QByteArray &data, const QString &fileName, const MemoryParseOptions &options)
{
    // The Qt reader's notes (guessed createdAt) and a fallback createdAt are not handled here.
    if (options.fallbackCreatedAt != 0 || data.startsWith("\xEF\xBB\xBF"))
        return std::nullopt;
    // Bytes read with spare capacity after them (readBoundedFile) are parsed in place; others
    // are copied into a padded buffer first.
    static_assert(std::size_t(kReadSpareBytes) >= simdjson::SIMDJSON_PADDING);
    std::optional<simdjson::padded_string> copy;
    simdjson::padded_string_view view;
    if (data.capacity() - data.size() >= qsizetype(simdjson::SIMDJSON_PADDING)) {
        view = simdjson::padded_string_view(data.constData(), size_t(data.size()), size_t(data.capacity()));
    } else {
        copy.emplace(data.constData(), size_t(data.size()));
        view = *copy;
    }
    MemorySet set;
    set.sourceName = fileName;
    // A large set is read in two passes at once, on two cores: this one reads the memories
    // and the last events, a second the links, conflicts and first events (each finds its
    // place in the document with simdjson's first stage over the whole of it). Each validates
    // what it reads.
    constexpr qsizetype kTwoPassesFrom = 4 * 1024 * 1024;
    if (data.size() < kTwoPassesFrom || std::thread::hardware_concurrency() < 2) {
        if (!readPass(view, fileName, options, set, Part::All))
            return std::nullopt;
    } else {
        MemorySet others;
        bool othersRead = false;
        {
            std::jthread second([&] { othersRead = readPass(view, fileName, options, others, Part::Others); });
            if (!readPass(view, fileName, options, set, Part::Memories))
                return std::nullopt;
        }
        if (!othersRead)
            return std::nullopt;
        set.associations = std::move(others.associations);
        // The first events, then the last (the Others pass made room for them).
        others.events.insert(others.events.end(), std::make_move_iterator(set.events.begin()),
                             std::make_move_iterator(set.events.end()));
        set.events = std::move(others.events);
        set.conflicts = std::move(others.conflicts);
    }
    ++g_documentsRead;
    return set;
}

quint64 MemorySetFastJson::documentsRead()
{
    return g_documentsRead.load();
}

} // namespace recollector::core::io
