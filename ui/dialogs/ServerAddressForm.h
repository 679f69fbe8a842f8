#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace recollector::ui {

/// The fields of a team store's address as an administrator gives them out (docs/team-store.md,
/// "Connecting from the window"): the server, port, database, user name, how the connection is
/// secured (in words, libpq's sslmode behind each), the addresses connected to before, and a
/// password field shown only once the server asked for one. File → Connect to Team Store… and
/// File → Copy Store… both ask with it. What is typed as a password is never stored.
class ServerAddressForm final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerAddressForm)

public:
    explicit ServerAddressForm(QWidget *parent = nullptr);
    ~ServerAddressForm() override;

    /// The address the fields make: postgresql://user@host:port/database?sslmode=…
    QString address() const;
    /// Fills the fields from an address (a recent one); an address that does not parse is ignored.
    void setAddress(const QString &address);
    /// Whether a server and a database are given.
    bool isComplete() const;

    /// Shows the password field, empty and focused (the server asked for one).
    void askPassword();
    bool isPasswordShown() const;
    /// What was typed in the shown password field; empty when it is hidden.
    QString password() const;
    void clearPassword();

    /// The addresses connected to, newest first (settings; no passwords in them).
    static QStringList recentAddresses();
    static void rememberAddress(const QString &address);

Q_SIGNALS:
    /// A field changed (isComplete() may have).
    void changed();

private:
    QComboBox *m_recent = nullptr;
    QLineEdit *m_host = nullptr;
    QSpinBox *m_port = nullptr;
    QLineEdit *m_database = nullptr;
    QLineEdit *m_user = nullptr;
    QComboBox *m_security = nullptr;
    QLabel *m_passwordLabel = nullptr;
    QLineEdit *m_password = nullptr;
};

} // namespace recollector::ui
