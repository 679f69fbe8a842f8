#pragma once

#include <QString>
#include <QStringView>

#include <vector>

namespace recollector::core {

/// Finds the expressions that tie a statement to a time, in English and Chinese, so that a
/// change over time is not taken for a contradiction (docs/scoring.md#detection: 主人十天前很紧张 "was nervous
/// ten days ago" vs 主人现在很放松 "is relaxed now" do not conflict). Three kinds:
///  - Past: the statement is about a moment that is over ("was", "used to", "yesterday",
///    "ten days ago", "last week", 十天前, 昨天, 以前, 曾经 …). It stays true of that moment
///    whatever is said later, so it conflicts with nothing.
///  - Dated: about one named day or period ("today", "tomorrow", "next week", "in 2023",
///    今天, 明天, 下周, 三天后 …). Two statements can only clash about the same one.
///  - Present: the current state ("now", "currently", "these days", 现在, 目前, 最近 …).
///    That is what a standing statement claims anyway: it competes with them as usual
///    ("targets Node 18" vs "targets Node 22 now" is a temporal shift).
class TimeAnchors final
{
public:
    enum class Kind { Past, Dated, Present };
    struct Anchor
    {
        Kind kind;
        QString text; ///< lower-cased, e.g. "ten days ago", "十天前"
        bool operator==(const Anchor &) const = default;
    };

    /// The anchors in `text`, in order of the checks (English, then Chinese), no duplicates.
    static std::vector<Anchor> find(QStringView text);
    /// "past:ten days ago" etc., for tests and explanations.
    static QString describe(const Anchor &anchor);
};

} // namespace recollector::core
