#pragma once

#include <QByteArray>

#include <vector>

namespace recollector::core::io::formats {

/// Byte positions inside a JSON document that is already known to parse (docs/formats.md,
/// "Letta Agent File"): what an adapter needs to put one value back into another program's
/// file and leave every other byte as it was. Not a validator: it only counts brackets and
/// skips strings, without recursion, so it is bounded by the document's length.
class JsonScan final
{
public:
    struct Span
    {
        qsizetype begin = -1; ///< first byte of the value (the opening quote of a string)
        qsizetype end = -1; ///< one past its last byte
        bool isValid() const { return begin >= 0; }
    };

    explicit JsonScan(const QByteArray &doc)
        : m_doc(doc)
    {
    }

    /// For the top-level object's array `arrayKey`: per element, the span of its member
    /// `memberKey` (invalid where the element has none or is no object). Empty when the
    /// document has no such array. Keys are compared as raw bytes (plain ASCII keys).
    std::vector<Span> memberSpans(const QByteArray &arrayKey, const QByteArray &memberKey) const;

private:
    qsizetype skipSpace(qsizetype pos) const;
    /// One past the end of the string starting at `pos` (its opening quote); -1 when unterminated.
    qsizetype skipString(qsizetype pos) const;
    /// One past the end of the value starting at `pos`; -1 on a malformed document.
    qsizetype skipValue(qsizetype pos) const;
    /// The raw bytes between the quotes of the string at [begin, end).
    QByteArray rawKey(qsizetype begin, qsizetype end) const { return m_doc.mid(begin + 1, end - begin - 2); }

    const QByteArray &m_doc;
};

} // namespace recollector::core::io::formats
