// PgDialect (docs/team-store.md, "One SQL text"): what of the store's SQLite SQL is spelt
// otherwise on PostgreSQL, translated, and nothing else touched (quoted text least of all).
#include "store/PgDialect.h"

#include <QtTest>

using recollector::core::PgDialect;

class TestPgDialect : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void translates_data()
    {
        QTest::addColumn<QString>("sqlite");
        QTest::addColumn<QString>("postgres");
        QTest::newRow("numbered") << "SELECT id FROM memories WHERE rowid > ?1 ORDER BY rowid LIMIT ?2"
                                  << "SELECT id FROM memories WHERE rowid > $1 ORDER BY rowid LIMIT $2";
        QTest::newRow("reused number") << "WHERE (created_at < ?1 OR (created_at = ?1 AND rowid < ?2))"
                                       << "WHERE (created_at < $1 OR (created_at = $1 AND rowid < $2))";
        QTest::newRow("bare, as SQLite numbers them") << "a = ? AND b = ?3 AND c = ?" << "a = $1 AND b = $3 AND c = $4";
        QTest::newRow("quoted ? kept") << "SELECT '?1', \"?\" FROM t WHERE x = ?" << "SELECT '?1', \"?\" FROM t WHERE x = $1";
        QTest::newRow("json_each") << "WHERE id IN (SELECT value FROM json_each(?1))"
                                   << "WHERE id IN (SELECT value FROM json_array_elements_text(CAST($1 AS json)))";
        QTest::newRow("is not") << "json_type(payload, '$.mention') IS NOT 'true' END"
                                << "json_type(payload, '$.mention') IS DISTINCT FROM 'true' END";
        QTest::newRow("is not null kept") << "x IS NOT NULL" << "x IS NOT NULL";
        QTest::newRow("not indexed") << "SELECT memory_id FROM events NOT INDEXED WHERE id > ?"
                                     << "SELECT memory_id FROM events WHERE id > $1";
        QTest::newRow("where 0") << "FROM memories WHERE 0 OR instr(lower(keywords), ?) > 0"
                                 << "FROM memories WHERE false OR instr(lower(keywords), $1) > 0";
        QTest::newRow("where 0 compared kept") << "WHERE 0 < x" << "WHERE 0 < x";
        QTest::newRow("insert or ignore") << "INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)"
                                          << "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING";
        QTest::newRow("plain") << "SELECT count(*) FROM events" << "SELECT count(*) FROM events";
    }
    void translates()
    {
        QFETCH(QString, sqlite);
        QFETCH(QString, postgres);
        const QByteArray utf8 = sqlite.toUtf8();
        QCOMPARE(PgDialect::translate(std::string_view(utf8.constData(), std::size_t(utf8.size()))), postgres);
    }
};

QTEST_GUILESS_MAIN(TestPgDialect)
#include "tst_pg_dialect.moc"
