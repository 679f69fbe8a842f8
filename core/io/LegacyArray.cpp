#include "io/LegacyArray.h"

#include "io/AgentEntry.h"
#include "model/InputLimits.h"
#include "model/JsonFieldReader.h"
#include "io/JsonText.h"

#include <QFileInfo>
#include <QHash>

#include <map>

namespace recollector::core::io {

Result<MemorySet> LegacyArray::fromArray(const QJsonArray &entries, const QString &fileName, double initialStability)
{
    MemorySet set;
    set.sourceName = fileName;
    QHash<QString, qsizetype> seen;
    std::map<std::pair<QString, QString>, Association> links;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QString where = QStringLiteral("%1: entry %2").arg(fileName, QString::number(i));
        const QJsonValue item = entries.at(i);
        if (!item.isObject())
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: expected an object, got %2").arg(where, JsonFieldReader::describe(item)));
        std::vector<Association> entryLinks;
        auto memory = AgentEntry::fromObject(
            item.toObject(), where, MemoryParseOptions { 0, {}, &set.notes, initialStability }, &entryLinks);
        if (!memory)
            return memory.error();
        const auto dup = seen.constFind(memory->id);
        if (dup != seen.constEnd())
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1 (id \"%2\"): duplicate id (also entry %3)")
                    .arg(where, memory->id.left(80), QString::number(*dup)));
        seen.insert(memory->id, i);
        for (const Association &a : entryLinks) {
            auto [it, inserted] = links.try_emplace({ a.a, a.b }, a);
            if (!inserted && a.weight > it->second.weight)
                it->second = a;
        }
        set.memories.push_back(std::move(*memory));
    }
    for (auto &[pair, a] : links)
        set.associations.push_back(a);
    return set;
}

Result<MemorySet> LegacyArray::readFile(const QString &path, double initialStability)
{
    const QString name = QFileInfo(path).fileName();
    auto data = readBoundedFile(path, limits::kMaxSetFileBytes, name);
    if (!data)
        return data.error();
    auto value = JsonText::parse(*data, name);
    if (!value)
        return value.error();
    if (!value->isArray())
        return Error::make(
            Error::Code::Parse, QStringLiteral("%1: expected a JSON array of memories").arg(name));
    return fromArray(value->toArray(), name, initialStability);
}

} // namespace recollector::core::io
