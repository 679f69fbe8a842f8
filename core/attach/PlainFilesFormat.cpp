#include "attach/PlainFilesFormat.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QStringDecoder>

namespace recollector::core::attach {

namespace {

const QString kBody = QStringLiteral("body");

/// The file's text, or nothing when it is not UTF-8 text (a NUL byte or an invalid sequence).
std::optional<QString> textOf(const QByteArray &bytes)
{
    if (bytes.contains('\0'))
        return std::nullopt;
    QStringDecoder decode(QStringDecoder::Utf8);
    QString text = decode(bytes);
    if (decode.hasError())
        return std::nullopt;
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    return text;
}

} // namespace

bool PlainFilesFormat::isEntryName(const QString &name) const
{
    return !name.startsWith(QLatin1Char('.')) && !name.endsWith(QLatin1Char('~'));
}

Result<EntryFormat::Parsed> PlainFilesFormat::parse(const QByteArray &bytes, const QString &name, Millis modified,
                                                    double initialStability) const
{
    auto fields = fieldsOf(bytes);
    if (!fields)
        return Error::make(Error::Code::Parse, QStringLiteral("%1: not UTF-8 text").arg(name));
    Parsed p;
    p.fields = *fields;
    Memory &m = p.memory;
    m.id = QFileInfo(name).completeBaseName();
    if (m.id.isEmpty())
        m.id = name;
    m.content = fields->value(kBody).toString();
    if (m.content.isEmpty())
        return Error::make(Error::Code::Validation, QStringLiteral("%1: field \"body\": the file is empty").arg(name));
    m.category = QStringLiteral("note");
    QStringList words;
    for (const QString &w : m.id.split(QRegularExpression(QStringLiteral("[\\W_]+")), Qt::SkipEmptyParts)) {
        if (w.size() >= 3)
            words << w;
    }
    m.keywords = normalizeKeywords(words);
    m.source.type = QStringLiteral("chat");
    m.confidence = 0.8;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = modified;
    m.stability = initialStability;
    m.extra.insert(QStringLiteral("name"), name);
    return p;
}

std::optional<QJsonObject> PlainFilesFormat::fieldsOf(const QByteArray &bytes) const
{
    const auto text = textOf(bytes);
    if (!text)
        return std::nullopt;
    // The text without the final line break, so that an edit in Recollector (which holds no
    // trailing line break) is not a change of every file.
    QString body = *text;
    while (body.endsWith(QLatin1Char('\n')) || body.endsWith(QLatin1Char('\r')))
        body.chop(1);
    return QJsonObject { { kBody, body } };
}

QJsonObject PlainFilesFormat::projection(const Memory &memory) const
{
    QString body = memory.content;
    while (body.endsWith(QLatin1Char('\n')) || body.endsWith(QLatin1Char('\r')))
        body.chop(1);
    return QJsonObject { { kBody, body } };
}

QByteArray PlainFilesFormat::rewrite(const QByteArray &original, const QJsonObject &target) const
{
    // The file's own line endings kept (CRLF when it used CRLF), and its final line break
    // when it had one.
    const bool crlf = original.contains("\r\n");
    QByteArray out = target.value(kBody).toString().toUtf8();
    if (crlf)
        out.replace("\r\n", "\n").replace("\n", "\r\n");
    if (original.isEmpty() || original.endsWith('\n'))
        out += crlf ? "\r\n" : "\n";
    return out;
}

QByteArray PlainFilesFormat::fresh(const QJsonObject &target) const
{
    return target.value(kBody).toString().toUtf8() + "\n";
}

} // namespace recollector::core::attach
