#include "io/JsonIndentedWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace engram::core::io {

namespace {

void appendIndent(QByteArray &out, int indent)
{
    out.append(qsizetype(4 * indent), ' ');
}

void appendString(QByteArray &out, const QString &text)
{
    bool plain = true;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || u >= 0x7f || u == u'"' || u == u'\\') {
            plain = false;
            break;
        }
    }
    out += '"';
    if (plain) {
        // Printable ASCII: one byte per character, nothing to escape.
        const qsizetype at = out.size();
        out.resize(at + text.size());
        char *dst = out.data() + at;
        for (const QChar c : text)
            *dst++ = char(c.unicode());
    } else {
        // Let Qt escape it: `["…"]` in compact form, the brackets and quotes dropped.
        const QByteArray wrapped = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
        out.append(wrapped.constData() + 2, wrapped.size() - 4);
    }
    out += '"';
}

} // namespace

void JsonIndentedWriter::append(QByteArray &out, const QJsonValue &value, int indent)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: out += "null"; break;
    case QJsonValue::Bool: out += value.toBool() ? "true" : "false"; break;
    case QJsonValue::Double: {
        // QJsonValue keeps whole numbers as integers; Qt writes those as integers and the
        // rest in the shortest form that reads back the same double.
        const QVariant v = value.toVariant();
        if (v.typeId() == QMetaType::LongLong) {
            out += QByteArray::number(v.toLongLong());
        } else {
            const double d = value.toDouble();
            out += std::isfinite(d) ? QByteArray::number(d, 'g', QLocale::FloatingPointShortest) : QByteArray("null");
        }
        break;
    }
    case QJsonValue::String: appendString(out, value.toString()); break;
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        out += "[\n";
        for (qsizetype i = 0; i < array.size(); ++i) {
            appendIndent(out, indent + 1);
            append(out, array.at(i), indent + 1);
            out += i + 1 < array.size() ? ",\n" : "\n";
        }
        appendIndent(out, indent);
        out += ']';
        break;
    }
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        out += "{\n";
        qsizetype left = object.size();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            appendIndent(out, indent + 1);
            appendString(out, it.key());
            out += ": ";
            append(out, it.value(), indent + 1);
            out += --left ? ",\n" : "\n";
        }
        appendIndent(out, indent);
        out += '}';
        break;
    }
    }
}

} // namespace engram::core::io
