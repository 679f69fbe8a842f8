#pragma once

#include <QByteArray>
#include <QString>

namespace recollector::core::io {

/// How deeply a YAML file Recollector reads may nest lists and mappings, where a deeper one first
/// goes past that, and the one message that refuses it.
///
/// yaml-cpp parses by recursion and stops by itself past its own limit (YAML::DeepRecursion,
/// 500 levels), long before the stack runs out, but the place it gives is not where the
/// document went too deep. The readers that walk yaml-cpp's tree (YamlJson's converter) stop
/// at kMaxDepth with the node's own place; a document yaml-cpp refused is read again by
/// findTooDeep, which follows yaml-cpp's own parse events to the first list or mapping past
/// the limit. No scan of Recollector's own decides what the YAML means.
class YamlNesting final
{
public:
    /// Most levels of lists and mappings a YAML file Recollector reads may nest (memory sets and
    /// config files nest fewer than 10).
    static constexpr int kMaxDepth = 256;

    struct Place
    {
        int line = 0; ///< 1-based; 0 = nowhere
        int column = 0; ///< 1-based, in bytes
        bool isValid() const { return line > 0; }
    };

    /// Where yaml-cpp, parsing the first document as YAML::Load does, starts the first list or
    /// mapping nested more than `maxDepth` deep; an invalid Place when none is (or the text is
    /// not YAML before that). It parses the text again: for the error path, not every read.
    static Place findTooDeep(const QByteArray &yaml, int maxDepth = kMaxDepth);
    /// The message for a document yaml-cpp's own guard refused at `guardLine`, `guardColumn`
    /// (1-based): it names findTooDeep's place, or the guard's where that finds none.
    static QString deepRecursionMessage(const QByteArray &yaml, int guardLine, int guardColumn);
    /// "nesting too deep at line 3, column 9: more than 256 levels of lists and mappings";
    /// `line` and `column` are 1-based. The one wording for every YAML depth error.
    static QString tooDeepMessage(int line, int column, int maxDepth = kMaxDepth);
};

} // namespace recollector::core::io
