#pragma once

#include <QCoreApplication>
#include <QString>

namespace recollector::ui {

/// What a setting of Settings does, in a sentence, for its tooltip (docs/formats.md,
/// "Configuration (config.yaml)" and docs/scoring.md have the details). Empty for a key it
/// does not know; the tooltip then shows the key and its range only.
class SettingHelp final
{
    Q_DECLARE_TR_FUNCTIONS(SettingHelp)

public:
    static QString text(const QString &key);
};

} // namespace recollector::ui
