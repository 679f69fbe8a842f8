#include "model/JsonFieldReader.h"

#include "model/TextRules.h"

#include <QLocale>
#include <QVariant>

#include <cmath>

namespace recollector::core::io {

namespace {
// Numbers are shown without a trailing ".0" and strings clipped, so the message stays one line.
QString clip(const QString &text)
{
    constexpr int kShown = 40;
    QString shown = text.left(kShown);
    shown.replace(QLatin1Char('\n'), QLatin1Char(' ')).replace(QLatin1Char('\r'), QLatin1Char(' '));
    return text.size() > kShown ? shown + QStringLiteral("…") : shown;
}
// Exactly, in plain digits: integers are ids as often as amounts (1732300000123 is a
// millisecond id; "1.7323e+12" would merge neighbours and is no file name).
QString numberText(double d)
{
    constexpr double kExactIntegers = 9007199254740992.0; // 2^53: every integer up to it is a double
    if (std::isfinite(d) && d == std::floor(d) && std::abs(d) <= kExactIntegers)
        return QString::number(qint64(d));
    if (!std::isfinite(d))
        return QString::number(d);
    // Larger integers and fractions: the shortest digits that read back as the same double,
    // without an exponent.
    return QString::number(d, 'f', QLocale::FloatingPointShortest);
}

// A number in a message: exact, unless that takes more than a line's worth of digits.
QString shownNumber(double d)
{
    const QString exact = numberText(d);
    return exact.size() <= 40 ? exact : QString::number(d, 'g', QLocale::FloatingPointShortest);
}

// A JSON number as text. Qt keeps an integer literal that fits in 64 bits as an integer, so
// a 19-digit id comes back exactly as its source text.
QString numberText(const QJsonValue &v)
{
    if (v.toVariant().typeId() == QMetaType::LongLong)
        return QString::number(v.toInteger());
    return numberText(v.toDouble());
}
} // namespace

QString JsonFieldReader::describe(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("boolean true") : QStringLiteral("boolean false");
    case QJsonValue::Double:
        return QStringLiteral("number %1")
            .arg(v.toVariant().typeId() == QMetaType::LongLong ? numberText(v) : shownNumber(v.toDouble()));
    case QJsonValue::String:
        if (v.toString().size() > 200)
            return QStringLiteral("a string of %1 characters").arg(v.toString().size());
        return QStringLiteral("string \"%1\"").arg(clip(v.toString()));
    case QJsonValue::Array:
        return QStringLiteral("array");
    case QJsonValue::Object:
        return QStringLiteral("object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

QJsonValue JsonFieldReader::value(const QString &key) const
{
    return m_object.value(key);
}

bool JsonFieldReader::has(const QString &key) const
{
    const QJsonValue v = value(key);
    return !v.isUndefined() && !v.isNull();
}

void JsonFieldReader::fail(const QString &key, const QString &problem, Error::Code code)
{
    if (m_error)
        return;
    m_error
        = Error::make(code, QStringLiteral("%1: field \"%2%3\": %4").arg(m_where, m_keyPrefix, key, problem));
}

void JsonFieldReader::failObject(const QString &problem, Error::Code code)
{
    if (m_error)
        return;
    m_error = Error::make(code, QStringLiteral("%1: %2").arg(m_where, problem));
}

void JsonFieldReader::typeError(const QString &key, const char *expected, const QJsonValue &got)
{
    fail(key, QStringLiteral("expected %1, got %2").arg(QLatin1String(expected), describe(got)));
}

QString JsonFieldReader::requiredString(const QString &key, int maxChars)
{
    if (m_error)
        return {};
    if (!has(key)) {
        fail(key, QStringLiteral("is missing (required)"));
        return {};
    }
    const QString s = string(key, maxChars);
    if (!m_error && s.trimmed().isEmpty())
        fail(key, QStringLiteral("is empty (required)"));
    return s;
}

QString JsonFieldReader::string(const QString &key, int maxChars, const QString &fallback)
{
    if (m_error || !has(key))
        return fallback;
    const QJsonValue v = value(key);
    QString s;
    if (v.isString()) {
        s = v.toString();
    } else if (v.isDouble()) {
        s = numberText(v);
    } else {
        typeError(key, "a string", v);
        return fallback;
    }
    if (s.size() > maxChars) {
        fail(key,
            QStringLiteral("text of %1 characters is longer than the %2-character limit")
                .arg(s.size())
                .arg(maxChars));
        return fallback;
    }
    // Text in = text out (model/TextRules.h): a NUL is refused, a lone surrogate repaired.
    if (const QString problem = text_rules::problem(s); !problem.isEmpty()) {
        fail(key, problem);
        return fallback;
    }
    text_rules::repairSurrogates(s);
    return s;
}

std::optional<double> JsonFieldReader::number(const QString &key, double min, double max)
{
    if (m_error || !has(key))
        return std::nullopt;
    const QJsonValue v = value(key);
    if (!v.isDouble()) {
        typeError(key, "a number", v);
        return std::nullopt;
    }
    const double d = v.toDouble();
    if (!std::isfinite(d) || d < min || d > max) {
        fail(key,
            QStringLiteral("%1 is out of range %2..%3")
                .arg(shownNumber(d), shownNumber(min), shownNumber(max)));
        return std::nullopt;
    }
    return d;
}

std::optional<qint64> JsonFieldReader::integer(const QString &key, qint64 min, qint64 max)
{
    if (m_error || !has(key))
        return std::nullopt;
    const QJsonValue v = value(key);
    if (!v.isDouble()) {
        typeError(key, "a whole number", v);
        return std::nullopt;
    }
    if (v.toVariant().typeId() == QMetaType::LongLong) { // exact, past 2^53 too
        const qint64 n = v.toInteger();
        if (n < min || n > max) {
            fail(key,
                QStringLiteral("%1 is out of range %2..%3")
                    .arg(QString::number(n), QString::number(min), QString::number(max)));
            return std::nullopt;
        }
        return n;
    }
    const double d = v.toDouble();
    if (!std::isfinite(d) || d != std::floor(d)) {
        fail(key, QStringLiteral("expected a whole number, got %1").arg(shownNumber(d)));
        return std::nullopt;
    }
    // Compared as doubles, then converted only when safely inside qint64.
    if (d < double(min) || d > double(max) || std::abs(d) >= 9223372036854775808.0) {
        fail(key,
            QStringLiteral("%1 is out of range %2..%3")
                .arg(shownNumber(d), QString::number(min), QString::number(max)));
        return std::nullopt;
    }
    const qint64 n = qint64(d);
    if (n < min || n > max) {
        fail(key,
            QStringLiteral("%1 is out of range %2..%3")
                .arg(shownNumber(d), QString::number(min), QString::number(max)));
        return std::nullopt;
    }
    return n;
}

bool JsonFieldReader::boolean(const QString &key, bool fallback)
{
    if (m_error || !has(key))
        return fallback;
    const QJsonValue v = value(key);
    if (!v.isBool()) {
        typeError(key, "true or false", v);
        return fallback;
    }
    return v.toBool();
}

Millis JsonFieldReader::instant(const QString &key)
{
    if (m_error || !has(key))
        return 0;
    const QJsonValue v = value(key);
    if (v.isDouble()) {
        // Milliseconds since the epoch, as JavaScript's Date.now() writes them.
        const double d = v.toDouble();
        if (!std::isfinite(d) || d <= 0 || d > 253402300799999.0 || d != std::floor(d)) {
            fail(key,
                QStringLiteral("%1 is not a date (expected ISO-8601 or milliseconds since 1970)")
                    .arg(shownNumber(d)));
            return 0;
        }
        return Millis(d);
    }
    if (!v.isString()) {
        typeError(key, "an ISO-8601 date string", v);
        return 0;
    }
    const auto ms = time::fromIso(v.toString());
    if (!ms) {
        fail(key, QStringLiteral("\"%1\" is not an ISO-8601 date").arg(clip(v.toString())));
        return 0;
    }
    return *ms;
}

bool JsonFieldReader::instantRequired(const QString &key, Millis &out)
{
    if (m_error)
        return false;
    if (!has(key)) {
        fail(key, QStringLiteral("is missing (required)"));
        return false;
    }
    out = instant(key);
    return !m_error;
}

QStringList JsonFieldReader::stringList(const QString &key, int maxItemChars, const QStringList &fallback)
{
    if (m_error || !has(key))
        return fallback;
    const QJsonValue v = value(key);
    if (!v.isArray()) {
        typeError(key, "an array of strings", v);
        return fallback;
    }
    const QJsonArray a = v.toArray();
    if (a.size() > limits::kMaxListItems) {
        fail(key,
            QStringLiteral("%1 items is more than the %2-item limit")
                .arg(a.size())
                .arg(limits::kMaxListItems));
        return fallback;
    }
    QStringList out;
    out.reserve(a.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QJsonValue item = a.at(i);
        if (!item.isString()) {
            fail(key, QStringLiteral("item %1: expected a string, got %2").arg(i).arg(describe(item)));
            return fallback;
        }
        if (item.toString().size() > maxItemChars) {
            fail(key,
                QStringLiteral("item %1: text of %2 characters is longer than the %3-character limit")
                    .arg(i)
                    .arg(item.toString().size())
                    .arg(maxItemChars));
            return fallback;
        }
        QString text = item.toString();
        if (const QString problem = text_rules::problem(text); !problem.isEmpty()) {
            fail(key, QStringLiteral("item %1: %2").arg(i).arg(problem));
            return fallback;
        }
        text_rules::repairSurrogates(text);
        out.append(std::move(text));
    }
    return out;
}

QJsonArray JsonFieldReader::array(const QString &key)
{
    if (m_error || !has(key))
        return {};
    const QJsonValue v = value(key);
    if (!v.isArray()) {
        typeError(key, "an array", v);
        return {};
    }
    return v.toArray();
}

QJsonObject JsonFieldReader::object(const QString &key)
{
    if (m_error || !has(key))
        return {};
    const QJsonValue v = value(key);
    if (!v.isObject()) {
        typeError(key, "an object", v);
        return {};
    }
    return v.toObject();
}

} // namespace recollector::core::io
