#include "model/Ids.h"

#include <QRandomGenerator>

namespace engram::core::ids {

namespace {
constexpr char kCrockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
}

QString newUlid(Millis at)
{
    quint64 ms = quint64(at ? at : time::nowMs());
    char out[26];
    // 48-bit timestamp -> 10 chars, most significant first.
    for (int i = 9; i >= 0; --i) {
        out[i] = kCrockford[ms & 31];
        ms >>= 5;
    }
    // 80 random bits -> 16 chars.
    quint64 hi = QRandomGenerator::global()->generate64();
    quint64 lo = QRandomGenerator::global()->generate64();
    for (int i = 0; i < 16; ++i) {
        quint64 &src = i < 8 ? hi : lo;
        out[10 + i] = kCrockford[src & 31];
        src >>= 5;
    }
    return QString::fromLatin1(out, 26);
}

QString newMemoryId(Millis at) { return QStringLiteral("mem_") + newUlid(at); }

} // namespace engram::core::ids
