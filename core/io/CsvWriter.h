#pragma once

#include "model/Memory.h"
#include "model/Result.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace recollector::core {
class ScoringProfile;
}

namespace recollector::core::io {

/// CSV export for spreadsheets (docs/formats.md, "CSV export"): a header row, then one row per
/// memory, RFC 4180 (comma-separated, CRLF line ends, a field holding a comma, quote, CR or LF
/// is quoted with its quotes doubled), UTF-8 without a byte-order mark. Lists (keywords) are
/// joined with "; ". With a profile, three computed columns follow: score, currentStrength,
/// tier at `now`.
///
/// Memory text is data, not a formula: a field starting with `=`, `+`, `-`, `@`, a tab or a
/// carriage return gets a leading `'` (OWASP's CSV-injection guidance), so a spreadsheet
/// shows it as text instead of evaluating it. Plain numbers ("-0.5") are left as they are.
class CsvWriter final
{
public:
    static QStringList header(bool withScores);
    static QByteArray toBytes(
        const std::vector<Memory> &memories, const ScoringProfile *profile = nullptr, Millis now = 0);
    /// One field, defused, then quoted when RFC 4180 needs it.
    static QString escape(const QString &field);
    /// `field` with a leading `'` when a spreadsheet would read it as a formula.
    static QString defuse(const QString &field);
};

} // namespace recollector::core::io
