#include "support/MessageBox.h"

namespace recollector::ui {

MessageBox::Handler &MessageBox::handler()
{
    static Handler h;
    return h;
}

void MessageBox::setHandler(Handler h) { handler() = std::move(h); }

QMessageBox::StandardButton MessageBox::ask(QWidget *parent, QMessageBox::Icon icon, const QString &title,
                                            const QString &text, QMessageBox::StandardButtons buttons)
{
    if (handler())
        return handler()(icon, title, text, buttons);
    QMessageBox box(icon, title, text, buttons, parent);
    box.setTextFormat(Qt::PlainText); // memory text is data, never markup
    return QMessageBox::StandardButton(box.exec());
}

void MessageBox::warn(QWidget *parent, const QString &title, const QString &text)
{
    ask(parent, QMessageBox::Warning, title, text, QMessageBox::Ok);
}

void MessageBox::inform(QWidget *parent, const QString &title, const QString &text)
{
    ask(parent, QMessageBox::Information, title, text, QMessageBox::Ok);
}

} // namespace recollector::ui
