#pragma once

#include "config/Config.h"
#include "model/Result.h"
#include "model/Time.h"

#include <cstddef>
#include <functional>

namespace recollector::core {

class ScoringProfile;
class Store;

/// The number of actions Cleanup::plan would hold at `now` (one per memory), found in one
/// streaming pass that holds no action and no reason: only the memories that count in a
/// storage budget are kept (24 bytes each, their ids in one buffer), since a budget picks the
/// weakest of its group only once the group is complete. The window's scheduled cleanup shows
/// nothing but this number; at a million memories the plan it used to make held about
/// 600,000 actions (docs/architecture.md, "Performance budget").
///
/// Contract: count(now) == Cleanup::plan(now)->actions.size() for the same store, config and
/// profile (the same rules, cleanup_rules::*, the same budget order and the same tie-breaks).
class CleanupCount final
{
public:
    CleanupCount(Store &store, const Config &config, const ScoringProfile &profile);

    /// Asked every few thousand memories, on the calling thread; true stops the count with
    /// Error::Code::Cancelled (the window closing does not wait for the whole pass).
    using Cancelled = std::function<bool()>;

    [[nodiscard]] Result<std::size_t> count(Millis now, const Cancelled &cancelled = {}) const;

private:
    Store &m_store;
    Config m_config;
    const ScoringProfile &m_profile;
};

} // namespace recollector::core
