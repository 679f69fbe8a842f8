// MainWindow's Help menu (user guide, keyboard shortcuts, about), drag and drop onto the
// window, and Copy (docs/user-guide.md, "Help").
#include "MainWindow.h"

#include "StoreSession.h"
#include "dialogs/ShortcutsDialog.h"
#include "dialogs/UserGuideDialog.h"
#include "support/MessageBox.h"
#include "text/MaskedText.h"

#include "model/ProgramNames.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QUrl>

namespace recollector::ui {

namespace {

/// The one local file or folder a drag carries, else "".
QString droppedPath(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1)
        return {};
    const QUrl url = mime->urls().constFirst();
    return url.isLocalFile() ? url.toLocalFile() : QString();
}

} // namespace

void MainWindow::createHelpActions(QMenu *menu)
{
    QAction *guide = menu->addAction(tr("Recollector &User Guide"), this, &MainWindow::openUserGuide);
    guide->setObjectName(QStringLiteral("userGuideAction"));
    guide->setShortcut(QKeySequence::HelpContents);
    QAction *keys = menu->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::openShortcuts);
    keys->setObjectName(QStringLiteral("shortcutsAction"));
    menu->addSeparator();
    QAction *about = menu->addAction(tr("&About Recollector"), this, [this]() {
        MessageBox::inform(this, tr("About Recollector"),
                           tr("Recollector %1\n\nInspect and edit an AI assistant's long-term memory: what it "
                              "recalls, how strongly, and why.\n\nQt %2")
                               .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
    });
    about->setObjectName(QStringLiteral("aboutAction"));
    // A file or folder dropped on the window opens, attaches or imports it (openDropped).
    setAcceptDrops(true);
}

void MainWindow::openUserGuide()
{
    if (auto *open = findChild<UserGuideDialog *>()) {
        open->raise();
        open->activateWindow();
        return;
    }
    auto *dialog = new UserGuideDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::openShortcuts()
{
    if (auto *open = findChild<ShortcutsDialog *>()) {
        open->raise();
        open->activateWindow();
        return;
    }
    auto *dialog = new ShortcutsDialog(menuBar(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!droppedPath(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString path = droppedPath(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    openDropped(path);
}

void MainWindow::openDropped(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir()) {
        attachFolder(info.absoluteFilePath());
        return;
    }
    if (core::names::hasStoreSuffix(path)) {
        openStore(info.absoluteFilePath());
        return;
    }
    if (!m_session->isOpen() || m_session->isReadOnly()) {
        showError(tr("Import"), tr("Open or create a store first, then drop %1 on the window again to import it.")
                                    .arg(info.fileName()));
        return;
    }
    openImportPreview(info.absoluteFilePath());
}

void MainWindow::copySelected()
{
    QStringList lines;
    for (const QString &id : selectedIds()) {
        if (const auto memory = m_session->memory(id))
            lines << MaskedText::shown(*memory, m_session->privacyMode()); // never a hidden text
    }
    if (!lines.isEmpty())
        QGuiApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
}

} // namespace recollector::ui
