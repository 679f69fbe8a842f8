// An Engram memory set as YAML (MemorySetYaml::fromBytes: the nesting pre-scan, yaml-cpp, the
// alias budget, then the JSON codec's validation). Any bytes give a set or one error, never a
// crash, a sanitizer report, a leak, a hang or gigabytes. Three properties as well:
// - any YAML document YamlJson reads, it writes as YAML that reads back as the same value;
// - a memory set that was read writes YAML that reads back;
// - the nesting pre-scan counts no more levels than yaml-cpp builds (it may refuse a document
//   only when the document is that deep).
#include "FuzzSupport.h"
#include "../support/YamlTreeDepth.h"

#include "io/MemorySetYaml.h"
#include "io/YamlJson.h"
#include "model/YamlNesting.h"

#include <QJsonDocument>

#include <yaml-cpp/yaml.h>

#include <algorithm>

using namespace engram;
using namespace engram::core;

namespace {

void checkNestingBound(const QByteArray &bytes)
{
    const int counted = io::YamlNesting::measure(bytes);
    if (counted == 0)
        return;
    int built = 0;
    try {
        built = test::yamlTreeDepth(YAML::Load(bytes.toStdString()), counted + 1);
    } catch (const std::exception &) {
        return; // not YAML for yaml-cpp (or too deep for its guard): nothing to compare
    }
    if (counted > built)
        fuzz::fail("the nesting pre-scan is a lower bound",
            QStringLiteral("counted %1 levels, yaml-cpp built %2").arg(counted).arg(built));
}

} // namespace

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

    checkNestingBound(bytes);
    return 0;
}
