#include "text/SettingLabels.h"

#include <QCoreApplication>

namespace recollector::ui {

namespace {
// Every label the settings dialog makes from a key name (SettingHelp's keys), listed so lupdate
// finds them; regenerate with the keys when a setting is added (tests/i18n fails until then).
[[maybe_unused]] const char *const kLabels[] = {
    QT_TRANSLATE_NOOP("SettingLabel", "Initial stability (hours)"),
    QT_TRANSLATE_NOOP("SettingLabel", "Manual stability (hours)"),
    QT_TRANSLATE_NOOP("SettingLabel", "Max stability (hours)"),
    QT_TRANSLATE_NOOP("SettingLabel", "Fading threshold"),
    QT_TRANSLATE_NOOP("SettingLabel", "Archive threshold"),
    QT_TRANSLATE_NOOP("SettingLabel", "Delete threshold"),
    QT_TRANSLATE_NOOP("SettingLabel", "Cleanup interval (hours)"),
    QT_TRANSLATE_NOOP("SettingLabel", "High confidence"),
    QT_TRANSLATE_NOOP("SettingLabel", "High confidence factor"),
    QT_TRANSLATE_NOOP("SettingLabel", "Well reinforced factor"),
    QT_TRANSLATE_NOOP("SettingLabel", "Well reinforced count"),
    QT_TRANSLATE_NOOP("SettingLabel", "Min decay rate"),
    QT_TRANSLATE_NOOP("SettingLabel", "Max decay rate"),
    QT_TRANSLATE_NOOP("SettingLabel", "Scheduled cleanup"),
    QT_TRANSLATE_NOOP("SettingLabel", "Retrieve"),
    QT_TRANSLATE_NOOP("SettingLabel", "Task success"),
    QT_TRANSLATE_NOOP("SettingLabel", "Task failure"),
    QT_TRANSLATE_NOOP("SettingLabel", "Manual review"),
    QT_TRANSLATE_NOOP("SettingLabel", "Association hit"),
    QT_TRANSLATE_NOOP("SettingLabel", "Time weight falls per day"),
    QT_TRANSLATE_NOOP("SettingLabel", "How fast this user forgets"),
    QT_TRANSLATE_NOOP("SettingLabel", "Mention boost"),
    QT_TRANSLATE_NOOP("SettingLabel", "Mention boost when frequent"),
    QT_TRANSLATE_NOOP("SettingLabel", "Frequent mentions"),
    QT_TRANSLATE_NOOP("SettingLabel", "Mention boost wears off"),
    QT_TRANSLATE_NOOP("SettingLabel", "Frequent window (hours)"),
    QT_TRANSLATE_NOOP("SettingLabel", "Recent mention bonus"),
    QT_TRANSLATE_NOOP("SettingLabel", "Recent mention bonus wears off"),
    QT_TRANSLATE_NOOP("SettingLabel", "Momentum window (days)"),
    QT_TRANSLATE_NOOP("SettingLabel", "Min weight"),
    QT_TRANSLATE_NOOP("SettingLabel", "Max weight"),
    QT_TRANSLATE_NOOP("SettingLabel", "Fading below"),
    QT_TRANSLATE_NOOP("SettingLabel", "Weak below"),
    QT_TRANSLATE_NOOP("SettingLabel", "Forgotten below"),
    QT_TRANSLATE_NOOP("SettingLabel", "Archive after (days)"),
    QT_TRANSLATE_NOOP("SettingLabel", "Delete archived after (days)"),
    QT_TRANSLATE_NOOP("SettingLabel", "Boost"),
    QT_TRANSLATE_NOOP("SettingLabel", "Core at"),
    QT_TRANSLATE_NOOP("SettingLabel", "Promote review at"),
    QT_TRANSLATE_NOOP("SettingLabel", "Decay review below"),
    QT_TRANSLATE_NOOP("SettingLabel", "Reset on keep"),
    QT_TRANSLATE_NOOP("SettingLabel", "Age lowers the score"),
    QT_TRANSLATE_NOOP("SettingLabel", "Recall weight"),
    QT_TRANSLATE_NOOP("SettingLabel", "Importance weight"),
    QT_TRANSLATE_NOOP("SettingLabel", "Active at"),
    QT_TRANSLATE_NOOP("SettingLabel", "Fading at"),
    QT_TRANSLATE_NOOP("SettingLabel", "Weak at"),
    QT_TRANSLATE_NOOP("SettingLabel", "Min factor"),
    QT_TRANSLATE_NOOP("SettingLabel", "Recovery (per day)"),
    QT_TRANSLATE_NOOP("SettingLabel", "Shared keywords to compare"),
    QT_TRANSLATE_NOOP("SettingLabel", "Temporal shift (days)"),
    QT_TRANSLATE_NOOP("SettingLabel", "Confidence kept after a contradiction"),
    QT_TRANSLATE_NOOP("SettingLabel", "On temporal shift"),
    QT_TRANSLATE_NOOP("SettingLabel", "On scope overlap"),
    QT_TRANSLATE_NOOP("SettingLabel", "On direct contradiction"),
    QT_TRANSLATE_NOOP("SettingLabel", "Keyword threshold"),
    QT_TRANSLATE_NOOP("SettingLabel", "Same task link weight"),
    QT_TRANSLATE_NOOP("SettingLabel", "Temporal weight"),
    QT_TRANSLATE_NOOP("SettingLabel", "Temporal window (hours)"),
    QT_TRANSLATE_NOOP("SettingLabel", "Temporal min weight"),
    QT_TRANSLATE_NOOP("SettingLabel", "Same project link weight"),
    QT_TRANSLATE_NOOP("SettingLabel", "Recalled together boost"),
    QT_TRANSLATE_NOOP("SettingLabel", "Confirmed hit boost"),
    QT_TRANSLATE_NOOP("SettingLabel", "Activation decay"),
    QT_TRANSLATE_NOOP("SettingLabel", "Min activation"),
    QT_TRANSLATE_NOOP("SettingLabel", "Max depth"),
    QT_TRANSLATE_NOOP("SettingLabel", "Max results"),
    QT_TRANSLATE_NOOP("SettingLabel", "Purge after (days)"),
    QT_TRANSLATE_NOOP("SettingLabel", "Active episodes"),
    QT_TRANSLATE_NOOP("SettingLabel", "Compressed"),
    QT_TRANSLATE_NOOP("SettingLabel", "Semantic rules"),
    QT_TRANSLATE_NOOP("SettingLabel", "Idle lock (minutes)"),
};
} // namespace

QString SettingLabels::translated(const QString &english)
{
    const QByteArray source = english.toUtf8();
    return QCoreApplication::translate("SettingLabel", source.constData());
}

} // namespace recollector::ui
