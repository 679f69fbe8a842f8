#pragma once

// The member readers of the simdjson reader (MemorySetFastJson): each reads one On-Demand
// value as JsonFieldReader reads the Qt value, and returns false for anything it would not
// read exactly as the Qt reader does (the caller then hands the document over).
// Only for core/io's .cpp files, like SimdJsonValue.h.

#include "io/SimdJsonValue.h"
#include "model/Time.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <optional>
#include <string_view>
#include <string>
#include <type_traits>
#include <vector>

namespace recollector::core::io::simd {

namespace od = simdjson::ondemand;

/// JsonFieldReader::string: null is absent; text up to maxChars (a number: handed over).
bool readString(od::value &v, int maxChars, QString &out);

/// readString with the difference between absent (or null) and "" kept.
bool readOptionalString(od::value &v, int maxChars, std::optional<QString> &out);

/// JsonFieldReader::requiredString: present, within maxChars and not blank.
bool readRequired(od::value &v, int maxChars, QString &out);

/// Short texts a list repeats (a link's type, an event's kind and actor, a link's first end
/// over the run of links from one memory), each made a QString once and then shared: half a
/// million links name five types, and each was an allocation of its own. Keeps the last
/// kMaxWords distinct texts it saw; one per pass (not shared between threads).
class SharedWords
{
public:
    QString get(std::string_view utf8);

private:
    static constexpr std::size_t kMaxWords = 16;
    struct Word
    {
        std::string utf8;
        QString text;
    };
    std::vector<Word> m_words; ///< most recently seen first
};

/// readRequired for a text `words` may already hold.
bool readRequired(od::value &v, int maxChars, SharedWords &words, QString &out);

/// readOptionalString for a text `words` may already hold.
bool readOptionalString(od::value &v, int maxChars, SharedWords &words, std::optional<QString> &out);

/// A number as QJsonValue::toDouble gives it; nullopt for null.
bool readDouble(od::value &v, std::optional<double> &out);

/// JsonFieldReader::number: in [min, max]; nullopt when absent.
bool readNumber(od::value &v, double min, double max, std::optional<double> &out);

/// JsonFieldReader::integer for an integer literal in [min, max] (anything else: handed over).
bool readInteger(od::value &v, qint64 min, qint64 max, std::optional<qint64> &out);

bool readBool(od::value &v, bool &out);

/// JsonFieldReader::instant: an ISO-8601 string (time::fromIso) or whole milliseconds; 0 = absent.
bool readInstant(od::value &v, Millis &out);

/// JsonFieldReader::stringList: an array of strings, each within maxItemChars; `present`
/// false when absent (the caller keeps its fallback).
bool readStringList(od::value &v, int maxItemChars, QStringList &out, bool &present);

/// An array (correctionHistory) or object (payload) value; absent = empty.
template <typename T>
bool readContainer(od::value &v, T &out)
{
    QJsonValue value;
    if (!simd::toJsonValue(v, value, 0))
        return false;
    if (value.isNull())
        return true;
    if constexpr (std::is_same_v<T, QJsonArray>) {
        if (!value.isArray())
            return false;
        out = value.toArray();
    } else {
        if (!value.isObject())
            return false;
        out = value.toObject();
    }
    return true;
}

/// Walks an object's members: a member named in `names` goes, once, to `read(index, value)`;
/// any other member is read through and dropped (the Qt reader ignores it, but it must be
/// valid JSON: On-Demand does not check what it skips). False on a repeated known name, an
/// invalid member, or when `read` says no. `depth` is the object's nesting depth, for the
/// members read through; `seenOut` gets the bits of the names met.
template <std::size_t N, typename Read>
bool readKnownMembers(od::object &object, const std::string_view (&names)[N], Read read, int depth = 0,
                      unsigned *seenOut = nullptr)
{
    static_assert(N <= 32);
    unsigned seen = 0;
    for (auto fieldResult : object) {
        od::field field;
        std::string_view key;
        if (std::move(fieldResult).get(field) || !simd::memberName(field, key))
            return false;
        od::value value = field.value();
        std::size_t index = 0;
        while (index < N && names[index] != key)
            ++index;
        if (index == N) {
            QJsonValue ignored;
            if (!simd::toJsonValue(value, ignored, depth))
                return false;
            continue;
        }
        if (seen & (1u << index))
            return false;
        seen |= 1u << index;
        if (!read(int(index), value))
            return false;
    }
    if (seenOut)
        *seenOut = seen;
    return true;
}

} // namespace recollector::core::io::simd
