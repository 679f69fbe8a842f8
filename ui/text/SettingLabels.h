#pragma once

#include <QString>

namespace recollector::ui {

/// The settings dialog's row labels ("Cleanup interval (hours)") in the window's language. The
/// dialog makes the English label from the key name; this looks it up in the "SettingLabel"
/// context, whose entries SettingLabels.cpp lists for lupdate.
class SettingLabels final
{
public:
    /// The translation of `english`, or `english` itself when there is none.
    static QString translated(const QString &english);
};

} // namespace recollector::ui
