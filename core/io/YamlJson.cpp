#include "io/YamlJson.h"

#include "model/Utf8Text.h"
#include "config/YamlNesting.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QVariant>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace recollector::core::io {

namespace {

// A document may expand to this many times its file's size (in nodes plus scalar bytes)
// through aliases; an alias-free document stays under twice its size.
constexpr qint64 kExpansionFactor = 4;

struct ParseError
{
    QString message;
};

// Scalar text as a QString, a leading U+FEFF kept (utf8Text). Unicode noncharacters
// (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF) become U+FFFD, as ill-formed UTF-8 does: YAML text may not
// hold them, and yaml-cpp writes them as U+FFFD, so reading them any other way would not
// survive a round trip.
QString textOf(const std::string &raw)
{
    QString text = utf8Text(raw);
    // In UTF-8 every noncharacter has EF B7 (U+FDD0..U+FDEF) or ends in BF BE / BF BF.
    if (raw.find("\xEF\xB7") == std::string::npos && raw.find("\xBF\xBE") == std::string::npos
        && raw.find("\xBF\xBF") == std::string::npos)
        return text;
    QList<uint> codePoints = text.toUcs4();
    for (uint &c : codePoints) {
        if ((c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE)
            c = 0xFFFD;
    }
    return QString::fromUcs4(reinterpret_cast<const char32_t *>(codePoints.constData()), codePoints.size());
}

// A number as a double, or as the text it was when it is past a double's range (1e999): like
// .inf it has no JSON form, and JSON would write it as text that reads back as another value.
QJsonValue finiteOrText(const QString &s)
{
    const double d = s.toDouble();
    return std::isfinite(d) ? QJsonValue(d) : QJsonValue(s);
}

// A plain scalar resolved per the YAML 1.2 core schema.
QJsonValue resolvePlain(const QString &s)
{
    if (s.isEmpty() || s == QLatin1String("~") || s == QLatin1String("null") || s == QLatin1String("Null")
        || s == QLatin1String("NULL"))
        return QJsonValue(QJsonValue::Null);
    if (s == QLatin1String("true") || s == QLatin1String("True") || s == QLatin1String("TRUE"))
        return true;
    if (s == QLatin1String("false") || s == QLatin1String("False") || s == QLatin1String("FALSE"))
        return false;
    static const QRegularExpression intRe(QStringLiteral("^[-+]?[0-9]+$"));
    static const QRegularExpression floatRe(
        QStringLiteral("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$"));
    if (intRe.match(s).hasMatch()) {
        bool ok = false;
        const qint64 v = s.toLongLong(&ok);
        if (ok)
            return QJsonValue(v);
        return finiteOrText(s); // too long for 64 bits: keep its magnitude
    }
    if (floatRe.match(s).hasMatch())
        return finiteOrText(s);
    static const QRegularExpression hexRe(QStringLiteral("^0x[0-9a-fA-F]+$"));
    static const QRegularExpression octRe(QStringLiteral("^0o[0-7]+$"));
    bool ok = false;
    if (hexRe.match(s).hasMatch()) {
        const qint64 v = s.mid(2).toLongLong(&ok, 16);
        if (ok)
            return QJsonValue(v);
    }
    if (octRe.match(s).hasMatch()) {
        const qint64 v = s.mid(2).toLongLong(&ok, 8);
        if (ok)
            return QJsonValue(v);
    }
    // .inf / .nan have no JSON form: keep them as text; a numeric field then reports them.
    return QJsonValue(s);
}

// Converts the node tree yaml-cpp built. Aliases share nodes in that tree, but here each use
// becomes a copy, so the work is bounded by a budget: one unit per node plus one per byte of
// each scalar and key. Counting nodes alone let a few thousand aliases of one long string copy
// it into gigabytes.
class Converter
{
public:
    explicit Converter(qint64 budget)
        : m_budget(budget)
    {
    }

    QJsonValue convert(const YAML::Node &node, int depth)
    {
        spend(node, 1);
        // `depth`: the lists and mappings around this node; this one past the limit is refused
        // at its own place (the place YamlNesting::findTooDeep gives for a deeper document).
        if ((node.IsSequence() || node.IsMap()) && depth >= YamlNesting::kMaxDepth)
            throw ParseError { YamlNesting::tooDeepMessage(node.Mark().line + 1, node.Mark().column + 1) };
        switch (node.Type()) {
        case YAML::NodeType::Undefined:
        case YAML::NodeType::Null:
            return QJsonValue(QJsonValue::Null);
        case YAML::NodeType::Scalar: {
            spend(node, qint64(node.Scalar().size()));
            const std::string &tag = node.Tag();
            if (tag == "!" || tag == "tag:yaml.org,2002:str")
                return QJsonValue(textOf(node.Scalar()));
            return resolvePlain(textOf(node.Scalar()));
        }
        case YAML::NodeType::Sequence: {
            QJsonArray out;
            for (const YAML::Node &item : node)
                out.append(convert(item, depth + 1));
            return out;
        }
        case YAML::NodeType::Map: {
            QJsonObject out;
            for (const auto &kv : node) {
                if (!kv.first.IsScalar())
                    throw ParseError { QStringLiteral("a mapping key is not a plain value (line %1)")
                                           .arg(kv.first.Mark().line + 1) };
                spend(kv.first, 1 + qint64(kv.first.Scalar().size()));
                out.insert(textOf(kv.first.Scalar()), convert(kv.second, depth + 1));
            }
            return out;
        }
        }
        return QJsonValue(QJsonValue::Null);
    }

private:
    void spend(const YAML::Node &node, qint64 units)
    {
        m_budget -= units;
        if (m_budget < 0)
            throw ParseError { QStringLiteral("too many nodes or too much text at line %1, column %2: aliases "
                                              "expand the document beyond %3 times the file's size")
                                   .arg(node.Mark().line + 1)
                                   .arg(node.Mark().column + 1)
                                   .arg(kExpansionFactor) };
    }

    qint64 m_budget;
};

// A double as text that reads back as the same double. Whole ones below 2^53 are written in
// digits (Qt keeps those as integers either way); past it, digits would read back as an integer,
// so a whole double there is written with an exponent.
QString numberText(double d)
{
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9007199254740992.0)
        return QString::number(qint64(d));
    const QString text = QString::number(d, 'g', QLocale::FloatingPointShortest);
    const bool digitsOnly = std::all_of(text.cbegin(), text.cend(),
        [](QChar c) { return c.isDigit() || c == QLatin1Char('-'); });
    return digitsOnly ? QString::number(d, 'e', QLocale::FloatingPointShortest) : text;
}

void emitString(YAML::Emitter &out, const QString &s)
{
    if (YamlJson::needsQuotes(s))
        out << YAML::DoubleQuoted << s.toStdString();
    else
        out << s.toStdString();
}

void emitValue(YAML::Emitter &out, const QJsonValue &v, const QStringList &leadingKeys)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out << YAML::Null;
        break;
    case QJsonValue::Bool:
        out << (v.toBool() ? "true" : "false");
        break;
    case QJsonValue::Double:
        // A 64-bit integer keeps every digit (as a double it would round past 2^53). A double
        // keeps its kind: written in digits, a whole one past 2^53 would read back as an integer.
        if (v.toVariant().typeId() == QMetaType::LongLong)
            out << QString::number(v.toInteger()).toStdString();
        else
            out << numberText(v.toDouble()).toStdString();
        break;
    case QJsonValue::String:
        emitString(out, v.toString());
        break;
    case QJsonValue::Array: {
        const QJsonArray a = v.toArray();
        if (a.isEmpty()) {
            out << YAML::Flow << YAML::BeginSeq << YAML::EndSeq;
            break;
        }
        out << YAML::BeginSeq;
        for (const QJsonValue &item : a)
            emitValue(out, item, {});
        out << YAML::EndSeq;
        break;
    }
    case QJsonValue::Object: {
        const QJsonObject o = v.toObject();
        if (o.isEmpty()) {
            out << YAML::Flow << YAML::BeginMap << YAML::EndMap;
            break;
        }
        out << YAML::BeginMap;
        QStringList keys;
        for (const QString &k : leadingKeys) {
            if (o.contains(k))
                keys << k;
        }
        for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
            if (!leadingKeys.contains(it.key()))
                keys << it.key();
        }
        for (const QString &k : keys) {
            out << YAML::Key;
            // A key is read back only if it is written within 1,024 characters; escapes (\x17 is
            // four) can take a shorter key past that, so a long one is an explicit "? key".
            if (k.size() > 200)
                out << YAML::LongKey;
            emitString(out, k);
            out << YAML::Value;
            emitValue(out, o.value(k), {});
        }
        out << YAML::EndMap;
        break;
    }
    }
}

} // namespace

bool YamlJson::needsQuotes(const QString &text)
{
    if (text.isEmpty())
        return true;
    const QJsonValue resolved = resolvePlain(text);
    if (!resolved.isString() || resolved.toString() != text)
        return true;
    // Leading/trailing spaces and YAML indicators are handled by yaml-cpp's own quoting; these
    // forms it would write plain but read back differently. A carriage return it writes raw in
    // a plain scalar, where a reader takes it for a line break ("a\r" read back as "a").
    if (text.contains(QLatin1Char('\r')))
        return true;
    static const QRegularExpression special(
        QStringLiteral("^(\\.inf|\\.Inf|\\.INF|-\\.inf|\\+\\.inf|\\.nan|\\.NaN|\\.NAN|<<|=)$"));
    if (special.match(text).hasMatch())
        return true;
    // A document marker ("---" or "...", alone or before a blank) at the start of a line: the
    // whole document written plain, or a line of a multi-line scalar, would read back as the
    // end or start of a document.
    static const QRegularExpression marker(QStringLiteral("(^|\\n)(---|\\.\\.\\.)([ \\t\\n]|$)"));
    return marker.match(text).hasMatch();
}

Result<QJsonValue> YamlJson::parse(const QByteArray &yaml, const QString &fileName)
{
    try {
        const YAML::Node root = YAML::Load(yaml.toStdString());
        Converter converter(qint64(yaml.size()) * kExpansionFactor + 1024);
        return converter.convert(root, 0);
    } catch (const YAML::DeepRecursion &e) {
        // yaml-cpp's own guard (500 levels); the converter names a shallower document's place.
        return Error::make(Error::Code::Parse,
            QStringLiteral("%1: %2").arg(fileName, YamlNesting::deepRecursionMessage(yaml, e.mark.line + 1, e.mark.column + 1)));
    } catch (const YAML::Exception &e) {
        return Error::make(Error::Code::Parse,
            QStringLiteral("%1: not valid YAML at line %2, column %3: %4")
                .arg(fileName)
                .arg(e.mark.line + 1)
                .arg(e.mark.column + 1)
                .arg(QString::fromStdString(e.msg)));
    } catch (const ParseError &e) {
        return Error::make(Error::Code::Parse, QStringLiteral("%1: %2").arg(fileName, e.message));
    } catch (const std::exception &e) {
        return Error::make(Error::Code::Parse,
            QStringLiteral("%1: cannot read YAML: %2").arg(fileName, QString::fromUtf8(e.what())));
    }
}

QByteArray YamlJson::dump(const QJsonValue &value, const QStringList &leadingKeys)
{
    YAML::Emitter out;
    out.SetIndent(2);
    emitValue(out, value, leadingKeys);
    QByteArray bytes(out.c_str(), qsizetype(out.size()));
    bytes.append('\n');
    return bytes;
}

} // namespace recollector::core::io
