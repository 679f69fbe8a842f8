#pragma once

namespace recollector::core {

class Database;

/// A page cache large enough for one big write (an import of 100k memories, a generated
/// store). SQLite's cache holds the pages a transaction changed; when they outgrow it, they
/// are spilled to the WAL before the commit and written there again as they change: the
/// 100k set's import wrote 134k WAL frames for a 48k-page store with the 64 MiB cache
/// (docs/performance.md, import_100k_s).
/// While it lives the connection's cache_size is kKibibytes; destruction puts the store's
/// own value back. The cache grows only as pages are used: a small write costs nothing more.
class LargeWriteCache final
{
public:
    static constexpr int kKibibytes = 256 * 1024;

    explicit LargeWriteCache(Database &db);
    ~LargeWriteCache();
    LargeWriteCache(const LargeWriteCache &) = delete;
    LargeWriteCache &operator=(const LargeWriteCache &) = delete;

private:
    Database &m_db;
    long long m_previous = 0; ///< cache_size as it was (negative: KiB), 0 when unread
};

} // namespace recollector::core
