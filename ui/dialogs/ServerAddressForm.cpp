#include "dialogs/ServerAddressForm.h"

#include "store/ServerUrl.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>

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

ServerAddressForm::ServerAddressForm(QWidget *parent) : QWidget(parent)
{
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
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

    connect(m_recent, &QComboBox::activated, this, [this](int index) {
        if (const QString address = m_recent->itemData(index).toString(); !address.isEmpty())
            setAddress(address);
    });
    for (QLineEdit *edit : {m_host, m_database, m_user})
        connect(edit, &QLineEdit::textChanged, this, &ServerAddressForm::changed);
    if (!recentAddresses().isEmpty())
        setAddress(recentAddresses().constFirst());
}

ServerAddressForm::~ServerAddressForm() { m_password->clear(); }

QString ServerAddressForm::address() const
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

void ServerAddressForm::setAddress(const QString &address)
{
    const auto url = core::ServerUrl::parse(address);
    if (!url)
        return;
    m_host->setText(url->host);
    m_port->setValue(url->port);
    m_database->setText(url->database);
    m_user->setText(url->user);
    for (const QString &option : url->options) {
        if (option.startsWith(QLatin1String("sslmode=")))
            m_security->setCurrentIndex(std::max(0, m_security->findData(option.mid(8))));
    }
}

bool ServerAddressForm::isComplete() const
{
    return !m_host->text().trimmed().isEmpty() && !m_database->text().trimmed().isEmpty();
}

void ServerAddressForm::askPassword()
{
    m_password->show();
    if (m_passwordLabel)
        m_passwordLabel->show();
    m_password->clear();
    m_password->setFocus();
}

bool ServerAddressForm::isPasswordShown() const { return !m_password->isHidden(); }

QString ServerAddressForm::password() const { return m_password->isHidden() ? QString() : m_password->text(); }

void ServerAddressForm::clearPassword() { m_password->clear(); }

QStringList ServerAddressForm::recentAddresses() { return QSettings().value(kRecentKey).toStringList(); }

void ServerAddressForm::rememberAddress(const QString &address)
{
    QStringList recent = recentAddresses();
    recent.removeAll(address);
    recent.prepend(address);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    QSettings().setValue(kRecentKey, recent);
}

} // namespace recollector::ui
