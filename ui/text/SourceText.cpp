#include "text/SourceText.h"

#include <QHash>

namespace recollector::ui {

QString SourceText::words(const QString &type)
{
    static const QHash<QString, const char *> kWords{
        {QStringLiteral("chat"), QT_TRANSLATE_NOOP("SourceText", "a chat")},
        {QStringLiteral("user"), QT_TRANSLATE_NOOP("SourceText", "you")},
        {QStringLiteral("background_ai"), QT_TRANSLATE_NOOP("SourceText", "assistant (background)")},
        {QStringLiteral("system"), QT_TRANSLATE_NOOP("SourceText", "the system")},
        {QStringLiteral("import"), QT_TRANSLATE_NOOP("SourceText", "an import")},
        {QStringLiteral("claude-code"), QT_TRANSLATE_NOOP("SourceText", "Claude Code")},
    };
    if (const auto it = kWords.constFind(type); it != kWords.constEnd())
        return tr(it.value());
    return QString(type).replace(QLatin1Char('_'), QLatin1Char(' '));
}

} // namespace recollector::ui
