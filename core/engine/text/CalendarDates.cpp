#include "engine/text/CalendarDates.h"

#include <QLocale>
#include <QRegularExpression>

namespace recollector::core::text {

namespace {

// The month names and their abbreviations as the C locale (English) writes them, "Sept"
// besides: the one common abbreviation Qt's list lacks.
int monthOf(const QString &word)
{
    const QLocale english = QLocale::c();
    const QString w = word.toLower();
    for (int m = 1; m <= 12; ++m) {
        if (w == english.monthName(m, QLocale::LongFormat).toLower()
            || w == english.monthName(m, QLocale::ShortFormat).toLower())
            return m;
    }
    return w == QLatin1String("sept") ? 9 : 0;
}

void add(QList<QDate> &out, int year, int month, int day)
{
    const QDate d(year, month, day);
    if (d.isValid() && !out.contains(d))
        out << d;
}

struct Match
{
    qsizetype at;
    QDate date;
};

} // namespace

bool isCalendarName(const QString &word)
{
    if (monthOf(word) > 0)
        return true;
    const QLocale english = QLocale::c();
    const QString w = word.toLower();
    for (int d = 1; d <= 7; ++d) {
        if (w == english.dayName(d, QLocale::LongFormat).toLower()
            || w == english.dayName(d, QLocale::ShortFormat).toLower())
            return true;
    }
    return false;
}

QList<QDate> calendarDates(QStringView text)
{
    static const QRegularExpression monthFirst(QStringLiteral("\\b([A-Za-z]{3,9})\\.? (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})\\b"));
    static const QRegularExpression dayFirst(QStringLiteral("\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?([A-Za-z]{3,9})\\.?,? (\\d{4})\\b"));
    static const QRegularExpression iso(QStringLiteral("\\b(\\d{4})-(\\d{2})-(\\d{2})\\b"));
    static const QRegularExpression chinese(QStringLiteral("(\\d{4})\\s*年\\s*(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*[日号]"));
    const QString subject = text.toString();
    std::vector<Match> found;
    auto scan = [&](const QRegularExpression &re, int y, int m, int d, bool named) {
        for (auto it = re.globalMatch(subject); it.hasNext();) {
            const QRegularExpressionMatch hit = it.next();
            const int month = named ? monthOf(hit.captured(m)) : hit.captured(m).toInt();
            const QDate date(hit.captured(y).toInt(), month, hit.captured(d).toInt());
            if (month > 0 && date.isValid())
                found.push_back({hit.capturedStart(), date});
        }
    };
    scan(monthFirst, 3, 1, 2, true);
    scan(dayFirst, 3, 2, 1, true);
    scan(iso, 1, 2, 3, false);
    scan(chinese, 1, 2, 3, false);
    std::stable_sort(found.begin(), found.end(), [](const Match &a, const Match &b) { return a.at < b.at; });
    QList<QDate> out;
    for (const Match &m : found)
        add(out, m.date.year(), m.date.month(), m.date.day());
    return out;
}

} // namespace recollector::core::text
