#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace engram::core::io {

/// Hands rows read on one thread to a consumer on a thread of its own, so that reading the
/// next rows (SQLite's work, on the connection's thread) overlaps the consumer's work on the
/// last ones (an export formats them: most of its time).
///
/// A row is a struct whose text is views into a buffer that only lives during the reader's
/// visit (ExportScan's rows). push() copies it, its text into the arena of the batch being
/// filled, and hands full batches over; at most two wait. The consumer returns false to stop:
/// push() then returns false, and the rest is dropped. finish() hands over the last batch and
/// waits until the consumer has seen every row pushed (or stopped); the destructor finishes.
/// Everything the consumer wrote is the caller's to read after finish().
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
        if (m_stopped.load(std::memory_order_relaxed))
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
        if (!m_thread.joinable())
            return !m_stopped;
        if (!m_filling.rows.empty())
            (void)handOver();
        {
            const std::lock_guard lock(m_mutex);
            m_finishing = true;
        }
        m_changed.notify_all();
        m_thread.join();
        return !m_stopped;
    }

private:
    static constexpr std::size_t kRows = 4096;
    static constexpr std::size_t kMaxWaiting = 2;

    struct Batch
    {
        std::vector<Row> rows;
        std::vector<char> text;
    };

    bool handOver()
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_waiting.size() < kMaxWaiting || m_stopped; });
        if (m_stopped)
            return false;
        m_waiting.push_back(std::move(m_filling));
        if (!m_spare.empty()) {
            m_filling = std::move(m_spare.back());
            m_spare.pop_back();
        } else {
            m_filling = Batch();
        }
        lock.unlock();
        m_changed.notify_all();
        m_filling.rows.clear();
        m_filling.text.clear();
        m_filling.text.reserve(m_arenaBytes);
        return true;
    }

    void run()
    {
        std::unique_lock lock(m_mutex);
        while (true) {
            m_changed.wait(lock, [&] { return !m_waiting.empty() || m_finishing; });
            if (m_waiting.empty())
                return; // finishing, every row taken
            Batch batch = std::move(m_waiting.front());
            m_waiting.pop_front();
            lock.unlock();
            bool going = true;
            for (const Row &row : batch.rows) {
                if (!(going = m_consume(row)))
                    break;
            }
            lock.lock();
            if (!going) {
                m_stopped = true;
                m_waiting.clear();
            }
            if (m_spare.empty())
                m_spare.push_back(std::move(batch));
            m_changed.notify_all();
            if (m_stopped)
                return;
        }
    }

    Consumer m_consume;
    std::size_t m_arenaBytes;
    Batch m_filling;    // the reading thread's only
    std::mutex m_mutex; // guards everything below
    std::condition_variable m_changed;
    std::deque<Batch> m_waiting;
    std::vector<Batch> m_spare;
    bool m_finishing = false;
    std::atomic<bool> m_stopped{false}; // also read by push() without the lock
    std::thread m_thread; // last: started once the members above exist
};

} // namespace engram::core::io
