// A Recollector memory set as YAML (MemorySetYaml::fromBytes: yaml-cpp with its depth guard, the
// alias budget and depth limit of the converter, then the JSON codec's validation). Any bytes
// give a set or one error, never a crash, a sanitizer report, a leak, a hang or gigabytes. Two
// properties as well:
// - any YAML document YamlJson reads, it writes as YAML that reads back as the same value;
// - a memory set that was read writes YAML that reads back.
#include "FuzzSupport.h"

#include "io/MemorySetYaml.h"
#include "io/YamlJson.h"

#include <QJsonDocument>

using namespace recollector;
using namespace recollector::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = fuzz::input(data, size);

    if (const auto set = io::MemorySetYaml::fromBytes(bytes, QStringLiteral("fuzz.yaml"))) {
        const auto again = io::MemorySetYaml::fromBytes(io::MemorySetYaml::toBytes(*set), QStringLiteral("written.yaml"));
        if (!again)
            fuzz::fail("a set read from YAML writes YAML that reads back", again.error().message);
    }

    if (const auto value = io::YamlJson::parse(bytes, QStringLiteral("fuzz.yaml"))) {
        const QByteArray written = io::YamlJson::dump(*value);
        const auto back = io::YamlJson::parse(written, QStringLiteral("written.yaml"));
        if (!back)
            fuzz::fail("YAML written from a value reads back", back.error().message);
        if (*back != *value)
            fuzz::fail("YAML written from a value reads back as the same value", QString::fromUtf8(written));
    }

    return 0;
}
