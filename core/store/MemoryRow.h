#pragma once

#include "model/Memory.h"

class QSqlQuery;
class QSqlRecord;

namespace engram::core::row {

/// Column names of `memories` in bind order.
const QStringList &memoryColumns();
/// Binds every field of `m` positionally, in memoryColumns() order.
void bindMemory(QSqlQuery &query, const Memory &m);
/// Reads a memory from the current row of a query that selected memoryColumns() in order.
Memory readMemory(const QSqlQuery &query);

QString toJsonText(const QStringList &list);
QString toJsonText(const QJsonArray &array);
QString toJsonText(const QJsonObject &object);
QStringList stringListFromJson(const QString &text);
QJsonArray arrayFromJson(const QString &text);
QJsonObject objectFromJson(const QString &text);

} // namespace engram::core::row
