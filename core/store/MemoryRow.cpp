#include "store/MemoryRow.h"

#include <QJsonDocument>
#include <QSqlQuery>
#include <QVariant>

namespace recollector::core::row {

const QStringList &memoryColumns()
{
    static const QStringList columns{
        QStringLiteral("id"), QStringLiteral("content"), QStringLiteral("category"), QStringLiteral("keywords"),
        QStringLiteral("source_type"), QStringLiteral("source_task_id"), QStringLiteral("source_chat_id"),
        QStringLiteral("source_message_id"), QStringLiteral("confidence"), QStringLiteral("created_at"),
        QStringLiteral("updated_at"), QStringLiteral("last_accessed_at"), QStringLiteral("last_reinforced_at"),
        QStringLiteral("access_count"), QStringLiteral("reinforce_count"), QStringLiteral("project_path"),
        QStringLiteral("strength"), QStringLiteral("stability"), QStringLiteral("decay_rate"),
        QStringLiteral("importance"), QStringLiteral("verified"), QStringLiteral("permanent"),
        QStringLiteral("negated"), QStringLiteral("negated_at"), QStringLiteral("correction_history"),
        QStringLiteral("level"), QStringLiteral("compressed"), QStringLiteral("compressed_from"),
        QStringLiteral("merged_from"), QStringLiteral("merged_into"), QStringLiteral("source_ids"),
        QStringLiteral("original_contents"), QStringLiteral("sensitivity"), QStringLiteral("modalities"),
        QStringLiteral("deleted_at"), QStringLiteral("superseded"), QStringLiteral("supersedes_id"),
        QStringLiteral("agent_importance"), QStringLiteral("agent_tier"), QStringLiteral("extra"),
    };
    return columns;
}

namespace {

// Text Qt's compact writer copies as it is between two quotes: printable ASCII other than
// '"' and '\\' (it escapes those and control characters, and encodes the rest as UTF-8).
bool copiedVerbatim(const QString &text)
{
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || u > 0x7e || u == u'"' || u == u'\\')
            return false;
    }
    return true;
}

} // namespace

QString toJsonText(const QStringList &list)
{
    // The common lists (none, or plain keywords) written as Qt writes them, without a
    // QJsonArray and a QJsonDocument per row; anything else through Qt (core.memory_row_json).
    if (list.isEmpty())
        return QStringLiteral("[]");
    qsizetype size = 1 + list.size() * 3;
    for (const QString &item : list) {
        if (!copiedVerbatim(item))
            return QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(list)).toJson(QJsonDocument::Compact));
        size += item.size();
    }
    QString out;
    out.reserve(size);
    out += QLatin1Char('[');
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (i != 0)
            out += QLatin1Char(',');
        out += QLatin1Char('"');
        out += list[i];
        out += QLatin1Char('"');
    }
    out += QLatin1Char(']');
    return out;
}
QString toJsonText(const QJsonArray &array)
{
    if (array.isEmpty())
        return QStringLiteral("[]");
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
}
QString toJsonText(const QJsonObject &object)
{
    return QString::fromUtf8(toJsonUtf8(object));
}
QByteArray toJsonUtf8(const QJsonObject &object)
{
    if (object.isEmpty())
        return QByteArrayLiteral("{}");
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}
QJsonArray arrayFromJson(const QString &text)
{
    if (text.isEmpty() || text == QLatin1String("[]"))
        return {};
    return QJsonDocument::fromJson(text.toUtf8()).array();
}
QStringList stringListFromJson(const QString &text)
{
    QStringList out;
    const QJsonArray array = arrayFromJson(text);
    out.reserve(array.size());
    for (const auto &v : array)
        out.append(v.toString());
    return out;
}
QJsonObject objectFromJson(const QString &text)
{
    if (text.isEmpty() || text == QLatin1String("{}"))
        return {};
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

QVariantList memoryValues(const Memory &m)
{
    QVariantList out;
    out.reserve(memoryColumns().size());
    // Text columns are NOT NULL: a null QString binds as SQL NULL, so bind "" instead.
    forEachMemoryValue(m, [&](const QVariant &v) {
        if (v.typeId() == QMetaType::QString && v.toString().isNull())
            out << QStringLiteral("");
        else
            out << v;
    });
    return out;
}

void bindMemory(QSqlQuery &q, const Memory &m)
{
    const QVariantList values = memoryValues(m);
    for (int i = 0; i < values.size(); ++i)
        q.bindValue(i, values[i]);
}

Memory readMemory(const QSqlQuery &q)
{
    Memory m;
    int i = 0;
    auto next = [&]() { return q.value(i++); };
    m.id = next().toString();
    m.content = next().toString();
    m.category = next().toString();
    m.keywords = stringListFromJson(next().toString());
    m.source.type = next().toString();
    m.source.taskId = next().toString();
    m.source.chatId = next().toString();
    m.source.messageId = next().toString();
    m.confidence = next().toDouble();
    m.createdAt = next().toLongLong();
    m.updatedAt = next().toLongLong();
    m.lastAccessedAt = next().toLongLong();
    m.lastReinforcedAt = next().toLongLong();
    m.accessCount = next().toInt();
    m.reinforceCount = next().toInt();
    m.projectPath = next().toString();
    m.strength = next().toDouble();
    m.stability = next().toDouble();
    m.decayRate = next().toDouble();
    m.importance = next().toDouble();
    m.verified = next().toInt() != 0;
    m.permanent = next().toInt() != 0;
    m.negated = next().toInt() != 0;
    m.negatedAt = next().toLongLong();
    m.correctionHistory = arrayFromJson(next().toString());
    m.level = levelFromName(next().toString()).value_or(MemoryLevel::Full);
    m.compressed = next().toInt() != 0;
    m.compressedFrom = next().toString();
    m.mergedFrom = stringListFromJson(next().toString());
    m.mergedInto = next().toString();
    m.sourceIds = stringListFromJson(next().toString());
    m.originalContents = stringListFromJson(next().toString());
    m.sensitivity = next().toInt();
    m.modalities = stringListFromJson(next().toString());
    m.deletedAt = next().toLongLong();
    m.superseded = next().toInt() != 0;
    m.supersedesId = next().toString();
    const QVariant agentImportance = next();
    if (!agentImportance.isNull())
        m.agentImportance = agentImportance.toDouble();
    m.agentTier = next().toString();
    m.extra = objectFromJson(next().toString());
    return m;
}

} // namespace recollector::core::row
