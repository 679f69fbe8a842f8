#pragma once

#include "model/Result.h"

#include <QDialog>

#include <functional>

class QLabel;
class QPushButton;

namespace recollector::ui {

class ServerAddressForm;

/// File → Connect to Team Store… (docs/team-store.md, "Connecting from the window"): the
/// server, port, database, user name and how the connection is secured, as libpq takes them,
/// and the addresses connected to before (never with a password). When the server asks for a
/// password, a password field appears; what is typed there is handed to the driver for that
/// address in this process only (core::server_password), never stored. Errors are said in the
/// dialog, which stays open until a store is open or the person cancels.
class ConnectDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectDialog)

public:
    /// Opens the store at an address in the window (as File → Open does); its error is shown.
    using Opener = std::function<core::Status(const QString &address)>;

    explicit ConnectDialog(Opener opener, QWidget *parent = nullptr);
    ~ConnectDialog() override;

    /// A window-modal dialog that deletes itself when closed, its fields filled from
    /// `address` (or the last address connected to).
    static ConnectDialog *showFor(QWidget *parent, Opener opener, const QString &address = {});

    /// The address the fields make: postgresql://user@host:port/database?sslmode=…
    QString address() const;
    /// Fills the fields from an address (a recent one).
    void setAddress(const QString &address);
    /// The addresses connected to, newest first (settings; no passwords in them).
    static QStringList recentAddresses();

private:
    void connectToStore();
    void updateState();

    Opener m_opener;
    ServerAddressForm *m_form = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_connect = nullptr;
};

} // namespace recollector::ui
