#include "formats/JsonScan.h"

namespace recollector::core::io::formats {

qsizetype JsonScan::skipSpace(qsizetype pos) const
{
    while (pos < m_doc.size() && (m_doc[pos] == ' ' || m_doc[pos] == '\n' || m_doc[pos] == '\r' || m_doc[pos] == '\t'))
        ++pos;
    return pos;
}

qsizetype JsonScan::skipString(qsizetype pos) const
{
    if (pos >= m_doc.size() || m_doc[pos] != '"')
        return -1;
    for (qsizetype i = pos + 1; i < m_doc.size(); ++i) {
        if (m_doc[i] == '\\')
            ++i;
        else if (m_doc[i] == '"')
            return i + 1;
    }
    return -1;
}

qsizetype JsonScan::skipValue(qsizetype pos) const
{
    pos = skipSpace(pos);
    if (pos >= m_doc.size())
        return -1;
    const char first = m_doc[pos];
    if (first == '"')
        return skipString(pos);
    if (first != '{' && first != '[') {
        // A number, true, false or null: up to the next delimiter.
        while (pos < m_doc.size() && m_doc[pos] != ',' && m_doc[pos] != '}' && m_doc[pos] != ']'
               && m_doc[pos] != ' ' && m_doc[pos] != '\n' && m_doc[pos] != '\r' && m_doc[pos] != '\t')
            ++pos;
        return pos;
    }
    qsizetype depth = 0;
    for (qsizetype i = pos; i < m_doc.size(); ++i) {
        const char c = m_doc[i];
        if (c == '"') {
            i = skipString(i);
            if (i < 0)
                return -1;
            --i;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0)
                return i + 1;
        }
    }
    return -1;
}

std::vector<JsonScan::Span> JsonScan::memberSpans(const QByteArray &arrayKey, const QByteArray &memberKey) const
{
    std::vector<Span> out;
    qsizetype pos = skipSpace(m_doc.startsWith("\xEF\xBB\xBF") ? 3 : 0);
    if (pos >= m_doc.size() || m_doc[pos] != '{')
        return out;
    ++pos;
    // The top-level members, one by one.
    while (true) {
        pos = skipSpace(pos);
        if (pos >= m_doc.size() || m_doc[pos] == '}')
            return out;
        const qsizetype keyEnd = skipString(pos);
        if (keyEnd < 0)
            return out;
        const QByteArray key = rawKey(pos, keyEnd);
        pos = skipSpace(keyEnd);
        if (pos >= m_doc.size() || m_doc[pos] != ':')
            return out;
        pos = skipSpace(pos + 1);
        if (key == arrayKey && pos < m_doc.size() && m_doc[pos] == '[') {
            ++pos;
            // The array's elements.
            while (true) {
                pos = skipSpace(pos);
                if (pos >= m_doc.size() || m_doc[pos] == ']')
                    return out;
                Span found;
                if (m_doc[pos] == '{') {
                    ++pos;
                    while (true) {
                        pos = skipSpace(pos);
                        if (pos >= m_doc.size())
                            return out;
                        if (m_doc[pos] == '}') {
                            ++pos;
                            break;
                        }
                        const qsizetype mEnd = skipString(pos);
                        if (mEnd < 0)
                            return out;
                        const QByteArray member = rawKey(pos, mEnd);
                        pos = skipSpace(mEnd);
                        if (pos >= m_doc.size() || m_doc[pos] != ':')
                            return out;
                        const qsizetype vBegin = skipSpace(pos + 1);
                        const qsizetype vEnd = skipValue(vBegin);
                        if (vEnd < 0)
                            return out;
                        if (member == memberKey)
                            found = Span { vBegin, vEnd };
                        pos = skipSpace(vEnd);
                        if (pos < m_doc.size() && m_doc[pos] == ',')
                            ++pos;
                    }
                } else {
                    pos = skipValue(pos);
                    if (pos < 0)
                        return out;
                }
                out.push_back(found);
                pos = skipSpace(pos);
                if (pos < m_doc.size() && m_doc[pos] == ',')
                    ++pos;
            }
        }
        pos = skipValue(pos);
        if (pos < 0)
            return out;
        pos = skipSpace(pos);
        if (pos < m_doc.size() && m_doc[pos] == ',')
            ++pos;
    }
}

} // namespace recollector::core::io::formats
