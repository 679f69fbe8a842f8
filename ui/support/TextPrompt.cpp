#include "support/TextPrompt.h"

#include <QInputDialog>

namespace recollector::ui {

TextPrompt::Handler &TextPrompt::handler()
{
    static Handler h;
    return h;
}

void TextPrompt::setHandler(Handler h) { handler() = std::move(h); }

std::optional<QString> TextPrompt::ask(QWidget *parent, const QString &title, const QString &label,
                                       const QString &initial, bool multiLine)
{
    if (handler())
        return handler()(title, label, initial, multiLine);
    bool ok = false;
    const QString text = multiLine ? QInputDialog::getMultiLineText(parent, title, label, initial, &ok)
                                   : QInputDialog::getText(parent, title, label, QLineEdit::Normal, initial, &ok);
    if (!ok)
        return std::nullopt;
    return text;
}

} // namespace recollector::ui
