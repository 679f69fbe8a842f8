#include "snapshot/SnapshotLoader.h"

#include "model/Utf8Text.h"
#include "store/ReadTransaction.h"
#include "store/Store.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <string_view>

namespace recollector::core {

namespace {

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

// Turns one scanned row into the snapshot's record: the texts copied, the keywords made
// readable, the score input computed. The row's Memory (its numbers filled by the scan) is
// what ScoreInput::from sees, the single definition of how a memory's numbers feed the
// profiles, so the snapshot scores exactly what the repository would give it.
class RecordFiller final
{
public:
    explicit RecordFiller(const Config &config) : m_config(config) {}

    const SnapshotRecord &fill(SnapshotRow &row)
    {
        SnapshotRecord &r = m_record;
        r.rowid = row.rowid;
        r.id.assign(row.id);
        r.content.assign(row.content);
        r.category.assign(row.category);
        keywordsDisplay(row.keywordsJson, r.keywords);
        r.sourceType.assign(row.sourceType);
        r.project.assign(row.projectPath);
        r.name.assign(row.name);
        r.description.assign(row.description);

        Memory &m = row.scoring;
        m.category = category(r.category);
        r.input = ScoreInput::from(m, m_config);
        r.updatedAt = m.updatedAt;
        r.deletedAt = m.deletedAt;
        r.flags = std::uint16_t((m.verified ? MemorySnapshot::Verified : 0) | (m.negated ? MemorySnapshot::Negated : 0)
                                | (m.permanent ? MemorySnapshot::Permanent : 0)
                                | (m.deletedAt ? MemorySnapshot::Deleted : 0)
                                | (m.superseded ? MemorySnapshot::Superseded : 0)
                                | (m.compressed ? MemorySnapshot::Compressed : 0)
                                | (row.locked ? MemorySnapshot::Locked : 0));
        r.level = m.level;
        r.sensitivity = std::uint8_t(std::clamp(m.sensitivity, 0, 3));
        return r;
    }

private:
    // A store has a handful of categories: one QString each, shared by every row.
    const QString &category(const std::string &name)
    {
        const QByteArray key = QByteArray::fromRawData(name.data(), qsizetype(name.size()));
        auto it = m_categories.find(key);
        if (it == m_categories.end())
            it = m_categories.insert(QByteArray(name.data(), qsizetype(name.size())), utf8Text(name));
        return *it;
    }

    const Config &m_config;
    QHash<QByteArray, QString> m_categories;
    SnapshotRecord m_record; ///< reused for every row
};

} // namespace

Result<MemorySnapshot> SnapshotLoader::loadFile(const QString &path, const Config &config, const Options &options)
{
    Database::Options readOnce;
    readOnce.readOnly = true;
    readOnce.singlePass = true;
    auto store = Store::open(path, readOnce);
    if (!store)
        return store.error();
    return load(**store, config, options);
}

Result<MemorySnapshot> SnapshotLoader::load(Store &store, const Config &config, const Options &options)
{
    // One read transaction for the rows and the event high-water mark, so nothing committed
    // in between is counted as seen. It joins the caller's when one is open.
    const ReadTransaction read(store.database());
    if (const Status st = read.status(); !st)
        return st.error();

    MemorySnapshot snapshot;
    const auto lastEventId = store.events().lastId();
    if (!lastEventId)
        return lastEventId.error();
    snapshot.setLastEventId(*lastEventId);
    const auto maxRowid = store.memories().maxRowid();
    if (!maxRowid)
        return maxRowid.error();
    std::int64_t expected = *maxRowid - options.afterRowid;
    if (options.limit >= 0)
        expected = std::min(expected, options.limit);
    if (expected > 0)
        snapshot.reserve(std::size_t(expected), std::size_t(expected) * 120);

    RecordFiller filler(config);
    std::size_t rows = 0;
    bool cancelled = false;
    const Status scanned = store.memories().scanSnapshotRows(options.afterRowid, options.limit, [&](SnapshotRow &row) {
        snapshot.append(filler.fill(row)); // ids are the table's primary key: no duplicates to check for
        ++rows;
        if (options.progress && (rows & 0x3fff) == 0 && !options.progress(rows)) {
            cancelled = true;
            return false;
        }
        return true;
    });
    if (!scanned)
        return scanned.error();
    if (cancelled)
        return Error::make(Error::Code::Cancelled, QStringLiteral("%1: loading cancelled").arg(store.path()));
    if (options.progress)
        options.progress(rows);
    return snapshot;
}

} // namespace recollector::core
