#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <utility>
#include <vector>

namespace recollector::core::io {

/// Pieces of work passed from one thread (the producer) to another (the consumer), at most
/// `maxWaiting` at a time, and the used pieces passed back for reuse, so that buffers are
/// allocated once: the streamed export's file pieces (MemorySetStreamWriter's Sink) and row
/// batches (RowRelay).
template <typename Piece>
class HandOver final
{
public:
    explicit HandOver(std::size_t maxWaiting = 2)
        : m_maxWaiting(maxWaiting)
    {
    }

    /// Producer: passes `piece` on once fewer than `maxWaiting` wait, and leaves a used piece
    /// (as the consumer left it) or an empty one in its place. False, with nothing passed,
    /// once the consumer stopped taking.
    bool give(Piece &piece)
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_waiting.size() < m_maxWaiting || m_stopped; });
        if (m_stopped)
            return false;
        m_waiting.push_back(std::move(piece));
        if (!m_spare.empty()) {
            piece = std::move(m_spare.back());
            m_spare.pop_back();
        } else {
            piece = Piece();
        }
        lock.unlock();
        m_changed.notify_all();
        return true;
    }
    /// Producer: there are no more pieces.
    void close()
    {
        {
            const std::lock_guard lock(m_mutex);
            m_closed = true;
        }
        m_changed.notify_all();
    }
    /// Producer: whether the consumer stopped taking (read without the lock).
    bool stopped() const { return m_stopped.load(std::memory_order_relaxed); }

    /// Consumer: waits for the next piece; false once closed and every piece taken.
    bool take(Piece &piece)
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return !m_waiting.empty() || m_closed; });
        if (m_waiting.empty())
            return false;
        piece = std::move(m_waiting.front());
        m_waiting.pop_front();
        lock.unlock();
        m_changed.notify_all();
        return true;
    }
    /// Consumer: a used piece, for give() to hand back.
    void recycle(Piece &&piece)
    {
        const std::lock_guard lock(m_mutex);
        if (m_spare.empty())
            m_spare.push_back(std::move(piece));
    }
    /// Consumer: takes nothing more; the waiting pieces are dropped, and give() returns false
    /// from now. What the consumer wrote before is the producer's to read once give() said so.
    void stopTaking()
    {
        {
            const std::lock_guard lock(m_mutex);
            m_stopped = true;
            m_waiting.clear();
        }
        m_changed.notify_all();
    }

private:
    const std::size_t m_maxWaiting;
    std::mutex m_mutex; // guards everything below
    std::condition_variable m_changed;
    std::deque<Piece> m_waiting;
    std::vector<Piece> m_spare;
    bool m_closed = false;
    std::atomic<bool> m_stopped{false}; // also read by stopped() without the lock
};

} // namespace recollector::core::io
