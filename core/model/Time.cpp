#include "model/Time.h"

namespace recollector::core::time {

namespace {

constexpr Millis kMsPerDay = 86400000;

// Days since 1970-01-01 of a proleptic Gregorian date, and back (H. Hinnant's algorithms).
qint64 daysFromCivil(qint64 y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = unsigned(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + qint64(doe) - 719468;
}

void civilFromDays(qint64 z, qint64 &y, unsigned &m, unsigned &d)
{
    z += 719468;
    const qint64 era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = unsigned(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y = qint64(yoe) + era * 400 + (m <= 2);
}

// Millis of the years 1000..9999, where the fixed-width form below is what Qt writes too.
constexpr Millis kFastFrom = -30610224000000;  // 1000-01-01T00:00:00Z
constexpr Millis kFastTo = 253402300800000;    // 10000-01-01T00:00:00Z

} // namespace

namespace {

// "YYYY-MM-DDTHH:MM:SS.mmmZ" into the 24 characters at `p`, the same text as QDateTime's
// Qt::ISODateWithMs in UTC, without its locale and time-zone machinery (an export writes
// millions of these). Only for the years 1000..9999 (kFastFrom <= ms < kFastTo).
template <typename Char>
void writeFixedIso(Char *p, Millis ms)
{
    qint64 days = ms / kMsPerDay;
    Millis rest = ms % kMsPerDay;
    if (rest < 0) {
        rest += kMsPerDay;
        --days;
    }
    qint64 year;
    unsigned month, day;
    civilFromDays(days, year, month, day);
    const auto put = [p](int at, qint64 value, int width) {
        for (int i = width - 1; i >= 0; --i, value /= 10)
            p[at + i] = Char('0' + value % 10);
    };
    put(0, year, 4);
    p[4] = Char('-');
    put(5, month, 2);
    p[7] = Char('-');
    put(8, day, 2);
    p[10] = Char('T');
    put(11, rest / 3600000, 2);
    p[13] = Char(':');
    put(14, rest / 60000 % 60, 2);
    p[16] = Char(':');
    put(17, rest / 1000 % 60, 2);
    p[19] = Char('.');
    put(20, rest % 1000, 3);
    p[23] = Char('Z');
}

} // namespace

QString toIso(Millis ms)
{
    if (ms == 0)
        return {};
    if (ms < kFastFrom || ms >= kFastTo)
        return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
    QString out(24, Qt::Uninitialized);
    writeFixedIso(reinterpret_cast<char16_t *>(out.data()), ms);
    return out;
}

bool toIsoAscii(Millis ms, char *out)
{
    if (ms == 0 || ms < kFastFrom || ms >= kFastTo)
        return false;
    writeFixedIso(out, ms);
    return true;
}

namespace {

// Exactly "YYYY-MM-DDTHH:MM:SS.mmmZ" (what Recollector and most agents write), character by
// character: `at(i)` gives the i-th character's code. nullopt for anything else.
template <typename At>
std::optional<Millis> exactIso(qsizetype size, At at)
{
    if (size != 24 || at(4) != '-' || at(7) != '-' || at(10) != 'T' || at(13) != ':' || at(16) != ':'
        || at(19) != '.' || at(23) != 'Z')
        return std::nullopt;
    const auto num = [&at](int from, int width, int &value) {
        value = 0;
        for (int i = from; i < from + width; ++i) {
            const char32_t c = at(i);
            if (c < '0' || c > '9')
                return false;
            value = value * 10 + int(c - '0');
        }
        return true;
    };
    int y, mo, d, h, mi, s, ms;
    if (!(num(0, 4, y) && num(5, 2, mo) && num(8, 2, d) && num(11, 2, h) && num(14, 2, mi) && num(17, 2, s)
            && num(20, 3, ms) && y >= 1000 && mo >= 1 && mo <= 12 && d >= 1 && h <= 23 && mi <= 59 && s <= 59))
        return std::nullopt;
    const qint64 days = daysFromCivil(y, unsigned(mo), unsigned(d));
    qint64 cy;
    unsigned cm, cd;
    civilFromDays(days, cy, cm, cd);
    if (cy != y || int(cm) != mo || int(cd) != d) // not 2025-02-30
        return std::nullopt;
    return days * kMsPerDay + ((h * 60 + mi) * 60 + s) * Millis(1000) + ms;
}

} // namespace

std::optional<Millis> fromExactIso(std::string_view utf8)
{
    return exactIso(qsizetype(utf8.size()), [utf8](int i) { return char32_t(static_cast<unsigned char>(utf8[size_t(i)])); });
}

std::optional<Millis> fromIso(const QString &text)
{
    // Fast path: the exact form; anything odd: QDateTime decides (and rejects) as before.
    if (const auto exact = exactIso(text.size(), [&text](int i) { return char32_t(text[i].unicode()); }))
        return exact;
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

} // namespace recollector::core::time
