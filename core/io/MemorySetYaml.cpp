#include "io/MemorySetYaml.h"

#include "io/AtomicFile.h"
#include "model/InputLimits.h"
#include "model/JsonFieldReader.h"
#include "io/MemorySetJson.h"
#include "io/YamlJson.h"

#include <QFileInfo>

namespace recollector::core::io {

QByteArray MemorySetYaml::toBytes(const MemorySet &set)
{
    return YamlJson::dump(MemorySetJson::toObject(set),
        { QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("exportedAt"),
            QStringLiteral("profile"), QStringLiteral("seal"), QStringLiteral("memories"), QStringLiteral("associations"),
            QStringLiteral("events"), QStringLiteral("conflicts") });
}

Result<MemorySet> MemorySetYaml::fromBytes(const QByteArray &data, const QString &fileName, double initialStability)
{
    auto value = YamlJson::parse(data, fileName);
    if (!value)
        return value.error();
    if (!value->isObject())
        return Error::make(Error::Code::Parse,
            QStringLiteral("%1: expected a memory set mapping, got %2")
                .arg(fileName, JsonFieldReader::describe(*value)));
    MemoryParseOptions options;
    options.initialStability = initialStability;
    return MemorySetJson::fromObject(value->toObject(), fileName, options);
}

Result<MemorySet> MemorySetYaml::readFile(const QString &path, double initialStability)
{
    const QString name = QFileInfo(path).fileName();
    auto data = readBoundedFile(path, limits::kMaxSetFileBytes, name);
    if (!data)
        return data.error();
    return fromBytes(*data, name, initialStability);
}

Status MemorySetYaml::writeFile(const QString &path, const MemorySet &set)
{
    return AtomicFile::write(path, toBytes(set));
}

} // namespace recollector::core::io
