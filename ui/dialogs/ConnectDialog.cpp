#include "dialogs/ConnectDialog.h"

#include "dialogs/ServerAddressForm.h"
#include "store/ServerPassword.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace recollector::ui {

ConnectDialog::ConnectDialog(Opener opener, QWidget *parent) : QDialog(parent), m_opener(std::move(opener))
{
    setObjectName(QStringLiteral("connectDialog"));
    setWindowTitle(tr("Connect to Team Store"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("A team store is kept on a PostgreSQL server, where several people and assistants "
                                "share one memory. Ask its administrator for these details."),
                             this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::PlainText);
    layout->addWidget(intro);

    m_form = new ServerAddressForm(this);
    layout->addWidget(m_form);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("connectMessage"));
    m_message->setTextFormat(Qt::PlainText);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_connect = buttons->button(QDialogButtonBox::Ok);
    m_connect->setObjectName(QStringLiteral("connectButton"));
    m_connect->setText(tr("Connect"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectDialog::connectToStore);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_form, &ServerAddressForm::changed, this, &ConnectDialog::updateState);
    updateState();
}

ConnectDialog::~ConnectDialog() = default;

ConnectDialog *ConnectDialog::showFor(QWidget *parent, Opener opener, const QString &address)
{
    auto *dialog = new ConnectDialog(std::move(opener), parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!address.isEmpty())
        dialog->setAddress(address);
    dialog->open();
    return dialog;
}

QString ConnectDialog::address() const { return m_form->address(); }

void ConnectDialog::setAddress(const QString &address)
{
    if (!address.isEmpty())
        m_message->clear();
    m_form->setAddress(address);
}

QStringList ConnectDialog::recentAddresses() { return ServerAddressForm::recentAddresses(); }

void ConnectDialog::updateState()
{
    m_connect->setEnabled(m_form->isComplete());
}

void ConnectDialog::connectToStore()
{
    const QString location = address();
    const QString password = m_form->password();
    const bool typed = !password.isEmpty();
    if (typed)
        core::server_password::remember(location, password);
    m_message->setText(tr("Connecting…"));
    m_message->repaint();
    const core::Status st = m_opener(location);
    if (st) {
        ServerAddressForm::rememberAddress(location);
        m_form->clearPassword();
        accept();
        return;
    }
    core::server_password::forget(location);
    if (st.error().code == core::Error::Code::Cancelled) {
        m_message->clear();
        return;
    }
    if (core::server_password::isAsked(st.error())) {
        const bool wasShown = m_form->isPasswordShown();
        m_form->askPassword();
        m_message->setText(typed || wasShown ? tr("The server did not take this password. Type it again.")
                                             : tr("The server asks for your password."));
        return;
    }
    m_message->setText(st.error().message);
}

} // namespace recollector::ui
