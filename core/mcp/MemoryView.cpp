#include "mcp/MemoryView.h"

#include "model/Tier.h"
#include "scoring/ScoringProfile.h"

#include <QJsonArray>

#include <cmath>

namespace recollector::core::mcp {

QJsonObject MemoryView::toJson(const Memory &m, const ScoringProfile &profile, const Config &config, Millis now)
{
    const Score score = profile.evaluate(ScoreInput::from(m, config), now);
    QJsonObject o{{QStringLiteral("id"), m.id},
                  {QStringLiteral("content"), m.content},
                  {QStringLiteral("keywords"), QJsonArray::fromStringList(m.keywords)},
                  {QStringLiteral("category"), m.category},
                  {QStringLiteral("project"), m.projectPath},
                  {QStringLiteral("strength"), std::round(score.strength * 10) / 10},
                  {QStringLiteral("tier"), tierName(score.tier)},
                  {QStringLiteral("importance"), m.importance},
                  {QStringLiteral("confidence"), m.confidence},
                  {QStringLiteral("accessCount"), m.accessCount},
                  {QStringLiteral("reinforceCount"), m.reinforceCount},
                  {QStringLiteral("createdAt"), time::toIso(m.createdAt)},
                  // What forget's `seen` names: the memory as this answer showed it.
                  {QStringLiteral("updatedAt"), time::toIso(m.updatedAt)},
                  {QStringLiteral("verified"), m.verified},
                  {QStringLiteral("negated"), m.negated},
                  {QStringLiteral("superseded"), m.superseded},
                  {QStringLiteral("deleted"), m.isDeleted()}};
    if (!m.supersedesId.isEmpty())
        o.insert(QStringLiteral("supersedes"), m.supersedesId);
    // A level-3 memory while the store is locked: no text, no keywords, and said so
    // (docs/formats.md, "Encryption at rest").
    if (m.isLocked())
        o.insert(QStringLiteral("locked"), true);
    return o;
}

} // namespace recollector::core::mcp
