// A Recollector memory-set JSON file as import reads it (MemorySetJson::fromBytes: the simdjson
// reader, or JsonText's located errors and every entry's validation). Any bytes give a set or one error, never a
// crash, a sanitizer report, a leak or a hang; and a set that was read writes out as a file
// that reads back.
#include "FuzzSupport.h"

#include "io/MemorySetFastJson.h"
#include "io/MemorySetJson.h"

using namespace recollector;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = fuzz::input(data, size);
    // fromBytes takes the simdjson reader when it can: what it reads, the Qt reader reads alike.
    if (const auto fast = core::io::MemorySetFastJson::read(bytes, QStringLiteral("fuzz.json"))) {
        const auto qt = core::io::MemorySetJson::fromBytesWithQt(bytes, QStringLiteral("fuzz.json"));
        if (!qt)
            fuzz::fail("the simdjson reader takes only what the Qt reader reads", qt.error().message);
        if (fast->memories != qt->memories || fast->associations != qt->associations || fast->events != qt->events
            || fast->conflicts != qt->conflicts || fast->exportedAt != qt->exportedAt || fast->profile != qt->profile)
            fuzz::fail("the simdjson reader reads a set as the Qt reader does", QString());
    }
    const auto set = core::io::MemorySetJson::fromBytes(bytes, QStringLiteral("fuzz.json"));
    if (!set)
        return 0;
    const auto again = core::io::MemorySetJson::fromBytes(
        core::io::MemorySetJson::toBytes(*set), QStringLiteral("written.json"));
    if (!again)
        fuzz::fail("a set read from JSON writes JSON that reads back", again.error().message);
    return 0;
}
