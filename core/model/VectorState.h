#pragma once

namespace recollector::core {

/// Clears the upper halves of the AVX registers (`vzeroupper`) before a hot loop of scalar
/// floating-point work, on x86-64 CPUs that have AVX; does nothing elsewhere.
///
/// Why: libraries loaded into the process (glibc's AVX-512 string functions, Qt's AVX2
/// paths, the GPU/GL stack) can return with the upper register state dirty. Our code is
/// compiled for baseline x86-64 (SSE2 encodings), and on recent Intel cores every SSE
/// instruction then carries a false dependency on the full register, while glibc's VEX
/// encoded exp/pow pay a transition penalty: with the state dirty, scoring every memory ran
/// several times slower (docs/performance.md, score_all_ms).
inline void resetVectorState()
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    static const bool hasAvx = __builtin_cpu_supports("avx");
    if (hasAvx)
        asm volatile("vzeroupper" ::: "memory");
#endif
}

} // namespace recollector::core
