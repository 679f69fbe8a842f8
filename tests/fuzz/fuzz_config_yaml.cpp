// A config.yaml (Config::fromYamlText: typed keys, ranges, categories, the nesting and alias
// limits). Any bytes give a Config or one error; a Config that was read writes YAML that
// reads back as the same Config.
#include "FuzzSupport.h"

#include "config/Config.h"

using namespace recollector;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto config = core::Config::fromYamlText(fuzz::input(data, size), QStringLiteral("fuzz.yaml"));
    if (!config)
        return 0;
    const QByteArray written = config->toYaml();
    const auto again = core::Config::fromYamlText(written, QStringLiteral("written.yaml"));
    if (!again)
        fuzz::fail("a config read writes YAML that reads back", again.error().message);
    if (!(*again == *config))
        fuzz::fail("a config read writes YAML that reads back the same", QString::fromUtf8(written));
    return 0;
}
