#pragma once

#include "config/Config.h"
#include "mcp/AssistantRecall.h"
#include "mcp/NearDuplicate.h"
#include "mcp/ToolOutcome.h"
#include "model/Memory.h"
#include "model/Result.h"
#include "model/Time.h"

#include <QJsonObject>

#include <functional>
#include <memory>
#include <optional>

namespace recollector::core {
class ScoringProfile;
class Store;
} // namespace recollector::core

namespace recollector::core::mcp {

class ToolArguments;

/// The tools of `recollector-cli mcp` on one store (docs/cli.md, "mcp"), each the engine call the
/// window makes for the same thing, with actor `assistant`: remember = MemoryCapture::add
/// (or a reinforcement of a near-duplicate), recall = AssistantRecall, reinforce and forget =
/// Decisions with their follow-up (AfterChange); get and list_recent only read. Each write is
/// one transaction (BEGIN IMMEDIATE, waiting out another writer within the busy timeout), and
/// on an attached folder the files' write-back is part of it (setAttachedFolder).
class McpTools final
{
public:
    using Clock = std::function<Millis()>;
    /// `profileName` empty: the store's. `clock` gives the instant each call records.
    McpTools(Store &store, const Config &config, const QString &profileName, Clock clock);
    ~McpTools();
    McpTools(const McpTools &) = delete;
    McpTools &operator=(const McpTools &) = delete;

    /// Runs the tool `name` (one of ToolCatalog::tools()) with its `arguments`.
    ToolOutcome call(const QString &name, const QJsonObject &arguments);
    /// The store mirrors this attached folder (recollector-cli --attach): each tool that
    /// writes runs through attach::AttachedDecision, so its decision and the files' write-back
    /// commit together; a write-back that fails is the call's error, with nothing recorded.
    void setAttachedFolder(const QString &folder) { m_folder = folder; }

private:
    ToolOutcome dispatch(const QString &name, ToolArguments &args);
    ToolOutcome remember(ToolArguments &args);
    ToolOutcome recall(ToolArguments &args);
    ToolOutcome reinforce(ToolArguments &args);
    ToolOutcome forget(ToolArguments &args);
    ToolOutcome listRecent(ToolArguments &args);
    ToolOutcome get(ToolArguments &args);
    /// Approval mode (docs/scoring.md#approval-mode): the store's setting, read at each call.
    Result<bool> approvalOn();
    /// The assistant's forget or reinforce of `id` as a proposal, and the answer saying so.
    ToolOutcome propose(const QString &action, const QString &id, const QString &event, const QString &why);
    /// remember's new memory as a proposal (inside remember's transaction).
    ToolOutcome proposeNew(const Memory &draft);
    /// remember under approval mode: the proposal of a new memory, or of reinforcing the one it repeats.
    ToolOutcome proposeRemember(const Memory &draft, const std::optional<NearDuplicate::Match> &duplicate);
    /// The memory `id` as the tools show it, or a tool error.
    ToolOutcome memoryResult(const QString &id, const QString &message, QJsonObject extra = {});
    QJsonObject view(const Memory &memory, Millis now) const;

    Store &m_store;
    Config m_config;
    QString m_profileName;
    std::unique_ptr<ScoringProfile> m_profile;
    Clock m_clock;
    std::unique_ptr<AssistantRecall> m_recall;
    QString m_folder;
};

} // namespace recollector::core::mcp
