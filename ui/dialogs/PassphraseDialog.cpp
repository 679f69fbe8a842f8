#include "dialogs/PassphraseDialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace recollector::ui {

PassphraseDialog::PassphraseDialog(Mode mode, const QString &storeName, QWidget *parent)
    : QDialog(parent), m_mode(mode)
{
    setObjectName(QStringLiteral("passphraseDialog"));
    setWindowTitle(mode == Mode::Unlock ? tr("Unlock %1").arg(storeName) : tr("New Passphrase for %1").arg(storeName));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(this);
    intro->setTextFormat(Qt::PlainText);
    intro->setWordWrap(true);
    intro->setText(mode == Mode::Unlock
                       ? tr("Level-3 memories are encrypted. Enter the store's passphrase to read them in this session.")
                       : tr("Level-3 memories are encrypted with a key made from this passphrase. Without it their "
                            "text cannot be read again: there is no recovery."));
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(QStringLiteral("passphraseEdit"));
    m_edit->setEchoMode(QLineEdit::Password);
    form->addRow(tr("Passphrase"), m_edit);
    if (mode == Mode::New) {
        m_repeat = new QLineEdit(this);
        m_repeat->setObjectName(QStringLiteral("passphraseRepeatEdit"));
        m_repeat->setEchoMode(QLineEdit::Password);
        form->addRow(tr("Again"), m_repeat);
        connect(m_repeat, &QLineEdit::textChanged, this, &PassphraseDialog::updateState);
    }
    layout->addLayout(form);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("passphraseMessage"));
    m_message->setTextFormat(Qt::PlainText);
    layout->addWidget(m_message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(mode == Mode::Unlock ? tr("Unlock") : tr("Set Passphrase"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_edit, &QLineEdit::textChanged, this, &PassphraseDialog::updateState);
    updateState();
}

PassphraseDialog::~PassphraseDialog()
{
    // QLineEdit keeps its text in a QString; clear what we can.
    m_edit->clear();
    if (m_repeat)
        m_repeat->clear();
}

QByteArray PassphraseDialog::passphrase() const { return m_edit->text().toUtf8(); }

void PassphraseDialog::updateState()
{
    const bool empty = m_edit->text().isEmpty();
    const bool differ = m_repeat && m_repeat->text() != m_edit->text();
    m_ok->setEnabled(!empty && !differ);
    m_message->setText(m_repeat && differ && !m_repeat->text().isEmpty() ? tr("The two passphrases differ.") : QString());
}

PassphraseDialog::Handler &PassphraseDialog::handler()
{
    static Handler h;
    return h;
}

void PassphraseDialog::setHandler(Handler handler) { PassphraseDialog::handler() = std::move(handler); }

std::optional<QByteArray> PassphraseDialog::ask(QWidget *parent, Mode mode, const QString &storeName)
{
    if (handler())
        return handler()(mode);
    PassphraseDialog dialog(mode, storeName, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.passphrase();
}

} // namespace recollector::ui
