#pragma once

#include "model/InputLimits.h"
#include "model/Result.h"
#include "model/Time.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace recollector::core::io {

/// Reads typed fields out of one JSON object and turns the first problem into an Error whose
/// one-line message names where the object came from and the field, e.g.
/// `memories.json: entry 3 (id "a1b2c3d4"): field "confidence": expected a number, got string "high"`.
/// After the first error every further read returns its fallback, so a parser reads all its
/// fields in a row and checks failed() once. A JSON null counts as "absent".
class JsonFieldReader final
{
public:
    /// `keyPrefix` names a nested object's fields in messages, e.g. "source." → "source.type".
    JsonFieldReader(const QJsonObject &object, QString where, QString keyPrefix = {})
        : m_object(object)
        , m_where(std::move(where))
        , m_keyPrefix(std::move(keyPrefix))
    {
    }

    /// Context for later messages, e.g. once the id is known: `entry 3 (id "x")`.
    void setWhere(QString where) { m_where = std::move(where); }
    const QString &where() const { return m_where; }

    bool has(const QString &key) const;
    bool failed() const { return m_error.has_value(); }
    const Error &error() const { return *m_error; }

    /// A non-empty string no longer than `maxChars`; missing or empty is an error.
    QString requiredString(const QString &key, int maxChars);
    /// A string (empty allowed) or `fallback` when absent. Numbers are accepted and written
    /// as text, since agents sometimes write numeric task or chat ids.
    QString string(const QString &key, int maxChars, const QString &fallback = {});
    std::optional<double> number(const QString &key, double min, double max);
    double number(const QString &key, double min, double max, double fallback)
    {
        return number(key, min, max).value_or(fallback);
    }
    /// An integral number in [min, max].
    std::optional<qint64> integer(const QString &key, qint64 min, qint64 max);
    bool boolean(const QString &key, bool fallback);
    /// An ISO-8601 instant (or a number of milliseconds since the epoch); 0 when absent.
    Millis instant(const QString &key);
    bool instantRequired(const QString &key, Millis &out);
    QStringList stringList(const QString &key, int maxItemChars, const QStringList &fallback = {});
    QJsonArray array(const QString &key);
    QJsonObject object(const QString &key);

    /// Records a problem with `key` (first one wins), e.g. "is out of range 0..1".
    void fail(const QString &key, const QString &problem, Error::Code code = Error::Code::Validation);
    /// Takes over a nested reader's error, if it has one and this reader has none yet.
    void takeError(const JsonFieldReader &nested)
    {
        if (!m_error && nested.m_error)
            m_error = nested.m_error;
    }
    /// Records a problem with the object as a whole.
    void failObject(const QString &problem, Error::Code code = Error::Code::Validation);

    /// "string \"high\"", "number 3", "array", ...: what a value is, for messages.
    static QString describe(const QJsonValue &value);

private:
    QJsonValue value(const QString &key) const;
    void typeError(const QString &key, const char *expected, const QJsonValue &got);

    const QJsonObject &m_object;
    QString m_where;
    QString m_keyPrefix;
    std::optional<Error> m_error;
};

} // namespace recollector::core::io
