#include "text/CategoryText.h"

namespace recollector::ui {

QString CategoryText::words(const QString &name)
{
    // The categories of the default config (resources/config.yaml).
    if (name == QLatin1String("fact")) return tr("fact");
    if (name == QLatin1String("identity")) return tr("identity");
    if (name == QLatin1String("stable_preference")) return tr("lasting preference");
    if (name == QLatin1String("short_term_preference")) return tr("short-term preference");
    if (name == QLatin1String("skill")) return tr("skill");
    if (name == QLatin1String("temporary")) return tr("temporary");
    if (name == QLatin1String("system")) return tr("system");
    if (name == QLatin1String("core")) return tr("core");
    if (name == QLatin1String("episode")) return tr("episode");
    if (name == QLatin1String("rule")) return tr("rule");
    if (name == QLatin1String("pattern")) return tr("pattern");
    if (name == QLatin1String("lesson")) return tr("lesson");
    if (name == QLatin1String("preference")) return tr("preference");
    if (name == QLatin1String("pitfall")) return tr("pitfall");
    if (name == QLatin1String("tool")) return tr("tool");
    QString text = name;
    text.replace(QLatin1Char('_'), QLatin1Char(' '));
    return text;
}

} // namespace recollector::ui
