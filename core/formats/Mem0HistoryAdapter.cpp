#include "formats/Mem0HistoryAdapter.h"

#include "formats/ForeignMemory.h"
#include "formats/ForeignTime.h"
#include "model/InputLimits.h"
#include "store/Mem0HistoryFile.h"

#include <QHash>

namespace recollector::core::io::formats {

bool Mem0HistoryAdapter::detect(const FormatProbe &probe) const
{
    return probe.head.startsWith("SQLite format 3") && Mem0HistoryFile::looksLike(probe.path);
}

Result<MemorySet> Mem0HistoryAdapter::read(const QString &path, const AdapterReadOptions &options) const
{
    const QString fileName = QFileInfo(path).fileName();
    auto rows = Mem0HistoryFile::read(path);
    if (!rows)
        return rows.error();
    MemorySet set;
    set.sourceName = fileName;
    set.mapping.format = name();
    set.mapping.title = title();
    QHash<QString, std::size_t> index; // memory id → position in set.memories
    for (std::size_t i = 0; i < rows->size(); ++i) {
        const Mem0HistoryRow &row = (*rows)[i];
        const QString where = QStringLiteral("%1: history row (id \"%2\")").arg(fileName, row.id);
        if (row.memoryId.isEmpty() || row.memoryId.size() > limits::kMaxShortChars)
            return Error::make(Error::Code::Validation, QStringLiteral("%1: field \"memory_id\": missing").arg(where));
        const auto at = foreignInstant(row.createdAt);
        if (!at)
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: field \"created_at\": \"%2\" is not an ISO-8601 time").arg(where, row.createdAt.left(60)));
        using Kind = Mem0HistoryRow::Kind;
        if (row.kind == Kind::Unknown)
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: field \"event\": \"%2\" is none of Mem0's three (add, update, delete)").arg(where, row.event.left(40)));
        if (row.newMemory.size() > limits::kMaxTextChars || row.oldMemory.size() > limits::kMaxTextChars)
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: field \"new_memory\": longer than %2 characters").arg(where).arg(limits::kMaxTextChars));

        const QString text = row.kind == Kind::Delete ? (row.oldMemory.isEmpty() ? row.newMemory : row.oldMemory)
                                                       : row.newMemory;
        auto it = index.constFind(row.memoryId);
        if (it == index.constEnd()) {
            if (text.trimmed().isEmpty())
                return Error::make(Error::Code::Validation, QStringLiteral("%1: field \"new_memory\": empty").arg(where));
            Memory m = foreignMemory(row.memoryId, text, *at, *at, options.initialStability);
            m.category = QStringLiteral("fact");
            m.extra.insert(QStringLiteral("mem0"), QJsonObject { { QStringLiteral("history"), true } });
            it = index.insert(row.memoryId, set.memories.size());
            set.memories.push_back(std::move(m));
        }
        Memory &m = set.memories[*it];
        Event e;
        e.memoryId = row.memoryId;
        e.at = *at;
        e.actor = row.role == QLatin1String("assistant") ? QStringLiteral("assistant") : QStringLiteral("user");
        QJsonObject kept { { QStringLiteral("event"), row.event }, { QStringLiteral("id"), row.id } };
        if (!row.actorId.isEmpty())
            kept.insert(QStringLiteral("actorId"), row.actorId);
        if (!row.role.isEmpty())
            kept.insert(QStringLiteral("role"), row.role);
        e.payload.insert(QStringLiteral("mem0"), kept);
        if (row.kind == Kind::Add) {
            e.kind = events::kCreate;
            set.mapping.map(QStringLiteral("history add"), QStringLiteral("create event; new_memory → content"));
        } else if (row.kind == Kind::Update) {
            e.kind = events::kEdit;
            e.payload.insert(QStringLiteral("before"), QJsonObject { { QStringLiteral("content"), row.oldMemory } });
            e.payload.insert(QStringLiteral("after"), QJsonObject { { QStringLiteral("content"), row.newMemory } });
            if (!row.newMemory.trimmed().isEmpty())
                m.content = row.newMemory;
            set.mapping.map(QStringLiteral("history update"), QStringLiteral("edit event (old_memory → before, new_memory → after)"));
        } else {
            e.kind = events::kDelete;
            m.deletedAt = *at;
            set.mapping.map(QStringLiteral("history delete"), QStringLiteral("delete event; the memory soft-deleted"));
        }
        if (row.kind == Kind::Add && m.deletedAt != 0) // added again after a delete
            m.deletedAt = 0;
        m.updatedAt = std::max(m.updatedAt, *at);
        m.lastReinforcedAt = m.updatedAt;
        set.events.push_back(std::move(e));
        set.mapping.map(QStringLiteral("history created_at"), QStringLiteral("the event's time; createdAt / updatedAt"));
        if (!row.actorId.isEmpty() || !row.role.isEmpty())
            set.mapping.noPlace(QStringLiteral("history actor_id, role"), QStringLiteral("kept in the event's payload"));
    }
    if (rows->empty())
        set.notes << QStringLiteral("%1: the history table is empty").arg(fileName);
    return set;
}

} // namespace recollector::core::io::formats
