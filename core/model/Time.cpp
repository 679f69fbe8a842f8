#include "model/Time.h"


namespace engram::core::time {

QString toIso(Millis ms)
{
    if (ms == 0)
        return {};
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

std::optional<Millis> fromIso(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty() || trimmed.size() > 64)
        return std::nullopt;
    QDateTime dt = QDateTime::fromString(trimmed, Qt::ISODateWithMs);
    if (!dt.isValid())
        dt = QDateTime::fromString(trimmed, Qt::ISODate);
    if (!dt.isValid())
        return std::nullopt;
    if (dt.timeSpec() == Qt::LocalTime)
        dt.setTimeSpec(Qt::UTC); // no zone given: the notes mean UTC
    return dt.toMSecsSinceEpoch();
}

Millis nowMs() { return QDateTime::currentMSecsSinceEpoch(); }

} // namespace engram::core::time
