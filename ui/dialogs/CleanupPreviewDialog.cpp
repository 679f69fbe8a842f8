#include "dialogs/CleanupPreviewDialog.h"

#include "StoreSession.h"
#include "text/MaskedText.h"
#include "attach/AttachedDecision.h"
#include "commands/DecisionCommand.h"
#include "models/CleanupPlanModel.h"
#include "scoring/ScoringProfile.h"
#include "store/Store.h"
#include "support/JobControl.h"
#include "support/MutedText.h"
#include "text/ScoringText.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace recollector::ui {

using namespace recollector::core;

namespace {

QString localTime(Millis at)
{
    return QDateTime::fromMSecsSinceEpoch(at).toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

} // namespace

CleanupPreviewDialog::CleanupPreviewDialog(StoreSession *session, QUndoStack *undo, QWidget *parent)
    : JobDialog(parent), m_session(session), m_undo(undo), m_title(new QLabel(this)), m_counts(new QLabel(this)),
      m_budgets(new QLabel(this)), m_errorLabel(new QLabel(this)), m_model(new CleanupPlanModel(this)),
      m_view(new QTableView(this)), m_result(new QLabel(this))
{
    setObjectName(QStringLiteral("cleanupPreviewDialog"));
    setWindowTitle(tr("Cleanup Preview"));
    auto *layout = new QVBoxLayout(this);
    layout->setSpacing(10);
    for (QLabel *label : {m_title, m_counts, m_budgets, m_errorLabel, m_result}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        layout->addWidget(label);
    }
    m_title->setObjectName(QStringLiteral("cleanupTitleLabel"));
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_title->setText(tr("Planning the cleanup…"));
    m_counts->setObjectName(QStringLiteral("cleanupCountsLabel"));
    m_budgets->setObjectName(QStringLiteral("cleanupBudgetsLabel"));
    makeMuted(m_budgets);
    m_errorLabel->setObjectName(QStringLiteral("cleanupErrorLabel"));
    setBanner(m_errorLabel, Banner::Error);
    m_errorLabel->hide();
    m_result->setObjectName(QStringLiteral("cleanupResultLabel"));
    m_result->hide(); // shown with the outcome of an apply

    setUpPlanView();
    layout->insertWidget(4, m_view, 1);
    layout->addWidget(jobProgress());
    layout->addWidget(createButtons());

    if (m_session) {
        const Config::Budgets &b = m_session->config().budgets;
        m_budgets->setText(
            tr("Budgets: active episodes ≤ %1 · compressed episodes ≤ %2 · semantic rules ≤ %3 (over "
               "budget, the lowest scores go first) · soft-deleted memories purged after %4 days. "
               "Permanent memories and sensitivity ≥ 2 are never cleaned up automatically.")
                .arg(b.activeEpisodes)
                .arg(b.compressed)
                .arg(b.semanticRules)
                .arg(b.purgeAfterDays));
    }
    resize(1000, 620);
}

void CleanupPreviewDialog::setUpPlanView()
{
    m_view->setObjectName(QStringLiteral("cleanupPlanView"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 10);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setColumnWidth(CleanupPlanModel::ActionColumn, 90);
    // A memory is named by its text; its id is for programs (the model's MemoryIdRole).
    m_view->setColumnHidden(CleanupPlanModel::IdColumn, true);
    m_view->setColumnWidth(CleanupPlanModel::ContentColumn, 340);
    m_view->setColumnWidth(CleanupPlanModel::ScoreColumn, 70);
}

QDialogButtonBox *CleanupPreviewDialog::createButtons()
{
    auto *buttons = new QDialogButtonBox(this);
    m_applyButton = buttons->addButton(tr("&Apply Cleanup"), QDialogButtonBox::AcceptRole);
    m_applyButton->setObjectName(QStringLiteral("applyButton"));
    m_applyButton->setEnabled(false);
    m_closeButton = buttons->addButton(QDialogButtonBox::Close);
    m_closeButton->setObjectName(QStringLiteral("closeButton"));
    // Enter never applies: a cleanup can delete, so it takes a click on its own button.
    m_applyButton->setAutoDefault(false);
    m_closeButton->setDefault(true);
    setCloseButton(m_closeButton);
    connect(m_applyButton, &QPushButton::clicked, this, &CleanupPreviewDialog::apply);
    connect(m_model, &CleanupPlanModel::inclusionChanged, this, [this]() {
        const int included = m_model->includedCount();
        m_applyButton->setText(included == m_model->rowCount() ? tr("&Apply Cleanup")
                                                                : tr("&Apply %n Actions", nullptr, included));
        m_applyButton->setEnabled(m_state == State::Ready && included > 0);
    });
    connect(m_closeButton, &QPushButton::clicked, this, &CleanupPreviewDialog::reject);
    return buttons;
}

const CleanupPlan &CleanupPreviewDialog::plan() const { return m_model->plan(); }

void CleanupPreviewDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    if (m_state == State::Idle)
        start();
}

void CleanupPreviewDialog::setState(State state)
{
    m_state = state;
    m_applyButton->setEnabled(state == State::Ready && m_model->includedCount() > 0);
    Q_EMIT stateChanged(state);
}

void CleanupPreviewDialog::start()
{
    if (m_state != State::Idle)
        return;
    if (!m_session || !m_session->store()) {
        showError(tr("No store is open."));
        setState(State::Failed);
        return;
    }
    auto work = [storePath = m_session->path(), config = m_session->config(), profileName = m_session->profileName(),
                 now = m_session->now(), privacy = m_session->privacyMode()](JobControl &control) -> Result<Planned> {
        Database::Options readOnly; // reading only: never migrate or create
        readOnly.readOnly = true;
        readOnly.createIfMissing = false;
        auto store = Store::open(storePath, readOnly); // this thread's own connection
        if (!store)
            return store.error();
        const auto profile = makeProfile(profileName, config);
        if (!profile)
            return Error::make(Error::Code::Validation, tr("unknown scoring profile: %1").arg(profileName));
        auto plan = Cleanup(**store, config, *profile).plan(now);
        if (!plan)
            return plan.error();
        if (!control.report(0, 0))
            return Error::make(Error::Code::Cancelled, QObject::tr("Planning cancelled; nothing was written."));
        QStringList ids;
        for (const CleanupAction &a : plan->actions)
            ids << a.memoryId;
        auto memories = (*store)->memories().byIds(ids);
        if (!memories)
            return memories.error();
        Planned out{std::move(*plan), {}};
        for (const Memory &m : *memories)
            out.contents.insert(m.id, MaskedText::shown(m, privacy));
        return out;
    };
    runJob<Planned>(tr("Scoring every memory under the %1 profile…").arg(ScoringText::profile(m_session->profileName())), std::move(work),
                    [this](Result<Planned> result) { finishPlanning(std::move(result)); });
    setState(State::Planning);
}

void CleanupPreviewDialog::finishPlanning(Result<Planned> result)
{
    if (!result) {
        const bool cancelled = isCancelled(result.error());
        if (!cancelled)
            showError(result.error().message);
        m_title->setText(cancelled ? tr("Planning cancelled; nothing was written.") : tr("No cleanup plan"));
        setState(State::Failed);
        return;
    }
    Planned planned = std::move(result).value();
    const CleanupPlan &p = planned.plan;
    QStringList parts;
    for (CleanupKind kind : {CleanupKind::Archive, CleanupKind::Compress, CleanupKind::Delete, CleanupKind::Purge})
        parts << QStringLiteral("%1 %2").arg(CleanupPlanModel::kindTitle(kind)).arg(p.ids(kind).size());
    m_title->setText(p.isEmpty() ? tr("Nothing to clean up under the %1 profile at %2.").arg(ScoringText::profile(p.profile), localTime(p.at))
                                 : tr("%n planned actions under the %1 profile at %2", nullptr, int(p.actions.size()))
                                       .arg(ScoringText::profile(p.profile), localTime(p.at)));
    m_counts->setText(parts.join(QStringLiteral("  ·  ")) + QStringLiteral("    ")
                      + tr("Nothing is written until you apply; the whole cleanup is one undoable step. "
                           "Deletions are left out until you tick them; untick any other row to leave that memory out."));
    m_model->setPlan(std::move(planned.plan), std::move(planned.contents));
    setState(State::Ready);
}

void CleanupPreviewDialog::apply()
{
    if (m_state != State::Ready || m_model->includedCount() == 0 || !m_session->store())
        return;
    m_errorLabel->hide();
    // The rows the user left out are not written.
    auto work = [storePath = m_session->path(), config = m_session->config(),
                 planned = m_model->includedPlan()](JobControl &control) -> Result<DecisionOutcome> {
        const Error cancelled
            = Error::make(Error::Code::Cancelled, QObject::tr("Cleanup cancelled; nothing was written."));
        const int total = int(planned.actions.size());
        if (!control.report(0, total))
            return cancelled;
        auto store = Store::open(storePath); // this thread's own connection
        if (!store)
            return store.error();
        const auto profile = makeProfile(planned.profile, config);
        if (!profile)
            return Error::make(Error::Code::Validation, tr("unknown scoring profile: %1").arg(planned.profile));
        // One transaction in core, with an attached folder's write-back (AttachedDecision); a
        // cancel up to its commit undoes it all.
        Result<DecisionOutcome> outcome = DecisionOutcome{};
        const auto written = attach::AttachedDecision::run(**store, time::nowMs(), [&]() -> Status {
            outcome = Cleanup(**store, config, *profile)
                          .apply(planned, QStringLiteral("user"), [&]() { return control.report(total, total); });
            return outcome ? Status{} : outcome.error();
        });
        if (!written)
            return written.error().code == Error::Code::Cancelled ? cancelled : written.error();
        return std::move(*outcome);
    };
    runJob<DecisionOutcome>(tr("Applying %n actions…", nullptr, m_model->includedCount()), std::move(work),
                            [this](Result<DecisionOutcome> result) { finishApplying(std::move(result)); });
    setState(State::Applying);
}

void CleanupPreviewDialog::finishApplying(Result<DecisionOutcome> result)
{
    if (!result) {
        if (isCancelled(result.error())) {
            m_result->setText(tr("Cleanup cancelled; nothing was written."));
            m_result->show();
        } else {
            showError(result.error().message);
        }
        setState(State::Ready);
        return;
    }
    m_outcome = std::move(result).value();
    const int planned = m_model->includedCount();
    const int written = int(m_outcome.eventIds.size());
    QString text = tr("Applied %1 of %2 actions.").arg(written).arg(planned);
    if (written < planned)
        text += QLatin1Char(' ') + tr("The others were skipped: those memories changed since the plan.");
    if (m_undo)
        text += QLatin1Char(' ') + tr("Edit ▸ Undo reverts the whole cleanup.");
    m_result->setText(text);
    m_result->show();
    const DecisionOutcome outcome = m_outcome;
    if (m_undo && !outcome.isEmpty()) {
        // Already written on the worker: the command's first redo only hands the outcome over
        // (and refreshes the memories); undo and redo revert it like any other decision.
        m_undo->push(new DecisionCommand(
            m_session, tr("Clean up %n memories", nullptr, int(outcome.changedIds.size())), {QStringLiteral("cleanup")},
            [outcome](Decisions &, const QString &) -> Result<DecisionOutcome> { return outcome; }));
    } else {
        m_session->refresh(outcome.changedIds);
    }
    setState(State::Done);
    Q_EMIT applied();
}

void CleanupPreviewDialog::showError(const QString &message)
{
    m_error = message;
    m_errorLabel->setText(message);
    m_errorLabel->show();
}

} // namespace recollector::ui
