#pragma once

#include <QByteArray>
#include <QString>

namespace recollector::core::io::formats {

/// A JSON string literal written the way other programs write them, so a value Recollector puts
/// back into their file looks like its neighbours: `"`, `\` and control characters escaped
/// (\b \f \n \r \t, the rest as \u00XX), '/' left alone; non-ASCII as UTF-8 (JavaScript's
/// JSON.stringify) or, with `asciiOnly`, as lower-case \uXXXX escapes (Python's json.dumps).
QByteArray quoteJson(const QString &text, bool asciiOnly = false);

/// Whether every byte is ASCII (a file written with escapes for everything else).
bool isAscii(const QByteArray &bytes);

} // namespace recollector::core::io::formats
