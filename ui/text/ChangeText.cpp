#include "text/ChangeText.h"

#include "text/CountText.h"
#include "text/TierText.h"

#include <bit>

namespace recollector::ui {

using namespace recollector::core;

namespace {

constexpr ChangeKind kOrder[] = { ChangeKind::New,       ChangeKind::Deleted,    ChangeKind::Restored,
                                  ChangeKind::Negated,   ChangeKind::Merged,     ChangeKind::Edited,
                                  ChangeKind::Archived,  ChangeKind::Unarchived, ChangeKind::Permanent,
                                  ChangeKind::Confirmed, ChangeKind::Reinforced, ChangeKind::Undone,
                                  ChangeKind::Tier };

QString byActor(ChangeActor actor)
{
    switch (actor) {
    case ChangeActor::User: return ChangeText::tr("by you");
    case ChangeActor::Assistant: return ChangeText::tr("by the assistant");
    case ChangeActor::File: return ChangeText::tr("by the assistant in its file");
    case ChangeActor::Import: return ChangeText::tr("by an import");
    case ChangeActor::System: return ChangeText::tr("by Recollector");
    }
    return {};
}

QString edited(const ChangeRow &row)
{
    QStringList words;
    for (const QString &f : ChangeList::fieldNames(row.editedFields)) {
        const QString w = ChangeText::field(f);
        if (!w.isEmpty() && !words.contains(w))
            words << w;
    }
    if (words.isEmpty())
        return ChangeText::tr("Edited");
    return ChangeText::tr("Edited %1").arg(QLocale().createSeparatedList(words));
}

QString words(const ChangeRow &row, ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Edited: return edited(row);
    case ChangeKind::Reinforced:
        return row.reinforcements > 1 ? ChangeText::tr("Reinforced %1 times").arg(row.reinforcements)
                                      : ChangeText::tr("Reinforced");
    case ChangeKind::Tier:
        if (row.tierBefore && row.tierNow && *row.tierNow > *row.tierBefore)
            return ChangeText::tr("Fell to %1").arg(TierText::label(*row.tierNow));
        return ChangeText::tr("Rose to %1").arg(TierText::label(row.tierNow.value_or(Tier::Active)));
    default: return ChangeText::kind(kind);
    }
}

} // namespace

QString ChangeText::describe(const ChangeRow &row)
{
    QStringList parts;
    std::optional<ChangeActor> previous;
    int more = 0;
    for (ChangeKind k : kOrder) {
        if (!row.has(k))
            continue;
        // A new memory's later edits and reinforcements are part of its being new.
        if (row.has(ChangeKind::New) && k != ChangeKind::New && k != ChangeKind::Deleted && k != ChangeKind::Tier)
            continue;
        if (parts.size() == 2) {
            ++more;
            continue;
        }
        const ChangeActor actor = row.actorOf[std::size_t(std::countr_zero(std::uint32_t(k)))];
        QString text = words(row, k);
        if (k != ChangeKind::Tier && actor != previous)
            text = tr("%1 %2", "a change, then who made it").arg(text, byActor(actor));
        parts << text;
        previous = actor;
    }
    QString text = parts.join(tr(", "));
    if (more > 0)
        text = countText("ChangeText", QT_TRANSLATE_NOOP("ChangeText", "%1 (and 1 more)"),
            QT_TRANSLATE_NOOP("ChangeText", "%2 (and %1 more)"), more)
                   .arg(text);
    return text;
}

QString ChangeText::actor(ChangeActor actor)
{
    switch (actor) {
    case ChangeActor::User: return tr("you");
    case ChangeActor::Assistant: return tr("the assistant");
    case ChangeActor::File: return tr("the assistant's file");
    case ChangeActor::Import: return tr("an import");
    case ChangeActor::System: return tr("Recollector");
    }
    return {};
}

QString ChangeText::kind(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::New: return tr("New");
    case ChangeKind::Deleted: return tr("Deleted");
    case ChangeKind::Restored: return tr("Restored");
    case ChangeKind::Negated: return tr("Marked wrong");
    case ChangeKind::Merged: return tr("Merged");
    case ChangeKind::Edited: return tr("Edited");
    case ChangeKind::Archived: return tr("Archived");
    case ChangeKind::Unarchived: return tr("Brought back");
    case ChangeKind::Permanent: return tr("Permanence changed");
    case ChangeKind::Confirmed: return tr("Confirmed");
    case ChangeKind::Reinforced: return tr("Reinforced");
    case ChangeKind::Undone: return tr("Undone");
    case ChangeKind::Tier: return tr("Crossed a tier line");
    }
    return {};
}

QString ChangeText::field(const QString &name)
{
    if (name == QLatin1String("content"))
        return tr("text");
    if (name == QLatin1String("keywords"))
        return tr("keywords");
    if (name == QLatin1String("category"))
        return tr("category");
    if (name == QLatin1String("confidence"))
        return tr("confidence");
    if (name == QLatin1String("importance"))
        return tr("importance");
    if (name == QLatin1String("projectPath"))
        return tr("project");
    if (name == QLatin1String("sensitivity"))
        return tr("sensitivity");
    return {};
}

} // namespace recollector::ui
