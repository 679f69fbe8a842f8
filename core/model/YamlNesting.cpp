#include "model/YamlNesting.h"

#include <cstring>

#include <limits>
#include <utility>
#include <vector>

namespace engram::core::io {

namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

// A byte that ends an anchor's name (YAML's flow indicators), in flow and block context alike.
bool isFlowIndicator(char c)
{
    return c == ',' || c == '[' || c == ']' || c == '{' || c == '}';
}

// A byte yaml-cpp takes into a tag after its "!": a word character or one of the URI marks
// of a tag (its Exp::Tag, plus "!" for a named handle and "%" for an escape). Any other byte
// ends the tag, and a node starts there.
bool isTagChar(char c)
{
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80)
        return false;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return std::strchr("-#;/?:@&=+$_.~*'()!%", c) != nullptr && c != '\0';
}

// One line of the text, without its line break.
struct Line
{
    const char *data;
    qsizetype size;

    char at(qsizetype i) const { return i < size ? data[i] : '\0'; }
    // yaml-cpp's reader gives 0x04 for the end of the input, so a 0x04 byte after an indicator
    // or a document marker reads as the end ("...\x04" ends the document, "-\x04x" is [x];
    // found by a fuzz run).
    bool blankOrEnd(qsizetype i) const { return i >= size || isBlank(data[i]) || data[i] == '\x04'; }
    bool isBlankLine() const
    {
        for (qsizetype i = 0; i < size; ++i) {
            if (!isBlank(data[i]))
                return false;
        }
        return true;
    }
    qsizetype indent() const
    {
        qsizetype i = 0;
        while (i < size && data[i] == ' ')
            ++i;
        return i;
    }
    // "---" or "..." at the start of a line: a document starts or ends.
    bool isDocumentMarker() const
    {
        return size >= 3 && ((data[0] == '-' && data[1] == '-' && data[2] == '-')
                   || (data[0] == '.' && data[1] == '.' && data[2] == '.'))
            && blankOrEnd(3);
    }
};

// Where the anchor, alias or tag that starts at `pos` ends: a name at a blank or a flow
// indicator ("&a," is the anchor "a"), a tag at a byte no tag may hold.
qsizetype propertyEnd(const Line &line, qsizetype pos)
{
    const bool tag = line.at(pos) == '!';
    ++pos;
    while (pos < line.size && !isBlank(line.at(pos)) && (tag ? isTagChar(line.at(pos)) : !isFlowIndicator(line.at(pos))))
        ++pos;
    return pos;
}

// Walks the text line by line, keeping what a YAML reader must know to tell structure from
// text: the open block collections (by indentation), the open flow collections, and whether a
// line continues a quoted, block or multi-line plain scalar. Where YAML is ambiguous to such
// a scan, it takes the reading that counts fewer levels (see the header).
class Scanner
{
public:
    explicit Scanner(int stopAbove)
        : m_stopAbove(stopAbove)
    {
    }

    void run(const QByteArray &text)
    {
        if (isUtf16Or32(text))
            return; // yaml-cpp's own depth guard stops these; the scan reads only UTF-8
        qsizetype begin = text.startsWith("\xEF\xBB\xBF") ? 3 : 0;
        while (begin <= text.size() && m_state != State::Done) {
            qsizetype end = text.indexOf('\n', begin);
            if (end < 0)
                end = text.size();
            qsizetype size = end - begin;
            // CR LF breaks a line; a lone CR (at the end of the text too) is a character of
            // the line for yaml-cpp: "a:\r" is the scalar "a:", not a mapping.
            if (end < text.size() && size > 0 && text.at(end - 1) == '\r')
                --size;
            ++m_lineNumber;
            scanLine(Line { text.constData() + begin, size });
            begin = end + 1;
        }
    }

    int deepest() const { return m_deepest; }
    YamlNesting::Place tooDeep() const { return m_tooDeep; }

private:
    // yaml-cpp (as YAML 1.2 says) reads a text whose first bytes hold a NUL or a UTF-16 byte
    // order mark as UTF-16 or UTF-32.
    static bool isUtf16Or32(const QByteArray &text)
    {
        if (text.size() < 2)
            return false;
        if (text.startsWith("\xFE\xFF") || text.startsWith("\xFF\xFE"))
            return true;
        for (qsizetype i = 0; i < qMin<qsizetype>(text.size(), 4); ++i) {
            if (text.at(i) == '\0')
                return true;
        }
        return false;
    }

    enum class State {
        Normal,
        BlockScalar, // lines indented past m_parent belong to a `|` or `>` scalar
        PlainContinuation, // lines indented past m_parent continue a plain scalar
        DoubleQuote,
        SingleQuote,
        Done, // too deep, or the first document's root node ended (yaml-cpp's Load reads no further)
    };

    void scanLine(const Line &line)
    {
        switch (m_state) {
        case State::BlockScalar:
        case State::PlainContinuation:
            if (line.isBlankLine())
                return;
            if (!line.isDocumentMarker() && line.indent() > m_parent
                && !(m_state == State::PlainContinuation && line.at(line.indent()) == '#')) {
                // Not a continuation there: yaml-cpp reads the line as a new key, or fails.
                // Which, the scan does not follow; it counts no further.
                if (m_state == State::PlainContinuation && m_plainEndsAtLine)
                    m_state = State::Done;
                return;
            }
            m_state = State::Normal;
            endIfRootDone(); // the scalar was the root ("x\n# c\nb: [[c]]" reads as x)
            if (m_state == State::Done)
                return;
            break;
        case State::DoubleQuote:
        case State::SingleQuote: {
            const qsizetype pos = quote(line, 0);
            // A multi-line flow collection or quoted key cannot be followed by `: value`, so
            // after one closes the rest of its line is a comment or not YAML: not scanned.
            if (m_state == State::Normal && m_quoteInFlow)
                flow(line, pos);
            else if (m_state == State::Normal)
                afterMultiLineNode(line, pos);
            endIfRootDone();
            return;
        }
        case State::Normal:
        case State::Done:
            break;
        }
        if (m_flow > 0) {
            const qsizetype pos = flow(line, 0);
            if (m_flow == 0 && m_state == State::Normal)
                afterMultiLineNode(line, pos);
            endIfRootDone();
            return;
        }
        blockLine(line);
    }

    // Text after a multi-line quoted scalar or flow collection closed in block context stands
    // at its own column, as if it began a line there: left of the root collection it ends the
    // root ("  : '\n'Z\n  [" reads as {~: " "}, " - [\n].\n  ? -" as [[]]; found by fuzz and
    // differential runs), and it closes the block collections right of it. The text itself is
    // not scanned.
    void afterMultiLineNode(const Line &line, qsizetype pos)
    {
        while (pos < line.size && isBlank(line.at(pos)))
            ++pos;
        if (pos >= line.size || line.at(pos) == '#')
            return;
        if (m_rootColumn >= 0 && pos <= m_rootColumn) {
            m_state = State::Done;
            return;
        }
        while (!m_blocks.empty() && m_blocks.back() >= pos)
            m_blocks.pop_back();
    }

    // The first document's root is a flow collection or a scalar and it is complete: yaml-cpp
    // returns it and never parses what follows ("[a]\nb: [[c]]" reads as [a]).
    void endIfRootDone()
    {
        if (m_blocks.empty() && m_flow == 0 && m_state == State::Normal)
            m_state = State::Done;
    }

    void blockLine(const Line &line)
    {
        if (line.isBlankLine())
            return;
        const qsizetype indent = line.indent();
        if (line.at(indent) == '#')
            return;
        if (line.isDocumentMarker()) {
            if (m_seenContent || line.at(0) == '.') {
                m_state = State::Done;
                return;
            }
            m_seenContent = true; // "--- [a]": the first document's content may start here
            m_blocks.clear();
            if (block(line, 3, -1))
                endIfRootDone();
            return;
        }
        if (indent == 0 && line.at(0) == '%') {
            // A directive; after content yaml-cpp takes one there too, ending the document.
            if (m_seenContent)
                m_state = State::Done;
            return;
        }
        m_seenContent = true;
        // Left of the root collection, or at a root sequence's column without its "- ":
        // yaml-cpp ends the document's root there and returns it, never parsing the rest
        // ("  a: 1\nb: [[c]]" reads as {a: 1}, "- a\nb: [[c]]" as [a]).
        if (m_rootColumn >= 0
            && (indent < m_rootColumn
                || (m_rootIsSequence && indent == m_rootColumn
                    && !(line.at(indent) == '-' && line.blankOrEnd(indent + 1))))) {
            m_state = State::Done;
            return;
        }
        while (!m_blocks.empty() && m_blocks.back() > indent)
            m_blocks.pop_back();
        if (block(line, indent, m_blocks.empty() ? -1 : m_blocks.back()))
            endIfRootDone();
    }

    // Block context from `pos`, at the start of a node; `parent` is the indentation a block or
    // multi-line plain scalar starting here must be indented past. True when a node (not only
    // collection indicators, anchors or tags) starts on the line.
    bool block(const Line &line, qsizetype pos, qsizetype parent)
    {
        bool keyAllowed = true; // "a: b: c" and "a: - b" are not YAML: one key per line
        bool sawNode = false;
        // An anchor or a tag ended the line before: the node they belong to starts here.
        const bool afterProperties = std::exchange(m_propertiesEndedLine, false);
        bool sawIndicator = false; // "- ", "? " or ":" came first on the line
        // Where the node's anchor or tag began: a key's mapping starts at its properties'
        // column, not at its text's ("    ! t:" under "    d:" is one more key of that mapping).
        qsizetype propertiesStart = -1;
        for (;;) {
            while (pos < line.size && isBlank(line.at(pos)))
                ++pos;
            if (pos >= line.size || line.at(pos) == '#') {
                m_propertiesEndedLine = propertiesStart >= 0;
                return sawNode;
            }
            const char c = line.at(pos);
            qsizetype start = pos;
            if (c == '*' && (propertiesStart >= 0 || (afterProperties && !sawIndicator))) {
                // An alias after an anchor or a tag: yaml-cpp takes the node for empty and ends
                // the root there, or fails ("!t *a : x" is !t "", "!t\n\t*a : x" too; found by
                // a differential run). Only "&a\n*a : x" is a mapping, whose key is itself:
                // counting none of it is still a lower bound.
                m_state = State::Done;
                return true;
            }
            if ((c == '-' || c == '?' || c == ':') && line.blankOrEnd(pos + 1)) {
                if (!keyAllowed)
                    return sawNode;
                // A ':' with no key before it opens a mapping with a null key, as '?' does
                // ("   :" is the root {~: ~}); as the value of an explicit "? key" it stands at
                // that mapping's column, and enterBlock opens nothing there. After a tag or an
                // anchor the ':' ends an empty key: its mapping starts at the tag's column
                // ("! :" under ":" is one more key of the root, found by a fuzz run).
                if (c == ':' && propertiesStart >= 0)
                    start = propertiesStart;
                enterBlock(start, c == '-');
                parent = start;
                propertiesStart = -1;
                sawIndicator = true;
                ++pos;
                continue;
            }
            bool plainOnly = false;
            if (c == '&' || c == '!') { // an anchor or a tag: the node follows
                if (propertiesStart < 0)
                    propertiesStart = start;
                pos = propertyEnd(line, pos);
                if (pos >= line.size || isBlank(line.at(pos)))
                    continue;
                // yaml-cpp ends a tag at a byte no tag may hold ("!\x9b"): a plain scalar
                // starts right there, and it may go on over the next lines. An anchor ends at a
                // flow indicator: after "&a," the node is null and the root ends there (found
                // by a fuzz run: "&a,\n- x" counted 1, yaml-cpp built a null root).
                plainOnly = true;
                start = pos;
            }
            sawNode = true;
            if (!node(line, pos, start, plainOnly, parent)) {
                // Inside a block collection, where a key may start, yaml-cpp reads a plain scalar
                // after an anchor or a tag no further than its line ("? &a x\n  ? y" is {x: ~,
                // y: ~}, "k:\n  !t x\n  ? y" is {k: x, y: ~}; found by a differential run).
                m_plainEndsAtLine = m_state == State::PlainContinuation && keyAllowed && propertiesStart >= 0
                    && !m_blocks.empty();
                return true;
            }
            // After a scalar, an alias or a flow collection: ':' makes it a mapping key.
            while (pos < line.size && isBlank(line.at(pos)))
                ++pos;
            if (!keyAllowed || line.at(pos) != ':' || !line.blankOrEnd(pos + 1))
                return true;
            const qsizetype keyStart = propertiesStart >= 0 ? propertiesStart : start;
            enterBlock(keyStart, false);
            parent = keyStart;
            propertiesStart = -1;
            keyAllowed = false;
            sawIndicator = true;
            ++pos;
        }
    }

    // One node from `pos` (`start` where it begins, after its anchor or tag), in block context:
    // true with `pos` after it when a ':' may follow on the line, false when the line holds
    // nothing more to count (or the node goes on over the next lines).
    bool node(const Line &line, qsizetype &pos, qsizetype start, bool plainOnly, qsizetype parent)
    {
        const char c = line.at(pos);
        if (plainOnly) {
            // Only a plain scalar may start right after such a tag; at an indicator
            // ("!a,b") yaml-cpp takes the node for null and ends the root, or fails.
            if (std::strchr(",[]{}#&*!|>'\"%@`", c) != nullptr) {
                m_state = State::Done;
                return false;
            }
            if (!plain(line, pos, parent))
                return false;
        } else if (c == ',' || c == ']' || c == '}') {
            // Not a node: yaml-cpp takes the root for null there and stops, or fails.
            m_state = State::Done;
            return false;
        } else if (c == '|' || c == '>') {
            m_state = State::BlockScalar;
            m_parent = parent;
            return false;
        } else if (c == '[' || c == '{') {
            ++m_flow;
            m_afterJsonLike = m_inFlowPlain = false; // what a block-context quote or scalar left
            reached(start);
            pos = flow(line, pos + 1);
            if (m_flow > 0 || m_state != State::Normal)
                return false; // continues on the next lines (or done)
        } else if (c == '"' || c == '\'') {
            m_state = c == '"' ? State::DoubleQuote : State::SingleQuote;
            m_quoteInFlow = false;
            pos = quote(line, pos + 1);
            if (m_state != State::Normal)
                return false;
        } else if (c == '*') {
            while (pos < line.size && !isBlank(line.at(pos)))
                ++pos;
        } else if (!plain(line, pos, parent)) {
            return false;
        }
        return true;
    }

    // A plain scalar in block context from `pos`: true when it stops at ": " (a key, `pos` on
    // the colon); false when a comment or the line's end ends it.
    bool plain(const Line &line, qsizetype &pos, qsizetype parent)
    {
        const qsizetype start = pos;
        for (; pos < line.size; ++pos) {
            const char c = line.at(pos);
            if (c == ':' && line.blankOrEnd(pos + 1))
                return true;
            if (c == '#' && pos > start && isBlank(line.at(pos - 1)))
                return false;
        }
        m_state = State::PlainContinuation;
        m_parent = parent;
        return false;
    }

    // Flow context from `pos`; returns where the outermost flow collection closed, or the
    // line's size when it is still open (or a quoted scalar is).
    //
    // What yaml-cpp takes for structure there, each rule found by a differential run against
    // it: a plain scalar goes on over blanks ("[a "]"]" is one scalar, so that quote opens
    // nothing and "]" closes) and over ':' or '?' right before text ("[a:'b']"); it ends at
    // ",[]{}", at ": ", or at " #". A '#' where a token starts is a comment, with no blank
    // before it ("[#[" is "[" and a comment), and after ':' a token starts when the ':' follows
    // a quoted scalar or a flow collection ("[\"a\":#]" is [{a: ~}]).
    qsizetype flow(const Line &line, qsizetype pos)
    {
        bool tokenStart = true; // at a line's start, after a blank or an indicator
        while (pos < line.size) {
            const char c = line.at(pos);
            if (isBlank(c)) {
                tokenStart = true;
                ++pos;
                continue;
            }
            const bool afterJsonLike = std::exchange(m_afterJsonLike, false);
            const bool nodeStart = tokenStart && !m_inFlowPlain;
            switch (c) {
            case '#':
                if (tokenStart)
                    return line.size;
                break;
            case '[':
            case '{':
                ++m_flow;
                m_inFlowPlain = false;
                reached(pos);
                if (m_state == State::Done)
                    return line.size;
                tokenStart = true;
                ++pos;
                continue;
            case ']':
            case '}':
                --m_flow;
                ++pos;
                m_inFlowPlain = false;
                m_afterJsonLike = true;
                if (m_flow == 0)
                    return pos;
                tokenStart = true;
                continue;
            case ',':
                m_inFlowPlain = false;
                tokenStart = true;
                ++pos;
                continue;
            case ':':
            case '?':
                if (!line.blankOrEnd(pos + 1) && !(c == ':' && (afterJsonLike || isFlowIndicator(line.at(pos + 1)))))
                    break; // text of a plain scalar
                m_inFlowPlain = false;
                tokenStart = c == ':' && afterJsonLike;
                ++pos;
                continue;
            case '&':
            case '*':
            case '!':
                if (!nodeStart)
                    break;
                // An anchor, an alias or a tag: no plain scalar, so a node may follow it, right
                // after it too ("[!\"[\"]" is [""]).
                pos = propertyEnd(line, pos);
                m_inFlowPlain = false;
                tokenStart = true;
                continue;
            case '"':
            case '\'':
                if (!nodeStart)
                    break;
                m_state = c == '"' ? State::DoubleQuote : State::SingleQuote;
                m_quoteInFlow = true;
                pos = quote(line, pos + 1);
                if (m_state != State::Normal)
                    return line.size;
                tokenStart = true;
                continue;
            default:
                break;
            }
            m_inFlowPlain = true;
            tokenStart = false;
            ++pos;
        }
        return pos;
    }

    // Inside a quoted scalar (m_state says which) from `pos`: returns the position after the
    // closing quote (m_state back to Normal), or the line's size when it goes on.
    qsizetype quote(const Line &line, qsizetype pos)
    {
        const bool isDouble = m_state == State::DoubleQuote;
        while (pos < line.size) {
            const char c = line.at(pos);
            if (isDouble && c == '\\') {
                pos += 2;
                continue;
            }
            if (!isDouble && c == '\'' && line.at(pos + 1) == '\'') {
                pos += 2;
                continue;
            }
            if (c == (isDouble ? '"' : '\'')) {
                m_state = State::Normal;
                m_afterJsonLike = true;
                return pos + 1;
            }
            ++pos;
        }
        return line.size;
    }

    // A block collection entry (`-`, `?`, `key:`) at `column`: a new level when it is indented
    // past the innermost open one.
    void enterBlock(qsizetype column, bool isSequence)
    {
        if (!m_blocks.empty() && column <= m_blocks.back())
            return;
        if (m_blocks.empty()) {
            m_rootColumn = column;
            m_rootIsSequence = isSequence;
        }
        m_blocks.push_back(column);
        reached(column);
    }

    void reached(qsizetype column)
    {
        const qsizetype depth = qsizetype(m_blocks.size()) + m_flow;
        if (depth > m_deepest)
            m_deepest = int(qMin<qsizetype>(depth, std::numeric_limits<int>::max()));
        if (depth > m_stopAbove && !m_tooDeep.isValid()) {
            m_tooDeep = { m_lineNumber, int(qMin<qsizetype>(column + 1, std::numeric_limits<int>::max())) };
            m_state = State::Done;
        }
    }

    const int m_stopAbove;
    int m_deepest = 0;
    YamlNesting::Place m_tooDeep;
    int m_lineNumber = 0;
    std::vector<qsizetype> m_blocks; // columns of the open block collections, increasing
    qsizetype m_flow = 0; // open flow collections
    State m_state = State::Normal;
    bool m_quoteInFlow = false;
    qsizetype m_parent = -1;
    qsizetype m_rootColumn = -1; // the first document's root block collection, once there is one
    bool m_rootIsSequence = false;
    bool m_seenContent = false;
    bool m_plainEndsAtLine = false; // the plain scalar of PlainContinuation cannot go on
    bool m_propertiesEndedLine = false; // an anchor or a tag ended the last line block() read
    bool m_afterJsonLike = false; // the last token in flow context was a quoted scalar or a flow collection
    bool m_inFlowPlain = false; // a plain scalar in flow context goes on (over blanks and lines)
};

} // namespace

YamlNesting::Place YamlNesting::findTooDeep(const QByteArray &yaml, int maxDepth)
{
    Scanner scanner(maxDepth);
    scanner.run(yaml);
    return scanner.tooDeep();
}

int YamlNesting::measure(const QByteArray &yaml)
{
    Scanner scanner(std::numeric_limits<int>::max());
    scanner.run(yaml);
    return scanner.deepest();
}

QString YamlNesting::tooDeepMessage(int line, int column, int maxDepth)
{
    return QStringLiteral("nesting too deep at line %1, column %2: more than %3 levels of lists and mappings")
        .arg(line)
        .arg(column)
        .arg(maxDepth);
}

} // namespace engram::core::io
