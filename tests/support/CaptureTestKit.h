#pragma once

// Shared by the issue-14 rule 8 / 10 / 13 tests: small memories, undo and redo the way the
// window's DecisionCommand does them (through core::AfterChange), and the real recollector-cli.
#include "CliProcess.h"
#include "engine/capture/AfterChange.h"
#include "engine/decisions/Decisions.h"
#include "store/Store.h"

#include <QSet>

#include <algorithm>
#include <vector>

namespace recollector::test {

inline constexpr core::Millis kCaptureBase = 1704067200000; // 2024-01-01T00:00Z

inline core::Memory captureMemory(const QString &id, const QString &content, double days, const QStringList &keywords,
                                  const QString &project = {})
{
    core::Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("preference");
    m.keywords = keywords;
    m.confidence = 0.8;
    m.projectPath = project;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = kCaptureBase + core::Millis(days * double(core::kMsPerDay));
    return m;
}

/// The pairs linked to `id`, as "other:type".
inline QSet<QString> linksOf(core::Store &store, const QString &id)
{
    QSet<QString> out;
    const auto links = store.associations().of(id);
    if (links) {
        for (const core::Association &a : *links)
            out.insert(a.other(id) + QLatin1Char(':') + a.type);
    }
    return out;
}

/// An undoable command's outcomes, undone and redone as DecisionCommand does.
struct UndoableOutcomes
{
    std::vector<core::DecisionOutcome> latest;

    bool undo(core::Store &store, const core::Config &config, core::Millis at)
    {
        core::Decisions d(store, config);
        core::AfterChange after(store, config);
        std::vector<qint64> ids;
        for (auto it = latest.rbegin(); it != latest.rend(); ++it)
            ids.push_back(it->firstEventId());
        auto done = after.revertAll(d, ids, at);
        if (!done)
            return false;
        latest = std::move(*done);
        std::reverse(latest.begin(), latest.end());
        return true;
    }
    bool redo(core::Store &store, const core::Config &config, core::Millis at)
    {
        core::Decisions d(store, config);
        core::AfterChange after(store, config);
        std::vector<qint64> ids;
        for (const core::DecisionOutcome &o : latest)
            ids.push_back(o.firstEventId());
        auto done = after.revertAll(d, ids, at);
        if (!done)
            return false;
        latest = std::move(*done);
        return true;
    }
};

/// The real recollector-cli at this kit's instant (2024-01-03, after every planted memory).
inline CliRun runCli(const QString &store, const QStringList &args, const QString &at = QStringLiteral("2024-01-03T00:00:00Z"))
{
    return runRecollectorCli(store, args, at, 60000);
}

} // namespace recollector::test
