#pragma once

#include <QCoreApplication>
#include <QString>

namespace recollector::ui {

/// A count in words from two source texts marked with QT_TRANSLATE_NOOP in `context`: `one`
/// for exactly one, `many` (the number as %1) for any other count. The English source has no
/// translator to choose its plural forms, so it carries both.
inline QString countText(const char *context, const char *one, const char *many, qsizetype n)
{
    return n == 1 ? QCoreApplication::translate(context, one)
                  : QCoreApplication::translate(context, many).arg(n);
}

} // namespace recollector::ui
