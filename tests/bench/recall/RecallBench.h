#pragma once

#include "LocomoData.h"

#include <QString>

#include <array>
#include <map>
#include <vector>

namespace recollector::core {
class Retrieval;
class Store;
}

namespace recollector::bench {

/// recall@1/5/10 of one ranking, by question category (0 = all), and its latencies.
struct RecallTally
{
    static constexpr std::array<int, 3> kCuts{1, 5, 10};
    std::map<int, std::array<double, 3>> sums;
    std::map<int, int> questions;
    std::vector<double> latenciesMs;

    /// Adds one question: the evidence turns covered by the first k results' turns.
    void add(int category, const QSet<QString> &evidence, const std::vector<QSet<QString>> &resultTurns);
    double recall(int category, int cut) const;
};

/// The LoCoMo recall benchmark (docs/scoring.md, "Recall benchmark"): every observation of a
/// conversation becomes a memory in a fresh store, every question of categories 1–4 is
/// recalled from it (review mode, preview) and from the FTS5 baseline.
class RecallBench final
{
public:
    /// Runs one conversation; an error message when it cannot.
    QString run(const LocomoConversation &conversation);
    const RecallTally &recollector() const { return m_recollector; }
    const RecallTally &baseline() const { return m_baseline; }
    /// The side-by-side table (Markdown), with the latencies.
    QString table() const;

private:
    /// Each memory of the store asked for by its own rarest word, the one the text index finds
    /// in the fewest memories (docs/scoring.md, "Recall benchmark"): counts the memories found
    /// in the top 10.
    QString askOwnWords(core::Store &store, core::Retrieval &retrieval, const QStringList &ids, core::Millis now);

    RecallTally m_recollector;
    RecallTally m_baseline;
    int m_ownWordFound = 0;
    int m_ownWordAsked = 0;
};

} // namespace recollector::bench
