#include "snapshot/SnapshotLoader.h"

#include "store/Store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDriver>
#include <QVariant>

#include <sqlite3.h>

#include <memory>
#include <string_view>

namespace engram::core {

namespace {

// Column order of kSelect; read by index below.
const char *const kSelect =
    "SELECT rowid, id, content, category, keywords, source_type, confidence, created_at, updated_at, "
    "last_accessed_at, last_reinforced_at, access_count, reinforce_count, project_path, stability, "
    "decay_rate, importance, verified, permanent, negated, negated_at, level, compressed, sensitivity, "
    "deleted_at, superseded FROM memories WHERE rowid > ?1 ORDER BY rowid LIMIT ?2";

std::string_view textAt(sqlite3_stmt *st, int column)
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(st, column));
    return p ? std::string_view(p, std::size_t(sqlite3_column_bytes(st, column))) : std::string_view();
}

// The keywords column holds a JSON array of strings. Parse the common shape (no escapes) by
// hand; anything with a backslash goes through QJsonDocument.
void keywordsDisplay(std::string_view json, std::string &out)
{
    out.clear();
    if (json.size() <= 2)
        return;
    if (json.find('\\') != std::string_view::npos) {
        const QJsonArray array =
            QJsonDocument::fromJson(QByteArray(json.data(), qsizetype(json.size()))).array();
        QStringList list;
        for (const auto &v : array)
            list.append(v.toString());
        out = list.join(QStringLiteral(", ")).toStdString();
        return;
    }
    std::size_t i = 0;
    while (true) {
        const std::size_t open = json.find('"', i);
        if (open == std::string_view::npos)
            break;
        const std::size_t close = json.find('"', open + 1);
        if (close == std::string_view::npos)
            break;
        if (!out.empty())
            out.append(", ");
        out.append(json.substr(open + 1, close - open - 1));
        i = close + 1;
    }
}

MemoryLevel levelOf(std::string_view name)
{
    if (name == "summary")
        return MemoryLevel::Summary;
    if (name == "trace")
        return MemoryLevel::Trace;
    if (name == "archive")
        return MemoryLevel::Archive;
    return MemoryLevel::Full;
}

struct StatementDeleter
{
    void operator()(sqlite3_stmt *st) const { sqlite3_finalize(st); }
};
using Statement = std::unique_ptr<sqlite3_stmt, StatementDeleter>;

Error sqliteError(sqlite3 *db, const QString &path, const QString &what)
{
    const int code = sqlite3_errcode(db);
    const QString text = QString::fromUtf8(sqlite3_errmsg(db));
    const auto kind = (code == SQLITE_BUSY || code == SQLITE_LOCKED) ? Error::Code::Locked : Error::Code::Database;
    return Error::make(kind, QStringLiteral("%1: %2 failed: %3").arg(path, what, text), text);
}

std::int64_t scalar(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &raw, nullptr) != SQLITE_OK)
        return -1;
    Statement st(raw);
    return sqlite3_step(st.get()) == SQLITE_ROW ? sqlite3_column_int64(st.get(), 0) : -1;
}

} // namespace

Result<MemorySnapshot> SnapshotLoader::load(Store &store, const Config &config, const Options &options)
{
    const QVariant handle = store.database().handle().driver()->handle();
    auto *db = handle.isValid() ? *static_cast<sqlite3 *const *>(handle.constData()) : nullptr;
    if (!db)
        return Error::make(Error::Code::Database, QStringLiteral("%1: no SQLite handle").arg(store.path()));
    return load(db, store.path(), config, options);
}

Result<MemorySnapshot> SnapshotLoader::loadFile(const QString &path, const Config &config, const Options &options)
{
    sqlite3 *db = nullptr;
    const int rc = sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr);
    std::unique_ptr<sqlite3, int (*)(sqlite3 *)> guard(db, sqlite3_close);
    if (rc != SQLITE_OK)
        return sqliteError(db, path, QStringLiteral("opening"));
    sqlite3_busy_timeout(db, 5000);
    return load(db, path, config, options);
}

Result<MemorySnapshot> SnapshotLoader::load(sqlite3 *db, const QString &path, const Config &config,
                                            const Options &options)
{
    // One read transaction for the rows and the event high-water mark, so nothing committed
    // in between is counted as seen. Skip it when the caller is already inside one.
    const bool ownTransaction = sqlite3_get_autocommit(db) != 0;
    if (ownTransaction && sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK)
        return sqliteError(db, path, QStringLiteral("starting a read"));
    struct EndRead
    {
        sqlite3 *db;
        bool active;
        ~EndRead()
        {
            if (active)
                sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
        }
    } endRead{db, ownTransaction};

    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db, kSelect, -1, &raw, nullptr) != SQLITE_OK)
        return sqliteError(db, path, QStringLiteral("reading memories"));
    Statement st(raw);
    sqlite3_bind_int64(st.get(), 1, options.afterRowid);
    sqlite3_bind_int64(st.get(), 2, options.limit);

    MemorySnapshot snapshot;
    snapshot.setLastEventId(scalar(db, "SELECT COALESCE(MAX(id), 0) FROM events"));
    // max(rowid) is an index lookup, a cheap upper bound for reserving the columns.
    std::int64_t expected = scalar(db, "SELECT COALESCE(MAX(rowid), 0) FROM memories") - options.afterRowid;
    if (options.limit >= 0)
        expected = std::min(expected, options.limit);
    if (expected > 0)
        snapshot.reserve(std::size_t(expected), std::size_t(expected) * 120);

    // One Memory reused for every row so ScoreInput::from (the single definition of how a
    // memory's numbers feed the profiles) sees exactly what the repository would give it.
    Memory m;
    QHash<QByteArray, QString> categories;
    SnapshotRecord r;
    std::size_t rows = 0;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(st.get())) == SQLITE_ROW) {
        sqlite3_stmt *s = st.get();
        r.rowid = sqlite3_column_int64(s, 0);
        r.id.assign(textAt(s, 1));
        r.content.assign(textAt(s, 2));
        r.category.assign(textAt(s, 3));
        keywordsDisplay(textAt(s, 4), r.keywords);
        r.sourceType.assign(textAt(s, 5));
        r.project.assign(textAt(s, 13));

        const QByteArray categoryKey = QByteArray::fromRawData(r.category.data(), qsizetype(r.category.size()));
        auto cat = categories.find(categoryKey);
        if (cat == categories.end())
            cat = categories.insert(QByteArray(r.category.data(), qsizetype(r.category.size())),
                                    QString::fromStdString(r.category));
        m.category = *cat;
        m.confidence = sqlite3_column_double(s, 6);
        m.createdAt = sqlite3_column_int64(s, 7);
        m.updatedAt = sqlite3_column_int64(s, 8);
        m.lastAccessedAt = sqlite3_column_int64(s, 9);
        m.lastReinforcedAt = sqlite3_column_int64(s, 10);
        m.accessCount = sqlite3_column_int(s, 11);
        m.reinforceCount = sqlite3_column_int(s, 12);
        m.stability = sqlite3_column_double(s, 14);
        m.decayRate = sqlite3_column_double(s, 15);
        m.importance = sqlite3_column_double(s, 16);
        m.verified = sqlite3_column_int(s, 17) != 0;
        m.permanent = sqlite3_column_int(s, 18) != 0;
        m.negated = sqlite3_column_int(s, 19) != 0;
        m.negatedAt = sqlite3_column_int64(s, 20);
        m.level = levelOf(textAt(s, 21));
        m.compressed = sqlite3_column_int(s, 22) != 0;
        m.sensitivity = sqlite3_column_int(s, 23);
        m.deletedAt = sqlite3_column_int64(s, 24);
        m.superseded = sqlite3_column_int(s, 25) != 0;

        r.input = ScoreInput::from(m, config);
        r.updatedAt = m.updatedAt;
        r.deletedAt = m.deletedAt;
        r.flags = std::uint16_t((m.verified ? MemorySnapshot::Verified : 0) | (m.negated ? MemorySnapshot::Negated : 0)
                                | (m.permanent ? MemorySnapshot::Permanent : 0)
                                | (m.deletedAt ? MemorySnapshot::Deleted : 0)
                                | (m.superseded ? MemorySnapshot::Superseded : 0)
                                | (m.compressed ? MemorySnapshot::Compressed : 0));
        r.level = m.level;
        r.sensitivity = std::uint8_t(std::clamp(m.sensitivity, 0, 3));
        snapshot.append(r); // ids are the table's primary key: no duplicates to check for
        ++rows;
        if (options.progress && (rows & 0x3fff) == 0 && !options.progress(rows))
            return Error::make(Error::Code::Cancelled, QStringLiteral("%1: loading cancelled").arg(path));
    }
    if (rc != SQLITE_DONE)
        return sqliteError(db, path, QStringLiteral("reading memories"));
    if (options.progress)
        options.progress(rows);
    return snapshot;
}

} // namespace engram::core
