#include "LocomoTime.h"

#include <QDateTime>
#include <QLocale>
#include <QTimeZone>

namespace recollector::bench {

core::Millis locomoSessionTime(const QString &text)
{
    QString t = text.simplified();
    t.replace(QStringLiteral("am "), QStringLiteral("AM ")).replace(QStringLiteral("pm "), QStringLiteral("PM "));
    QDateTime at = QLocale::c().toDateTime(t, QStringLiteral("h:mm AP 'on' d MMMM, yyyy"));
    at.setTimeZone(QTimeZone::utc());
    return at.isValid() ? at.toMSecsSinceEpoch() : 0;
}

} // namespace recollector::bench
