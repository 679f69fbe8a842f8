// MainWindow's two profile choices (docs/user-guide.md, "Scoring profiles"): "View scores as"
// in the toolbar changes only what the window shows; Store → Scoring Profile changes what the
// assistant recalls, after asking, as an undoable step.
#include "MainWindow.h"

#include "StoreSession.h"
#include "commands/StoreProfileCommand.h"
#include "scoring/ScoringProfile.h"
#include "support/MessageBox.h"
#include "text/ScoringText.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QMenu>
#include <QUndoStack>

namespace recollector::ui {

using namespace recollector::core;

void MainWindow::createStoreProfileMenu(QMenu *menu)
{
    menu->setObjectName(QStringLiteral("storeProfileMenu"));
    menu->setToolTipsVisible(true);
    m_storeProfileGroup = new QActionGroup(this);
    for (const QString &name : profileNames()) {
        if (!makeProfile(name, m_session->config()))
            continue; // only the profiles this build provides
        QAction *action = menu->addAction(ScoringText::profile(name));
        action->setObjectName(QStringLiteral("storeProfile:") + name);
        action->setCheckable(true);
        action->setData(name);
        action->setToolTip(tr("Make the assistant recall (and the cleanup plan) with the %1 profile").arg(ScoringText::profile(name)));
        m_storeProfileGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, name]() { chooseStoreProfile(name); });
    }
}

void MainWindow::chooseStoreProfile(const QString &name)
{
    const QString current = m_session->storeProfileName();
    if (name == current || !m_session->isOpen()) {
        fillProfileChoices();
        return;
    }
    const auto answer = MessageBox::ask(
        this, QMessageBox::Question, tr("Scoring profile"),
        tr("Make %1 the store's scoring profile (now %2)?\n\nThis changes which memories the assistant recalls "
           "and what a cleanup archives. Edit → Undo switches back. To only compare scores, use \"View scores "
           "as\" in the toolbar.")
            .arg(name, current),
        QMessageBox::Yes | QMessageBox::Cancel);
    if (answer != QMessageBox::Yes) {
        fillProfileChoices(); // the menu shows the store's profile again
        return;
    }
    m_undo->push(new StoreProfileCommand(m_session, name,
                                         [this](const QString &m) { showError(tr("Scoring profile"), m); }));
    updateActions();
    fillProfileChoices();
}

void MainWindow::fillProfileChoices()
{
    const QSignalBlocker block(m_profileCombo);
    m_profileCombo->clear();
    const Config &config = m_session->config();
    const QString stored = m_session->storeProfileName();
    for (const QString &name : profileNames()) {
        if (!makeProfile(name, config)) // only the profiles this build provides
            continue;
        m_profileCombo->addItem(name == stored ? tr("%1 (the store's)").arg(ScoringText::profile(name)) : ScoringText::profile(name), name);
    }
    m_profileCombo->setCurrentIndex(std::max(0, m_profileCombo->findData(m_session->profileName())));
    if (m_storeProfileGroup) {
        for (QAction *action : m_storeProfileGroup->actions())
            action->setChecked(action->data().toString() == stored);
    }
}

} // namespace recollector::ui
