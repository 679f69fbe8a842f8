#include "io/SimdJsonFields.h"

#include "model/InputLimits.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace recollector::core::io::simd {

namespace {

// ED A0..BF: a UTF-16 surrogate encoded as UTF-8 (ED 80..9F is Hangul, kept on this path).
bool holdsSurrogateBytes(std::string_view s)
{
    for (std::size_t at = s.find('\xED'); at != std::string_view::npos; at = s.find('\xED', at + 1)) {
        if (at + 1 < s.size() && static_cast<unsigned char>(s[at + 1]) >= 0xA0)
            return true;
    }
    return false;
}

// readString's reading, with the text made by `toText` (a fresh QString or a shared one).
template <typename ToText>
bool readStringWith(od::value &v, int maxChars, QString &out, ToText toText)
{
    od::json_type type;
    if (v.type().get(type))
        return false;
    if (type == od::json_type::null)
        return simd::isNull(v);
    std::string_view s;
    if (type != od::json_type::string || !simd::text(v, s))
        return false;
    // A NUL or a lone surrogate's bytes: the Qt reader applies the one rule for text
    // (model/TextRules.h) and names the field.
    if (s.find('\0') != std::string_view::npos || holdsSurrogateBytes(s))
        return false;
    out = toText(s);
    return out.size() <= maxChars;
}

// readStringWith with the difference between absent (or null) and "" kept.
template <typename ToText>
bool readOptionalWith(od::value &v, int maxChars, std::optional<QString> &out, ToText toText)
{
    od::json_type type;
    if (v.type().get(type))
        return false;
    if (type == od::json_type::null)
        return simd::isNull(v);
    QString text;
    if (!readStringWith(v, maxChars, text, toText))
        return false;
    out = std::move(text);
    return true;
}

} // namespace

/// JsonFieldReader::string: null is absent; text up to maxChars (a number: handed over).
bool readString(od::value &v, int maxChars, QString &out)
{
    return readStringWith(v, maxChars, out, toQString);
}

QString SharedWords::get(std::string_view utf8)
{
    for (auto word = m_words.begin(); word != m_words.end(); ++word) {
        if (word->utf8 == utf8) {
            if (word != m_words.begin())
                std::rotate(m_words.begin(), word, word + 1); // most recent first
            return m_words.front().text;
        }
    }
    if (m_words.size() == kMaxWords)
        m_words.pop_back();
    m_words.insert(m_words.begin(), Word { std::string(utf8), toQString(utf8) });
    return m_words.front().text;
}

bool readRequired(od::value &v, int maxChars, SharedWords &words, QString &out)
{
    return readStringWith(v, maxChars, out, [&](std::string_view s) { return words.get(s); })
        && !out.trimmed().isEmpty();
}

bool readOptionalString(od::value &v, int maxChars, SharedWords &words, std::optional<QString> &out)
{
    return readOptionalWith(v, maxChars, out, [&](std::string_view s) { return words.get(s); });
}

/// readString with the difference between absent (or null) and "" kept.
bool readOptionalString(od::value &v, int maxChars, std::optional<QString> &out)
{
    return readOptionalWith(v, maxChars, out, toQString);
}

/// JsonFieldReader::requiredString: present, within maxChars and not blank.
bool readRequired(od::value &v, int maxChars, QString &out)
{
    return readString(v, maxChars, out) && !out.trimmed().isEmpty();
}

/// A number as QJsonValue::toDouble gives it; nullopt for null.
bool readDouble(od::value &v, std::optional<double> &out)
{
    od::json_type type;
    if (v.type().get(type))
        return false;
    if (type == od::json_type::null)
        return simd::isNull(v);
    if (type != od::json_type::number)
        return false;
    QJsonValue number;
    if (!simd::readNumber(v, number))
        return false;
    out = number.toDouble();
    return true;
}

/// JsonFieldReader::number: in [min, max]; nullopt when absent.
bool readNumber(od::value &v, double min, double max, std::optional<double> &out)
{
    if (!readDouble(v, out))
        return false;
    return !out || (std::isfinite(*out) && *out >= min && *out <= max);
}

/// JsonFieldReader::integer for an integer literal in [min, max] (anything else: handed over).
bool readInteger(od::value &v, qint64 min, qint64 max, std::optional<qint64> &out)
{
    od::json_type type;
    if (v.type().get(type))
        return false;
    if (type == od::json_type::null)
        return simd::isNull(v);
    od::number n;
    if (type != od::json_type::number || v.get_number().get(n) || n.get_number_type() != od::number_type::signed_integer)
        return false;
    out = n.get_int64();
    return *out >= min && *out <= max;
}

bool readBool(od::value &v, bool &out)
{
    od::json_type type;
    if (v.type().get(type))
        return false;
    if (type == od::json_type::null)
        return simd::isNull(v);
    return type == od::json_type::boolean && !v.get_bool().get(out);
}

/// JsonFieldReader::instant: an ISO-8601 string (time::fromIso) or whole milliseconds; 0 = absent.
bool readInstant(od::value &v, Millis &out)
{
    od::json_type type;
    if (v.type().get(type))
        return false;
    if (type == od::json_type::null)
        return simd::isNull(v);
    if (type == od::json_type::string) {
        std::string_view s;
        if (!simd::text(v, s))
            return false;
        auto ms = time::fromExactIso(s);
        if (!ms)
            ms = time::fromIso(toQString(s));
        if (!ms)
            return false;
        out = *ms;
        return true;
    }
    std::optional<double> d;
    if (!readDouble(v, d) || !d)
        return false;
    if (!std::isfinite(*d) || *d <= 0 || *d > 253402300799999.0 || *d != std::floor(*d))
        return false;
    out = Millis(*d);
    return true;
}

/// JsonFieldReader::stringList: an array of strings, each within maxItemChars; `present`
/// false when absent (the caller keeps its fallback).
bool readStringList(od::value &v, int maxItemChars, QStringList &out, bool &present)
{
    od::json_type type;
    if (v.type().get(type))
        return false;
    present = type != od::json_type::null;
    if (!present)
        return simd::isNull(v);
    od::array items;
    if (type != od::json_type::array || v.get_array().get(items))
        return false;
    out.clear();
    for (auto itemResult : items) {
        od::value item;
        std::string_view s;
        if (std::move(itemResult).get(item) || !simd::text(item, s) || out.size() >= limits::kMaxListItems)
            return false;
        out.append(toQString(s));
        if (out.last().size() > maxItemChars)
            return false;
    }
    return true;
}

} // namespace recollector::core::io::simd
