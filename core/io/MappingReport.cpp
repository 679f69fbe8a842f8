#include "io/MappingReport.h"

#include <QJsonArray>

namespace recollector::core::io {

namespace {

void add(std::vector<MappingReport::Entry> &entries, const QString &from, const QString &to, int count)
{
    for (MappingReport::Entry &e : entries) {
        if (e.from == from && e.to == to) {
            e.count += count;
            return;
        }
    }
    entries.push_back({ from, to, count });
}

} // namespace

void MappingReport::map(const QString &from, const QString &to, int count)
{
    add(mapped, from, to, count);
}

void MappingReport::noPlace(const QString &from, const QString &why, int count)
{
    add(unplaced, from, why, count);
}

QStringList MappingReport::lines() const
{
    QStringList out;
    for (const Entry &e : mapped)
        out << QStringLiteral("%1 → %2 (%3)").arg(e.from, e.to).arg(e.count);
    for (const Entry &e : unplaced)
        out << QStringLiteral("%1: no place; %2 (%3)").arg(e.from, e.to).arg(e.count);
    return out;
}

QJsonObject MappingReport::toJson() const
{
    QJsonArray m;
    for (const Entry &e : mapped)
        m.append(QJsonObject { { QStringLiteral("from"), e.from }, { QStringLiteral("to"), e.to },
            { QStringLiteral("count"), e.count } });
    QJsonArray u;
    for (const Entry &e : unplaced)
        u.append(QJsonObject { { QStringLiteral("from"), e.from }, { QStringLiteral("why"), e.to },
            { QStringLiteral("count"), e.count } });
    return QJsonObject { { QStringLiteral("format"), format }, { QStringLiteral("title"), title },
        { QStringLiteral("mapped"), m }, { QStringLiteral("unplaced"), u } };
}

} // namespace recollector::core::io
