#pragma once

#include "dialogs/JobDialog.h"

#include <QPointer>

class QLabel;
class QLineEdit;
class QPushButton;

namespace recollector::ui {

class ServerAddressForm;
class StoreSession;

/// File → Copy Store… (docs/team-store.md, "Moving between the two"): the open store copied,
/// whole and as stored, into a new store: a team store on a PostgreSQL server when a file is
/// open, a new file when a team store is open. The copy is core::StoreCopy::copyStore, the
/// same as `recollector-cli copy-store`, run on a worker with its own connections, with the
/// progress of each table and Cancel from JobDialog; stopped or failed, nothing is written.
/// The open store is not changed.
class CopyStoreDialog final : public JobDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CopyStoreDialog)

public:
    explicit CopyStoreDialog(StoreSession *session, QWidget *parent = nullptr);

    /// Where the copy goes: the address the fields make, or the file named.
    QString target() const;
    /// Starts the copy (the Copy button); false when one runs, no store is open or no target is given.
    bool startCopy();

Q_SIGNALS:
    /// The copy ended: written (true), or stopped / failed with nothing written (false).
    void copyFinished(bool written);

private:
    bool toServer() const { return m_server != nullptr; }
    void chooseFile();
    void updateState();
    void finishCopy(core::Result<qint64> result, const QString &target);
    QString describeTarget(const QString &target) const;

    QPointer<StoreSession> m_session;
    ServerAddressForm *m_server = nullptr; ///< when a file is open
    QLineEdit *m_file = nullptr;           ///< when a team store is open
    QLabel *m_result;
    QPushButton *m_copy;
    QPushButton *m_close;
};

} // namespace recollector::ui
