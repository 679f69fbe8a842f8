#pragma once

namespace recollector::ui {

class GraphNodeItem;
class StoreSession;

/// Dresses a graph node as its memory is now: the tier colour under the session's profile
/// and instant (as the table shows it), the label (content, elided) and the tooltip (id,
/// tier, strength and the whole content as plain text).
class GraphNodeStyler final
{
public:
    static constexpr int kOverview = -1; ///< depth value for overview nodes

    explicit GraphNodeStyler(const StoreSession &session) : m_session(session) {}

    /// `depth` 0..2 in an ego graph (centre label bold, depth 2 radial), kOverview for the
    /// overview (compact label). Without `full` only the colour is refreshed.
    void style(GraphNodeItem *node, int depth, bool full) const;

private:
    const StoreSession &m_session;
};

} // namespace recollector::ui
