#include "dialogs/CopyStoreDialog.h"

#include "StoreSession.h"
#include "dialogs/ServerAddressForm.h"
#include "store/ServerPassword.h"
#include "store/ServerUrl.h"
#include "store/StoreCopy.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace recollector::ui {

using namespace recollector::core;

namespace {

/// What the copy is doing, in the person's words, by the table it copies.
QString phaseOf(const QString &table)
{
    if (table == QLatin1String("memories"))
        return QCoreApplication::translate("CopyStoreDialog", "Copying the memories…");
    if (table == QLatin1String("associations"))
        return QCoreApplication::translate("CopyStoreDialog", "Copying the links…");
    if (table == QLatin1String("events"))
        return QCoreApplication::translate("CopyStoreDialog", "Copying the history…");
    if (table == QLatin1String("conflicts"))
        return QCoreApplication::translate("CopyStoreDialog", "Copying the contradictions…");
    return QCoreApplication::translate("CopyStoreDialog", "Copying the settings…");
}

Result<qint64> copy(const QString &from, const QString &to, JobControl &control)
{
    QString phase;
    return StoreCopy::copyStore(from, to, [&](const QString &table, qint64 done, qint64 total) {
        if (const QString now = phaseOf(table); now != phase) {
            phase = now;
            control.setPhase(phase);
        }
        constexpr qint64 kMost = std::numeric_limits<int>::max();
        return control.report(int(std::min(done, kMost)), int(std::min(total, kMost)));
    });
}

} // namespace

CopyStoreDialog::CopyStoreDialog(StoreSession *session, QWidget *parent)
    : JobDialog(parent), m_session(session), m_result(new QLabel(this)), m_copy(new QPushButton(tr("&Copy"), this)),
      m_close(new QPushButton(tr("Close"), this))
{
    setObjectName(QStringLiteral("copyStoreDialog"));
    setWindowTitle(tr("Copy store"));
    const bool fromServer = session && ServerUrl::isServerUrl(session->path());
    auto *layout = new QVBoxLayout(this);
    auto *about = new QLabel(fromServer ? tr("Copies every memory of this team store, with its history, links, "
                                             "contradictions and settings, into a new store file on this computer. "
                                             "The team store is not changed.")
                                        : tr("Copies every memory of this store, with its history, links, "
                                             "contradictions and settings, into a team store on a PostgreSQL server, "
                                             "where several people and assistants can share it. The database must "
                                             "exist and be empty; ask its administrator for these details. This "
                                             "store is not changed."),
                             this);
    about->setWordWrap(true);
    about->setTextFormat(Qt::PlainText);
    about->setMinimumWidth(460);
    layout->addWidget(about);
    if (fromServer) {
        auto *row = new QHBoxLayout;
        m_file = new QLineEdit(this);
        m_file->setObjectName(QStringLiteral("copyTargetFile"));
        m_file->setPlaceholderText(tr("the new store file"));
        auto *choose = new QPushButton(tr("C&hoose…"), this);
        choose->setObjectName(QStringLiteral("copyChooseFile"));
        row->addWidget(m_file, 1);
        row->addWidget(choose);
        layout->addLayout(row);
        connect(m_file, &QLineEdit::textChanged, this, &CopyStoreDialog::updateState);
        connect(choose, &QPushButton::clicked, this, &CopyStoreDialog::chooseFile);
    } else {
        m_server = new ServerAddressForm(this);
        layout->addWidget(m_server);
        connect(m_server, &ServerAddressForm::changed, this, &CopyStoreDialog::updateState);
    }
    m_result->setObjectName(QStringLiteral("resultLabel"));
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::PlainText);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_result);
    layout->addWidget(jobProgress());
    auto *buttons = new QDialogButtonBox(this);
    m_copy->setObjectName(QStringLiteral("copyButton"));
    m_close->setObjectName(QStringLiteral("closeButton"));
    buttons->addButton(m_copy, QDialogButtonBox::AcceptRole);
    buttons->addButton(m_close, QDialogButtonBox::RejectRole);
    layout->addWidget(buttons);
    setCloseButton(m_close);
    connect(m_copy, &QPushButton::clicked, this, &CopyStoreDialog::startCopy);
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    updateState();
}

QString CopyStoreDialog::target() const { return toServer() ? m_server->address() : m_file->text().trimmed(); }

void CopyStoreDialog::chooseFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Copy to a new store file"), m_file->text(),
                                                      tr("Recollector stores (*.recollector)"));
    if (!path.isEmpty())
        m_file->setText(QDir::toNativeSeparators(path));
}

void CopyStoreDialog::updateState()
{
    m_copy->setEnabled(!isJobRunning() && (toServer() ? m_server->isComplete() : !m_file->text().trimmed().isEmpty()));
}

bool CopyStoreDialog::startCopy()
{
    const QString to = target();
    if (!m_session || !m_session->store() || isJobRunning() || to.isEmpty())
        return false;
    if (toServer()) {
        if (const QString password = m_server->password(); !password.isEmpty())
            server_password::remember(to, password); // this process only, for this address
    }
    m_copy->setEnabled(false);
    m_result->clear();
    setBanner(m_result, Banner::Clear);
    const QString from = m_session->path();
    runJob<qint64>(
        tr("Copying…"), [from, to](JobControl &control) { return copy(from, to, control); },
        [this, to](Result<qint64> result) { finishCopy(std::move(result), to); });
    return true;
}

QString CopyStoreDialog::describeTarget(const QString &target) const
{
    if (const auto url = ServerUrl::parse(target); toServer() && url)
        return tr("the team store “%1” on %2").arg(url->database, url->host);
    return QDir::toNativeSeparators(target);
}

void CopyStoreDialog::finishCopy(Result<qint64> result, const QString &target)
{
    updateState();
    if (result) {
        if (toServer()) {
            ServerAddressForm::rememberAddress(target);
            m_server->clearPassword();
        }
        m_result->setText(tr("Copied %1 memories, with their history, links, contradictions and settings, to %2.")
                              .arg(QLocale().toString(*result), describeTarget(target)));
        setBanner(m_result, Banner::Success);
        emit copyFinished(true);
        return;
    }
    if (toServer())
        server_password::forget(target);
    if (isCancelled(result.error())) {
        m_result->setText(tr("Stopped; nothing was written."));
        setBanner(m_result, Banner::Clear);
    } else if (toServer() && server_password::isAsked(result.error())) {
        const bool again = m_server->isPasswordShown();
        m_server->askPassword();
        m_result->setText(again ? tr("The server did not take this password. Type it again.")
                                : tr("The server asks for your password."));
        setBanner(m_result, Banner::Error);
    } else {
        m_result->setText(tr("Nothing was copied: %1").arg(result.error().message));
        setBanner(m_result, Banner::Error);
    }
    emit copyFinished(false);
}

} // namespace recollector::ui
