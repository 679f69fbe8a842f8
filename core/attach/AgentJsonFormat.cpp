#include "attach/AgentJsonFormat.h"

#include "attach/AgentFileText.h"
#include "attach/AgentProjection.h"
#include "attach/ClaudeMemoryFormat.h"
#include "attach/ClaudeProjects.h"
#include "attach/ClaudeProjectsFormat.h"
#include "attach/PlainFilesFormat.h"
#include "attach/AttachedFolder.h"
#include "io/AgentEntry.h"
#include "io/JsonText.h"
#include "model/JsonFieldReader.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

namespace recollector::core::attach {

namespace {
std::unique_ptr<EntryFormat> forKind(AttachedFolder::Kind kind, const QString &folder)
{
    switch (kind) {
    case AttachedFolder::Kind::ClaudeMemory: return std::make_unique<ClaudeMemoryFormat>(ClaudeProjects::projectOf(folder));
    case AttachedFolder::Kind::PlainFiles: return std::make_unique<PlainFilesFormat>();
    case AttachedFolder::Kind::ClaudeProjects: return std::make_unique<ClaudeProjectsFormat>(ClaudeProjects::recordedPaths(folder));
    case AttachedFolder::Kind::AgentFolder: break;
    }
    return std::make_unique<AgentJsonFormat>();
}
} // namespace

std::unique_ptr<EntryFormat> EntryFormat::forFolder(const QString &folder)
{
    return forKind(AttachedFolder::kindOf(folder), folder);
}

QStringList EntryFormat::entryNames(const QString &folder) const
{
    QStringList names;
    for (const QString &name :
         QDir(folder).entryList(nameFilters(), QDir::Files | QDir::System | QDir::Hidden, QDir::Name)) {
        if (isEntryName(name))
            names << name;
    }
    return names;
}

std::unique_ptr<EntryFormat> EntryFormat::forStore(Store &store, const QString &folder)
{
    return forKind(AttachedFolder::kindFor(store, folder), folder);
}

Result<EntryFormat::Parsed> AgentJsonFormat::parse(const QByteArray &bytes, const QString &name, Millis modified,
                                                   double initialStability) const
{
    auto value = io::JsonText::parse(bytes, name);
    if (value && !value->isObject())
        value = Error::make(Error::Code::Parse, QStringLiteral("%1: expected one memory object, got %2")
                                                    .arg(name, io::JsonFieldReader::describe(*value)));
    if (!value)
        return value.error();
    Parsed p;
    p.fields = value->toObject();
    QJsonObject o = p.fields;
    if (!o.contains(QStringLiteral("id")) || o.value(QStringLiteral("id")).isNull())
        o.insert(QStringLiteral("id"), QFileInfo(name).completeBaseName());
    io::MemoryParseOptions options { modified, QStringLiteral("the file's modification time"), nullptr, initialStability };
    auto memory = io::AgentEntry::fromObject(o, name, options);
    if (!memory)
        return memory.error();
    io::AgentEntry::migrateAsTheHubDoes(*memory, o);
    p.memory = std::move(*memory);
    return p;
}

std::optional<QJsonObject> AgentJsonFormat::fieldsOf(const QByteArray &bytes) const
{
    if (!AgentFileText::scan(bytes))
        return std::nullopt;
    return QJsonDocument::fromJson(bytes).object();
}

QJsonObject AgentJsonFormat::projection(const Memory &memory) const { return AgentProjection::of(memory); }

QByteArray AgentJsonFormat::rewrite(const QByteArray &original, const QJsonObject &target) const
{
    return AgentFileText::rewrite(original, target);
}

QByteArray AgentJsonFormat::fresh(const QJsonObject &target) const { return AgentFileText::fresh(target); }

} // namespace recollector::core::attach
