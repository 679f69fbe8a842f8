#pragma once

// UTF-8 text as a QString, every character kept. QString::fromUtf8 takes a leading U+FEFF for
// a byte order mark and drops it; inside a value it is a character like any other (a memory's
// text, a YAML scalar, a JSON string, a category name), and dropping it changed the value on
// a round trip.
#include "model/TextRules.h"

#include <QString>

#include <string_view>

namespace recollector::core {

inline QString utf8Text(std::string_view text)
{
    constexpr std::string_view kMark = "\xEF\xBB\xBF";
    std::size_t marks = 0;
    while (text.substr(marks * kMark.size(), kMark.size()) == kMark)
        ++marks;
    const std::string_view rest = text.substr(marks * kMark.size());
    // A surrogate written as UTF-8 is read by the one rule for text (model/TextRules.h).
    const QString restText = text_rules::holdsEncodedSurrogate(rest.data(), qsizetype(rest.size()))
        ? text_rules::decodeUtf8(rest.data(), qsizetype(rest.size()))
        : QString::fromUtf8(rest.data(), qsizetype(rest.size()));
    return marks == 0 ? restText : QString(qsizetype(marks), QChar(0xFEFF)) + restText;
}

} // namespace recollector::core
