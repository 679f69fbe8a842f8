#pragma once

#include "io/MemorySet.h"
#include "model/Result.h"

#include <QByteArray>

namespace recollector::core::io {

/// The Recollector memory set as YAML: the same document as MemorySetJson, through YamlJson, with
/// `format`, `version`, `exportedAt` and `profile` written first so a person sees what it is.
class MemorySetYaml final
{
public:
    static QByteArray toBytes(const MemorySet &set);
    /// `initialStability` (hours, memory.decay.initialStability) is the legacy stability's base.
    [[nodiscard]] static Result<MemorySet> fromBytes(const QByteArray &data, const QString &fileName,
                                                     double initialStability = kDefaultInitialStability);
    [[nodiscard]] static Result<MemorySet> readFile(const QString &path, double initialStability = kDefaultInitialStability);
    [[nodiscard]] static Status writeFile(const QString &path, const MemorySet &set);
};

} // namespace recollector::core::io
