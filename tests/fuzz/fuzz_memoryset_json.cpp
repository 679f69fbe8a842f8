// An Engram memory-set JSON file as import reads it (MemorySetJson::fromBytes: JsonText's
// located errors, then every entry's validation). Any bytes give a set or one error, never a
// crash, a sanitizer report, a leak or a hang; and a set that was read writes out as a file
// that reads back.
#include "FuzzSupport.h"

#include "io/MemorySetJson.h"

using namespace engram;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto set = core::io::MemorySetJson::fromBytes(fuzz::input(data, size), QStringLiteral("fuzz.json"));
    if (!set)
        return 0;
    const auto again = core::io::MemorySetJson::fromBytes(
        core::io::MemorySetJson::toBytes(*set), QStringLiteral("written.json"));
    if (!again)
        fuzz::fail("a set read from JSON writes JSON that reads back", again.error().message);
    return 0;
}
