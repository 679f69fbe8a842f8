#pragma once

#include "model/Event.h"

#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <functional>

namespace recollector::ui {

/// Turns events into the sentences the history list and the chart's tooltips show. Pure
/// functions of the event (and a reference instant for "3 days ago"), so they are tested
/// without a widget. Output is plain text: callers show it with Qt::PlainText.
class EventText final
{
public:
    /// The start of a memory's text as a view may show it (masked where it must be), or an
    /// empty string when the id names no memory of the store.
    using MemoryNamer = std::function<QString(const QString &id)>;

    /// What happened, one line: "Confirmed", "Negated: 'no longer drinks coffee'",
    /// "Reinforced (task_success): stability 48 h → 96 h", "Edited content and keywords".
    /// Another memory the event names ("Merged into …", "Linked to …") is named by `namer`
    /// (its text, elided, in quotes), by its id when the namer has none or is not given.
    static QString summary(const core::Event &event, const MemoryNamer &namer = {});

    /// One "field: before → after" line per field the payload's before/after objects name
    /// (in key order), leaving out fields whose value did not change, then the weight change
    /// log's line ("weight 0.42 → 0.51 (reinforced)") when W moved. Empty when the payload
    /// has none of these.
    static QStringList changes(const core::Event &event);
    /// A memory field in the words a person uses: "projectPath" → "project",
    /// "negatedAt" → "negated at", "lastReinforcedAt" → "last reinforced".
    static QString fieldLabel(const QString &key);

    /// A value as a person reads it: stability "48 h", instants in local time, lists joined,
    /// booleans yes/no, long text elided to `maxText` characters and quoted.
    static QString formatValue(const QString &field, const QJsonValue &value, int maxText = 80);

    /// "2024-03-05 14:20" in local time ("—" for 0).
    static QString localTime(core::Millis at);
    /// "just now", "5 minutes ago", "3 days ago", "2 months ago", "in 3 days" relative to `now`.
    static QString relative(core::Millis at, core::Millis now);

    /// Plain text wrapped so a tooltip never interprets it as rich text (QToolTip guesses
    /// with Qt::mightBeRichText; memory text is data, not markup).
    static QString plainToolTip(const QString &text);

    /// A number without noise: 48, 57.6, 0.35, 8760.
    static QString number(double value);
};

} // namespace recollector::ui
