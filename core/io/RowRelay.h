#pragma once

#include "io/HandOver.h"

#include <cstddef>
#include <functional>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace recollector::core::io {

/// Hands rows read on one thread to a consumer on a thread of its own, so that reading the
/// next rows (SQLite's work, on the connection's thread) overlaps the consumer's work on the
/// last ones (an export formats them: most of its time).
///
/// A row is a struct whose text is views into a buffer that only lives during the reader's
/// visit (ExportScan's rows). push() copies it, its text into the arena of the batch being
/// filled, and hands full batches over (HandOver); at most two wait. The consumer returns
/// false to stop: push() then returns false, and the rest is dropped. finish() hands over the
/// last batch and waits until the consumer has seen every row pushed (or stopped); the
/// destructor finishes. Everything the consumer wrote is the caller's to read after finish().
///
/// `Row` needs a `forEachText(Row &, F)` found by argument-dependent lookup that calls
/// `f(std::string_view &)` for each of its text views.
template <typename Row>
class RowRelay final
{
public:
    using Consumer = std::function<bool(const Row &)>;

    explicit RowRelay(Consumer consume, std::size_t arenaBytes = std::size_t(4) << 20)
        : m_consume(std::move(consume))
        , m_arenaBytes(arenaBytes)
    {
        m_filling.text.reserve(m_arenaBytes);
        m_thread = std::thread([this] { run(); });
    }
    ~RowRelay() { finish(); }
    RowRelay(const RowRelay &) = delete;
    RowRelay &operator=(const RowRelay &) = delete;

    /// Copies `row` for the consumer; false once it stopped.
    bool push(const Row &row)
    {
        if (m_batches.stopped())
            return false;
        Row copy = row;
        std::size_t bytes = 0;
        forEachText(copy, [&](std::string_view &text) { bytes += text.size(); });
        const bool full = m_filling.rows.size() >= kRows || m_filling.text.size() + bytes > m_filling.text.capacity();
        if (!m_filling.rows.empty() && full && !handOver())
            return false;
        if (bytes > m_filling.text.capacity())
            m_filling.text.reserve(bytes); // a row larger than an arena: a batch of its own
        // Within the arena's capacity: appending never moves the text already copied.
        forEachText(copy, [&](std::string_view &text) {
            const std::size_t at = m_filling.text.size();
            m_filling.text.insert(m_filling.text.end(), text.begin(), text.end());
            text = std::string_view(m_filling.text.data() + at, text.size());
        });
        m_filling.rows.push_back(copy);
        return true;
    }

    /// Waits until the consumer has taken every row pushed; false if it stopped.
    bool finish()
    {
        if (m_thread.joinable()) {
            if (!m_filling.rows.empty())
                (void)handOver();
            m_batches.close();
            m_thread.join();
        }
        return !m_batches.stopped();
    }

private:
    static constexpr std::size_t kRows = 4096;

    struct Batch
    {
        std::vector<Row> rows;
        std::vector<char> text;
    };

    bool handOver()
    {
        if (!m_batches.give(m_filling))
            return false;
        m_filling.rows.clear();
        m_filling.text.clear();
        m_filling.text.reserve(m_arenaBytes);
        return true;
    }

    void run()
    {
        Batch batch;
        while (m_batches.take(batch)) {
            for (const Row &row : batch.rows) {
                if (!m_consume(row)) {
                    m_batches.stopTaking();
                    return;
                }
            }
            m_batches.recycle(std::move(batch));
        }
    }

    Consumer m_consume;
    std::size_t m_arenaBytes;
    Batch m_filling; // the reading thread's only
    HandOver<Batch> m_batches;
    std::thread m_thread; // last: started once the members above exist
};

} // namespace recollector::core::io
