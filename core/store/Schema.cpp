#include "store/Schema.h"

#include "store/TextIndexSchema.h"

namespace recollector::core::schema {

QStringList createV1()
{
    return {
        QStringLiteral(R"(CREATE TABLE memories (
  id TEXT PRIMARY KEY NOT NULL,
  content TEXT NOT NULL,
  category TEXT NOT NULL,
  keywords TEXT NOT NULL DEFAULT '[]',
  source_type TEXT NOT NULL DEFAULT 'manual',
  source_task_id TEXT NOT NULL DEFAULT '',
  source_chat_id TEXT NOT NULL DEFAULT '',
  source_message_id TEXT NOT NULL DEFAULT '',
  confidence REAL NOT NULL DEFAULT 0.5,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_accessed_at INTEGER NOT NULL DEFAULT 0,
  last_reinforced_at INTEGER NOT NULL DEFAULT 0,
  access_count INTEGER NOT NULL DEFAULT 0,
  reinforce_count INTEGER NOT NULL DEFAULT 0,
  project_path TEXT NOT NULL DEFAULT '',
  strength REAL NOT NULL DEFAULT 50,
  stability REAL NOT NULL DEFAULT 24,
  decay_rate REAL NOT NULL DEFAULT 1.0,
  importance REAL NOT NULL DEFAULT 1.0,
  verified INTEGER NOT NULL DEFAULT 0,
  permanent INTEGER NOT NULL DEFAULT 0,
  negated INTEGER NOT NULL DEFAULT 0,
  correction_history TEXT NOT NULL DEFAULT '[]',
  level TEXT NOT NULL DEFAULT 'full',
  compressed INTEGER NOT NULL DEFAULT 0,
  compressed_from TEXT NOT NULL DEFAULT '',
  merged_from TEXT NOT NULL DEFAULT '[]',
  merged_into TEXT NOT NULL DEFAULT '',
  source_ids TEXT NOT NULL DEFAULT '[]',
  original_contents TEXT NOT NULL DEFAULT '[]',
  sensitivity INTEGER NOT NULL DEFAULT 0,
  modalities TEXT NOT NULL DEFAULT '["text"]',
  deleted_at INTEGER NOT NULL DEFAULT 0,
  extra TEXT NOT NULL DEFAULT '{}'
))"),
        QStringLiteral(R"(CREATE TABLE associations (
  a TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
  b TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
  weight REAL NOT NULL,
  type TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (a, b),
  CHECK (a < b)
) WITHOUT ROWID)"),
        QStringLiteral("CREATE INDEX associations_b ON associations(b)"),
        QStringLiteral(R"(CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  memory_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  actor TEXT NOT NULL DEFAULT 'user',
  at INTEGER NOT NULL,
  payload TEXT NOT NULL DEFAULT '{}'
))"),
        QStringLiteral("CREATE INDEX events_memory ON events(memory_id, id)"),
        QStringLiteral(R"(CREATE TABLE conflicts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  a TEXT NOT NULL,
  b TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  resolution TEXT NOT NULL DEFAULT '',
  detected_at INTEGER NOT NULL,
  resolved_at INTEGER NOT NULL DEFAULT 0
))"),
        QStringLiteral("CREATE INDEX conflicts_status ON conflicts(status)"),
        QStringLiteral("CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID"),
    };
}

QString mentionCondition()
{
    // instr() first: most reinforcements never name the flag, and are not parsed.
    return QStringLiteral("kind IN ('reinforce', 'confirm') AND instr(payload, 'mention') > 0 AND "
                          "CASE WHEN json_valid(payload) THEN json_type(payload, '$.mention') = 'true' END");
}

QString sealedMentionCondition()
{
    return QStringLiteral("kind IN ('reinforce', 'confirm') AND instr(payload, 'sealed') > 0");
}

// v5 adds the text index, derived from the rows and rebuilt from them (no row changes).
bool isIndexOnly(int from) { return from == 2 || from == 3 || from == 4; }

QStringList migrationFrom(int from)
{
    switch (from) {
    case 1:
        // v2: fields that agent memory folders carry (docs/formats.md, "Agent memory folders")
        // and the start of the conflict factor, so C(t) no longer has to be recovered from the
        // events.
        return {
            QStringLiteral("ALTER TABLE memories ADD COLUMN negated_at INTEGER NOT NULL DEFAULT 0"),
            QStringLiteral("ALTER TABLE memories ADD COLUMN superseded INTEGER NOT NULL DEFAULT 0"),
            QStringLiteral("ALTER TABLE memories ADD COLUMN supersedes_id TEXT NOT NULL DEFAULT ''"),
            QStringLiteral("ALTER TABLE memories ADD COLUMN agent_importance REAL"),
            QStringLiteral("ALTER TABLE memories ADD COLUMN agent_tier TEXT NOT NULL DEFAULT ''"),
            QStringLiteral("UPDATE memories SET negated_at = COALESCE((SELECT MAX(at) FROM events e "
                           "WHERE e.memory_id = memories.id AND e.kind = 'negate'), updated_at) WHERE negated = 1"),
            QStringLiteral("CREATE INDEX conflicts_pair ON conflicts(a, b)"),
        };
    case 2:
        // v3: indexes only (docs/architecture.md, "Performance budget": review_queue_ms). The
        // review queue reads events by kind, which was a scan of the whole log: `events_kind`
        // finds the sparse kinds (review answers, reverts) at once. (v3 also added a first
        // mention index, `events_mention`, which v4 replaces; a v2 store goes to v4 in one
        // transaction and never builds it.)
        return {QStringLiteral("CREATE INDEX events_kind ON events(kind, id)")};
    case 3:
        // v4: indexes only. The enhanced profile's mentions: `events_mention_by_memory` holds
        // exactly the plain mentions, ordered by memory and time, so the reader gets each
        // memory's sorted mention instants in one run, with no sort and no other event read;
        // `events_sealed_mention` the reinforcements whose payload may be sealed (level 3),
        // which only the reader can open. SQLite uses a partial index only for a query whose
        // WHERE holds its terms: EventLog repeats mentionCondition() and
        // sealedMentionCondition() verbatim.
        return {
            QStringLiteral("DROP INDEX IF EXISTS events_mention"),
            QStringLiteral("CREATE INDEX events_mention_by_memory ON events(memory_id, at) WHERE %1")
                .arg(mentionCondition()),
            QStringLiteral("CREATE INDEX events_sealed_mention ON events(id) WHERE %1").arg(sealedMentionCondition()),
        };
    case 4:
        // v5: the text index recall ranks with (docs/scoring.md, "Text index").
        return textIndexV5();
    default:
        return {};
    }
}

} // namespace recollector::core::schema
