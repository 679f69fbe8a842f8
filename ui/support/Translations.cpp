#include "support/Translations.h"

#include "model/ProgramNames.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>

#include <memory>

namespace recollector::ui {

namespace {
const QString kResourceDir = QStringLiteral(":/i18n");
}

QLocale Translations::chosenLocale()
{
    const QString wanted = core::names::environment("LANG").trimmed();
    return wanted.isEmpty() ? QLocale::system() : QLocale(wanted);
}

QStringList Translations::available()
{
    static const QString prefix = QStringLiteral("recollector_");
    static const QString suffix = QStringLiteral(".qm");
    QStringList names;
    for (const QString &file : QDir(kResourceDir).entryList({prefix + QLatin1Char('*') + suffix}, QDir::Files))
        names << file.mid(prefix.size(), file.size() - prefix.size() - suffix.size());
    return names;
}

QString Translations::install(QCoreApplication &app, const QLocale &locale)
{
    // English is the source language: when the first language asked for is English (or C),
    // no translator is installed, even where a later one (LANGUAGE=en:zh_CN) has a translation.
    const QString first = locale.uiLanguages().value(0);
    if (first.isEmpty() || first == QLatin1String("C") || first.startsWith(QLatin1String("en")))
        return {};
    auto recollector = std::make_unique<QTranslator>();
    if (!recollector->load(locale, QStringLiteral("recollector"), QStringLiteral("_"), kResourceDir))
        return {};
    const QString language = recollector->language();
    recollector->setParent(&app);
    QCoreApplication::installTranslator(recollector.release());
    // Qt's own texts (the standard buttons, the file dialog): optional, from Qt's folder.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        qt->setParent(&app);
        QCoreApplication::installTranslator(qt.release());
    }
    return language;
}

} // namespace recollector::ui
