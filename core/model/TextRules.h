#pragma once

#include <QString>

namespace recollector::core::text_rules {

// Text in = text out (docs/formats.md, "Text in, text out"): one rule for every way text
// comes in (an import of any format, `recollector-cli add` and `edit`, MCP, the window, an
// attached folder's files), so that what is stored is exactly what was given, or nothing.

/// A lone UTF-16 surrogate (a JSON `\ud800` escape with no partner) becomes U+FFFD, as an
/// invalid UTF-8 sequence does when bytes are decoded; a valid pair is kept. Returns whether
/// anything changed. Without this, SQLite's UTF-16 conversion pairs a lone high surrogate
/// with the next character (`\ud800 ` became U+10020).
bool repairSurrogates(QString &text);

/// UTF-8 bytes as text by the same rule: a UTF-16 surrogate written as three bytes (ED A0..BF
/// xx, as YAML's `\ud800` escape and other programs' "WTF-8" write them) is read as that
/// surrogate, so a pair of them is the character they encode and a lone one is one U+FFFD,
/// like the JSON escape; every other invalid sequence is U+FFFD as QString::fromUtf8 makes it.
QString decodeUtf8(const char *bytes, qsizetype size);
/// Whether `bytes` hold a surrogate written as UTF-8 (decodeUtf8 differs from fromUtf8 only then).
bool holdsEncodedSurrogate(const char *bytes, qsizetype size);

/// Why `text` cannot be stored as it is: "holds a NUL character (U+0000) at character 7".
/// Empty when it can. A NUL is refused rather than kept: C strings, SQLite's text functions
/// and the formats Recollector writes (CSV, Markdown, YAML) end text there, so a kept NUL
/// would come back shorter on some path.
QString problem(const QString &text);

} // namespace recollector::core::text_rules
