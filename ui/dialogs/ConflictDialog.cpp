#include "dialogs/ConflictDialog.h"

#include "StoreSession.h"
#include "commands/ResolveConflictCommand.h"
#include "text/ConflictText.h"
#include "text/FileClashText.h"
#include "text/MaskedText.h"
#include "engine/conflicts/ConflictReason.h"
#include "engine/text/TextDiff.h"
#include "support/MessageBox.h"
#include "views/ConflictMemoryPane.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QUndoStack>
#include <QVBoxLayout>

#include <array>

namespace recollector::ui {

using namespace recollector::core;

namespace {

const QColor kOlderMark(0xff, 0xcd, 0xcd);
const QColor kNewerMark(0xc4, 0xee, 0xc4);

QLabel *wrappedLabel(const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

ConflictDialog::ConflictDialog(StoreSession *session, QUndoStack *undoStack, qint64 conflictId, QWidget *parent)
    : QDialog(parent), m_session(session), m_undo(undoStack), m_conflictId(conflictId)
{
    setObjectName(QStringLiteral("conflictDialog"));
    setWindowTitle(tr("Conflict #%1").arg(conflictId));
    setSizeGripEnabled(true);
    resize(1100, 750);

    auto *layout = new QVBoxLayout(this);
    layout->setSpacing(6);
    createHeader();
    createBody();
    createButtons();
    connectSignals();
    reload();
    // A temporal shift is usually settled by the newer memory; start there for every type.
    setStrategy(ResolutionStrategy::LatestWins);
    strategyChanged();
}

void ConflictDialog::createHeader()
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    m_header = wrappedLabel(QStringLiteral("conflictHeader"), this);
    QFont headerFont = m_header->font();
    headerFont.setPointSizeF(headerFont.pointSizeF() * 1.25);
    headerFont.setBold(true);
    m_header->setFont(headerFont);
    layout->addWidget(m_header);
    m_explanation = wrappedLabel(QStringLiteral("conflictExplanation"), this);
    layout->addWidget(m_explanation);
    m_status = wrappedLabel(QStringLiteral("conflictStatus"), this);
    layout->addWidget(m_status);
}

void ConflictDialog::createBody()
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->setChildrenCollapsible(false);
    auto *sides = new QSplitter(Qt::Horizontal, vertical);
    sides->setChildrenCollapsible(false);
    m_paneA = new ConflictMemoryPane(m_session, QStringLiteral("A"), sides);
    m_paneB = new ConflictMemoryPane(m_session, QStringLiteral("B"), sides);
    for (ConflictMemoryPane *pane : {m_paneA, m_paneB})
        connect(pane, &ConflictMemoryPane::memoryActivated, this, &ConflictDialog::memoryActivated);
    sides->addWidget(m_paneA);
    sides->addWidget(m_paneB);

    auto *resolution = new QGroupBox(tr("Resolution"), vertical);
    auto *row = new QHBoxLayout(resolution);
    auto *chooser = new QVBoxLayout;
    auto *strategyRow = new QHBoxLayout;
    auto *strategyLabel = new QLabel(tr("&Strategy:"), resolution);
    m_strategy = new QComboBox(resolution);
    m_strategy->setObjectName(QStringLiteral("strategyCombo"));
    for (int s = int(ResolutionStrategy::LatestWins); s <= int(ResolutionStrategy::Merge); ++s)
        m_strategy->addItem(ConflictText::strategyLabel(ResolutionStrategy(s)), s);
    strategyLabel->setBuddy(m_strategy);
    strategyRow->addWidget(strategyLabel);
    strategyRow->addWidget(m_strategy, 1);
    chooser->addLayout(strategyRow);
    m_strategyExplanation = wrappedLabel(QStringLiteral("strategyExplanation"), resolution);
    chooser->addWidget(m_strategyExplanation);
    m_merge = new QPlainTextEdit(resolution);
    m_merge->setObjectName(QStringLiteral("mergeEdit"));
    m_merge->setPlaceholderText(tr("The merged memory's text"));
    m_merge->setTabChangesFocus(true);
    chooser->addWidget(m_merge, 1);
    chooser->addStretch(0);
    row->addLayout(chooser, 2);
    m_preview = new QPlainTextEdit(resolution);
    m_preview->setObjectName(QStringLiteral("previewText"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_preview->setTabChangesFocus(true);
    row->addWidget(m_preview, 3);

    vertical->addWidget(sides);
    vertical->addWidget(resolution);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    vertical->setSizes({420, 270});
    layout->addWidget(vertical, 1);
}

void ConflictDialog::createButtons()
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    auto *buttons = new QDialogButtonBox(this);
    m_resolve = buttons->addButton(tr("&Resolve"), QDialogButtonBox::ActionRole); // not AcceptRole: the box would make it the default on show
    m_resolve->setObjectName(QStringLiteral("resolveButton"));
    m_dismiss = buttons->addButton(tr("&Not a Conflict"), QDialogButtonBox::ActionRole);
    m_dismiss->setObjectName(QStringLiteral("dismissButton"));
    m_dismiss->setToolTip(tr("Dismiss: these two memories do not contradict each other (undoable)"));
    m_close = buttons->addButton(QDialogButtonBox::Close);
    m_close->setObjectName(QStringLiteral("closeButton"));
    // Resolving is a deliberate act (Alt+R or a click), never a stray Enter — and a parent
    // QDialog looking for a default button among its children must not find this one.
    for (QPushButton *b : {m_resolve, m_dismiss, m_close}) {
        b->setAutoDefault(false);
        b->setDefault(false);
    }
    connect(m_resolve, &QPushButton::clicked, this, &ConflictDialog::resolve);
    connect(m_dismiss, &QPushButton::clicked, this, &ConflictDialog::dismiss);
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    layout->addWidget(buttons);
}

void ConflictDialog::connectSignals()
{
    connect(m_strategy, &QComboBox::currentIndexChanged, this, &ConflictDialog::strategyChanged);
    connect(m_merge, &QPlainTextEdit::textChanged, this, &ConflictDialog::updatePreview);
    if (m_session) {
        connect(m_session, &StoreSession::memoriesChanged, this, [this](const QStringList &ids) {
            if (ids.contains(m_conflict.a) || ids.contains(m_conflict.b))
                reload();
        });
        connect(m_session, &StoreSession::reloaded, this, &ConflictDialog::reload);
        connect(m_session, &StoreSession::profileChanged, this, &ConflictDialog::reload);
        connect(m_session, &StoreSession::nowChanged, this, &ConflictDialog::reload);
    }
}

ResolutionStrategy ConflictDialog::strategy() const
{
    return ResolutionStrategy(m_strategy->currentData().toInt());
}

void ConflictDialog::setStrategy(ResolutionStrategy strategy)
{
    m_strategy->setCurrentIndex(m_strategy->findData(int(strategy)));
}

QString ConflictDialog::mergedText() const
{
    return m_merge->toPlainText();
}

void ConflictDialog::setMergedText(const QString &text)
{
    m_mergePrefilled = true;
    m_merge->setPlainText(text);
}

QString ConflictDialog::previewText() const
{
    return m_preview->toPlainText();
}

void ConflictDialog::reload()
{
    m_readable = false;
    Store *store = m_session ? m_session->store() : nullptr;
    if (!store) {
        m_header->setText(tr("No store is open."));
        updatePreview();
        return;
    }
    auto conflict = store->conflicts().get(m_conflictId);
    if (!conflict) {
        m_header->setText(tr("Conflict #%1 cannot be read").arg(m_conflictId));
        m_explanation->setText(conflict.error().message);
        m_status->clear();
        updatePreview();
        return;
    }
    m_conflict = *conflict;
    const Millis now = m_session->now();
    m_header->setText(tr("Conflict #%1 · %2").arg(m_conflictId).arg(ConflictText::typeLabel(m_conflict.type)));
    QString explanation = ConflictText::typeExplanation(m_conflict.type);
    // Why it was raised, in the detector's words: "the newer says 'signed with Nike', …"
    // (docs/scoring.md#judgement-rules).
    if (auto why = ConflictReason::of(*store, m_conflict); why && !why->isEmpty())
        explanation += QLatin1Char('\n') + tr("Why: %1").arg(*why);
    m_explanation->setText(explanation);
    m_status->setText(ConflictText::statusText(m_conflict, now));

    auto a = m_session->memory(m_conflict.a);
    auto b = m_session->memory(m_conflict.b);
    if (!a || !b) {
        m_status->setText(m_status->text() + QLatin1Char('\n')
                          + tr("A memory of this conflict is gone: %1").arg((!a ? a.error() : b.error()).message));
        updatePreview();
        return;
    }
    m_readable = true;
    if (m_conflict.type == ConflictType::FileClash && showFileClash(*a))
        return;
    const bool aIsOlder = a->createdAt != b->createdAt ? a->createdAt < b->createdAt : a->id < b->id;
    const TextDifference diff = TextDiff::compare(a->content, b->content);
    m_paneA->showMemory(*a, aIsOlder ? tr("older") : tr("newer"), diff.left, aIsOlder ? kOlderMark : kNewerMark);
    m_paneB->showMemory(*b, aIsOlder ? tr("newer") : tr("older"), diff.right, aIsOlder ? kNewerMark : kOlderMark);
    // Only text the panes show may prefill the merge: never a locked or masked memory's.
    const bool privacy = m_session->privacyMode();
    QStringList parts;
    for (const Memory *m : aIsOlder ? std::array{&*a, &*b} : std::array{&*b, &*a}) {
        if (!MaskedText::isMasked(*m, privacy))
            parts << m->content;
    }
    m_prefill = parts.join(QLatin1Char('\n'));
    updatePreview();
}

// A file clash is one memory: the assistant's file on the left, the decision Recollector did not
// write on the right (docs/formats.md, "Attached folders").
bool ConflictDialog::showFileClash(const core::Memory &memory)
{
    auto events = m_session->store()->events().forMemory(memory.id, { QStringLiteral("file_clash") });
    if (!events)
        return false;
    const auto sides = FileClashText::sides(memory, *events, m_conflictId);
    if (!sides)
        return false;
    m_explanation->setText(FileClashText::summary(*sides));
    const TextDifference diff = TextDiff::compare(sides->file.content, sides->decision.content);
    m_paneA->showMemory(sides->file, tr("the assistant's file"), diff.left, kOlderMark);
    m_paneB->showMemory(sides->decision, sides->deletion ? tr("your delete") : tr("your decision"), diff.right, kNewerMark);
    m_prefill = sides->file.content;
    updatePreview();
    return true;
}

void ConflictDialog::strategyChanged()
{
    const ResolutionStrategy s = strategy();
    m_strategyExplanation->setText(ConflictText::strategyExplanation(s));
    const bool merging = s == ResolutionStrategy::Merge;
    if (merging && !m_mergePrefilled) {
        m_mergePrefilled = true;
        m_merge->setPlainText(m_prefill); // both contents, older first, for the user to edit
    }
    m_merge->setVisible(merging);
    updatePreview();
}

void ConflictDialog::updatePreview()
{
    const bool open = m_readable && m_conflict.isOpen();
    m_dismiss->setEnabled(open && m_session && !m_session->isReadOnly());
    m_strategy->setEnabled(open);
    m_merge->setReadOnly(!open);
    if (!m_readable) {
        m_preview->setPlainText(tr("Nothing to preview."));
        m_resolve->setEnabled(false);
        return;
    }
    if (!open) {
        m_preview->setPlainText(ConflictText::statusText(m_conflict, m_session->now()));
        m_resolve->setEnabled(false);
        return;
    }
    // The preview is planned at the real clock, as the resolution will be.
    ConflictResolver resolver(*m_session->store(), m_session->config());
    auto plan = resolver.plan(m_conflictId, strategy(), time::nowMs(), mergedText());
    if (!plan) {
        m_preview->setPlainText(strategy() == ResolutionStrategy::Merge && mergedText().trimmed().isEmpty()
                                    ? tr("Write the merged memory's text on the left.")
                                    : plan.error().message);
        m_resolve->setEnabled(false);
        return;
    }
    m_preview->setPlainText(ConflictText::preview(*plan, m_session->profile(), m_session->privacyMode()));
    m_resolve->setEnabled(!m_session->isReadOnly());
}

bool ConflictDialog::resolve()
{
    if (!m_session || !m_session->store() || !m_resolve->isEnabled())
        return false;
    return push(new ResolveConflictCommand(m_session, m_conflictId, strategy(),
                                           strategy() == ResolutionStrategy::Merge ? mergedText() : QString(),
                                           errorSink()),
                tr("Resolve conflict"));
}

bool ConflictDialog::dismiss()
{
    if (!m_session || !m_session->store() || !m_dismiss->isEnabled())
        return false;
    return push(ResolveConflictCommand::dismissal(m_session, m_conflictId, errorSink()), tr("Dismiss conflict"));
}

std::function<void(const QString &)> ConflictDialog::errorSink()
{
    // The sink outlives this call (the command stays on the stack): later undo/redo failures
    // go to the window's sink, this one's only while the command first runs.
    return [self = QPointer<ConflictDialog>(this), outer = m_errorSink](const QString &message) {
        if (self && self->m_resolving) {
            self->m_failure = message;
        } else if (outer) {
            outer(message);
        } else {
            MessageBox::warn(nullptr, ConflictDialog::tr("Conflict resolution"), message);
        }
    };
}

bool ConflictDialog::push(ResolveConflictCommand *command, const QString &title)
{
    m_failure.clear();
    m_resolving = true;
    if (m_undo) {
        m_undo->push(command); // runs redo(); a failed command is obsolete and the stack drops it
    } else {
        command->redo();
        delete command;
    }
    m_resolving = false;
    const QString failure = m_failure;
    if (!failure.isEmpty()) {
        MessageBox::warn(this, title, failure);
        reload();
        return false;
    }
    Q_EMIT resolved(m_conflictId);
    accept();
    return true;
}

} // namespace recollector::ui
