#pragma once

// Sizes for the few tests whose point needs a store of some size: a worker's progress seen in
// steps, writers that overlap, a detector's caps reached. The sanitizer build (ASan + UBSan at
// -O0, docs/development.md#sanitizers-and-fuzzing) runs the same code many times slower, and
// what it checks (every memory access, every arithmetic operation) is the same at a smaller
// size, so there such a test takes the smaller one. Speed is recollector-bench's to measure,
// never a test's.
namespace recollector::test {

#ifdef RECOLLECTOR_TEST_SANITIZED
inline constexpr bool kSanitizerBuild = true;
#else
inline constexpr bool kSanitizerBuild = false;
#endif

/// `release` in the release build, `sanitized` under the sanitizers.
constexpr int sized(int release, int sanitized)
{
    return kSanitizerBuild ? sanitized : release;
}

} // namespace recollector::test
