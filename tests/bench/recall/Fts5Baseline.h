#pragma once

#include <QString>

#include <vector>

struct sqlite3;

namespace recollector::bench {

/// The baseline the recall benchmark compares with (docs/scoring.md, "Recall benchmark"): a
/// bare SQLite FTS5 table over the memories' text, porter tokenizer, ranked by bm25(), asked
/// with the question's content words OR-ed. In memory; one per conversation.
class Fts5Baseline final
{
public:
    Fts5Baseline();
    ~Fts5Baseline();
    Fts5Baseline(const Fts5Baseline &) = delete;
    Fts5Baseline &operator=(const Fts5Baseline &) = delete;

    bool isOpen() const { return m_db != nullptr; }
    void add(long long row, const QString &text);
    /// The best `k` rows for `matchExpression`, best first.
    std::vector<long long> top(const QString &matchExpression, int k) const;

private:
    sqlite3 *m_db = nullptr;
};

} // namespace recollector::bench
