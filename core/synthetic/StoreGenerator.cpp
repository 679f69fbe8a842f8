#include "synthetic/StoreGenerator.h"

#include "store/BulkStatement.h"
#include "synthetic/SyntheticCorpus.h"
#include "synthetic/SyntheticLinks.h"
#include "model/Event.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <cmath>
#include <limits>

namespace engram::core {

using namespace synth;

namespace {

constexpr std::uint64_t kSaltEvents = 21;
constexpr std::size_t kIdLength = 30; // "mem_" + 26-char ULID
constexpr std::size_t kProgressEvery = 65536;

double tidy(double value, double scale) { return std::round(value * scale) / scale; }

std::string utf8(const QString &text) { return text.toStdString(); }

/// Sets the bulk-load PRAGMAs and puts the store's own values back however generate() ends.
/// journal_mode=DELETE: on a fresh file a rollback journal records next to nothing, where WAL
/// would write every page twice (WAL, then checkpoint). It stays WAL if another connection
/// holds the file, which is slower but still correct.
class PragmaGuard final
{
public:
    explicit PragmaGuard(Database &db) : m_db(db)
    {
        m_journal = read(QStringLiteral("journal_mode"));
        m_synchronous = read(QStringLiteral("synchronous"));
        m_foreignKeys = read(QStringLiteral("foreign_keys"));
        m_cacheSize = read(QStringLiteral("cache_size"));
        for (const char *pragma : {"PRAGMA journal_mode=DELETE", "PRAGMA synchronous=OFF", "PRAGMA foreign_keys=OFF",
                                   "PRAGMA cache_size=-262144"}) // 256 MiB keeps the B-tree tops hot
            (void)m_db.exec(QString::fromLatin1(pragma));
    }
    ~PragmaGuard()
    {
        (void)m_db.exec(QStringLiteral("PRAGMA cache_size=%1").arg(m_cacheSize));
        (void)m_db.exec(QStringLiteral("PRAGMA foreign_keys=%1").arg(m_foreignKeys));
        (void)m_db.exec(QStringLiteral("PRAGMA synchronous=%1").arg(m_synchronous));
        (void)m_db.exec(QStringLiteral("PRAGMA journal_mode=%1").arg(m_journal));
    }
    PragmaGuard(const PragmaGuard &) = delete;
    PragmaGuard &operator=(const PragmaGuard &) = delete;

private:
    QString read(const QString &name)
    {
        QSqlQuery q(m_db.handle());
        if (q.exec(QStringLiteral("PRAGMA ") + name) && q.next())
            return q.value(0).toString();
        return {};
    }
    Database &m_db;
    QString m_journal, m_synchronous, m_foreignKeys, m_cacheSize;
};

/// Writes the planned rows. Ids are rendered once into one flat buffer (30 bytes each).
class RowWriter final
{
public:
    RowWriter(sqlite3 *db, const SyntheticCorpus &corpus, std::uint64_t seed, const StoreGenerator::Progress &progress)
        : m_db(db), m_corpus(corpus), m_seed(seed), m_progress(progress)
    {
        m_ids.resize(corpus.size() * kIdLength);
        for (std::size_t i = 0; i < corpus.size(); ++i) {
            const std::string id = corpus.id(i);
            std::copy(id.begin(), id.end(), m_ids.begin() + std::ptrdiff_t(i * kIdLength));
        }
    }

    std::string_view id(std::size_t i) const { return {m_ids.data() + i * kIdLength, kIdLength}; }

    Result<std::int64_t> memories();
    Result<std::int64_t> events();
    Result<std::int64_t> associations(const std::vector<PlannedEdge> &edges);
    Result<std::int64_t> conflicts(const std::vector<PlannedConflict> &conflicts);

private:
    bool tick(const char *phase, std::size_t done, std::size_t total) const
    {
        if (!m_progress || done % kProgressEvery != 0)
            return true;
        return m_progress(QString::fromLatin1(phase), total ? double(done) / double(total) : 1.0);
    }
    static Error cancelled() { return Error::make(Error::Code::Cancelled, QStringLiteral("generation cancelled")); }

    sqlite3 *m_db;
    const SyntheticCorpus &m_corpus;
    std::uint64_t m_seed;
    const StoreGenerator::Progress &m_progress;
    std::vector<char> m_ids;
};

Result<std::int64_t> RowWriter::memories()
{
    BulkStatement insert(m_db,
                         "INSERT INTO memories (id, content, category, keywords, source_type, source_task_id, "
                         "source_chat_id, source_message_id, confidence, created_at, updated_at, last_accessed_at, "
                         "last_reinforced_at, access_count, reinforce_count, project_path, strength, stability, "
                         "decay_rate, importance, verified, permanent, negated, negated_at, correction_history, "
                         "level, compressed, compressed_from, sensitivity, modalities, deleted_at) VALUES "
                         "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!insert.isValid())
        return insert.error();
    const auto &categories = SyntheticCorpus::categoryNames();
    for (std::size_t i = 0; i < m_corpus.size(); ++i) {
        if (!tick("memories", i, m_corpus.size()))
            return cancelled();
        const PlannedMemory &m = m_corpus.at(i);
        std::string correction = "[]";
        if (m.negated)
            correction = "[{\"newPreference\":\"\",\"reason\":\"contradicted by a newer memory\",\"time\":\""
                + utf8(time::toIso(m.negatedAt)) + "\"}]";
        int c = 1;
        insert.bind(c++, id(i));
        insert.bind(c++, m_corpus.content(i));
        insert.bind(c++, categories[m.category]);
        insert.bind(c++, m_corpus.keywordsJson(i));
        insert.bind(c++, SyntheticCorpus::sourceName(m.source));
        insert.bind(c++, m_corpus.taskId(i));
        insert.bind(c++, m_corpus.chatId(i));
        insert.bind(c++, m_corpus.messageId(i));
        insert.bind(c++, tidy(m.confidence, 100));
        insert.bind(c++, std::int64_t(m.createdAt));
        insert.bind(c++, std::int64_t(m.updatedAt));
        insert.bind(c++, std::int64_t(m.lastAccessedAt));
        insert.bind(c++, std::int64_t(m.lastReinforcedAt));
        insert.bind(c++, std::int64_t(m.accessCount));
        insert.bind(c++, std::int64_t(m.reinforceCount));
        insert.bind(c++, m_corpus.projectPath(i));
        insert.bind(c++, m_corpus.cachedStrength(i));
        insert.bind(c++, tidy(m.stability, 10));
        insert.bind(c++, tidy(m.decayRate, 10000));
        insert.bind(c++, tidy(m.importance, 100));
        insert.bind(c++, std::int64_t(m.verified));
        insert.bind(c++, std::int64_t(m.permanent));
        insert.bind(c++, std::int64_t(m.negated));
        insert.bind(c++, std::int64_t(m.negatedAt));
        insert.bind(c++, correction);
        insert.bind(c++, SyntheticCorpus::levelName(m.level));
        insert.bind(c++, std::int64_t(m.compressed));
        insert.bind(c++, m.compressedFrom == kNone ? std::string_view() : id(m.compressedFrom));
        insert.bind(c++, std::int64_t(m.sensitivity));
        insert.bind(c++, std::string_view(m.multimodal ? "[\"text\",\"image\"]" : "[\"text\"]"));
        insert.bind(c++, std::int64_t(m.deletedAt));
        if (const Status st = insert.step("a memory"); !st)
            return st.error();
    }
    return std::int64_t(m_corpus.size());
}

Result<std::int64_t> RowWriter::events()
{
    BulkStatement insert(m_db, "INSERT INTO events (memory_id, kind, actor, at, payload) VALUES (?,?,?,?,?)");
    if (!insert.isValid())
        return insert.error();
    struct PlannedEvent
    {
        Millis at;
        std::string kind;
        const char *actor;
        std::string payload;
    };
    static const char *const kReinforceEvents[] = {"access", "task_success", "manual", "association_hit", "task_failure"};
    static const WeightedChoice eventChoice({0.55, 0.15, 0.12, 0.14, 0.04});
    const std::string create = utf8(events::kCreate), reinforce = utf8(events::kReinforce),
                      confirm = utf8(events::kConfirm), negate = utf8(events::kNegate),
                      permanent = utf8(events::kPermanent), remove = utf8(events::kDelete);
    std::vector<PlannedEvent> planned;
    std::int64_t written = 0;
    for (std::size_t i = 0; i < m_corpus.size(); ++i) {
        if (!tick("events", i, m_corpus.size()))
            return cancelled();
        const PlannedMemory &m = m_corpus.at(i);
        Rng rng(streamSeed(m_seed, kSaltEvents, i));
        planned.clear();
        const char *creator = m.source == SourceKind::Manual || m.source == SourceKind::User ? "user"
            : m.source == SourceKind::System                                                 ? "system"
            : m.source == SourceKind::Import                                                 ? "import"
                                                                                             : "assistant";
        planned.push_back({m.createdAt, create, creator,
                           std::string("{\"source\":\"") + SyntheticCorpus::sourceName(m.source) + "\"}"});
        // The history keeps the last three reinforcements (the last one at lastReinforcedAt).
        const int shown = std::min(m.reinforceCount, 3);
        for (int k = 0; k < shown; ++k) {
            const Millis at = k == 0 ? m.lastReinforcedAt
                                     : m.createdAt + Millis(rng.uniform() * double(m.lastReinforcedAt - m.createdAt));
            planned.push_back({at, reinforce, "assistant",
                               std::string("{\"event\":\"") + kReinforceEvents[eventChoice.sample(rng)] + "\"}"});
        }
        if (m.verified)
            planned.push_back({std::max(m.createdAt, m.lastReinforcedAt), confirm, "user", "{}"});
        if (m.permanent)
            planned.push_back({m.createdAt + (m.updatedAt - m.createdAt) / 2, permanent, "user", "{\"permanent\":true}"});
        if (m.negated)
            planned.push_back({m.negatedAt, negate, "user", "{\"reason\":\"contradicted by a newer memory\"}"});
        if (m.deletedAt)
            planned.push_back({m.deletedAt, remove, "user", "{}"});
        std::stable_sort(planned.begin(), planned.end(),
                         [](const PlannedEvent &x, const PlannedEvent &y) { return x.at < y.at; });
        for (const PlannedEvent &e : planned) {
            insert.bind(1, id(i));
            insert.bind(2, e.kind);
            insert.bind(3, std::string_view(e.actor));
            insert.bind(4, std::int64_t(e.at));
            insert.bind(5, e.payload);
            if (const Status st = insert.step("an event"); !st)
                return st.error();
            ++written;
        }
    }
    return written;
}

Result<std::int64_t> RowWriter::associations(const std::vector<PlannedEdge> &edges)
{
    BulkStatement insert(m_db, "INSERT INTO associations (a, b, weight, type, created_at) VALUES (?,?,?,?,?)");
    if (!insert.isValid())
        return insert.error();
    for (std::size_t k = 0; k < edges.size(); ++k) {
        if (!tick("associations", k, edges.size()))
            return cancelled();
        const PlannedEdge &e = edges[k];
        insert.bind(1, id(e.a));
        insert.bind(2, id(e.b));
        insert.bind(3, tidy(e.weight, 10000));
        insert.bind(4, std::string_view(linkTypeName(e.type)));
        // A link appears when its newer end is written (b is the newer: indices follow creation).
        insert.bind(5, std::int64_t(m_corpus.at(e.b).createdAt));
        if (const Status st = insert.step("an association"); !st)
            return st.error();
    }
    return std::int64_t(edges.size());
}

Result<std::int64_t> RowWriter::conflicts(const std::vector<PlannedConflict> &conflicts)
{
    BulkStatement insert(m_db, "INSERT INTO conflicts (a, b, type, status, resolution, detected_at, resolved_at) "
                               "VALUES (?,?,?,?,?,?,?)");
    if (!insert.isValid())
        return insert.error();
    for (const PlannedConflict &c : conflicts) {
        insert.bind(1, id(c.a));
        insert.bind(2, id(c.b));
        insert.bind(3, std::string_view(c.type));
        insert.bind(4, std::string_view(c.open ? "open" : "resolved"));
        insert.bind(5, std::string_view(c.open ? "" : "latest_wins"));
        insert.bind(6, std::int64_t(c.detectedAt));
        insert.bind(7, std::int64_t(c.resolvedAt));
        if (const Status st = insert.step("a conflict"); !st)
            return st.error();
    }
    return std::int64_t(conflicts.size());
}

/// Secondary indexes of the tables we fill: dropped before the bulk insert and rebuilt after,
/// since one sort at the end beats millions of random B-tree inserts.
struct IndexDefinitions
{
    QStringList names;
    QStringList sql;
};

Result<IndexDefinitions> secondaryIndexes(Database &db)
{
    QSqlQuery q(db.handle());
    if (!q.exec(QStringLiteral("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
                               "AND tbl_name IN ('memories', 'associations', 'events', 'conflicts') ORDER BY name")))
        return db.errorFrom(q, QStringLiteral("listing indexes"));
    IndexDefinitions out;
    while (q.next()) {
        out.names << q.value(0).toString();
        out.sql << q.value(1).toString();
    }
    return out;
}

Result<qint64> rowsIn(Database &db)
{
    QSqlQuery q(db.handle());
    if (!q.exec(QStringLiteral("SELECT (SELECT count(*) FROM memories) + (SELECT count(*) FROM associations) "
                               "+ (SELECT count(*) FROM events) + (SELECT count(*) FROM conflicts)"))
        || !q.next())
        return db.errorFrom(q, QStringLiteral("counting rows"));
    return q.value(0).toLongLong();
}

} // namespace

StoreGenerator::StoreGenerator(GeneratorOptions options) : m_options(std::move(options)) {}

Millis StoreGenerator::defaultAnchor(Millis now) { return now - now % kMsPerDay; }

Result<GeneratorReport> StoreGenerator::generate(Store &store)
{
    Database &db = store.database();
    GeneratorOptions o = m_options;
    if (o.memories < 0 || o.memories > std::int64_t(std::numeric_limits<std::uint32_t>::max() - 1))
        return Error::make(Error::Code::Usage, QStringLiteral("--memories must be between 0 and 4294967294"));
    if (o.associations < 0)
        o.associations = 5 * o.memories;
    const double possible = double(o.memories) * double(o.memories - 1) / 2.0;
    if (double(o.associations) > possible)
        return Error::make(Error::Code::Usage, QStringLiteral("--associations %1 is more than %2 memories can hold (%3 pairs)")
                                                   .arg(o.associations)
                                                   .arg(o.memories)
                                                   .arg(qint64(possible)));
    if (o.anchor == 0)
        o.anchor = defaultAnchor(time::nowMs());
    if (db.isReadOnly())
        return Error::make(Error::Code::Database, QStringLiteral("%1: the store is open read-only").arg(db.path()));
    const auto existing = rowsIn(db);
    if (!existing)
        return existing.error();
    if (*existing > 0 && !o.replaceExisting)
        return Error::make(Error::Code::Conflict,
                           QStringLiteral("%1: the store is not empty; use --force to replace its contents").arg(db.path()));
    sqlite3 *raw = BulkStatement::rawHandle(db);
    if (!raw)
        return Error::make(Error::Code::Database, QStringLiteral("%1: not an SQLite connection").arg(db.path()));

    if (!report(QStringLiteral("planning"), 0))
        return Error::make(Error::Code::Cancelled, QStringLiteral("generation cancelled"));
    CorpusOptions corpusOptions;
    corpusOptions.memories = o.memories;
    corpusOptions.seed = o.seed;
    corpusOptions.anchor = o.anchor;
    corpusOptions.vocabulary = o.vocabulary;
    corpusOptions.projects = o.projects;
    SyntheticCorpus corpus(corpusOptions);
    const SyntheticLinks links(corpus, o.associations, o.seed);

    PragmaGuard pragmas(db);
    Transaction tx(db);
    if (!tx.isActive())
        return tx.error();
    if (o.replaceExisting) {
        for (const char *sql : {"DELETE FROM associations", "DELETE FROM events", "DELETE FROM conflicts",
                                "DELETE FROM memories",
                                "DELETE FROM sqlite_sequence WHERE name IN ('events', 'conflicts')"}) {
            if (const Status st = db.exec(QString::fromLatin1(sql)); !st)
                return st.error();
        }
    }
    const auto indexes = secondaryIndexes(db);
    if (!indexes)
        return indexes.error();
    for (const QString &name : indexes->names) {
        if (const Status st = db.exec(QStringLiteral("DROP INDEX \"%1\"").arg(name)); !st)
            return st.error();
    }

    GeneratorReport result;
    RowWriter writer(raw, corpus, o.seed, m_progress);
    const auto memories = writer.memories();
    if (!memories)
        return memories.error();
    const auto events = writer.events();
    if (!events)
        return events.error();
    const auto associations = writer.associations(links.edges());
    if (!associations)
        return associations.error();
    const auto conflicts = writer.conflicts(links.conflicts());
    if (!conflicts)
        return conflicts.error();
    result.memories = *memories;
    result.events = *events;
    result.associations = *associations;
    result.conflicts = *conflicts;
    result.openConflicts = std::count_if(links.conflicts().begin(), links.conflicts().end(),
                                         [](const PlannedConflict &c) { return c.open; });

    if (!report(QStringLiteral("indexes"), 0))
        return Error::make(Error::Code::Cancelled, QStringLiteral("generation cancelled"));
    for (const QString &sql : indexes->sql) {
        if (const Status st = db.exec(sql); !st)
            return st.error();
    }
    const QJsonObject stamp{{QStringLiteral("seed"), QString::number(o.seed)},
                            {QStringLiteral("anchor"), time::toIso(o.anchor)},
                            {QStringLiteral("memories"), double(result.memories)},
                            {QStringLiteral("associations"), double(result.associations)}};
    if (const Status st = store.meta().setValue(QStringLiteral("generator"),
                                                QString::fromUtf8(QJsonDocument(stamp).toJson(QJsonDocument::Compact)));
        !st)
        return st.error();
    if (const Status st = tx.commit(); !st)
        return st.error();
    report(QStringLiteral("done"), 1);
    return result;
}

} // namespace engram::core
