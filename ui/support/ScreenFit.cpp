#include "support/ScreenFit.h"

#include <QApplication>
#include <QEvent>
#include <QScreen>
#include <QStyle>
#include <QWidget>

#include <algorithm>

namespace recollector::ui {

namespace {

// The window's frame as drawn around it now; before it is shown (or while the window manager
// has not yet framed it) a title bar and thin borders, as most window managers draw them.
QMargins frameOf(const QWidget *window)
{
    const QRect outer = window->frameGeometry();
    const QRect inner = window->geometry();
    const QMargins drawn(inner.left() - outer.left(), inner.top() - outer.top(), outer.right() - inner.right(),
                         outer.bottom() - inner.bottom());
    if (!drawn.isNull())
        return drawn;
    constexpr int kBorder = 4;
    const int title = window->style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, window);
    return QMargins(kBorder, title + kBorder, kBorder, kBorder);
}

class ShowFilter : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Show && watched->isWidgetType()) {
            auto *widget = static_cast<QWidget *>(watched);
            const Qt::WindowType type = widget->windowType();
            if (widget->isWindow() && (type == Qt::Window || type == Qt::Dialog))
                fitToScreen(widget);
        }
        return false;
    }
};

} // namespace

void fitToScreen(QWidget *window)
{
    const QScreen *screen = window->screen();
    if (!screen)
        return;
    const QRect available = screen->availableGeometry();
    if (available.isEmpty())
        return;
    const QMargins frame = frameOf(window);
    const QSize room = available.size().shrunkBy(frame);
    const QSize size = window->size().boundedTo(room).expandedTo(window->minimumSize());
    if (size != window->size())
        window->resize(size);
    const QRect outer = window->geometry().marginsAdded(frame);
    const int x = std::clamp(outer.x(), available.left(), std::max(available.left(), available.right() + 1 - outer.width()));
    const int y = std::clamp(outer.y(), available.top(), std::max(available.top(), available.bottom() + 1 - outer.height()));
    if (x != outer.x() || y != outer.y())
        window->move(x, y); // move() places the frame's top-left corner
}

void fitEveryWindowToScreen()
{
    auto *app = qApp;
    if (!app || app->property("recollectorScreenFit").toBool())
        return;
    app->setProperty("recollectorScreenFit", true);
    app->installEventFilter(new ShowFilter(app));
}

} // namespace recollector::ui
