#include "model/Ids.h"

#include <QRandomGenerator>

#include <mutex>

namespace recollector::core::ids {

namespace {

constexpr char kCrockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr quint64 kHalf = quint64(1) << 40; // the 80 random bits, as two halves of 40

/// The last id's instant and random bits, so that ids of one instant follow each other.
struct Last
{
    std::mutex mutex;
    quint64 ms = ~quint64(0);
    quint64 high = 0;
    quint64 low = 0;
};

Last &last()
{
    static Last state;
    return state;
}

/// `bits` (the low 5 * count of them) as `count` characters, most significant first.
void encode(quint64 bits, int count, char *out)
{
    for (int i = count - 1; i >= 0; --i) {
        out[i] = kCrockford[bits & 31];
        bits >>= 5;
    }
}

} // namespace

QString newUlid(Millis at)
{
    const quint64 ms = quint64(at ? at : time::nowMs());
    quint64 high;
    quint64 low;
    {
        // Monotonic within an instant (the ULID specification's monotonic mode): the next id
        // of the same millisecond is the last one's random bits plus one, so ids made in one
        // millisecond sort in the order they were made (list_recent's newest first).
        Last &state = last();
        const std::lock_guard lock(state.mutex);
        if (ms == state.ms && !(state.high == kHalf - 1 && state.low == kHalf - 1)) {
            state.low = (state.low + 1) & (kHalf - 1);
            if (state.low == 0)
                ++state.high;
        } else {
            state.ms = ms;
            state.high = QRandomGenerator::global()->generate64() & (kHalf - 1);
            state.low = QRandomGenerator::global()->generate64() & (kHalf - 1);
        }
        high = state.high;
        low = state.low;
    }
    char out[26];
    encode(ms, 10, out); // 48-bit timestamp
    encode(high, 8, out + 10);
    encode(low, 8, out + 18);
    return QString::fromLatin1(out, 26);
}

QString newMemoryId(Millis at) { return QStringLiteral("mem_") + newUlid(at); }

} // namespace recollector::core::ids
