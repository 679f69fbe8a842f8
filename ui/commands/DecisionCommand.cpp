#include "commands/DecisionCommand.h"

#include "StoreSession.h"
#include "engine/capture/AfterChange.h"
#include "engine/capture/KeywordExtractor.h"
#include "engine/capture/MemoryCapture.h"
#include "engine/review/Cleanup.h"
#include "models/CleanupPlanModel.h"
#include "text/CountText.h"
#include "text/MemoryName.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>

namespace recollector::ui {

using namespace recollector::core;

DecisionCommand::DecisionCommand(StoreSession *session, const QString &text, QStringList ids, Step step,
                                 ErrorSink errors)
    : QUndoCommand(text), m_session(session), m_ids(std::move(ids)), m_step(std::move(step)),
      m_errors(std::move(errors))
{
    // The Edit menu, the history and the status bar name the one memory by its text.
    if (m_ids.size() == 1) {
        if (const QString name = MemoryName::quoted(session, m_ids.first(), 48); !name.isEmpty())
            setText(QStringLiteral("%1 %2").arg(text, name));
    }
}

QStringList DecisionCommand::createdIds() const
{
    QStringList out;
    for (const DecisionOutcome &o : m_first)
        out += o.createdIds;
    return out;
}

void DecisionCommand::fail(const QString &message)
{
    m_ok = false;
    m_error = message;
    // The store is unchanged (the transaction rolled back); drop the command from the stack.
    setObsolete(true);
    if (m_errors)
        m_errors(message);
}

bool DecisionCommand::run(const Perform &perform)
{
    Store *store = m_session->store();
    if (!store) {
        fail(QCoreApplication::translate("DecisionCommand", "No store is open."));
        return false;
    }
    Decisions decisions(*store, m_session->config(), m_session->profileName());
    AfterChange after(*store, m_session->config());
    // One transaction for every memory of the command, with the links and the contradiction
    // check of what it wrote (AfterChange: the same follow-up recollector-cli runs) and, on an
    // attached folder, the write-back of its files (StoreSession::decide).
    Result<std::vector<DecisionOutcome>> outcomes = std::vector<DecisionOutcome>{};
    const Status decided = m_session->decide([&]() -> Status {
        outcomes = perform(decisions, after);
        return outcomes ? Status{} : outcomes.error();
    });
    if (!decided) {
        fail(decided.error().message);
        return false;
    }
    QSet<QString> touched;
    for (const DecisionOutcome &outcome : *outcomes) {
        for (const QString &id : outcome.changedIds)
            touched.insert(id);
    }
    m_latest = std::move(*outcomes);
    m_ok = true;
    m_error.clear();
    for (const QString &id : m_alsoRefresh)
        touched.insert(id);
    QStringList ids(touched.begin(), touched.end());
    ids.sort();
    m_session->refresh(ids);
    return true;
}

void DecisionCommand::redo()
{
    if (!m_done) {
        m_done = true;
        // Each memory is decided on as the window showed it: one another window, person or
        // assistant changed since is refused with who and what, never decided over
        // (docs/team-store.md#many-writers). A memory an earlier step of this command wrote
        // is expected as that step left it.
        QSet<QString> written;
        const bool ok = run([this, &written](Decisions &d, AfterChange &after) {
            return after.runAll(d, std::size_t(m_ids.size()), [this, &d, &written](std::size_t i) {
                const QString &id = m_ids[qsizetype(i)];
                const core::MemorySnapshot &shown = m_session->snapshot();
                if (const std::uint32_t row = shown.rowOf(id); row != core::MemorySnapshot::kNoRow && !written.contains(id))
                    d.expecting(id, shown.updatedAt(row));
                auto outcome = m_step(d, id);
                if (outcome) {
                    for (const QString &changed : outcome->changedIds)
                        written.insert(changed);
                }
                return outcome;
            });
        });
        if (ok)
            m_first = m_latest;
        return;
    }
    // Redo = revert the revert, in the original order (an empty outcome reverts nothing).
    std::vector<qint64> eventIds;
    for (const DecisionOutcome &o : m_latest)
        eventIds.push_back(o.firstEventId());
    run([this, &eventIds](Decisions &d, AfterChange &after) {
        expectShown(d);
        return after.revertAll(d, eventIds);
    });
}

void DecisionCommand::expectShown(Decisions &d) const
{
    const core::MemorySnapshot &shown = m_session->snapshot();
    for (const DecisionOutcome &o : m_latest) {
        for (const QString &id : o.changedIds) {
            if (const std::uint32_t row = shown.rowOf(id); row != core::MemorySnapshot::kNoRow)
                d.expecting(id, shown.updatedAt(row));
        }
    }
}

void DecisionCommand::undo()
{
    // Revert the newest outcome of each memory, the last one first.
    std::vector<qint64> eventIds;
    for (auto it = m_latest.rbegin(); it != m_latest.rend(); ++it)
        eventIds.push_back(it->firstEventId());
    if (run([this, &eventIds](Decisions &d, AfterChange &after) {
            expectShown(d);
            return after.revertAll(d, eventIds);
        }))
        std::reverse(m_latest.begin(), m_latest.end()); // back in the order of the memories
}

DecisionCommand *DecisionCommand::add(StoreSession *session, const NewMemory &input, ErrorSink errors)
{
    // One step with no memory of its own: the new memory's id comes from the decision.
    return new DecisionCommand(
        session, QCoreApplication::translate("DecisionCommand", "Add memory"), QStringList{QString()},
        [input, config = session->config()](Decisions &d, const QString &) {
            return MemoryCapture::createIn(d, input, config);
        },
        std::move(errors));
}

DecisionCommand *DecisionCommand::confirm(StoreSession *session, const QStringList &ids, ErrorSink errors)
{
    return new DecisionCommand(
        session,
        countText("DecisionCommand", QT_TRANSLATE_NOOP("DecisionCommand", "Confirm memory"),
            QT_TRANSLATE_NOOP("DecisionCommand", "Confirm %1 memories"), ids.size()),
        ids, [](Decisions &d, const QString &id) { return d.confirm(id); }, std::move(errors));
}

DecisionCommand *DecisionCommand::negate(StoreSession *session, const QStringList &ids, const QString &correction,
                                         ErrorSink errors)
{
    // A correction text makes sense for one memory; for several, each is negated alone.
    const QString text = ids.size() == 1 ? correction : QString();
    return new DecisionCommand(
        session,
        countText("DecisionCommand", QT_TRANSLATE_NOOP("DecisionCommand", "Negate memory"),
            QT_TRANSLATE_NOOP("DecisionCommand", "Negate %1 memories"), ids.size()),
        ids,
        [text, keywords = KeywordExtractor::extract(text)](Decisions &d, const QString &id) {
            return d.negate(id, text, 0, QStringLiteral("user"), keywords);
        },
        std::move(errors));
}

DecisionCommand *DecisionCommand::setPermanent(StoreSession *session, const QStringList &ids, bool permanent,
                                               ErrorSink errors)
{
    const QString text = permanent
        ? countText("DecisionCommand", QT_TRANSLATE_NOOP("DecisionCommand", "Mark memory permanent"),
            QT_TRANSLATE_NOOP("DecisionCommand", "Mark %1 memories permanent"), ids.size())
        : countText("DecisionCommand", QT_TRANSLATE_NOOP("DecisionCommand", "Unmark permanent"),
            QT_TRANSLATE_NOOP("DecisionCommand", "Unmark %1 permanent memories"), ids.size());
    return new DecisionCommand(session, text, ids,
                               [permanent](Decisions &d, const QString &id) { return d.setPermanent(id, permanent); },
                               std::move(errors));
}

DecisionCommand *DecisionCommand::softDelete(StoreSession *session, const QStringList &ids, ErrorSink errors)
{
    return new DecisionCommand(
        session,
        countText("DecisionCommand", QT_TRANSLATE_NOOP("DecisionCommand", "Delete memory"),
            QT_TRANSLATE_NOOP("DecisionCommand", "Delete %1 memories"), ids.size()),
        ids, [](Decisions &d, const QString &id) { return d.softDelete(id); }, std::move(errors));
}

DecisionCommand *DecisionCommand::restore(StoreSession *session, const QStringList &ids, ErrorSink errors)
{
    return new DecisionCommand(
        session,
        countText("DecisionCommand", QT_TRANSLATE_NOOP("DecisionCommand", "Restore memory"),
            QT_TRANSLATE_NOOP("DecisionCommand", "Restore %1 memories"), ids.size()),
        ids, [](Decisions &d, const QString &id) { return d.restore(id); }, std::move(errors));
}

DecisionCommand *DecisionCommand::unarchive(StoreSession *session, const QStringList &ids, ErrorSink errors)
{
    return new DecisionCommand(
        session,
        countText("DecisionCommand", QT_TRANSLATE_NOOP("DecisionCommand", "Unarchive memory"),
            QT_TRANSLATE_NOOP("DecisionCommand", "Unarchive %1 memories"), ids.size()),
        ids, [](Decisions &d, const QString &id) { return d.unarchive(id); }, std::move(errors));
}

DecisionCommand *DecisionCommand::edit(StoreSession *session, const QString &id, const MemoryEdit &edit,
                                       ErrorSink errors)
{
    return new DecisionCommand(session, QCoreApplication::translate("DecisionCommand", "Edit memory"), {id},
                               [edit](Decisions &d, const QString &target) { return d.edit(target, edit); },
                               std::move(errors));
}

DecisionCommand *DecisionCommand::merge(StoreSession *session, const QStringList &ids, const QString &content,
                                        ErrorSink errors)
{
    // One decision over all the ids: a single step, keyed by the first id.
    auto *command = new DecisionCommand(
        session,
        countText("DecisionCommand", QT_TRANSLATE_NOOP("DecisionCommand", "Merge memory"),
            QT_TRANSLATE_NOOP("DecisionCommand", "Merge %1 memories"), ids.size()),
        { ids.value(0) }, [ids, content](Decisions &d, const QString &) { return d.merge(ids, content); },
        std::move(errors));
    return command;
}

DecisionCommand *DecisionCommand::link(StoreSession *session, const QString &a, const QString &b, double weight,
                                      ErrorSink errors)
{
    // One decision over the pair: a single step, keyed by the first id.
    auto *command = new DecisionCommand(
        session, QCoreApplication::translate("DecisionCommand", "Link memories"), {a},
        [b, weight](Decisions &d, const QString &first) { return d.link(first, b, weight); }, std::move(errors));
    command->m_alsoRefresh = {a, b};
    return command;
}

DecisionCommand *DecisionCommand::unlink(StoreSession *session, const QString &a, const QString &b, ErrorSink errors)
{
    auto *command = new DecisionCommand(
        session, QCoreApplication::translate("DecisionCommand", "Remove link"), {a},
        [b](Decisions &d, const QString &first) { return d.unlink(first, b); }, std::move(errors));
    command->m_alsoRefresh = {a, b};
    return command;
}

DecisionCommand *DecisionCommand::answerReview(StoreSession *session, const QString &id, ReviewKind kind,
                                               ReviewAnswer answer, ErrorSink errors)
{
    const char *text = QT_TRANSLATE_NOOP("DecisionCommand", "Answer review");
    if (answer == ReviewAnswer::Promote)
        text = QT_TRANSLATE_NOOP("DecisionCommand", "Promote memory to core");
    else if (answer == ReviewAnswer::Keep)
        text = kind == ReviewKind::Decay ? QT_TRANSLATE_NOOP("DecisionCommand", "Keep fading memory") : QT_TRANSLATE_NOOP("DecisionCommand", "Keep memory as it is");
    else
        text = QT_TRANSLATE_NOOP("DecisionCommand", "Delete reviewed memory");
    return new DecisionCommand(session, QCoreApplication::translate("DecisionCommand", text), {id},
                               [kind, answer](Decisions &d, const QString &target) {
                                   return d.answerReview(target, kind, answer);
                               },
                               std::move(errors));
}

DecisionCommand *DecisionCommand::applyCleanup(StoreSession *session, const CleanupAction &action, ErrorSink errors)
{
    const QString text = QCoreApplication::translate("DecisionCommand", "Clean up memory: %1")
                             .arg(CleanupPlanModel::kindTitle(action.kind).toLower());
    return new DecisionCommand(
        session, text, {action.memoryId},
        [session, action](Decisions &, const QString &) -> Result<DecisionOutcome> {
            Store *store = session->store();
            if (!store)
                return Error::make(Error::Code::Usage, QCoreApplication::translate("DecisionCommand", "No store is open."));
            CleanupPlan plan;
            plan.profile = session->profileName();
            plan.at = time::nowMs();
            plan.actions.push_back(action);
            auto outcome = Cleanup(*store, session->config(), session->profile()).apply(plan, QStringLiteral("user"));
            if (outcome && outcome->isEmpty())
                return Error::make(Error::Code::Conflict,
                                   QCoreApplication::translate("DecisionCommand",
                                                               "memory %1 changed since the cleanup was planned; "
                                                               "nothing was done")
                                       .arg(action.memoryId));
            return outcome;
        },
        std::move(errors));
}

} // namespace recollector::ui
