#include "dialogs/ReviewQueueDialog.h"

#include "StoreSession.h"
#include "text/MaskedText.h"
#include "commands/DecisionCommand.h"
#include "dialogs/ConflictDialog.h"
#include "engine/decisions/Reinforcement.h"
#include "engine/review/Cleanup.h"
#include "engine/review/LiveReviewQueue.h"
#include "models/CleanupPlanModel.h"
#include "support/MessageBox.h"
#include "support/TextPrompt.h"
#include "text/EventText.h"
#include "text/MemoryName.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QStyle>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace recollector::ui {

using namespace recollector::core;
using Kind = ReviewItem::Kind;

namespace {

QString kindLabel(const ReviewItem &item)
{
    switch (item.kind) {
    case Kind::Conflict: return ReviewQueueDialog::tr("Conflict");
    case Kind::Promote: return ReviewQueueDialog::tr("Promote?");
    case Kind::Decay: return ReviewQueueDialog::tr("Fading");
    case Kind::Cleanup: return ReviewQueueDialog::tr("Cleanup: %1").arg(CleanupPlanModel::kindTitle(item.cleanup).toLower());
    }
    return {};
}

QStyle::StandardPixmap kindIcon(Kind kind)
{
    switch (kind) {
    case Kind::Conflict: return QStyle::SP_MessageBoxWarning;
    case Kind::Promote: return QStyle::SP_ArrowUp;
    case Kind::Decay: return QStyle::SP_ArrowDown;
    case Kind::Cleanup: return QStyle::SP_TrashIcon;
    }
    return QStyle::SP_MessageBoxQuestion;
}

struct ActionSpec
{
    ReviewQueueDialog::Action action;
    const char *objectName;
    const char *label;
    Qt::Key key;
};

const ActionSpec kActions[] = {
    {ReviewQueueDialog::Action::Confirm, "confirmButton", QT_TRANSLATE_NOOP("recollector::ui::ReviewQueueDialog", "Confirm (C)"), Qt::Key_C},
    {ReviewQueueDialog::Action::Negate, "negateButton", QT_TRANSLATE_NOOP("recollector::ui::ReviewQueueDialog", "Negate (N)"), Qt::Key_N},
    {ReviewQueueDialog::Action::Permanent, "permanentButton", QT_TRANSLATE_NOOP("recollector::ui::ReviewQueueDialog", "Permanent (P)"), Qt::Key_P},
    {ReviewQueueDialog::Action::Delete, "deleteButton", QT_TRANSLATE_NOOP("recollector::ui::ReviewQueueDialog", "Delete (D)"), Qt::Key_D},
    {ReviewQueueDialog::Action::Keep, "keepButton", QT_TRANSLATE_NOOP("recollector::ui::ReviewQueueDialog", "Keep (K)"), Qt::Key_K},
    {ReviewQueueDialog::Action::Promote, "promoteButton", QT_TRANSLATE_NOOP("recollector::ui::ReviewQueueDialog", "Promote to core (U)"), Qt::Key_U},
    {ReviewQueueDialog::Action::ApplyCleanup, "cleanupButton", QT_TRANSLATE_NOOP("recollector::ui::ReviewQueueDialog", "Apply cleanup (A)"), Qt::Key_A},
    {ReviewQueueDialog::Action::Skip, "skipButton", QT_TRANSLATE_NOOP("recollector::ui::ReviewQueueDialog", "Skip (S)"), Qt::Key_S},
    {ReviewQueueDialog::Action::Open, "openButton", QT_TRANSLATE_NOOP("recollector::ui::ReviewQueueDialog", "Open (Enter)"), Qt::Key_Return},
};

} // namespace

ReviewQueueDialog::ReviewQueueDialog(StoreSession *session, QUndoStack *undoStack, QWidget *parent)
    : QDialog(parent), m_session(session), m_undo(undoStack)
{
    setObjectName(QStringLiteral("reviewQueueDialog"));
    setWindowTitle(tr("Review queue"));
    setSizeGripEnabled(true);
    setModal(false);
    resize(1000, 560);

    createTop();
    createList();
    createDetails();
    createButtons();
    connectSignals();
    reload();
    m_list->setFocus();
}

void ReviewQueueDialog::createTop()
{
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    auto *intro = new QLabel(tr("Work through the list with the keyboard; each answer can be undone."), this);
    intro->setTextFormat(Qt::PlainText);
    top->addWidget(intro, 1);
    m_remaining = new QLabel(this);
    m_remaining->setObjectName(QStringLiteral("remainingLabel"));
    m_remaining->setTextFormat(Qt::PlainText);
    QFont bold = m_remaining->font();
    bold.setBold(true);
    m_remaining->setFont(bold);
    top->addWidget(m_remaining);
    layout->addLayout(top);
}

void ReviewQueueDialog::createList()
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("reviewList"));
    m_list->setColumnCount(4);
    m_list->setHeaderLabels({tr("Kind"), tr("Memory"), tr("Reason"), tr("Score")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setAllColumnsShowFocus(true);
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    m_list->installEventFilter(this);
    layout->addWidget(m_list, 1);
}

void ReviewQueueDialog::createDetails()
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    m_reason = new QLabel(this);
    m_reason->setObjectName(QStringLiteral("reasonLabel"));
    m_reason->setTextFormat(Qt::PlainText);
    m_reason->setWordWrap(true);
    m_reason->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reason->setMinimumHeight(m_reason->fontMetrics().lineSpacing() * 3);
    m_reason->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_reason);
    m_feedback = new QLabel(this);
    m_feedback->setObjectName(QStringLiteral("feedbackLabel"));
    m_feedback->setTextFormat(Qt::PlainText);
    m_feedback->setWordWrap(true);
    layout->addWidget(m_feedback);
}

void ReviewQueueDialog::createButtons()
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    auto *grid = new QGridLayout;
    int i = 0;
    for (const ActionSpec &spec : kActions) {
        auto *button = new QPushButton(tr(spec.label), this);
        button->setObjectName(QLatin1String(spec.objectName));
        button->setAutoDefault(false);
        button->setFocusPolicy(Qt::NoFocus); // the keys go to the list
        const Action action = spec.action;
        connect(button, &QPushButton::clicked, this, [this, action] { perform(action); });
        m_buttons.append({action, button});
        grid->addWidget(button, i / 5, i % 5);
        ++i;
    }
    auto *close = new QPushButton(tr("Close"), this);
    close->setObjectName(QStringLiteral("closeButton"));
    close->setAutoDefault(false);
    close->setFocusPolicy(Qt::NoFocus);
    connect(close, &QPushButton::clicked, this, &QDialog::reject);
    grid->addWidget(close, 1, 4);
    layout->addLayout(grid);
}

void ReviewQueueDialog::connectSignals()
{
    connect(m_list, &QTreeWidget::currentItemChanged, this, &ReviewQueueDialog::updateDetails);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, [this] { perform(Action::Open); });
    if (m_session) {
        // A store change judges only the changed memories again (core::LiveReviewQueue).
        connect(m_session, &StoreSession::memoriesChanged, this, &ReviewQueueDialog::takeInChanges);
        connect(m_session, &StoreSession::reloaded, this, &ReviewQueueDialog::reload);
        connect(m_session, &StoreSession::profileChanged, this, &ReviewQueueDialog::reload);
        connect(m_session, &StoreSession::configChanged, this, &ReviewQueueDialog::reload);
        connect(m_session, &StoreSession::closed, this, &ReviewQueueDialog::reload);
    }
}

QString ReviewQueueDialog::keyOf(const ReviewItem &item) const
{
    return QStringLiteral("%1|%2|%3").arg(ReviewQueue::kindName(item.kind)).arg(item.conflictId).arg(item.memoryIds.join(u','));
}

void ReviewQueueDialog::reload()
{
    m_queue.reset();
    if (m_session && m_session->store()) {
        m_queue = std::make_unique<LiveReviewQueue>(m_session->config(), m_session->profile());
        if (const Status st = m_queue->rebuild(*m_session->store(), m_session->snapshot(), time::nowMs()); !st) {
            m_queue.reset();
            m_reason->setText(st.error().message);
        }
    }
    showQueue();
}

void ReviewQueueDialog::takeInChanges(const QStringList &ids)
{
    if (!m_queue || !m_session || !m_session->store()) {
        reload();
        return;
    }
    if (const Status st = m_queue->update(*m_session->store(), m_session->snapshot(), ids); !st) {
        m_queue.reset();
        m_reason->setText(st.error().message);
    }
    showQueue();
}

void ReviewQueueDialog::showQueue()
{
    const ReviewItem *was = current();
    const QString keep = was ? keyOf(*was) : QString();
    const int oldRow = currentRow();
    m_items = m_queue ? m_queue->items() : std::vector<ReviewItem>{};
    fillList();
    // After an answer the next item takes the answered one's place; otherwise stay on the
    // same item (or the same place when it went away).
    int row = -1;
    if (m_rowAfterAnswer >= 0) {
        row = m_rowAfterAnswer;
        m_rowAfterAnswer = -1;
        // Still there (a negated memory stays a cleanup candidate): the next one, so that the
        // same key does not answer the same item twice.
        if (row < int(m_items.size()) && keyOf(m_items[size_t(row)]) == m_answeredKey)
            row = std::min(row + 1, int(m_items.size()) - 1);
    } else {
        for (int r = 0; r < int(m_items.size()) && !keep.isEmpty(); ++r) {
            if (keyOf(m_items[size_t(r)]) == keep) {
                row = r;
                break;
            }
        }
        if (row < 0)
            row = oldRow;
    }
    setCurrentRow(m_items.empty() ? -1 : std::clamp(row, 0, int(m_items.size()) - 1));
    updateDetails();
}

void ReviewQueueDialog::fillList()
{
    m_list->clear();
    QStringList ids;
    for (const ReviewItem &item : m_items)
        ids += item.memoryIds;
    QHash<QString, QString> content;
    if (m_session && m_session->store() && !ids.isEmpty()) {
        if (auto memories = m_session->store()->memories().byIds(ids)) {
            for (const Memory &m : *memories)
                content.insert(m.id, MaskedText::shown(m, m_session->privacyMode()));
        }
    }
    QList<QTreeWidgetItem *> rows;
    for (const ReviewItem &item : m_items) {
        auto *row = new QTreeWidgetItem;
        row->setIcon(0, style()->standardIcon(kindIcon(item.kind)));
        row->setText(0, kindLabel(item));
        QStringList texts;
        QStringList whole;
        for (const QString &id : item.memoryIds) {
            const QString text = content.value(id, tr("a memory no longer in the store"));
            texts << MemoryName::shortened(text, item.memoryIds.size() > 1 ? 60 : 110);
            whole << text;
        }
        row->setText(1, texts.join(QStringLiteral("  ⟷  ")));
        row->setToolTip(1, EventText::plainToolTip(whole.join(QLatin1Char('\n'))));
        // The kind has its own column: the reason alone, without the queue's "delete: " prefix.
        QString reason = item.reason;
        if (item.kind == Kind::Cleanup)
            reason.remove(QRegularExpression(QStringLiteral("^%1: ").arg(Cleanup::kindName(item.cleanup))));
        row->setText(2, reason);
        row->setToolTip(2, EventText::plainToolTip(reason));
        row->setText(3, item.kind == Kind::Conflict ? QString() : EventText::number(item.score));
        row->setTextAlignment(3, Qt::AlignRight | Qt::AlignVCenter);
        rows << row;
    }
    m_list->addTopLevelItems(rows);
    m_remaining->setText(m_items.empty() ? tr("Nothing left to review") : tr("%n left", nullptr, int(m_items.size())));
}

int ReviewQueueDialog::currentRow() const
{
    QTreeWidgetItem *item = m_list->currentItem();
    return item ? m_list->indexOfTopLevelItem(item) : -1;
}

void ReviewQueueDialog::setCurrentRow(int row)
{
    if (row < 0 || row >= m_list->topLevelItemCount()) {
        m_list->setCurrentItem(nullptr);
        return;
    }
    m_list->setCurrentItem(m_list->topLevelItem(row));
    m_list->scrollToItem(m_list->topLevelItem(row));
}

const ReviewItem *ReviewQueueDialog::current() const
{
    const int row = currentRow();
    return row >= 0 && row < int(m_items.size()) ? &m_items[size_t(row)] : nullptr;
}

bool ReviewQueueDialog::canDo(Action action) const
{
    const ReviewItem *item = current();
    if (!item)
        return false;
    const bool single = item->kind != Kind::Conflict && item->memoryIds.size() == 1;
    const bool review = item->kind == Kind::Promote || item->kind == Kind::Decay;
    const bool writable = m_session && !m_session->isReadOnly();
    switch (action) {
    case Action::Skip:
    case Action::Open: return true;
    case Action::Confirm:
    case Action::Negate:
    case Action::Permanent:
    case Action::Delete: return writable && single;
    case Action::Keep: return writable && (review || (item->kind == Kind::Cleanup && single));
    case Action::Promote: return writable && item->kind == Kind::Promote;
    case Action::ApplyCleanup: return writable && item->kind == Kind::Cleanup;
    }
    return false;
}

void ReviewQueueDialog::updateDetails()
{
    const ReviewItem *item = current();
    if (!item) {
        m_reason->setText(m_items.empty() ? tr("The queue is empty: no open conflict, review or cleanup waits for you.")
                                          : QString());
    } else {
        QString text = item->reason;
        if (item->kind == Kind::Conflict)
            text += tr("\nEnter opens the conflict to compare both memories and choose a resolution.");
        else
            text += tr("\nMemory %1 · Enter shows it in the table.").arg(item->memoryIds.value(0));
        m_reason->setText(text);
    }
    for (const auto &[action, button] : std::as_const(m_buttons))
        button->setEnabled(canDo(action));
}

bool ReviewQueueDialog::push(DecisionCommand *command, const QString &done)
{
    m_failure.clear();
    m_feedback->clear();
    m_answering = true;
    m_rowAfterAnswer = currentRow();
    const ReviewItem *answered = current();
    m_answeredKey = answered ? keyOf(*answered) : QString();
    if (m_undo) {
        m_undo->push(command); // redo() runs; the store change reloads the queue
    } else {
        command->redo();
        delete command;
    }
    m_answering = false;
    if (!m_failure.isEmpty()) {
        m_rowAfterAnswer = -1;
        MessageBox::warn(this, tr("Review queue"), m_failure);
        return false;
    }
    if (m_rowAfterAnswer >= 0) // nothing reloaded (no change signal): do it now
        reload();
    QString text = done;
    for (const ReviewItem &item : m_items) {
        if (keyOf(item) == m_answeredKey) {
            text += QLatin1Char(' ') + tr("It stays in the queue: %1").arg(item.reason);
            break;
        }
    }
    if (m_undo)
        text += QLatin1Char(' ') + tr("Edit ▸ Undo takes it back.");
    m_feedback->setText(text);
    m_answeredKey.clear();
    return true;
}

bool ReviewQueueDialog::negateCurrent(const QString &id, const std::function<void(const QString &)> &sink)
{
    const auto answer = TextPrompt::ask(this, tr("Negate memory"),
                                        tr("The memory is wrong. Optionally, what is true instead "
                                           "(creates a new memory that supersedes it):"),
                                        {}, true);
    if (!answer)
        return false; // cancelled: nothing answered
    const QString correction = answer->trimmed();
    const QString what = snippet(id);
    return push(DecisionCommand::negate(m_session, {id}, correction, sink),
                correction.isEmpty() ? tr("Negated “%1”.").arg(what)
                                     : tr("Negated “%1”; the correction “%2” supersedes it.").arg(what, MemoryName::shortened(correction, 60)));
}

QString ReviewQueueDialog::snippet(const QString &id) const
{
    if (m_session && m_session->store()) {
        if (const auto m = m_session->store()->memories().get(id))
            return MemoryName::shortened(m->content, 60);
    }
    return id;
}

bool ReviewQueueDialog::perform(Action action)
{
    if (!canDo(action))
        return false;
    const ReviewItem item = *current();
    const QString id = item.memoryIds.value(0);
    auto sink = [self = QPointer<ReviewQueueDialog>(this), outer = m_errorSink](const QString &message) {
        if (self && self->m_answering)
            self->m_failure = message;
        else if (outer)
            outer(message);
        else
            MessageBox::warn(nullptr, ReviewQueueDialog::tr("Review queue"), message);
    };
    const ReviewKind reviewKind = item.kind == Kind::Promote ? ReviewKind::Promote : ReviewKind::Decay;
    switch (action) {
    case Action::Skip:
        setCurrentRow(std::min(currentRow() + 1, int(m_items.size()) - 1));
        return true;
    case Action::Open:
        if (item.kind == Kind::Conflict) {
            if (!m_conflictDialog || m_conflictDialog->conflictId() != item.conflictId) {
                if (m_conflictDialog)
                    m_conflictDialog->close();
                m_conflictDialog = new ConflictDialog(m_session, m_undo, item.conflictId, this);
                m_conflictDialog->setAttribute(Qt::WA_DeleteOnClose);
                m_conflictDialog->setErrorSink(m_errorSink);
                connect(m_conflictDialog, &ConflictDialog::memoryActivated, this, &ReviewQueueDialog::memoryActivated);
            }
            m_conflictDialog->show();
            m_conflictDialog->raise();
        } else {
            Q_EMIT memoryActivated(id);
        }
        return true;
    case Action::Confirm: return push(DecisionCommand::confirm(m_session, {id}, sink), tr("Confirmed “%1”.").arg(snippet(id)));
    case Action::Negate: return negateCurrent(id, sink);
    case Action::Permanent:
        return push(DecisionCommand::setPermanent(m_session, {id}, true, sink),
                    tr("Marked “%1” permanent: it never decays.").arg(snippet(id)));
    case Action::Delete:
        if (item.kind == Kind::Promote || item.kind == Kind::Decay)
            return push(DecisionCommand::answerReview(m_session, id, reviewKind, ReviewAnswer::Delete, sink),
                        tr("Deleted “%1”.").arg(snippet(id)));
        return push(DecisionCommand::softDelete(m_session, {id}, sink), tr("Deleted “%1”.").arg(snippet(id)));
    case Action::Keep:
        if (item.kind == Kind::Cleanup) {
            // "Don't clean this up": a manual review reinforces it, so its clock restarts.
            return push(new DecisionCommand(m_session, tr("Keep memory"), {id},
                                            [](Decisions &d, const QString &m) { return d.reinforce(m, ReinforceEvent::Manual); },
                                            sink),
                        tr("Kept “%1”: reinforced as a manual review, so no cleanup is planned for it now.").arg(snippet(id)));
        }
        return push(DecisionCommand::answerReview(m_session, id, reviewKind, ReviewAnswer::Keep, sink),
                    tr("Kept “%1”.").arg(snippet(id)));
    case Action::Promote:
        return push(DecisionCommand::answerReview(m_session, id, ReviewKind::Promote, ReviewAnswer::Promote, sink),
                    tr("Promoted “%1” to core.").arg(snippet(id)));
    case Action::ApplyCleanup: {
        // The queue keeps only the kind and reason; the current plan has the full action.
        auto plan = Cleanup(*m_session->store(), m_session->config(), m_session->profile()).plan(time::nowMs());
        if (!plan) {
            MessageBox::warn(this, tr("Review queue"), plan.error().message);
            return false;
        }
        for (const CleanupAction &a : plan->actions) {
            if (a.memoryId == id && a.kind == item.cleanup)
                return push(DecisionCommand::applyCleanup(m_session, a, sink),
                            tr("%1: “%2”.").arg(CleanupPlanModel::kindTitle(a.kind), snippet(id)));
        }
        MessageBox::warn(this, tr("Review queue"), tr("The cleanup of %1 is no longer planned.").arg(id));
        reload();
        return false;
    }
    }
    return false;
}

bool ReviewQueueDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_list && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
            return QDialog::eventFilter(watched, event);
        for (const ActionSpec &spec : kActions) {
            const bool enter = spec.key == Qt::Key_Return && key->key() == Qt::Key_Enter;
            if (key->key() == spec.key || enter) {
                perform(spec.action);
                return true; // never the list's keyboard search, never a default button
            }
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace recollector::ui
