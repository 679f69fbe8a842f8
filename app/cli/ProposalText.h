#pragma once

// A pending proposal of the assistant on the command line (approval mode,
// docs/scoring.md#approval-mode): `approval` lists and answers them, `changes` lists them first.
#include "CliContext.h"

#include "engine/decisions/Proposals.h"
#include "store/Store.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>

namespace recollector::cli {

/// "Proposed by the assistant: a new memory" and the like.
inline QString proposalSummary(const core::Proposal &p)
{
    const QString who = p.actor == QLatin1String("assistant") ? QStringLiteral("the assistant") : p.actor;
    switch (p.action) {
    case core::Proposal::Action::Create: return QStringLiteral("Proposed by %1: a new memory").arg(who);
    case core::Proposal::Action::Forget: return QStringLiteral("Proposed by %1: forget it").arg(who);
    case core::Proposal::Action::Reinforce: return QStringLiteral("Proposed by %1: reinforce it (%2)").arg(who, p.event);
    }
    return {};
}

/// The text the proposal is about: a new memory's own, else the memory's as it is now.
inline QString proposalText(CliContext &ctx, const core::Proposal &p)
{
    if (p.action == core::Proposal::Action::Create)
        return p.memory.content;
    auto memory = ctx.store()->memories().get(p.memoryId);
    return memory ? memory->content : QString();
}

inline QJsonObject proposalObject(CliContext &ctx, const core::Proposal &p)
{
    return { { QStringLiteral("id"), p.memoryId },
             { QStringLiteral("at"), core::time::toIso(p.at) },
             { QStringLiteral("summary"), proposalSummary(p) },
             { QStringLiteral("proposal"), core::Proposal::actionName(p.action) },
             { QStringLiteral("proposalEvent"), double(p.eventId) },
             { QStringLiteral("proposed"), true },
             { QStringLiteral("actors"), QJsonArray { p.actor } },
             { QStringLiteral("content"), proposalText(ctx, p) } };
}

inline void printProposalLine(CliContext &ctx, const core::Proposal &p)
{
    const QString when = QDateTime::fromMSecsSinceEpoch(p.at, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    ctx.out() << when << "  " << p.memoryId << "  " << proposalSummary(p) << "  "
              << proposalText(ctx, p).left(60).replace(QLatin1Char('\n'), QLatin1Char(' ')) << "\n";
}

} // namespace recollector::cli
