#pragma once

class QWidget;

namespace recollector::ui {

/// Shrinks a top-level window to the available area of its screen (and moves it inside),
/// so it never opens wider or taller than the screen: a default size or a size restored from
/// another, larger monitor is cut down to what this one shows.
void fitToScreen(QWidget *window);

} // namespace recollector::ui
