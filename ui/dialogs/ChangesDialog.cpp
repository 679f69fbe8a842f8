#include "dialogs/ChangesDialog.h"

#include "StoreSession.h"
#include "commands/DecisionCommand.h"
#include "commands/ReviewPointCommand.h"
#include "dialogs/ProposalsPane.h"
#include "engine/review/ChangeDetail.h"
#include "engine/review/ChangeReject.h"
#include "models/ChangeListModel.h"
#include "models/Roles.h"
#include "snapshot/MemorySnapshot.h"
#include "text/ChangeText.h"
#include "text/CountText.h"
#include "text/EventText.h"
#include "text/MaskedText.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextEdit>
#include <QUndoStack>
#include <QVBoxLayout>

#include <memory>

namespace recollector::ui {

using namespace recollector::core;

ChangesDialog::ChangesDialog(StoreSession *session, QUndoStack *undoStack, QWidget *parent)
    : QDialog(parent), m_session(session), m_undo(undoStack), m_model(new ChangeListModel(this))
{
    setWindowTitle(tr("Changes"));
    // Worded for the rows on screen only, under the one rule of every view (maskFor).
    m_model->setPreviewOf([this](const ChangeRow &row) {
        const MemorySnapshot &snapshot = m_session->snapshot();
        const std::uint32_t r = snapshot.rowOf(row.memoryId);
        return maskFor(row.memoryId).value_or(r == MemorySnapshot::kNoRow ? QString() : snapshot.contentPreview(r));
    });
    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    buildFilters(bar);
    layout->addLayout(bar);

    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(buildLists());
    auto *detail = new QWidget;
    auto *side = new QVBoxLayout(detail);
    side->setContentsMargins(0, 0, 0, 0);
    buildDetail(side);
    split->addWidget(detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    buildButtons(layout);
    connectButtons();

    // The list follows the store (other writers, undo, the window's own decisions), at most
    // once per turn of the event loop.
    m_soon.setSingleShot(true);
    m_soon.setInterval(0);
    connect(&m_soon, &QTimer::timeout, this, &ChangesDialog::reload);
    connect(m_session, &StoreSession::memoriesChanged, &m_soon, qOverload<>(&QTimer::start));
    connect(m_session, &StoreSession::reloaded, &m_soon, qOverload<>(&QTimer::start));
    connect(m_session, &StoreSession::privacyModeChanged, &m_soon, qOverload<>(&QTimer::start));
    if (m_undo)
        connect(m_undo, &QUndoStack::indexChanged, &m_soon, qOverload<>(&QTimer::start));
    resize(1100, 640);
    reload();
}

void ChangesDialog::buildButtons(QVBoxLayout *layout)
{
    auto *buttons = new QHBoxLayout;
    m_accept = new QPushButton(tr("Accept (A)"));
    m_accept->setObjectName(QStringLiteral("acceptButton"));
    m_accept->setToolTip(tr("Seen and fine: the change leaves the list"));
    m_reject = new QPushButton(tr("Reject (R)"));
    m_reject->setObjectName(QStringLiteral("rejectButton"));
    m_reject->setToolTip(tr("Take back what the assistant changed, as your own decision (Undo puts it back)"));
    m_show = new QPushButton(tr("Show in Table (Enter)"));
    m_show->setObjectName(QStringLiteral("showButton"));
    m_reviewed = new QPushButton(tr("Mark All Reviewed"));
    m_reviewed->setObjectName(QStringLiteral("reviewedButton"));
    m_reviewed->setToolTip(tr("Your next review starts from now"));
    auto *close = new QPushButton(tr("Close"));
    for (QPushButton *b : { m_accept, m_reject, m_show, m_reviewed, close })
        b->setAutoDefault(false);
    buttons->addWidget(m_accept);
    buttons->addWidget(m_reject);
    buttons->addWidget(m_show);
    buttons->addStretch(1);
    buttons->addWidget(m_reviewed);
    buttons->addWidget(close);
    layout->addLayout(buttons);
    m_feedback = new QLabel;
    m_feedback->setObjectName(QStringLiteral("feedbackLabel"));
    m_feedback->setTextFormat(Qt::PlainText);
    m_feedback->setWordWrap(true);
    layout->addWidget(m_feedback);
    connect(close, &QPushButton::clicked, this, &QDialog::close);
}

void ChangesDialog::connectButtons()
{
    connect(m_accept, &QPushButton::clicked, this, &ChangesDialog::acceptSelected);
    connect(m_reject, &QPushButton::clicked, this, &ChangesDialog::rejectSelected);
    connect(m_show, &QPushButton::clicked, this, [this]() {
        if (m_onProposals) {
            const std::vector<Proposal> chosen = m_proposals->selected();
            if (chosen.size() == 1 && chosen.front().action != Proposal::Action::Create)
                Q_EMIT memoryActivated(chosen.front().memoryId);
            return;
        }
        const QStringList ids = selectedIds();
        if (!ids.isEmpty())
            Q_EMIT memoryActivated(ids.first());
    });
    connect(m_reviewed, &QPushButton::clicked, this, &ChangesDialog::markAllReviewed);
}

QWidget *ChangesDialog::buildLists()
{
    m_list = new QTableView;
    m_list->setObjectName(QStringLiteral("changesList"));
    m_list->setModel(m_model);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setWordWrap(false);
    m_list->verticalHeader()->hide();
    m_list->horizontalHeader()->setStretchLastSection(true);
    m_list->horizontalHeader()->setSectionResizeMode(ChangeListModel::When, QHeaderView::ResizeToContents);
    m_list->setColumnWidth(ChangeListModel::Change, 260);
    m_list->installEventFilter(this);
    // The assistant's proposals first, above the changes (approval mode).
    auto *lists = new QSplitter(Qt::Vertical);
    m_proposals = new ProposalsPane(m_session);
    m_proposals->list()->installEventFilter(this);
    lists->addWidget(m_proposals);
    lists->addWidget(m_list);
    lists->setStretchFactor(0, 1);
    lists->setStretchFactor(1, 2);
    // One list holds the selection at a time: the buttons and keys answer that one.
    connect(m_list->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this]() {
        if (!m_list->selectionModel()->selectedRows().isEmpty() && m_onProposals) {
            m_onProposals = false;
            m_proposals->list()->selectionModel()->clearSelection();
        }
        showDetail();
    });
    connect(m_proposals, &ProposalsPane::selectionChanged, this, [this]() {
        if (!m_proposals->selected().empty() && !m_onProposals) {
            m_onProposals = true;
            m_list->selectionModel()->clearSelection();
        }
        showDetail();
    });
    return lists;
}

void ChangesDialog::buildFilters(QHBoxLayout *bar)
{
    auto box = [bar, this](const QString &label, const QString &name) {
        auto *l = new QLabel(label);
        auto *b = new QComboBox;
        b->setObjectName(name);
        // A long category or project name must not push the dialog past a 1024-pixel screen.
        b->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        b->setMinimumContentsLength(6);
        l->setBuddy(b);
        bar->addWidget(l);
        bar->addWidget(b);
        connect(b, &QComboBox::activated, &m_soon, qOverload<>(&QTimer::start));
        return b;
    };
    m_since = box(tr("&Since:"), QStringLiteral("sinceBox"));
    // The point the list starts from is read whole ("your last review (2 days ago)"): this box
    // keeps its width, the others give way on a 1024-pixel screen.
    m_since->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_since->setSizePolicy(QSizePolicy::Fixed, m_since->sizePolicy().verticalPolicy());
    m_since->addItems({ tr("your last review"), tr("a day ago"), tr("a week ago"), tr("a month ago"), tr("the beginning") });
    m_actor = box(tr("&By:"), QStringLiteral("actorBox"));
    m_actor->addItem(tr("anyone"), 0);
    m_actor->addItem(tr("the assistant"), int(std::uint8_t(ChangeActor::Assistant) | std::uint8_t(ChangeActor::File)));
    m_actor->addItem(tr("you"), int(ChangeActor::User));
    m_actor->addItem(tr("an import"), int(ChangeActor::Import));
    m_actor->addItem(tr("Recollector"), int(ChangeActor::System));
    m_kind = box(tr("&What:"), QStringLiteral("kindBox"));
    m_kind->addItem(tr("any change"), 0);
    for (ChangeKind k : { ChangeKind::New, ChangeKind::Edited, ChangeKind::Deleted, ChangeKind::Restored, ChangeKind::Negated,
                          ChangeKind::Merged, ChangeKind::Reinforced, ChangeKind::Tier })
        m_kind->addItem(ChangeText::kind(k), int(k));
    m_category = box(tr("&Category:"), QStringLiteral("categoryBox"));
    m_project = box(tr("&Project:"), QStringLiteral("projectBox"));
    bar->addStretch(1);
    m_count = new QLabel;
    m_count->setObjectName(QStringLiteral("countLabel"));
    bar->addWidget(m_count);
}

std::optional<QString> ChangesDialog::maskFor(const QString &id) const
{
    // The one rule of every view: a sealed or (in privacy mode) sensitive text is not shown.
    const MemorySnapshot &snapshot = m_session->snapshot();
    const std::uint32_t r = snapshot.rowOf(id);
    if (r == MemorySnapshot::kNoRow)
        return std::nullopt;
    return MaskedText::mask(snapshot.has(r, MemorySnapshot::Locked), snapshot.sensitivity(r), m_session->privacyMode());
}

void ChangesDialog::setSince(Since since)
{
    m_since->setCurrentIndex(int(since));
    reload();
}

ChangeQuery ChangesDialog::query(ReviewState *review) const
{
    ChangeQuery q;
    q.now = m_session->now();
    const auto since = Since(m_since->currentIndex());
    static const Millis kAgo[] = { 0, kMsPerDay, 7 * kMsPerDay, 30 * kMsPerDay, 0 };
    if (since == Since::LastReview) {
        q.range.afterEventId = review->throughEventId;
        q.tiersFrom = review->reviewedAt;
        q.review = review;
    } else if (since != Since::Everything) {
        q.range.from = q.now - kAgo[int(since)];
        q.tiersFrom = q.range.from;
    }
    q.filter.actors = std::uint8_t(m_actor->currentData().toInt());
    q.filter.kinds = std::uint32_t(m_kind->currentData().toInt());
    if (m_category->currentIndex() > 0)
        q.filter.category = m_category->currentText();
    if (m_project->currentIndex() > 0)
        q.filter.project = m_project->currentData().toString();
    return q;
}

void ChangesDialog::fillChoices(QComboBox *box, const QStringList &values)
{
    const QVariant current = box->currentIndex() > 0 ? box->currentData() : QVariant();
    box->clear();
    box->addItem(tr("all"), QVariant());
    for (const QString &v : values)
        box->addItem(v.isEmpty() ? tr("(global)") : v, v);
    const int again = current.isValid() ? box->findData(current) : 0;
    box->setCurrentIndex(again < 0 ? 0 : again);
}

void ChangesDialog::reload()
{
    Store *store = m_session->store();
    if (!store)
        return;
    const QStringList keep = selectedIds();
    if (!m_proposals->reload([this](const QString &message) { say(message); }))
        return;
    auto review = ReviewPoint::read(*store, ReviewPoint::currentUser());
    if (!review) {
        say(review.error().message);
        return;
    }
    m_review = *review;
    m_since->setItemText(0, m_review.isSet() ? tr("your last review (%1)").arg(EventText::relative(m_review.reviewedAt, m_session->now()))
                                             : tr("your last review (none yet)"));
    const ChangeQuery q = query(&m_review);
    m_range = q.range;
    auto rows = ChangeList::build(*store, q, &m_session->snapshot(), &m_session->profile());
    if (!rows) {
        say(rows.error().message);
        return;
    }
    if (m_category->count() == 0 || m_category->count() != m_session->snapshot().categoryNames().size() + 1)
        fillChoices(m_category, m_session->snapshot().categoryNames());
    if (m_project->count() == 0 || m_project->count() != m_session->snapshot().projectNames().size() + 1)
        fillChoices(m_project, m_session->snapshot().projectNames());
    m_model->setRows(std::move(*rows), q.now);
    m_count->setText(countText("ChangesDialog", QT_TRANSLATE_NOOP("ChangesDialog", "1 change"),
        QT_TRANSLATE_NOOP("ChangesDialog", "%1 changes"), m_model->rowCount()));
    QList<int> again;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        if (keep.contains(m_model->row(r)->memoryId))
            again << r;
    }
    if (m_proposals->count() > 0 && (m_onProposals || keep.isEmpty())) {
        // What waits for an answer comes first.
        m_onProposals = true;
        m_list->selectionModel()->clearSelection();
        if (m_proposals->selected().empty())
            m_proposals->selectRows({ 0 });
    } else {
        m_onProposals = false;
        selectRows(again.isEmpty() && m_model->rowCount() > 0 ? QList<int> { 0 } : again);
    }
    showDetail();
}

void ChangesDialog::selectRows(const QList<int> &rows)
{
    QItemSelection selection;
    for (int r : rows)
        selection.select(m_model->index(r, 0), m_model->index(r, ChangeListModel::ColumnCount - 1));
    m_list->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!rows.isEmpty())
        m_list->selectionModel()->setCurrentIndex(m_model->index(rows.first(), 0), QItemSelectionModel::NoUpdate);
}

QStringList ChangesDialog::selectedIds() const
{
    QStringList ids;
    for (const QModelIndex &index : m_list->selectionModel()->selectedRows())
        ids << index.data(IdRole).toString();
    return ids;
}

bool ChangesDialog::answerProposals(bool accept)
{
    const qsizetype n = qsizetype(m_proposals->selected().size());
    if (!m_proposals->answerSelected(accept, [this](QUndoCommand *command) { return push(command); }, sink()))
        return false;
    say(accept ? countText("ChangesDialog",
            QT_TRANSLATE_NOOP(
                "ChangesDialog", "Accepted 1 proposal: it is remembered now; Undo takes it back"),
            QT_TRANSLATE_NOOP(
                "ChangesDialog", "Accepted %1 proposals: they are remembered now; Undo takes them back"),
            n)
               : countText("ChangesDialog",
                   QT_TRANSLATE_NOOP(
                       "ChangesDialog", "Rejected 1 proposal: nothing changed, and it stays in the history"),
                   QT_TRANSLATE_NOOP("ChangesDialog",
                       "Rejected %1 proposals: nothing changed, and they stay in the history"),
                   n));
    return true;
}

void ChangesDialog::say(const QString &text)
{
    m_feedback->setText(text);
}

std::function<void(const QString &)> ChangesDialog::sink()
{
    // The command outlives the dialog on the undo stack: later failures go to the window.
    return [self = QPointer<ChangesDialog>(this)](const QString &message) {
        if (!self)
            return;
        self->m_failure = message;
        self->say(message);
        if (self->m_errorSink && !self->m_pushing)
            self->m_errorSink(message);
    };
}

bool ChangesDialog::push(QUndoCommand *command)
{
    m_failure.clear();
    m_pushing = true;
    if (m_undo) {
        m_undo->push(command); // redo() runs now; an obsolete command is dropped by the stack
    } else {
        command->redo();
        delete command;
    }
    m_pushing = false;
    return m_failure.isEmpty();
}

bool ChangesDialog::acceptSelected()
{
    if (m_onProposals)
        return answerProposals(true);
    Store *store = m_session->store();
    const QModelIndexList rows = m_list->selectionModel()->selectedRows();
    if (!store || rows.isEmpty())
        return false;
    ReviewState after = m_review;
    for (const QModelIndex &index : rows) {
        const ChangeRow *row = m_model->row(index.row());
        after.seen.insert(row->memoryId, row->lastEventId);
    }
    if (!push(new ReviewPointCommand(m_session,
            countText("ChangesDialog", QT_TRANSLATE_NOOP("ChangesDialog", "Accept 1 change"),
                QT_TRANSLATE_NOOP("ChangesDialog", "Accept %1 changes"), rows.size()),
            ReviewPoint::currentUser(), m_review, after, sink())))
        return false;
    say(countText("ChangesDialog", QT_TRANSLATE_NOOP("ChangesDialog", "Accepted 1 change"),
        QT_TRANSLATE_NOOP("ChangesDialog", "Accepted %1 changes"), rows.size()));
    return true;
}

bool ChangesDialog::rejectSelected()
{
    if (m_onProposals)
        return answerProposals(false);
    Store *store = m_session->store();
    const QStringList ids = selectedIds();
    if (!store || ids.isEmpty())
        return false;
    auto steps = std::make_shared<std::vector<ChangeReject::Step>>();
    bool unknown = false;
    for (const QString &id : ids) {
        auto detail = ChangeDetail::of(*store, id, m_range);
        if (!detail) {
            say(detail.error().message);
            return false;
        }
        for (ChangeReject::Step &step : ChangeReject::plan(id, *detail))
            steps->push_back(std::move(step));
        unknown = unknown || !detail->beforeKnown;
    }
    if (steps->empty()) {
        say(unknown ? tr("The assistant changed its own file there, and what it held before is not known: edit the memory to change it back.")
                    : tr("Nothing selected was changed by the assistant: there is nothing to reject."));
        return false;
    }
    // One step of the undo stack: every one of them, in one transaction (DecisionCommand).
    QStringList keys;
    for (std::size_t i = 0; i < steps->size(); ++i)
        keys << QString::number(i);
    StoreSession *session = m_session;
    if (!push(new DecisionCommand(
            m_session,
            countText("ChangesDialog", QT_TRANSLATE_NOOP("ChangesDialog", "Reject 1 change"),
                QT_TRANSLATE_NOOP("ChangesDialog", "Reject %1 changes"), ids.size()),
            keys,
            [steps, session](Decisions &d, const QString &key) {
                return ChangeReject::apply(d, *session->store(), steps->at(std::size_t(key.toLongLong())));
            },
            sink())))
        return false;
    say(countText("ChangesDialog", QT_TRANSLATE_NOOP("ChangesDialog", "Rejected 1 change; Undo puts it back"),
        QT_TRANSLATE_NOOP("ChangesDialog", "Rejected %1 changes; Undo puts them back"), ids.size()));
    return true;
}

bool ChangesDialog::markAllReviewed()
{
    Store *store = m_session->store();
    if (!store)
        return false;
    auto after = ReviewPoint::finished(*store, m_session->now());
    if (!after) {
        say(after.error().message);
        return false;
    }
    if (!push(new ReviewPointCommand(m_session, tr("Mark changes reviewed"), ReviewPoint::currentUser(), m_review,
                                     *after, sink())))
        return false;
    say(tr("Reviewed: the next review starts from here"));
    return true;
}

bool ChangesDialog::eventFilter(QObject *watched, QEvent *event)
{
    if ((watched == m_list || watched == m_proposals->list()) && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
            return QDialog::eventFilter(watched, event);
        switch (key->key()) {
        case Qt::Key_A: acceptSelected(); return true;
        case Qt::Key_R: rejectSelected(); return true;
        case Qt::Key_Return:
        case Qt::Key_Enter: m_show->click(); return true;
        default: break;
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace recollector::ui
