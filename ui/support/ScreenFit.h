#pragma once

class QWidget;

namespace recollector::ui {

/// Shrinks a top-level window, frame included, to the available area of its screen (and moves
/// it inside), so it never opens wider or taller than the screen: a default size or a size
/// restored from another, larger monitor is cut down to what this one shows. Before the
/// window manager has framed the window, the frame is estimated from the style's title bar.
void fitToScreen(QWidget *window);

/// Fits every window and dialog of the application as it is shown (docs/user-guide.md,
/// "small-screens"): a dialog's own default size never puts its buttons off screen. Installed
/// once, on the application; later calls do nothing.
void fitEveryWindowToScreen();

} // namespace recollector::ui
