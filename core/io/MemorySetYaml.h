#pragma once

#include "io/MemorySet.h"
#include "model/Result.h"

#include <QByteArray>

namespace engram::core::io {

/// The Engram memory set as YAML: the same document as MemorySetJson, through YamlJson, with
/// `format`, `version`, `exportedAt` and `profile` written first so a person sees what it is.
class MemorySetYaml final
{
public:
    static QByteArray toBytes(const MemorySet &set);
    [[nodiscard]] static Result<MemorySet> fromBytes(const QByteArray &data, const QString &fileName);
    [[nodiscard]] static Result<MemorySet> readFile(const QString &path);
    [[nodiscard]] static Status writeFile(const QString &path, const MemorySet &set);
};

} // namespace engram::core::io
