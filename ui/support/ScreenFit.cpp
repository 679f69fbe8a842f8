#include "support/ScreenFit.h"

#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace recollector::ui {

void fitToScreen(QWidget *window)
{
    const QScreen *screen = window->screen();
    if (!screen)
        return;
    const QRect available = screen->availableGeometry();
    if (available.isEmpty())
        return;
    const QSize size(std::min(window->width(), available.width()), std::min(window->height(), available.height()));
    if (size != window->size())
        window->resize(size);
    const QRect frame = window->frameGeometry();
    const int x = std::clamp(frame.x(), available.left(), std::max(available.left(), available.right() + 1 - frame.width()));
    const int y = std::clamp(frame.y(), available.top(), std::max(available.top(), available.bottom() + 1 - frame.height()));
    if (x != frame.x() || y != frame.y())
        window->move(x, y);
}

} // namespace recollector::ui
