#pragma once

#include <QByteArray>
#include <QString>

namespace engram::core::io {

/// How deeply a YAML text nests lists and mappings, found by scanning the text before any
/// parser sees it: yaml-cpp parses by recursion, a few stack frames per level, so a
/// 100,000-deep document must be refused up front with a message that says where.
///
/// The count is a lower bound of the nesting yaml-cpp builds: every level counted is a list
/// or mapping the parser makes (or the text is not valid YAML), and what a line scanner cannot
/// settle is not counted (a block sequence at its parent key's indentation, a one-pair mapping
/// inside a flow sequence, text after a multi-line flow collection). Like yaml-cpp's Load, it
/// reads only the first document's root node: not what follows a complete flow or scalar
/// root, nor lines left of a block root. So a document within the limit is never refused
/// here; what the scan misses, yaml-cpp's own depth guard and YamlJson's converter still stop,
/// with the same message. The YAML fuzz target checks the bound against yaml-cpp's tree.
class YamlNesting final
{
public:
    /// Most levels of lists and mappings a YAML file Engram reads may nest (memory sets and
    /// config files nest fewer than 10).
    static constexpr int kMaxDepth = 256;

    struct Place
    {
        int line = 0; ///< 1-based; 0 = nowhere
        int column = 0; ///< 1-based, in bytes
        bool isValid() const { return line > 0; }
    };

    /// Where the nesting first goes past `maxDepth` levels; an invalid Place when it never does.
    static Place findTooDeep(const QByteArray &yaml, int maxDepth = kMaxDepth);
    /// The deepest nesting counted (the lower bound above), for tests and the fuzz target.
    static int measure(const QByteArray &yaml);
    /// "nesting too deep at line 3, column 9: more than 256 levels of lists and mappings";
    /// `line` and `column` are 1-based. The one wording for every YAML depth error.
    static QString tooDeepMessage(int line, int column, int maxDepth = kMaxDepth);
};

} // namespace engram::core::io
