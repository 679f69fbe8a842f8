#pragma once

#include "model/Memory.h"

#include <QVariant>

class QSqlQuery;
class QSqlRecord;

namespace recollector::core::row {

/// Column names of `memories` in bind order.
const QStringList &memoryColumns();
/// Every field of `m` as it is bound, in memoryColumns() order.
QVariantList memoryValues(const Memory &m);
/// Binds every field of `m` positionally, in memoryColumns() order.
void bindMemory(QSqlQuery &query, const Memory &m);
/// Reads a memory from the current row of a query that selected memoryColumns() in order.
Memory readMemory(const QSqlQuery &query);

QString toJsonText(const QStringList &list);
QString toJsonText(const QJsonArray &array);
QString toJsonText(const QJsonObject &object);
/// toJsonText(object) as UTF-8, for a statement that binds bytes (no round trip through QString).
QByteArray toJsonUtf8(const QJsonObject &object);
QStringList stringListFromJson(const QString &text);
QJsonArray arrayFromJson(const QString &text);
QJsonObject objectFromJson(const QString &text);

/// Calls `visit(QVariant)` with every column value of `m`, in memoryColumns() order: the one
/// place that maps a Memory onto its row, for Qt Sql binding and the import's bulk path alike.
/// (A null QString stands for an empty text column.)
template <typename Visit>
void forEachMemoryValue(const Memory &m, Visit &&visit)
{
    visit(m.id);
    visit(m.content);
    visit(m.category);
    visit(toJsonText(m.keywords));
    visit(m.source.type);
    visit(m.source.taskId);
    visit(m.source.chatId);
    visit(m.source.messageId);
    visit(m.confidence);
    visit(m.createdAt);
    visit(m.updatedAt);
    visit(m.lastAccessedAt);
    visit(m.lastReinforcedAt);
    visit(m.accessCount);
    visit(m.reinforceCount);
    visit(m.projectPath);
    visit(m.strength);
    visit(m.stability);
    visit(m.decayRate);
    visit(m.importance);
    visit(int(m.verified));
    visit(int(m.permanent));
    visit(int(m.negated));
    visit(m.negatedAt);
    visit(toJsonText(m.correctionHistory));
    visit(levelName(m.level));
    visit(int(m.compressed));
    visit(m.compressedFrom);
    visit(toJsonText(m.mergedFrom));
    visit(m.mergedInto);
    visit(toJsonText(m.sourceIds));
    visit(toJsonText(m.originalContents));
    visit(m.sensitivity);
    visit(toJsonText(m.modalities));
    visit(m.deletedAt);
    visit(int(m.superseded));
    visit(m.supersedesId);
    visit(m.agentImportance ? QVariant(*m.agentImportance) : QVariant(QMetaType(QMetaType::Double)));
    visit(m.agentTier);
    visit(toJsonText(m.extra));
}

} // namespace recollector::core::row
