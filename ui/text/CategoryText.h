#pragma once

#include <QCoreApplication>
#include <QString>

namespace recollector::ui {

/// A memory's category in words for the screen ("short_term_preference" → "short-term
/// preference"); the stored name stays what the config and the files use. A category the
/// program does not know is shown with its underscores as spaces.
class CategoryText final
{
    Q_DECLARE_TR_FUNCTIONS(CategoryText)

public:
    static QString words(const QString &name);
};

} // namespace recollector::ui
