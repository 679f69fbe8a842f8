#include "text/ConflictText.h"

#include "model/MemoryFields.h"
#include "scoring/ScoringProfile.h"
#include "text/CategoryText.h"
#include "text/EventText.h"
#include "text/MaskedText.h"
#include "text/TierText.h"
#include "text/ScoringText.h"

#include <QCoreApplication>

namespace recollector::ui {

using namespace recollector::core;

namespace {

/// Fields every write touches; they say nothing about the decision.
bool isBookkeeping(const QString &field)
{
    return field == QLatin1String("updatedAt") || field == QLatin1String("strength");
}

QString scoreText(const ScoringProfile &profile, const Memory &m, Millis at)
{
    const Score s = profile.evaluate(m, at);
    return QStringLiteral("%1 (%2)").arg(EventText::number(s.score), TierText::label(s.tier));
}

QStringList memoryChanges(const QString &label, const Memory &before, const Memory &after,
                          const ScoringProfile &profile, Millis at)
{
    QStringList lines;
    const auto [was, will] = MemoryFields::diff(before, after);
    QStringList fields;
    for (auto it = will.begin(); it != will.end(); ++it) {
        if (isBookkeeping(it.key()))
            continue;
        if (it.key() == QLatin1String("correctionHistory")) {
            fields << ConflictText::tr("    correction history: + 1 entry");
            continue;
        }
        // An empty text reads as "—", like an unset instant.
        auto shown = [&](const QJsonValue &v) {
            return EventText::formatValue(it.key(), v.isString() && v.toString().isEmpty() ? QJsonValue() : v, 60);
        };
        fields << QStringLiteral("    ")
                      + ConflictText::tr("%1: %2 → %3", "field: before → after")
                            .arg(EventText::fieldLabel(it.key()), shown(was.value(it.key())), shown(it.value()));
    }
    const QString scoreBefore = scoreText(profile, before, at);
    const QString scoreAfter = scoreText(profile, after, at);
    if (fields.isEmpty()) {
        lines << ConflictText::tr("%1: unchanged · %2 %3").arg(label, ScoringText::profile(profile.name()), scoreBefore);
        return lines;
    }
    lines << ConflictText::tr("%1 after:").arg(label);
    lines += fields;
    lines << ConflictText::tr("    %1 score: %2 → %3").arg(ScoringText::profile(profile.name()), scoreBefore, scoreAfter);
    return lines;
}

/// A memory of the plan by the start of its text (masked as everywhere else), its id when empty.
QString snippet(const Memory &m, bool privacyMode)
{
    constexpr qsizetype kSnippet = 40; // characters
    QString text = MaskedText::shown(m, privacyMode).simplified();
    if (text.isEmpty())
        return m.id;
    if (text.size() > kSnippet)
        text = text.left(kSnippet - 1) + QChar(0x2026);
    return text;
}

/// A linked memory as the preview calls it: A, B, the new memory, or (elsewhere) its id.
QString sideName(const ResolutionPlan &plan, const QString &id)
{
    if (id == plan.aBefore.id)
        return QStringLiteral("A");
    if (id == plan.bBefore.id)
        return QStringLiteral("B");
    if (plan.merged && id == plan.merged->id)
        return ConflictText::tr("the new memory");
    return id;
}

} // namespace

QString ConflictText::typeLabel(ConflictType type)
{
    switch (type) {
    case ConflictType::DirectContradiction: return tr("Direct contradiction");
    case ConflictType::ScopeOverlap: return tr("Scope overlap");
    case ConflictType::TemporalShift: return tr("Temporal shift");
    case ConflictType::FileClash: return tr("File clash");
    }
    return conflictTypeName(type);
}

QString ConflictText::typeExplanation(ConflictType type)
{
    switch (type) {
    case ConflictType::DirectContradiction:
        return tr("The two memories are about the same subject, in the same period, and one says the opposite of the "
                  "other (not, no longer, never, 不, 不再 …). When it was found, both confidences were lowered "
                  "(× 0.8); which one is right is for you to decide.");
    case ConflictType::ScopeOverlap:
        return tr("A global memory and a project memory disagree. Inside that project the project memory wins; "
                  "everywhere else the global one applies.");
    case ConflictType::TemporalShift:
        return tr("An older and a newer memory of the same subject differ, written at least 30 days apart: the "
                  "subject probably changed over time, so the newer one is usually right.");
    case ConflictType::FileClash:
        return tr("The assistant changed this memory's file in a field your decision wrote, after Recollector had read "
                  "it. Nothing was written: the assistant's version stays in the file; its history shows both.");
    }
    return tr("Conflict of type %1.").arg(conflictTypeName(type));
}

QString ConflictText::resolutionLabel(ConflictResolution resolution)
{
    switch (resolution) {
    case ConflictResolution::None: return {};
    case ConflictResolution::AutoLatestWins:
        return tr("%1, automatically").arg(strategyLabel(ResolutionStrategy::LatestWins).toLower());
    case ConflictResolution::AutoProjectWins: return tr("%1, automatically").arg(tr("project wins"));
    default: break;
    }
    if (const auto s = strategyFromName(conflictResolutionName(resolution)))
        return strategyLabel(*s).toLower();
    return conflictResolutionName(resolution);
}

QString ConflictText::shortStatus(const Conflict &c)
{
    if (c.isOpen())
        return tr("open");
    const QString status = c.status == ConflictStatus::Dismissed ? tr("dismissed") : tr("resolved");
    if (c.resolution == ConflictResolution::None)
        return status;
    return tr("%1 (%2)", "status (how it was resolved)").arg(status, resolutionLabel(c.resolution));
}

QString ConflictText::statusText(const Conflict &c, Millis now)
{
    const QString detected = QStringLiteral("%1 (%2)").arg(EventText::localTime(c.detectedAt),
                                                           EventText::relative(c.detectedAt, now));
    if (c.isOpen())
        return tr("Open since %1: it waits for your choice below.").arg(detected);
    const QString resolved = c.resolvedAt ? EventText::localTime(c.resolvedAt) : tr("an unknown time");
    if (c.status == ConflictStatus::Dismissed)
        return tr("Dismissed on %1 (detected %2).").arg(resolved, detected);
    return tr("Resolved on %1 with %2 (detected %3). Undo the resolution to choose again.")
        .arg(resolved, resolutionLabel(c.resolution), detected);
}

QString ConflictText::strategyLabel(ResolutionStrategy s)
{
    switch (s) {
    case ResolutionStrategy::LatestWins: return tr("Latest wins");
    case ResolutionStrategy::VersionKeep: return tr("Keep versions");
    case ResolutionStrategy::WeightBalance: return tr("Weight balance");
    case ResolutionStrategy::KeepA: return tr("Keep A");
    case ResolutionStrategy::KeepB: return tr("Keep B");
    case ResolutionStrategy::KeepBoth: return tr("Keep both");
    case ResolutionStrategy::Merge: return tr("Merge into one text");
    }
    return {};
}

QString ConflictText::strategyExplanation(ResolutionStrategy s)
{
    switch (s) {
    case ResolutionStrategy::LatestWins:
        return tr("The newer memory wins. The older one is negated: its weight drops to 30 % at once and recovers "
                  "slowly, and normal retrieval leaves it out.");
    case ResolutionStrategy::VersionKeep:
        return tr("Both are kept as versions: the older is marked superseded (down-weighted) and linked to the newer, "
                  "which records that it supersedes it.");
    case ResolutionStrategy::WeightBalance:
        return tr("Both are kept exactly as they are and left to decay side by side; only the conflict is closed.");
    case ResolutionStrategy::KeepA:
        return tr("A is right: B is negated (its weight drops to 30 % and recovers slowly).");
    case ResolutionStrategy::KeepB:
        return tr("B is right: A is negated (its weight drops to 30 % and recovers slowly).");
    case ResolutionStrategy::KeepBoth:
        return tr("Both are right (e.g. in different contexts): the confidence penalty of a direct contradiction is "
                  "taken back.");
    case ResolutionStrategy::Merge:
        return tr("One new summary memory holds the text you write below; A and B are merged into it and archived.");
    }
    return {};
}

QString ConflictText::preview(const ResolutionPlan &plan, const ScoringProfile &profile, bool privacyMode)
{
    QStringList lines;
    lines << tr("What “%1” will do:").arg(strategyLabel(plan.strategy));
    for (const QString &change : plan.changes)
        lines << QStringLiteral("  • ") + change;
    lines << QString();
    lines += memoryChanges(tr("A “%1”").arg(snippet(plan.aBefore, privacyMode)), plan.aBefore, plan.aAfter, profile, plan.at);
    lines += memoryChanges(tr("B “%1”").arg(snippet(plan.bBefore, privacyMode)), plan.bBefore, plan.bAfter, profile, plan.at);
    if (plan.merged) {
        const Memory &m = *plan.merged;
        lines << tr("New memory:");
        lines << tr("    content: %1").arg(EventText::formatValue(QStringLiteral("content"), m.content, 120));
        lines << tr("    category %1 · keywords %2 · confidence %3 · level %4")
                     .arg(m.category.isEmpty() ? QStringLiteral("—") : CategoryText::words(m.category),
                          m.keywords.isEmpty() ? QStringLiteral("—") : m.keywords.join(QStringLiteral(", ")),
                          EventText::number(m.confidence), TierText::level(m.level));
        lines << tr("    %1 score: %2").arg(ScoringText::profile(profile.name()), scoreText(profile, m, plan.at));
    }
    if (plan.link)
        lines << tr("Link %1 ↔ %2: weight %3 (%4)")
                     .arg(sideName(plan, plan.link->a), sideName(plan, plan.link->b), EventText::number(plan.link->weight),
                          plan.link->type);
    lines << tr("Conflict #%1: %2 → %3").arg(plan.before.id).arg(shortStatus(plan.before), shortStatus(plan.after));
    // The resolver's lines and the id fields name the memories by id: here they are A and B
    // (named by their text above) and the new memory.
    QString text = lines.join(QLatin1Char('\n'));
    text.replace(plan.aBefore.id, QStringLiteral("A")).replace(plan.bBefore.id, QStringLiteral("B"));
    if (plan.merged)
        text.replace(plan.merged->id, tr("the new memory"));
    return text;
}

} // namespace recollector::ui
