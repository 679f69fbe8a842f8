#pragma once

#include "attach/EntryFormat.h"

namespace recollector::core::attach {

/// An agent hub's `<id>.json` files (AgentEntry, AgentProjection, AgentFileText).
class AgentJsonFormat final : public EntryFormat
{
public:
    QStringList nameFilters() const override { return { QStringLiteral("*.json") }; }
    QString extension() const override { return QStringLiteral(".json"); }
    Result<Parsed> parse(const QByteArray &bytes, const QString &name, Millis modified,
                         double initialStability) const override;
    std::optional<QJsonObject> fieldsOf(const QByteArray &bytes) const override;
    QJsonObject projection(const Memory &memory) const override;
    QByteArray rewrite(const QByteArray &original, const QJsonObject &target) const override;
    QByteArray fresh(const QJsonObject &target) const override;
    QStringList clashFree() const override { return { QStringLiteral("updatedAt"), QStringLiteral("strength") }; }
};

} // namespace recollector::core::attach
