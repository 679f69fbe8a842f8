#include "io/SimdJsonValue.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace recollector::core::io::simd {

namespace od = simdjson::ondemand;

namespace {
// Well inside the 1,024 levels both parsers allow, so no document is refused by one only.
constexpr int kMaxDepth = 256;
} // namespace

bool isNull(od::value &value)
{
    bool null = false;
    return !value.is_null().get(null) && null;
}

bool isNullValue(od::value &value)
{
    od::json_type type;
    return value.type().get(type) || type == od::json_type::null;
}

bool readNumber(od::value &value, QJsonValue &out)
{
    od::number n;
    if (value.get_number().get(n))
        return false;
    switch (n.get_number_type()) {
    case od::number_type::signed_integer:
        out = QJsonValue(qint64(n.get_int64()));
        return true;
    case od::number_type::unsigned_integer:
        // Past qint64: the Qt reader reads it as a double, the nearest one as here.
        out = QJsonValue(double(n.get_uint64()));
        return true;
    case od::number_type::floating_point_number: {
        const double d = n.get_double();
        // Underflow is where parsers differ (an error, zero, or a subnormal).
        if (!std::isfinite(d) || d == 0 || std::fpclassify(d) == FP_SUBNORMAL)
            return false;
        out = QJsonValue(d);
        return true;
    }
    }
    return false;
}

namespace {

bool toArray(od::value &value, QJsonValue &out, int depth)
{
    od::array items;
    if (value.get_array().get(items))
        return false;
    QJsonArray array;
    for (auto itemResult : items) {
        od::value item;
        QJsonValue converted;
        if (std::move(itemResult).get(item) || !toJsonValue(item, converted, depth + 1))
            return false;
        array.append(converted);
    }
    out = array;
    return true;
}

bool toObject(od::value &value, QJsonValue &out, int depth)
{
    od::object members;
    if (value.get_object().get(members))
        return false;
    QJsonObject object;
    for (auto fieldResult : members) {
        od::field field;
        std::string_view key;
        if (std::move(fieldResult).get(field) || !simd::memberName(field, key))
            return false;
        const QString name = toQString(key);
        od::value member = field.value();
        QJsonValue converted;
        if (object.contains(name) || !toJsonValue(member, converted, depth + 1))
            return false;
        object.insert(name, converted);
    }
    out = object;
    return true;
}

} // namespace

bool toJsonValue(od::value &value, QJsonValue &out, int depth)
{
    if (depth > kMaxDepth)
        return false;
    od::json_type type;
    if (value.type().get(type))
        return false;
    switch (type) {
    case od::json_type::array:
        return toArray(value, out, depth);
    case od::json_type::object:
        return toObject(value, out, depth);
    case od::json_type::number:
        return readNumber(value, out);
    case od::json_type::string: {
        std::string_view text;
        if (!simd::text(value, text))
            return false;
        out = QJsonValue(toQString(text));
        return true;
    }
    case od::json_type::boolean: {
        bool b = false;
        if (value.get_bool().get(b))
            return false;
        out = QJsonValue(b);
        return true;
    }
    case od::json_type::null:
        out = QJsonValue(QJsonValue::Null);
        return isNull(value);
    }
    return false;
}

} // namespace recollector::core::io::simd
