#include "support/TextPrompt.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QInputDialog>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QKeyEvent>
#include <QVBoxLayout>

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
    if (multiLine)
        return askParagraph(parent, title, label, initial);
    bool ok = false;
    const QString text = QInputDialog::getText(parent, title, label, QLineEdit::Normal, initial, &ok);
    if (!ok)
        return std::nullopt;
    return text;
}

namespace {

/// Ctrl+Enter in the text finishes the dialog (a shortcut would need the dialog to be the
/// active window; the text box has the keys whenever it has the focus).
class CtrlEnterAccepts final : public QObject
{
public:
    explicit CtrlEnterAccepts(QDialog *dialog) : QObject(dialog), m_dialog(dialog) { }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::KeyPress) {
            const auto *key = static_cast<QKeyEvent *>(event);
            if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && key->modifiers().testFlag(Qt::ControlModifier)) {
                m_dialog->accept();
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QDialog *m_dialog;
};

} // namespace

// A paragraph that can be finished from the keyboard: Tab leaves the text for the buttons,
// Ctrl+Enter is OK (Enter starts a new line, as in any text box).
std::optional<QString> TextPrompt::askParagraph(QWidget *parent, const QString &title, const QString &label,
                                                const QString &initial)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(title);
    auto *layout = new QVBoxLayout(&dialog);
    auto *text = new QLabel(label, &dialog);
    text->setWordWrap(true);
    layout->addWidget(text);
    auto *edit = new QPlainTextEdit(initial, &dialog);
    edit->setObjectName(QStringLiteral("promptText"));
    edit->setTabChangesFocus(true);
    text->setBuddy(edit);
    layout->addWidget(edit, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setToolTip(QObject::tr("Ctrl+Enter"));
    layout->addWidget(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    edit->installEventFilter(new CtrlEnterAccepts(&dialog)); // owned by the dialog
    edit->setFocus();
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return edit->toPlainText();
}

} // namespace recollector::ui
