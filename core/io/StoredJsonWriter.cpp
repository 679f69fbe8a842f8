#include "io/StoredJsonWriter.h"

#include "io/JsonIndentedWriter.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstring>

namespace recollector::core::io {

namespace {

constexpr int kMaxDepth = 64;

// A recursive-descent copier over the stored text. Every method returns false on anything it
// does not reproduce exactly; the caller then throws the partial output away.
class Copier
{
public:
    Copier(QByteArray &out, std::string_view json)
        : m_out(out)
        , m_p(json.data())
        , m_end(json.data() + json.size())
    {
    }

    bool top(int indent, StoredJsonWriter::Shape shape)
    {
        skipSpace();
        if (m_p == m_end)
            return false;
        const bool ok = shape == StoredJsonWriter::Shape::Object
            ? (*m_p == '{' && object(indent, 0))
            : (*m_p == '[' && array(indent, 0, shape == StoredJsonWriter::Shape::StringArray));
        if (!ok)
            return false;
        skipSpace();
        return m_p == m_end;
    }

private:
    void skipSpace()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
    }
    void indentTo(int indent) { JsonIndentedWriter::appendIndent(m_out, indent); }

    bool value(int indent, int depth)
    {
        if (m_p == m_end)
            return false;
        switch (*m_p) {
        case '{': return object(indent, depth + 1);
        case '[': return array(indent, depth + 1, false);
        case '"': return string();
        case 't': return literal("true");
        case 'f': return literal("false");
        case 'n': return literal("null");
        default: return number(indent);
        }
    }

    bool literal(const char *word)
    {
        const size_t n = std::strlen(word);
        if (size_t(m_end - m_p) < n || std::memcmp(m_p, word, n) != 0)
            return false;
        m_out.append(word, qsizetype(n));
        m_p += n;
        return true;
    }

    // The raw token of a string, quotes included; `plain` when it holds only printable ASCII
    // without escapes (then Qt writes it back byte for byte).
    bool stringToken(std::string_view &token, bool &plain)
    {
        const char *start = m_p++;
        plain = true;
        while (m_p < m_end) {
            const auto c = static_cast<unsigned char>(*m_p);
            if (c == '"') {
                ++m_p;
                token = std::string_view(start, size_t(m_p - start));
                return true;
            }
            if (c == '\\') {
                plain = false;
                if (++m_p == m_end)
                    return false;
            } else if (c < 0x20 || c >= 0x7f) {
                plain = false;
            }
            ++m_p;
        }
        return false;
    }

    bool string()
    {
        std::string_view token;
        bool plain = false;
        if (!stringToken(token, plain))
            return false;
        if (plain) {
            m_out.append(token.data(), qsizetype(token.size()));
            return true;
        }
        // Escapes or text beyond ASCII: what Qt reads this token as, written as Qt writes it.
        QByteArray wrapped;
        wrapped.reserve(qsizetype(token.size()) + 2);
        wrapped += '[';
        wrapped.append(token.data(), qsizetype(token.size()));
        wrapped += ']';
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(wrapped, &error);
        if (error.error != QJsonParseError::NoError || !doc.isArray() || doc.array().size() != 1)
            return false;
        JsonIndentedWriter::appendString(m_out, doc.array().at(0).toString());
        return true;
    }

    bool number(int indent)
    {
        const char *start = m_p;
        if (m_p < m_end && *m_p == '-')
            ++m_p;
        const char *digits = m_p;
        while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
            ++m_p;
        const size_t intDigits = size_t(m_p - digits);
        if (intDigits == 0 || (intDigits > 1 && *digits == '0'))
            return false;
        bool integer = true;
        if (m_p < m_end && *m_p == '.') {
            integer = false;
            const char *frac = ++m_p;
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
            if (m_p == frac)
                return false;
        }
        if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
            integer = false;
            ++m_p;
            if (m_p < m_end && (*m_p == '+' || *m_p == '-'))
                ++m_p;
            const char *exp = m_p;
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
            if (m_p == exp)
                return false;
        }
        const std::string_view token(start, size_t(m_p - start));
        // An integer of up to 18 digits fits a qint64: Qt keeps it as that integer and writes
        // its digits back ("-0" becomes "0").
        if (integer && intDigits <= 18) {
            if (token == "-0")
                m_out += '0';
            else
                m_out.append(token.data(), qsizetype(token.size()));
            return true;
        }
        // Fractions, exponents and long integers: Qt's own reading and writing of the token.
        QByteArray wrapped;
        wrapped += '[';
        wrapped.append(token.data(), qsizetype(token.size()));
        wrapped += ']';
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(wrapped, &error);
        if (error.error != QJsonParseError::NoError || !doc.isArray() || doc.array().size() != 1)
            return false;
        JsonIndentedWriter::append(m_out, doc.array().at(0), indent);
        return true;
    }

    enum class After { Next, Closed, Bad };

    // After an array item or an object member: a ',' goes on to the next one, `close` ends
    // the container on its own line at `indent`, anything else is not JSON.
    After afterMember(char close, int indent)
    {
        skipSpace();
        if (m_p == m_end)
            return After::Bad;
        if (*m_p == ',') {
            ++m_p;
            m_out += ",\n";
            return After::Next;
        }
        if (*m_p != close)
            return After::Bad;
        ++m_p;
        m_out += '\n';
        indentTo(indent);
        m_out += close;
        return After::Closed;
    }

    bool array(int indent, int depth, bool stringsOnly)
    {
        if (depth > kMaxDepth)
            return false;
        ++m_p; // '['
        m_out += "[\n";
        skipSpace();
        if (m_p < m_end && *m_p == ']') {
            ++m_p;
            indentTo(indent);
            m_out += ']';
            return true;
        }
        while (true) {
            skipSpace();
            indentTo(indent + 1);
            if (stringsOnly ? (m_p == m_end || *m_p != '"' || !string()) : !value(indent + 1, depth))
                return false;
            const After after = afterMember(']', indent);
            if (after != After::Next)
                return after == After::Closed;
        }
    }

    bool object(int indent, int depth)
    {
        if (depth > kMaxDepth)
            return false;
        ++m_p; // '{'
        m_out += "{\n";
        skipSpace();
        if (m_p < m_end && *m_p == '}') {
            ++m_p;
            indentTo(indent);
            m_out += '}';
            return true;
        }
        std::string_view previous;
        bool first = true;
        while (true) {
            skipSpace();
            if (m_p == m_end || *m_p != '"')
                return false;
            std::string_view key;
            bool plain = false;
            if (!stringToken(key, plain) || !plain)
                return false;
            // Qt sorts keys (ASCII: byte order) and keeps one of each: the stored text must
            // already be that, or the copy would differ.
            if (!first && !(previous < key))
                return false;
            previous = key;
            first = false;
            indentTo(indent + 1);
            m_out.append(key.data(), qsizetype(key.size()));
            m_out += ": ";
            skipSpace();
            if (m_p == m_end || *m_p != ':')
                return false;
            ++m_p;
            skipSpace();
            if (!value(indent + 1, depth))
                return false;
            const After after = afterMember('}', indent);
            if (after != After::Next)
                return after == After::Closed;
        }
    }

    QByteArray &m_out;
    const char *m_p;
    const char *m_end;
};

} // namespace

bool StoredJsonWriter::append(QByteArray &out, std::string_view json, int indent, Shape shape)
{
    const qsizetype mark = out.size();
    Copier copier(out, json);
    if (copier.top(indent, shape))
        return true;
    out.truncate(mark);
    return false;
}

} // namespace recollector::core::io
