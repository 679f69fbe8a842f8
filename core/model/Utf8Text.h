#pragma once

// UTF-8 text as a QString, every character kept. QString::fromUtf8 takes a leading U+FEFF for
// a byte order mark and drops it; inside a value it is a character like any other (a memory's
// text, a YAML scalar, a JSON string, a category name), and dropping it changed the value on
// a round trip.
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
    const QString restText = QString::fromUtf8(rest.data(), qsizetype(rest.size()));
    return marks == 0 ? restText : QString(qsizetype(marks), QChar(0xFEFF)) + restText;
}

} // namespace recollector::core
