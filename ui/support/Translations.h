#pragma once

#include <QLocale>
#include <QString>

class QCoreApplication;

namespace recollector::ui {

/// The window's language (docs/user-guide.md, "Language"): Recollector's own translation, built
/// from translations/recollector_<locale>.ts into the program's resources (:/i18n), plus Qt's own
/// (qtbase_<locale>.qm from Qt's translations folder, when installed) for the standard
/// dialogs' buttons. The language is the system's (LANGUAGE / LC_ALL / LC_MESSAGES / LANG);
/// RECOLLECTOR_LANG overrides it ("zh_CN", or "en" for English). recollector-cli stays English.
class Translations final
{
public:
    /// The locale the window is shown in: RECOLLECTOR_LANG when set, else QLocale::system().
    static QLocale chosenLocale();
    /// Installs the translators for `locale` on `app` (parented to it). Returns the locale
    /// name of Recollector's translation that was loaded ("zh_CN"), or an empty string for English
    /// (no translation for that locale: the source texts are English).
    static QString install(QCoreApplication &app, const QLocale &locale = chosenLocale());
    /// The languages Recollector ships a translation for, besides English ("zh_CN").
    static QStringList available();
};

} // namespace recollector::ui
