#pragma once

namespace recollector::core {

class Database;

/// The connection's page cache at another size while it lives; destruction puts the store's
/// own value back. A team store (PostgreSQL) keeps the server's buffers.
class PageCacheSize final
{
public:
    /// One big write (an import of 100k memories, a generated store). SQLite's cache holds the
    /// pages a transaction changed; when they outgrow it, they are spilled to the WAL before
    /// the commit and written there again as they change: the 100k set's import wrote 134k WAL
    /// frames for a 48k-page store with the 64 MiB cache (docs/performance.md, import_100k_s).
    /// The cache grows only as pages are used: a small write costs nothing more.
    static constexpr int kLargeWrite = 256 * 1024;
    /// One read of many pages that are not read again soon (the count of the changes not
    /// reviewed yet, redone after each change): kept from filling the store's cache, whose
    /// pages would stay in the window's memory (docs/performance.md, rss_mib). Shrinking the
    /// cache also lets go of the pages it held; the window reads its rows from the snapshot.
    static constexpr int kOneScan = 2 * 1024;

    /// `kibibytes`: the cache's size while this lives.
    PageCacheSize(Database &db, int kibibytes);
    ~PageCacheSize();
    PageCacheSize(const PageCacheSize &) = delete;
    PageCacheSize &operator=(const PageCacheSize &) = delete;

private:
    Database &m_db;
    long long m_previous = 0; ///< cache_size as it was (negative: KiB), 0 when unread
};

} // namespace recollector::core
