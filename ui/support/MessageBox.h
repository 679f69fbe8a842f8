#pragma once

#include <QMessageBox>

#include <functional>

namespace recollector::ui {

/// Seam for prompts: the UI asks through here so GUI tests can answer without a modal loop.
/// With no handler installed, a real QMessageBox is shown.
class MessageBox final
{
public:
    using Handler = std::function<QMessageBox::StandardButton(QMessageBox::Icon, const QString &title,
                                                              const QString &text, QMessageBox::StandardButtons)>;

    static QMessageBox::StandardButton ask(QWidget *parent, QMessageBox::Icon icon, const QString &title,
                                           const QString &text, QMessageBox::StandardButtons buttons);
    static void warn(QWidget *parent, const QString &title, const QString &text);
    static void inform(QWidget *parent, const QString &title, const QString &text);

    /// Tests install a handler; pass {} to go back to real dialogs.
    static void setHandler(Handler handler);

private:
    static Handler &handler();
};

} // namespace recollector::ui
