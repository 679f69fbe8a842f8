#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace engram::core {

/// Finds the expressions that tie a statement to a moment: past tense ("was", "used to"),
/// relative times ("ten days ago", "yesterday", "now", "last week", 十天前, 昨天, 现在,
/// 以前 …) and years ("in 2023"). A statement with one describes a state *at a time*
/// ("was nervous ten days ago", "is relaxed now"); two such statements about different
/// moments are a change over time, not a contradiction (note 002: 主人十天前很紧张 vs
/// 主人现在很放松). The anchors are returned normalised so two statements can be checked
/// for speaking of the same moment.
class TimeAnchors final
{
public:
    /// The anchors in `text`, lower-cased, in order of appearance (empty = timeless).
    static QStringList find(QStringView text);
    static bool isAnchored(QStringView text) { return !find(text).isEmpty(); }
};

} // namespace engram::core
