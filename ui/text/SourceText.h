#pragma once

#include <QCoreApplication>
#include <QString>

namespace recollector::ui {

/// Where a memory came from, in words for the screen ("background_ai" → "the assistant, in the
/// background"); the stored source type stays what the files and recollector-cli use. A type
/// the program does not know is shown with its underscores as spaces.
class SourceText final
{
    Q_DECLARE_TR_FUNCTIONS(SourceText)

public:
    static QString words(const QString &type);
};

} // namespace recollector::ui
