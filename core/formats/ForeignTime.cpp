#include "formats/ForeignTime.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QTimeZone>

namespace recollector::core::io::formats {

std::optional<Millis> foreignInstant(const QString &text)
{
    static const QRegularExpression kIso(QStringLiteral(
        R"(^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:?\d\d)?$)"));
    const auto m = kIso.match(text.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    QDateTime dt = QDateTime::fromString(m.captured(1) + QLatin1Char('T') + m.captured(2), Qt::ISODate);
    if (!dt.isValid())
        return std::nullopt;
    dt.setTimeZone(QTimeZone::utc());
    Millis ms = dt.toMSecsSinceEpoch();
    if (const QString fraction = m.captured(3); !fraction.isEmpty())
        ms += (fraction + QStringLiteral("00")).left(3).toLongLong();
    const QString zone = m.captured(4);
    if (!zone.isEmpty() && zone != QLatin1String("Z")) {
        QString digits = zone.mid(1);
        digits.remove(QLatin1Char(':'));
        const Millis offset = (digits.left(2).toLongLong() * 60 + digits.mid(2, 2).toLongLong()) * 60 * 1000;
        ms += zone.startsWith(QLatin1Char('+')) ? -offset : offset;
    }
    return ms;
}

} // namespace recollector::core::io::formats
