#include "synthetic/StoreGenerator.h"

#include "model/Event.h"
#include "store/BulkLoad.h"
#include "store/BulkWriter.h"
#include "store/Store.h"
#include "store/Transaction.h"
#include "synthetic/SyntheticCorpus.h"
#include "synthetic/SyntheticLinks.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <limits>

namespace recollector::core {

using namespace synth;

namespace {

constexpr std::uint64_t kSaltEvents = 21;
constexpr std::size_t kIdLength = 30; // "mem_" + 26-char ULID
constexpr std::size_t kProgressEvery = 65536;

double tidy(double value, double scale) { return std::round(value * scale) / scale; }

std::string utf8(const QString &text) { return text.toStdString(); }

/// Writes the planned rows. Ids are rendered once into one flat buffer (30 bytes each).
class RowWriter final
{
public:
    RowWriter(BulkWriter &writer, const SyntheticCorpus &corpus, std::uint64_t seed,
              const StoreGenerator::Progress &progress)
        : m_writer(writer), m_corpus(corpus), m_seed(seed), m_progress(progress)
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

    BulkWriter &m_writer;
    const SyntheticCorpus &m_corpus;
    std::uint64_t m_seed;
    const StoreGenerator::Progress &m_progress;
    std::vector<char> m_ids;
};

Result<std::int64_t> RowWriter::memories()
{
    const auto &categories = SyntheticCorpus::categoryNames();
    MemoryValues row;
    for (std::size_t i = 0; i < m_corpus.size(); ++i) {
        if (!tick("memories", i, m_corpus.size()))
            return cancelled();
        const PlannedMemory &m = m_corpus.at(i);
        std::string correction = "[]";
        if (m.negated)
            correction = "[{\"newPreference\":\"\",\"reason\":\"contradicted by a newer memory\",\"time\":\""
                + utf8(time::toIso(m.negatedAt)) + "\"}]";
        // The corpus hands out strings; keep them alive while the row is written.
        const std::string content = m_corpus.content(i), keywords = m_corpus.keywordsJson(i),
                          taskId = m_corpus.taskId(i), chatId = m_corpus.chatId(i),
                          messageId = m_corpus.messageId(i), project = m_corpus.projectPath(i);
        row.id = id(i);
        row.content = content;
        row.category = categories[m.category];
        row.keywordsJson = keywords;
        row.sourceType = SyntheticCorpus::sourceName(m.source);
        row.sourceTaskId = taskId;
        row.sourceChatId = chatId;
        row.sourceMessageId = messageId;
        row.confidence = tidy(m.confidence, 100);
        row.createdAt = m.createdAt;
        row.updatedAt = m.updatedAt;
        row.lastAccessedAt = m.lastAccessedAt;
        row.lastReinforcedAt = m.lastReinforcedAt;
        row.accessCount = m.accessCount;
        row.reinforceCount = m.reinforceCount;
        row.projectPath = project;
        row.strength = m_corpus.cachedStrength(i);
        row.stability = tidy(m.stability, 10);
        row.decayRate = tidy(m.decayRate, 10000);
        row.importance = tidy(m.importance, 100);
        row.verified = m.verified;
        row.permanent = m.permanent;
        row.negated = m.negated;
        row.negatedAt = m.negatedAt;
        row.correctionHistoryJson = correction;
        row.level = SyntheticCorpus::levelName(m.level);
        row.compressed = m.compressed;
        row.compressedFrom = m.compressedFrom == kNone ? std::string_view() : id(m.compressedFrom);
        row.sensitivity = m.sensitivity;
        row.modalitiesJson = m.multimodal ? "[\"text\",\"image\"]" : "[\"text\"]";
        row.deletedAt = m.deletedAt;
        if (const Status st = m_writer.insertMemory(row); !st)
            return st.error();
    }
    return std::int64_t(m_corpus.size());
}

Result<std::int64_t> RowWriter::events()
{
    struct PlannedEvent
    {
        Millis at;
        std::string kind;
        const char *actor;
        std::string payload;
    };
    static const char *const kReinforceEvents[] = {"access", "task_success", "manual", "association_hit", "task_failure"};
    static const bool kReinforceIsMention[] = {false, true, true, false, true};
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
            // manual, task_success and task_failure are mentions (docs/scoring.md, "Mentions"):
            // their payload says so, as Decisions writes it.
            const int event = eventChoice.sample(rng);
            planned.push_back({at, reinforce, "assistant",
                               std::string("{\"event\":\"") + kReinforceEvents[event] + "\""
                                   + (kReinforceIsMention[event] ? ",\"mention\":true}" : "}")});
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
            if (const Status st = m_writer.appendEvent(EventValues{id(i), e.kind, e.actor, e.at, e.payload}); !st)
                return st.error();
            ++written;
        }
    }
    return written;
}

Result<std::int64_t> RowWriter::associations(const std::vector<PlannedEdge> &edges)
{
    for (std::size_t k = 0; k < edges.size(); ++k) {
        if (!tick("associations", k, edges.size()))
            return cancelled();
        const PlannedEdge &e = edges[k];
        // A link appears when its newer end is written (b is the newer: indices follow creation).
        if (const Status st = m_writer.insertLink(
                LinkValues{id(e.a), id(e.b), tidy(e.weight, 10000), linkTypeName(e.type), m_corpus.at(e.b).createdAt});
            !st)
            return st.error();
    }
    return std::int64_t(edges.size());
}

Result<std::int64_t> RowWriter::conflicts(const std::vector<PlannedConflict> &conflicts)
{
    // The stored names, through the one mapping (model/Conflict.h).
    const QByteArray open = conflictStatusName(ConflictStatus::Open).toUtf8();
    const QByteArray resolved = conflictStatusName(ConflictStatus::Resolved).toUtf8();
    const QByteArray latestWins = conflictResolutionName(ConflictResolution::LatestWins).toUtf8();
    for (const PlannedConflict &c : conflicts) {
        const QByteArray type = conflictTypeName(c.type).toUtf8();
        const auto view = [](const QByteArray &bytes) { return std::string_view(bytes.constData(), bytes.size()); };
        if (const Status st = m_writer.insertConflict(ConflictValues{id(c.a), id(c.b), view(type),
                                                                      view(c.open ? open : resolved),
                                                                      c.open ? std::string_view("") : view(latestWins),
                                                                      c.detectedAt, c.resolvedAt});
            !st)
            return st.error();
    }
    return std::int64_t(conflicts.size());
}

Error cancelledError() { return Error::make(Error::Code::Cancelled, QStringLiteral("generation cancelled")); }

// The options with their defaults filled in, or why they cannot be used on `db`.
Result<GeneratorOptions> checkedOptions(GeneratorOptions o, Database &db)
{
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
        o.anchor = StoreGenerator::defaultAnchor(time::nowMs());
    if (db.isReadOnly())
        return Error::make(Error::Code::Database, QStringLiteral("%1: the store is open read-only").arg(db.path()));
    const auto existing = BulkLoad::rowsInTables(db);
    if (!existing)
        return existing.error();
    if (*existing > 0 && !o.replaceExisting)
        return Error::make(Error::Code::Conflict,
                           QStringLiteral("%1: the store is not empty; use --force to replace its contents").arg(db.path()));
    return o;
}

// Every planned row, table by table, through one BulkWriter (inside the caller's transaction).
Result<GeneratorReport> writeRows(Database &db, const SyntheticCorpus &corpus, const SyntheticLinks &links,
                                  std::uint64_t seed, const StoreGenerator::Progress &progress)
{
    BulkWriter bulk(db);
    RowWriter writer(bulk, corpus, seed, progress);
    GeneratorReport result;
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
    return result;
}

// The `generator` meta value: what made this store, so a run can be repeated.
Status stampStore(Store &store, const GeneratorOptions &o, const GeneratorReport &result)
{
    const QJsonObject stamp{{QStringLiteral("version"), StoreGenerator::kVersion},
                            {QStringLiteral("seed"), QString::number(o.seed)},
                            {QStringLiteral("anchor"), time::toIso(o.anchor)},
                            {QStringLiteral("memories"), double(result.memories)},
                            {QStringLiteral("associations"), double(result.associations)}};
    return store.meta().setValue(QStringLiteral("generator"),
                                 QString::fromUtf8(QJsonDocument(stamp).toJson(QJsonDocument::Compact)));
}

} // namespace

StoreGenerator::StoreGenerator(GeneratorOptions options) : m_options(std::move(options)) {}

Millis StoreGenerator::defaultAnchor(Millis now) { return now - now % kMsPerDay; }

int StoreGenerator::stampedVersion(Store &store)
{
    const auto text = store.meta().value(QStringLiteral("generator"));
    if (!text || text->isEmpty())
        return 0;
    // Stores generated before the stamp carried a version are version 1.
    return QJsonDocument::fromJson(text->toUtf8()).object().value(QStringLiteral("version")).toInt(1);
}

Result<GeneratorReport> StoreGenerator::generate(Store &store)
{
    Database &db = store.database();
    const auto checked = checkedOptions(m_options, db);
    if (!checked)
        return checked.error();
    const GeneratorOptions &o = *checked;
    if (!report(QStringLiteral("planning"), 0))
        return cancelledError();
    CorpusOptions corpusOptions;
    corpusOptions.memories = o.memories;
    corpusOptions.seed = o.seed;
    corpusOptions.anchor = o.anchor;
    corpusOptions.vocabulary = o.vocabulary;
    corpusOptions.projects = o.projects;
    SyntheticCorpus corpus(corpusOptions);
    const SyntheticLinks links(corpus, o.associations, o.seed);

    BulkLoad load(db); // before the transaction: the journal mode cannot change inside one
    Transaction tx(db);
    if (!tx.isActive())
        return tx.error();
    if (o.replaceExisting) {
        if (const Status st = load.clearTables(); !st)
            return st.error();
    }
    if (const Status st = load.dropSecondaryIndexes(); !st)
        return st.error();
    const auto result = writeRows(db, corpus, links, o.seed, m_progress);
    if (!result)
        return result.error();
    if (!report(QStringLiteral("indexes"), 0))
        return cancelledError();
    if (const Status st = load.restoreSecondaryIndexes(); !st)
        return st.error();
    if (const Status st = stampStore(store, o, *result); !st)
        return st.error();
    if (const Status st = tx.commit(); !st)
        return st.error();
    report(QStringLiteral("done"), 1);
    return *result;
}

} // namespace recollector::core
