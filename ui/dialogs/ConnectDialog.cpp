#include "dialogs/ConnectDialog.h"

#include "store/ServerPassword.h"
#include "store/ServerUrl.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QUrl>
#include <QUrlQuery>
#include <QVBoxLayout>

namespace recollector::ui {

namespace {

const QString kRecentKey = QStringLiteral("teamStores/recent");
constexpr int kMaxRecent = 8;

// libpq's sslmode values, the safest a person is likely to want first after libpq's default.
const QStringList &securityModes()
{
    static const QStringList modes = {QStringLiteral("prefer"), QStringLiteral("require"),
                                      QStringLiteral("verify-ca"), QStringLiteral("verify-full"),
                                      QStringLiteral("disable")};
    return modes;
}

} // namespace

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

    auto *form = new QFormLayout;
    m_recent = new QComboBox(this);
    m_recent->setObjectName(QStringLiteral("connectRecent"));
    m_recent->addItem(tr("(choose a store connected to before)"));
    for (const QString &address : recentAddresses())
        m_recent->addItem(address, address);
    m_recent->setEnabled(m_recent->count() > 1);
    form->addRow(tr("Recent"), m_recent);
    m_host = new QLineEdit(this);
    m_host->setObjectName(QStringLiteral("connectHost"));
    m_host->setPlaceholderText(tr("e.g. db.example.org"));
    form->addRow(tr("Server"), m_host);
    m_port = new QSpinBox(this);
    m_port->setObjectName(QStringLiteral("connectPort"));
    m_port->setRange(1, 65535);
    m_port->setValue(5432);
    form->addRow(tr("Port"), m_port);
    m_database = new QLineEdit(this);
    m_database->setObjectName(QStringLiteral("connectDatabase"));
    form->addRow(tr("Database"), m_database);
    m_user = new QLineEdit(this);
    m_user->setObjectName(QStringLiteral("connectUser"));
    m_user->setPlaceholderText(tr("your name on the server"));
    form->addRow(tr("User name"), m_user);
    m_security = new QComboBox(this);
    m_security->setObjectName(QStringLiteral("connectSecurity"));
    const QStringList securityWords = {tr("Encrypted when the server offers it"), tr("Always encrypted"),
                                       tr("Encrypted, the server's certificate checked"),
                                       tr("Encrypted, the server's certificate and name checked"),
                                       tr("Not encrypted")};
    for (int i = 0; i < securityModes().size(); ++i)
        m_security->addItem(securityWords.at(i), securityModes().at(i));
    form->addRow(tr("Security"), m_security);
    m_password = new QLineEdit(this);
    m_password->setObjectName(QStringLiteral("connectPassword"));
    m_password->setEchoMode(QLineEdit::Password);
    form->addRow(tr("Password"), m_password);
    m_passwordLabel = qobject_cast<QLabel *>(form->labelForField(m_password));
    m_password->hide(); // shown when the server asks for one
    if (m_passwordLabel)
        m_passwordLabel->hide();
    layout->addLayout(form);

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

    connect(m_recent, &QComboBox::activated, this, [this](int index) {
        if (const QString address = m_recent->itemData(index).toString(); !address.isEmpty())
            setAddress(address);
    });
    for (QLineEdit *edit : {m_host, m_database})
        connect(edit, &QLineEdit::textChanged, this, &ConnectDialog::updateState);
    if (!recentAddresses().isEmpty())
        setAddress(recentAddresses().constFirst());
    updateState();
}

ConnectDialog::~ConnectDialog() { m_password->clear(); }

ConnectDialog *ConnectDialog::showFor(QWidget *parent, Opener opener, const QString &address)
{
    auto *dialog = new ConnectDialog(std::move(opener), parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!address.isEmpty())
        dialog->setAddress(address);
    dialog->open();
    return dialog;
}

QString ConnectDialog::address() const
{
    QUrl url;
    url.setScheme(QStringLiteral("postgresql"));
    url.setUserName(m_user->text().trimmed());
    url.setHost(m_host->text().trimmed());
    url.setPort(m_port->value());
    url.setPath(QLatin1Char('/') + m_database->text().trimmed());
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("sslmode"), m_security->currentData().toString());
    url.setQuery(query);
    return url.toString();
}

void ConnectDialog::setAddress(const QString &address)
{
    const auto url = core::ServerUrl::parse(address);
    if (!url)
        return;
    if (!address.isEmpty())
        m_message->clear();
    m_host->setText(url->host);
    m_port->setValue(url->port);
    m_database->setText(url->database);
    m_user->setText(url->user);
    for (const QString &option : url->options) {
        if (option.startsWith(QLatin1String("sslmode=")))
            m_security->setCurrentIndex(std::max(0, m_security->findData(option.mid(8))));
    }
}

QStringList ConnectDialog::recentAddresses() { return QSettings().value(kRecentKey).toStringList(); }

void ConnectDialog::rememberAddress(const QString &address)
{
    QStringList recent = recentAddresses();
    recent.removeAll(address);
    recent.prepend(address);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    QSettings().setValue(kRecentKey, recent);
}

void ConnectDialog::updateState()
{
    m_connect->setEnabled(!m_host->text().trimmed().isEmpty() && !m_database->text().trimmed().isEmpty());
}

void ConnectDialog::connectToStore()
{
    const QString location = address();
    const bool typed = !m_password->isHidden() && !m_password->text().isEmpty();
    if (typed)
        core::server_password::remember(location, m_password->text());
    m_message->setText(tr("Connecting…"));
    m_message->repaint();
    const core::Status st = m_opener(location);
    if (st) {
        rememberAddress(location);
        m_password->clear();
        accept();
        return;
    }
    core::server_password::forget(location);
    if (st.error().code == core::Error::Code::Cancelled) {
        m_message->clear();
        return;
    }
    if (core::server_password::isAsked(st.error())) {
        const bool wasShown = !m_password->isHidden();
        m_password->show();
        if (m_passwordLabel)
            m_passwordLabel->show();
        m_password->clear();
        m_password->setFocus();
        m_message->setText(typed || wasShown ? tr("The server did not take this password. Type it again.")
                                             : tr("The server asks for your password."));
        return;
    }
    m_message->setText(st.error().message);
}

} // namespace recollector::ui
