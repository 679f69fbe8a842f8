#include "dialogs/ChangePassphraseDialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace recollector::ui {

namespace {
QLineEdit *passwordEdit(QWidget *parent, const QString &name)
{
    auto *edit = new QLineEdit(parent);
    edit->setObjectName(name);
    edit->setEchoMode(QLineEdit::Password);
    return edit;
}
} // namespace

ChangePassphraseDialog::ChangePassphraseDialog(const QString &storeName, QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("changePassphraseDialog"));
    setWindowTitle(tr("Change Passphrase of %1").arg(storeName));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(this);
    intro->setTextFormat(Qt::PlainText);
    intro->setWordWrap(true);
    intro->setText(tr("Every level-3 memory and its history are sealed again with a key made from the new passphrase, "
                      "all at once. Afterwards only the new passphrase opens them: there is no recovery."));
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    m_current = passwordEdit(this, QStringLiteral("currentPassphraseEdit"));
    m_next = passwordEdit(this, QStringLiteral("newPassphraseEdit"));
    m_repeat = passwordEdit(this, QStringLiteral("newPassphraseRepeatEdit"));
    form->addRow(tr("Current passphrase"), m_current);
    form->addRow(tr("New passphrase"), m_next);
    form->addRow(tr("New, again"), m_repeat);
    layout->addLayout(form);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("changePassphraseMessage"));
    m_message->setTextFormat(Qt::PlainText);
    layout->addWidget(m_message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Change Passphrase"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    for (QLineEdit *edit : {m_current, m_next, m_repeat})
        connect(edit, &QLineEdit::textChanged, this, &ChangePassphraseDialog::updateState);
    updateState();
}

ChangePassphraseDialog::~ChangePassphraseDialog()
{
    // QLineEdit keeps its text in a QString; clear what we can.
    for (QLineEdit *edit : {m_current, m_next, m_repeat})
        edit->clear();
}

ChangePassphraseDialog::Answer ChangePassphraseDialog::answer() const
{
    return Answer{m_current->text().toUtf8(), m_next->text().toUtf8()};
}

void ChangePassphraseDialog::updateState()
{
    const bool empty = m_current->text().isEmpty() || m_next->text().isEmpty();
    const bool differ = m_repeat->text() != m_next->text();
    const bool same = !m_next->text().isEmpty() && m_next->text() == m_current->text();
    m_ok->setEnabled(!empty && !differ && !same);
    if (differ && !m_repeat->text().isEmpty())
        m_message->setText(tr("The two new passphrases differ."));
    else if (same)
        m_message->setText(tr("The new passphrase is the current one."));
    else
        m_message->clear();
}

ChangePassphraseDialog::Handler &ChangePassphraseDialog::handler()
{
    static Handler h;
    return h;
}

void ChangePassphraseDialog::setHandler(Handler handler) { ChangePassphraseDialog::handler() = std::move(handler); }

std::optional<ChangePassphraseDialog::Answer> ChangePassphraseDialog::ask(QWidget *parent, const QString &storeName)
{
    if (handler())
        return handler()();
    ChangePassphraseDialog dialog(storeName, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.answer();
}

} // namespace recollector::ui
