#pragma once

#include <QLabel>
#include <QString>

// How the detail panel (DetailPanel.cpp builds it, DetailPanelFill.cpp fills it) shows a value.
namespace recollector::ui::panel_labels {

// Characters of a value shown (and in its tooltip): a label lays out all of its text, and a
// megabyte of it takes the GUI thread away for minutes. The editor shows the whole content.
inline constexpr qsizetype kValueChars = 2000;

inline QString capped(const QString &text, qsizetype max = kValueChars)
{
    return text.size() > max ? text.left(max) + QStringLiteral(" …") : text;
}

/// A word-wrapped label showing data. A run it cannot break (a long id, a pasted blob) would
/// make the panel wider than its dock; ignoring its width hint clips that run instead.
inline void wrapWithin(QLabel *label)
{
    label->setWordWrap(true);
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

} // namespace recollector::ui::panel_labels
