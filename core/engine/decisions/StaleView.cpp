#include "engine/decisions/StaleView.h"

#include "store/Store.h"

#include <QDateTime>
#include <QHash>

namespace recollector::core {

namespace {

/// What an event did to its memory, as a person would say it.
QString deed(const QString &kind)
{
    static const QHash<QString, QString> words{
        {events::kReinforce, QStringLiteral("reinforced it")},
        {events::kConfirm, QStringLiteral("confirmed it")},
        {events::kNegate, QStringLiteral("said it is wrong")},
        {events::kPermanent, QStringLiteral("changed whether it is kept for good")},
        {events::kEdit, QStringLiteral("edited it")},
        {events::kDelete, QStringLiteral("deleted it")},
        {events::kRestore, QStringLiteral("restored it")},
        {events::kMerge, QStringLiteral("merged it")},
        {events::kArchive, QStringLiteral("archived it")},
        {events::kCompress, QStringLiteral("shortened it")},
        {events::kUnarchive, QStringLiteral("brought it back from the archive")},
        {events::kPurge, QStringLiteral("removed it for good")},
        {events::kRevert, QStringLiteral("undid a change to it")},
        {events::kAssociate, QStringLiteral("changed its links")},
        {events::kLinkBoost, QStringLiteral("strengthened one of its links")},
        {events::kAccess, QStringLiteral("recalled it")},
        {events::kCreate, QStringLiteral("created it")},
        {events::kConflictDetected, QStringLiteral("found it contradicts another memory")},
        {events::kConflictResolved, QStringLiteral("settled a contradiction about it")},
        {events::kConflictDismissed, QStringLiteral("settled a contradiction about it")},
    };
    return words.value(kind, QStringLiteral("changed it"));
}

/// Who: the database role on a team store (EventLog records it), otherwise the kind of actor.
QString who(const Event &e)
{
    const QString role = e.payload.value(QLatin1String("dbRole")).toString();
    if (!role.isEmpty())
        return role;
    if (e.actor == QLatin1String("assistant"))
        return QStringLiteral("the assistant");
    if (e.actor == QLatin1String("user"))
        return QStringLiteral("someone (another window or the command line)");
    return e.actor;
}

/// Whether `e` is a recall's: the assistant using the memory (an access, the reinforcement of
/// an associative hit, a link strengthened by it), which moves its use counts and clocks but
/// not what a person decides on (docs/team-store.md#many-writers).
bool isRecall(const Event &e)
{
    if (e.kind == events::kAccess || e.kind == events::kLinkBoost)
        return true;
    return e.kind == events::kReinforce
        && e.payload.value(QLatin1String("event")).toString() == QLatin1String("association_hit");
}

} // namespace

QString StaleView::describe(const Event &event)
{
    return QStringLiteral("%1 %2 at %3")
        .arg(who(event), deed(event.kind),
             QDateTime::fromMSecsSinceEpoch(event.at).toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
}

Status StaleView::check(Store &store, const Memory &now, Millis seenUpdatedAt)
{
    if (now.updatedAt == seenUpdatedAt)
        return {};
    auto history = store.events().forMemory(now.id);
    if (!history)
        return history.error();
    // Only recalls since the view: nothing a person sees has changed.
    bool onlyRecalls = false;
    for (auto e = history->crbegin(); e != history->crend() && e->at > seenUpdatedAt; ++e) {
        onlyRecalls = isRecall(*e);
        if (!onlyRecalls)
            break;
    }
    if (onlyRecalls)
        return {};
    // Each later decision once, by its last event on this memory (a confirmation's `confirm`
    // after its `reinforce`); the last three are enough to say why.
    QStringList said;
    QHash<QString, qsizetype> decisions;
    for (const Event &e : *history) {
        if (e.at <= seenUpdatedAt && &e != &history->back())
            continue;
        const QString decision = e.payload.value(QLatin1String("decision")).toString();
        if (const auto known = decisions.constFind(decision); !decision.isEmpty() && known != decisions.cend()) {
            said[*known] = describe(e);
            continue;
        }
        decisions.insert(decision, said.size());
        said << describe(e);
    }
    if (said.size() > 3)
        said = said.mid(said.size() - 3);
    return Error::make(Error::Code::Conflict,
                       QStringLiteral("memory %1 changed since you looked at it: %2. Look again: your decision "
                                      "was not applied")
                           .arg(now.id, said.join(QStringLiteral("; "))));
}

} // namespace recollector::core
