#include "dialogs/ConflictListDialog.h"

#include "dialogs/ConflictDetectionJob.h"
#include "StoreSession.h"
#include "dialogs/ConflictDialog.h"
#include "models/ConflictListModel.h"
#include "store/Store.h"
#include "support/MessageBox.h"
#include "support/Teardown.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace recollector::ui {

using namespace recollector::core;

ConflictListDialog::ConflictListDialog(StoreSession *session, QUndoStack *undoStack, QWidget *parent)
    : JobDialog(parent), m_session(session), m_undo(undoStack)
{
    setObjectName(QStringLiteral("conflictListDialog"));
    setWindowTitle(tr("Conflicts"));
    setSizeGripEnabled(true);
    resize(1000, 520);

    createTop();
    createTable();
    createButtons();
    connectControls();
    reload();
}

void ConflictListDialog::createTop()
{
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    auto *filterLabel = new QLabel(tr("&Show:"), this);
    m_filter = new QComboBox(this);
    m_filter->setObjectName(QStringLiteral("filterCombo"));
    m_filter->addItem(tr("Open conflicts"), true);
    m_filter->addItem(tr("All conflicts"), false);
    filterLabel->setBuddy(m_filter);
    top->addWidget(filterLabel);
    top->addWidget(m_filter);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("conflictSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    top->addWidget(m_summary, 1);
    m_detect = new QPushButton(tr("&Detect now"), this);
    m_detect->setObjectName(QStringLiteral("detectButton"));
    m_detect->setToolTip(tr("Look for new contradictions in the whole store and record them"));
    top->addWidget(m_detect);
    layout->addLayout(top);
}

void ConflictListDialog::createTable()
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    m_model = new ConflictListModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("conflictTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(ConflictListModel::AColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(ConflictListModel::BColumn, QHeaderView::Stretch);
    for (int c : {int(ConflictListModel::IdColumn), int(ConflictListModel::TypeColumn),
                  int(ConflictListModel::DetectedColumn), int(ConflictListModel::StatusColumn)})
        header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_table->installEventFilter(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(jobProgress());
}

void ConflictListDialog::createButtons()
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    auto *bottom = new QHBoxLayout;
    m_showA = new QPushButton(tr("Show &A in table"), this);
    m_showA->setObjectName(QStringLiteral("showAButton"));
    m_showB = new QPushButton(tr("Show &B in table"), this);
    m_showB->setObjectName(QStringLiteral("showBButton"));
    m_openButton = new QPushButton(tr("&Open…"), this);
    m_openButton->setObjectName(QStringLiteral("openButton"));
    m_close = new QPushButton(tr("Close"), this);
    m_close->setObjectName(QStringLiteral("closeButton"));
    setCloseButton(m_close);
    bottom->addWidget(m_showA);
    bottom->addWidget(m_showB);
    bottom->addStretch(1);
    bottom->addWidget(m_openButton);
    bottom->addWidget(m_close);
    layout->addLayout(bottom);
    // Enter belongs to the table (it opens the conflict), never to a default button.
    for (QPushButton *b : {m_detect, m_showA, m_showB, m_openButton, m_close}) {
        b->setAutoDefault(false);
        b->setDefault(false);
    }
}

void ConflictListDialog::connectControls()
{
    connect(m_filter, &QComboBox::currentIndexChanged, this, &ConflictListDialog::reload);
    connect(m_detect, &QPushButton::clicked, this, &ConflictListDialog::detectNow);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex &index) {
        openConflict(index.data(ConflictListModel::ConflictIdRole).toLongLong());
    });
    connect(m_openButton, &QPushButton::clicked, this, [this] {
        if (const qint64 id = currentConflictId())
            openConflict(id);
    });
    connect(m_showA, &QPushButton::clicked, this, [this] {
        if (const QString id = currentMemory(true); !id.isEmpty())
            Q_EMIT memoryActivated(id);
    });
    connect(m_showB, &QPushButton::clicked, this, [this] {
        if (const QString id = currentMemory(false); !id.isEmpty())
            Q_EMIT memoryActivated(id);
    });
    connect(m_close, &QPushButton::clicked, this, &ConflictListDialog::reject);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ConflictListDialog::updateButtons);
    if (m_session) {
        // Conflicts change together with their memories (detection, resolution, undo).
        connect(m_session, &StoreSession::memoriesChanged, this, &ConflictListDialog::reload);
        connect(m_session, &StoreSession::reloaded, this, &ConflictListDialog::reload);
        connect(m_session, &StoreSession::closed, this, &ConflictListDialog::reload);
        // The worker writes to this store through its own connection: stop it before the
        // store goes (its files may be removed next, e.g. a fresh demo store).
        connect(m_session, &StoreSession::aboutToClose, this, &ConflictListDialog::cancelAndWait);
    }
}

ConflictListDialog::~ConflictListDialog()
{
    // ~JobDialog stops the worker; ~QWidget then deletes the children, whose signals must
    // not reach this class's slots any more.
    disconnectDescendants(this);
}

bool ConflictListDialog::showsOpenOnly() const
{
    return m_filter->currentData().toBool();
}

void ConflictListDialog::setShowOpenOnly(bool openOnly)
{
    m_filter->setCurrentIndex(openOnly ? 0 : 1);
}

void ConflictListDialog::reload()
{
    const qint64 keep = currentConflictId();
    Store *store = m_session ? m_session->store() : nullptr;
    const Millis now = m_session ? m_session->now() : time::nowMs();
    if (const Status st = m_model->reload(store, showsOpenOnly(), now, m_session && m_session->privacyMode()); !st)
        m_summary->setText(st.error().message);
    QString summary;
    if (!store) {
        summary = tr("No store is open.");
    } else {
        const qint64 open = m_session->openConflictCount();
        const int all = m_model->rowCount();
        summary = showsOpenOnly() ? (open == 1 ? tr("%n open conflict", nullptr, int(open))
                                               : tr("%n open conflicts", nullptr, int(open)))
                                  : (all == 1 ? tr("%n conflict, %1 open", nullptr, all)
                                              : tr("%n conflicts, %1 open", nullptr, all))
                                        .arg(open);
        if (!m_lastDetection.isEmpty())
            summary += QStringLiteral(" · ") + m_lastDetection;
    }
    m_summary->setText(summary);
    m_detect->setEnabled(store && !m_session->isReadOnly() && !isJobRunning());
    int row = keep ? m_model->rowOf(keep) : -1;
    if (row < 0 && m_model->rowCount() > 0)
        row = 0;
    if (row >= 0)
        m_table->selectRow(row);
    updateButtons();
}

bool ConflictListDialog::detectNow()
{
    if (!m_session || !m_session->store() || m_session->isReadOnly() || isJobRunning())
        return false;
    const QString storePath = m_session->path();
    runJob<ConflictDetectionJob>(
        tr("Looking for contradictions…"),
        [storePath, config = m_session->config()](JobControl &control) {
            return ConflictDetectionJob::run(storePath, config, control);
        },
        [this, storePath](Result<ConflictDetectionJob> result) { finishDetection(std::move(result), storePath); });
    m_lastDetection = tr("looking for new conflicts…");
    reload(); // the summary says so; Detect now is off until it ends
    return true;
}

void ConflictListDialog::finishDetection(Result<ConflictDetectionJob> result, const QString &storePath)
{
    // The session may have moved to another store meanwhile: then there is nothing to follow.
    const bool sameStore = m_session && m_session->store() && m_session->path() == storePath;
    if (!result) {
        if (isCancelled(result.error())) {
            m_lastDetection = tr("detection cancelled; nothing was written");
        } else {
            m_lastDetection = tr("detection failed; nothing was written");
            MessageBox::warn(this, tr("Detect conflicts"), result.error().message);
        }
        reload();
        Q_EMIT detectionFinished(-1);
        return;
    }
    const std::vector<Conflict> &recorded = result->recorded;
    m_lastDetection = recorded.empty() ? tr("no new conflict found")
                                       : tr("%n new conflict(s) found", nullptr, int(recorded.size()));
    if (result->stats.dropped > 0) // the rest waits for the next run (the tooltip says why)
        m_lastDetection += QStringLiteral(" · ") + tr("more remain: detect again");
    m_summary->setToolTip(ConflictDetector::capsNote(result->stats));
    QSet<QString> touched;
    for (const Conflict &c : recorded) {
        touched.insert(c.a);
        touched.insert(c.b);
    }
    if (sameStore && !touched.isEmpty()) {
        QStringList ids(touched.begin(), touched.end());
        ids.sort();
        m_session->refresh(ids); // confidences lowered, supersessions: the table follows (and so do we)
    } else {
        reload();
    }
    Q_EMIT detectionFinished(int(recorded.size()));
}

ConflictDialog *ConflictListDialog::openConflict(qint64 conflictId)
{
    if (!m_session || !m_session->store() || conflictId <= 0)
        return nullptr;
    if (ConflictDialog *existing = m_open.value(conflictId)) {
        existing->show();
        existing->raise();
        existing->activateWindow();
        return existing;
    }
    auto *dialog = new ConflictDialog(m_session, m_undo, conflictId, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (m_errorSink)
        dialog->setErrorSink(m_errorSink);
    connect(dialog, &ConflictDialog::memoryActivated, this, &ConflictListDialog::memoryActivated);
    m_open.insert(conflictId, dialog);
    dialog->show();
    return dialog;
}

bool ConflictListDialog::eventFilter(QObject *watched, QEvent *event)
{
    // Enter opens the conflict and stops there: QAbstractItemView lets it travel on to
    // QDialog, which would press a default button (even one of an open child dialog).
    if (watched == m_table && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            if (const qint64 id = currentConflictId())
                openConflict(id);
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

qint64 ConflictListDialog::currentConflictId() const
{
    const QModelIndexList rows = m_table->selectionModel() ? m_table->selectionModel()->selectedRows() : QModelIndexList{};
    return rows.isEmpty() ? 0 : rows.first().data(ConflictListModel::ConflictIdRole).toLongLong();
}

QString ConflictListDialog::currentMemory(bool a) const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return {};
    return rows.first().data(a ? ConflictListModel::MemoryARole : ConflictListModel::MemoryBRole).toString();
}

void ConflictListDialog::updateButtons()
{
    const bool any = currentConflictId() != 0;
    m_openButton->setEnabled(any);
    m_showA->setEnabled(any);
    m_showB->setEnabled(any);
}

} // namespace recollector::ui
