#include "support/Translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>

#include <memory>

namespace engram::ui {

namespace {
const QString kResourceDir = QStringLiteral(":/i18n");
}

QLocale Translations::chosenLocale()
{
    const QString wanted = qEnvironmentVariable("ENGRAM_LANG").trimmed();
    return wanted.isEmpty() ? QLocale::system() : QLocale(wanted);
}

QStringList Translations::available()
{
    QStringList names;
    for (const QString &file : QDir(kResourceDir).entryList({QStringLiteral("engram_*.qm")}, QDir::Files))
        names << file.mid(7, file.size() - 7 - 3);
    return names;
}

QString Translations::install(QCoreApplication &app, const QLocale &locale)
{
    // English is the source language: when the first language asked for is English (or C),
    // no translator is installed, even where a later one (LANGUAGE=en:zh_CN) has a translation.
    const QString first = locale.uiLanguages().value(0);
    if (first.isEmpty() || first == QLatin1String("C") || first.startsWith(QLatin1String("en")))
        return {};
    auto engram = std::make_unique<QTranslator>();
    if (!engram->load(locale, QStringLiteral("engram"), QStringLiteral("_"), kResourceDir))
        return {};
    const QString language = engram->language();
    engram->setParent(&app);
    QCoreApplication::installTranslator(engram.release());
    // Qt's own texts (the standard buttons, the file dialog): optional, from Qt's folder.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        qt->setParent(&app);
        QCoreApplication::installTranslator(qt.release());
    }
    return language;
}

} // namespace engram::ui
