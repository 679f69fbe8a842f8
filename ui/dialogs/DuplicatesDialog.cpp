#include "dialogs/DuplicatesDialog.h"

#include "StoreSession.h"
#include "commands/DecisionCommand.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace recollector::ui {

using namespace recollector::core;

namespace {

constexpr int kGroupRole = Qt::UserRole + 1;
constexpr int kIdRole = Qt::UserRole + 2;

Result<std::vector<DuplicateCluster>> search(const QString &storePath, JobControl &control)
{
    control.setPhase(QCoreApplication::translate("DuplicatesDialog", "Reading the memories…"));
    Database::Options options;
    options.readOnly = true;
    options.singlePass = true;
    auto store = Store::open(storePath, options); // this thread's own connection
    if (!store)
        return store.error();
    bool comparing = false;
    return DuplicateFinder::find(**store, [&](qint64 done, qint64 total) {
        // The first third reads the memories, the rest compares them (DuplicateFinder::Progress).
        if (!comparing && done * 3 >= total) {
            comparing = true;
            control.setPhase(QCoreApplication::translate("DuplicatesDialog", "Comparing memories…"));
        }
        return control.report(int(done), int(total));
    });
}

QString dateText(Millis at)
{
    return at > 0 ? QLocale().toString(QDateTime::fromMSecsSinceEpoch(at).date(), QLocale::ShortFormat) : QString();
}

} // namespace

DuplicatesDialog::DuplicatesDialog(StoreSession *session, QUndoStack *undo, QWidget *parent)
    : JobDialog(parent), m_session(session), m_undo(undo), m_result(new QLabel(this)), m_tree(new QTreeWidget(this)),
      m_merge(new QPushButton(tr("&Merge Group"), this)), m_find(new QPushButton(tr("&Find Again"), this)),
      m_close(new QPushButton(tr("Close"), this))
{
    setObjectName(QStringLiteral("duplicatesDialog"));
    setWindowTitle(tr("Duplicates"));
    buildLayout();
    connect(m_find, &QPushButton::clicked, this, &DuplicatesDialog::startSearch);
    connect(m_merge, &QPushButton::clicked, this, &DuplicatesDialog::mergeCurrent);
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this]() { m_merge->setEnabled(currentGroup() >= 0); });
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        if (const QString id = item->data(0, kIdRole).toString(); !id.isEmpty())
            emit memoryActivated(id);
    });
}

void DuplicatesDialog::buildLayout()
{
    auto *layout = new QVBoxLayout(this);
    auto *about = new QLabel(tr("Memories that say the same thing in other words, in groups. Merging a group keeps "
                                "one memory with the text of its strongest; the others are archived into it. "
                                "Undo brings them back."),
                             this);
    about->setWordWrap(true);
    layout->addWidget(about);
    m_result->setObjectName(QStringLiteral("resultLabel"));
    m_result->setWordWrap(true);
    layout->addWidget(m_result);
    m_tree->setObjectName(QStringLiteral("duplicateTree"));
    m_tree->setColumnCount(4);
    m_tree->setHeaderLabels({tr("Memory"), tr("Strength"), tr("Added"), tr("Last reinforced")});
    m_tree->setUniformRowHeights(true);
    m_tree->setWordWrap(false);
    m_tree->setTextElideMode(Qt::ElideRight);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c)
        m_tree->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    layout->addWidget(m_tree, 1);
    layout->addWidget(jobProgress());
    auto *buttons = new QDialogButtonBox(this);
    m_merge->setObjectName(QStringLiteral("mergeButton"));
    m_merge->setToolTip(tr("Make one memory of the chosen group, with the text of its strongest memory"));
    m_merge->setEnabled(false);
    m_find->setObjectName(QStringLiteral("findButton"));
    m_close->setObjectName(QStringLiteral("closeButton"));
    buttons->addButton(m_merge, QDialogButtonBox::ActionRole);
    buttons->addButton(m_find, QDialogButtonBox::ActionRole);
    buttons->addButton(m_close, QDialogButtonBox::RejectRole);
    layout->addWidget(buttons);
    setCloseButton(m_close);
    resize(760, 480);
}

bool DuplicatesDialog::startSearch()
{
    if (!m_session || !m_session->store() || isJobRunning())
        return false;
    const QString storePath = m_session->path();
    m_find->setEnabled(false);
    m_merge->setEnabled(false);
    m_groups.clear();
    m_tree->clear();
    m_result->clear();
    setBanner(m_result, Banner::Clear);
    runJob<std::vector<DuplicateCluster>>(
        tr("Looking for duplicates…"), [storePath](JobControl &control) { return search(storePath, control); },
        [this, storePath](Result<std::vector<DuplicateCluster>> result) {
            finishSearch(std::move(result), storePath);
        });
    return true;
}

void DuplicatesDialog::finishSearch(Result<std::vector<DuplicateCluster>> result, const QString &storePath)
{
    m_find->setEnabled(true);
    if (!result) {
        const bool cancelled = isCancelled(result.error());
        m_result->setText(cancelled ? tr("Stopped before the end; the groups found so far are not shown.")
                                    : result.error().message);
        setBanner(m_result, cancelled ? Banner::Clear : Banner::Error);
        emit searchFinished(false);
        return;
    }
    // The session may have moved to another store meanwhile: its groups are not this store's.
    if (!m_session || m_session->path() != storePath) {
        emit searchFinished(false);
        return;
    }
    m_groups = std::move(*result);
    showGroups();
    emit searchFinished(true);
}

void DuplicatesDialog::showGroups()
{
    m_tree->clear();
    const QLocale locale;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        const DuplicateCluster &c = m_groups[g];
        auto *group = new QTreeWidgetItem(m_tree);
        group->setText(0, tr("%1 memories: %2").arg(c.memories.size()).arg(c.memories.front().content.simplified()));
        group->setData(0, kGroupRole, int(g));
        group->setToolTip(0, c.memories.front().content);
        for (const Memory &m : c.memories) {
            auto *row = new QTreeWidgetItem(group);
            row->setText(0, m.content.simplified());
            row->setToolTip(0, m.content);
            row->setText(1, locale.toString(qRound(m.strength)));
            row->setText(2, dateText(m.createdAt));
            row->setText(3, dateText(m.lastReinforcedAt));
            row->setData(0, kGroupRole, int(g));
            row->setData(0, kIdRole, m.id);
        }
        group->setExpanded(true);
    }
    m_result->setText(m_groups.empty()      ? tr("No memory restates another.")
                      : m_groups.size() == 1 ? tr("1 group of memories that say the same thing.")
                                             : tr("%1 groups of memories that say the same thing.").arg(m_groups.size()));
    if (m_tree->topLevelItemCount() > 0)
        m_tree->setCurrentItem(m_tree->topLevelItem(0));
}

int DuplicatesDialog::currentGroup() const
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    if (!item || isJobRunning())
        return -1;
    const int g = item->data(0, kGroupRole).toInt();
    return g >= 0 && std::size_t(g) < m_groups.size() && !m_groups[std::size_t(g)].memories.empty() ? g : -1;
}

int DuplicatesDialog::groupCount() const
{
    int n = 0;
    for (const DuplicateCluster &c : m_groups)
        n += c.memories.empty() ? 0 : 1;
    return n;
}

bool DuplicatesDialog::mergeCurrent()
{
    const int g = currentGroup();
    if (g < 0 || !m_session || !m_undo || m_session->isReadOnly())
        return false;
    DuplicateCluster &c = m_groups[std::size_t(g)];
    QStringList ids;
    for (const Memory &m : c.memories)
        ids << m.id;
    auto failed = std::make_shared<QString>();
    auto *command = DecisionCommand::merge(m_session, ids, c.memories.front().content,
                                           [failed](const QString &message) { *failed = message; });
    m_undo->push(command); // a failed command marks itself obsolete and the stack deletes it
    if (!failed->isEmpty()) {
        m_result->setText(*failed);
        setBanner(m_result, Banner::Error);
        return false;
    }
    c.memories.clear(); // merged: the group is gone from the list (Undo brings the memories back)
    delete m_tree->topLevelItem(m_tree->indexOfTopLevelItem(m_tree->currentItem()->parent() ? m_tree->currentItem()->parent()
                                                                                            : m_tree->currentItem()));
    m_result->setText(tr("Merged into one memory. Undo in the Edit menu brings the group back."));
    setBanner(m_result, Banner::Success);
    return true;
}

} // namespace recollector::ui
