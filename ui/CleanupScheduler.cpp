#include "CleanupScheduler.h"

#include "StoreSession.h"
#include "attach/AttachedDecision.h"
#include "commands/DecisionCommand.h"
#include "engine/review/Cleanup.h"
#include "engine/review/CleanupCount.h"
#include "engine/review/CleanupSchedule.h"
#include "scoring/ScoringProfile.h"
#include "store/Store.h"

#include <QUndoStack>

namespace recollector::ui {

using namespace recollector::core;

namespace {

/// What the worker did: the plan's size and, when automatic, what it wrote.
struct ScheduledRun
{
    int candidates = 0;
    DecisionOutcome outcome;
};

Result<ScheduledRun> planOrApply(const QString &storePath, const Config &config, const QString &profileName,
                                 Millis now, bool automatic, JobControl &control)
{
    Database::Options options; // planning only reads: never migrate or create
    options.readOnly = !automatic;
    options.createIfMissing = false;
    // Counting reads each memory once: SQLite's small page cache, not 64 MiB beside the
    // snapshot the window is loading at the same time.
    options.singlePass = !automatic;
    auto store = Store::open(storePath, options); // this thread's own connection
    if (!store)
        return store.error();
    const auto profile = makeProfile(profileName, config);
    if (!profile)
        return Error::make(Error::Code::Validation, CleanupScheduler::tr("unknown scoring profile: %1").arg(profileName));
    ScheduledRun run;
    if (!automatic) {
        // Only counted: a streaming pass that holds no plan (about 600,000 actions at a million
        // memories, made while the window loads its snapshot).
        auto counted = CleanupCount(**store, config, *profile).count(now, [&control]() { return control.isCancelled(); });
        if (!counted)
            return counted.error();
        run.candidates = int(*counted);
        if (!control.report(0, run.candidates))
            return Error::make(Error::Code::Cancelled, CleanupScheduler::tr("scheduled cleanup stopped; nothing was written"));
        return run;
    }
    Cleanup cleanup(**store, config, *profile);
    auto plan = cleanup.plan(now);
    if (!plan)
        return plan.error();
    run.candidates = int(plan->actions.size());
    if (!control.report(0, run.candidates))
        return Error::make(Error::Code::Cancelled, CleanupScheduler::tr("scheduled cleanup stopped; nothing was written"));
    if (!plan->isEmpty()) {
        // One transaction in core, with an attached folder's write-back (AttachedDecision); the
        // window's closing cancels it up to the commit.
        Result<DecisionOutcome> outcome = DecisionOutcome{};
        const auto written = attach::AttachedDecision::run(**store, time::nowMs(), [&]() -> Status {
            outcome = cleanup.apply(*plan, QStringLiteral("system"), [&]() { return !control.isCancelled(); });
            return outcome ? Status{} : outcome.error();
        });
        if (!written)
            return written.error();
        run.outcome = std::move(*outcome);
    }
    return run;
}

} // namespace

CleanupScheduler::CleanupScheduler(StoreSession *session, QUndoStack *undo, QObject *parent)
    : QObject(parent), m_session(session), m_undo(undo)
{
    m_timer.setInterval(kCheckEveryMs);
    connect(&m_timer, &QTimer::timeout, this, &CleanupScheduler::checkNow);
    m_timer.start();
    connect(session, &StoreSession::opened, this, [this]() {
        reset();
        checkNow();
    });
    // A change that matters: the plan would differ, so it may be made again at once.
    for (auto signal : {&StoreSession::profileChanged, &StoreSession::configChanged}) {
        connect(session, signal, this, [this]() {
            reset();
            checkNow();
        });
    }
    connect(session, &StoreSession::memoriesChanged, this, &CleanupScheduler::recheckWaiting);
    connect(session, &StoreSession::aboutToClose, this, [this]() {
        m_task.cancelAndWait();
        reset();
    });
}

void CleanupScheduler::reset()
{
    m_plannedAt = 0;
    if (m_waiting > 0) {
        m_waiting = 0;
        Q_EMIT cleanupDone();
    }
}

void CleanupScheduler::recheckWaiting()
{
    // A cleanup applied since (the dialog, a review answer, another writer) moved
    // last_cleanup_at: the candidates no longer wait as a due cleanup.
    if (m_waiting == 0 || !m_session || !m_session->store())
        return;
    auto schedule = CleanupSchedule::at(*m_session->store(), m_session->config(), time::nowMs());
    if (schedule && !schedule->due) {
        m_waiting = 0;
        Q_EMIT cleanupDone();
    }
}

bool CleanupScheduler::checkNow()
{
    if (m_task.isRunning() || !m_session || !m_session->store() || m_session->isReadOnly())
        return false;
    const Config config = m_session->config();
    const Millis now = time::nowMs(); // the clock, not a preview date: this is the real schedule
    auto schedule = CleanupSchedule::at(*m_session->store(), config, now);
    if (!schedule || !schedule->due)
        return false;
    if (m_plannedAt != 0 && now - m_plannedAt < CleanupSchedule::interval(config))
        return false; // shown already this interval
    const bool automatic = CleanupSchedule::isAutomatic(config);
    const QString storePath = m_session->path();
    const QString profileName = m_session->profileName();
    return m_task.run<ScheduledRun>(
        [storePath, config, profileName, now, automatic](JobControl &control) {
            return planOrApply(storePath, config, profileName, now, automatic, control);
        },
        [this, now, automatic, storePath](Result<ScheduledRun> result) {
            if (!m_session || m_session->path() != storePath)
                return;
            m_plannedAt = now;
            if (!result) {
                Q_EMIT finished(tr("Scheduled cleanup: %1").arg(result.error().message));
                return;
            }
            if (!automatic) {
                m_waiting = result->candidates;
                if (m_waiting > 0)
                    Q_EMIT cleanupDue(m_waiting);
                // The status bar's link says it; no transient message that would cover another.
                Q_EMIT finished(QString());
                return;
            }
            const DecisionOutcome outcome = result->outcome;
            const int changed = int(outcome.changedIds.size());
            if (!outcome.isEmpty()) {
                // Written on the worker: the command's first redo only hands the outcome over;
                // undo reverts the whole cleanup like any other decision.
                auto *command = new DecisionCommand(
                    m_session, changed == 1 ? tr("Automatic cleanup of 1 memory") : tr("Automatic cleanup of %1 memories").arg(changed),
                    {QStringLiteral("cleanup")},
                    [outcome](Decisions &, const QString &) -> Result<DecisionOutcome> { return outcome; });
                if (m_undo)
                    m_undo->push(command);
                else {
                    command->redo();
                    delete command;
                }
                Q_EMIT applied(changed);
            }
            Q_EMIT finished(changed > 0 ? tr("Automatic cleanup applied to %1 %2 (Edit → Undo takes it back).")
                                              .arg(changed)
                                              .arg(changed == 1 ? tr("memory") : tr("memories"))
                                        : QString());
        });
}

} // namespace recollector::ui
