#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace recollector::core::text {

/// True for CJK ideographs (and kana / hangul): scripts written without spaces, where a
/// "word" cannot be found by splitting and phrases are matched as substrings instead.
bool isCjk(char32_t c);
bool containsCjk(QStringView text);

/// Lower-cased word tokens of `text`: runs of letters and digits, keeping the inner
/// connectors that belong to technical words ("node.js", "c++", "c#", "don't", "no-op",
/// "snake_case"). CJK characters separate tokens (they are handled as phrases). So
/// "Write a note." gives [write, a, note] and never a token "not".
QStringList wordTokens(QStringView text);

/// `text` lower-cased with every run of whitespace turned into one space and the ends
/// trimmed; curly apostrophes become straight ones. The form phrase matching works on.
QString normalized(QStringView text);

} // namespace recollector::core::text
