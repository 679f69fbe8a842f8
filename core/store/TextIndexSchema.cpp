#include "store/TextIndexSchema.h"

namespace recollector::core::schema {

namespace {

// The indexed "fields" column of row `r` (new or old): what other systems keep beside the
// text. Deterministic, so the trigger that removes a row gives FTS5 exactly what was added
// (a contentless table needs the old values to delete them).
QString fieldsOf(const char *r)
{
    return QStringLiteral("CASE WHEN json_valid(%1.extra) THEN coalesce(json_extract(%1.extra, '$.title'), '') "
                          "|| ' ' || coalesce(json_extract(%1.extra, '$.description'), '') ELSE '' END")
        .arg(QLatin1String(r));
}

// Level 3 is never indexed (docs/scoring.md, "Text index": sealed memories are not searched by text).
QString indexed(const char *r) { return QStringLiteral("%1.sensitivity < 3").arg(QLatin1String(r)); }

// CJK ideographs, kana and hangul (the ranges text::isCjk knows), as GLOB classes. The GLOB
// steps through every character of the text, so it runs only for text that is not all ASCII
// (its UTF-8 bytes outnumber its characters): the test that costs most of an English import's
// indexing otherwise. Either form indexes exactly the same rows.
QString hasCjk(const char *r)
{
    return QStringLiteral("length(CAST(%1.content || %1.keywords AS BLOB)) > length(%1.content || %1.keywords) "
                          "AND (%1.content || %1.keywords) GLOB '*[%2-%3%4-%5%6-%7]*'")
        .arg(QLatin1String(r), QChar(0x3040), QChar(0x30FF), QChar(0x3400), QChar(0x9FFF), QChar(0xAC00),
             QChar(0xD7AF));
}

// What indexes row `r` in `table` when `when` holds for it: the insert trigger's statement
// (`from` empty, `r` = new) and the fill of many rows at once (`from` names the table `r`
// is read from). One text for both, so a row the fill indexes is exactly what the trigger
// would have added for it (docs/scoring.md, "Text index").
QString addRow(const char *table, const char *r, const QString &when, const QString &from = {})
{
    return QStringLiteral("INSERT INTO %1(rowid, content, keywords, fields) SELECT %2.rowid, %2.content, "
                          "%2.keywords, %3%5 WHERE %4")
        .arg(QLatin1String(table), QLatin1String(r), fieldsOf(r), when, from);
}

QString removeRow(const char *table, const char *r, const QString &when)
{
    return QStringLiteral("INSERT INTO %1(%1, rowid, content, keywords, fields) SELECT 'delete', %2.rowid, "
                          "%2.content, %2.keywords, %3 WHERE %4")
        .arg(QLatin1String(table), QLatin1String(r), fieldsOf(r), when);
}

QString mainWhen(const char *r) { return indexed(r); }
QString cjkWhen(const char *r) { return indexed(r) + QStringLiteral(" AND ") + hasCjk(r); }

// A trigger's body: its statements, each ended.
QString body(const QStringList &statements) { return statements.join(QStringLiteral("; ")) + QLatin1Char(';'); }

} // namespace

QString textIndexInsertTrigger()
{
    return QStringLiteral("CREATE TRIGGER %1 AFTER INSERT ON memories BEGIN %2 END")
        .arg(QLatin1String(kInsertTrigger),
             body({ addRow(kTextTable, "new", mainWhen("new")), addRow(kCjkTable, "new", cjkWhen("new")) }));
}

QStringList textIndexFill(const QString &rows)
{
    const QString from = QStringLiteral(" FROM memories m");
    const QString also = rows.isEmpty() ? QString() : QStringLiteral(" AND (%1)").arg(rows);
    return { addRow(kTextTable, "m", mainWhen("m") + also, from), addRow(kCjkTable, "m", cjkWhen("m") + also, from) };
}

QStringList textIndexV5()
{
    QStringList columns;
    QStringList changes;
    for (const char *c : kIndexedColumns) {
        columns << QLatin1String(c);
        changes << QStringLiteral("old.%1 IS NOT new.%1").arg(QLatin1String(c));
    }
    return QStringList {
        QStringLiteral("CREATE VIRTUAL TABLE memory_text USING fts5(content, keywords, fields, content='', "
                       "tokenize='porter unicode61 remove_diacritics 2')"),
        QStringLiteral("CREATE VIRTUAL TABLE memory_text_cjk USING fts5(content, keywords, fields, content='', "
                       "tokenize='trigram')"),
        textIndexInsertTrigger(),
        QStringLiteral("CREATE TRIGGER memory_text_delete AFTER DELETE ON memories BEGIN %1 END")
            .arg(body({ removeRow(kTextTable, "old", mainWhen("old")), removeRow(kCjkTable, "old", cjkWhen("old")) })),
        // One trigger, removal first: FTS5 must see the old row go before the new one comes.
        QStringLiteral("CREATE TRIGGER memory_text_update AFTER UPDATE OF %1 ON memories WHEN %2 BEGIN %3 END")
            .arg(columns.join(QStringLiteral(", ")), changes.join(QStringLiteral(" OR ")),
                 body({ removeRow(kTextTable, "old", mainWhen("old")), removeRow(kCjkTable, "old", cjkWhen("old")),
                        addRow(kTextTable, "new", mainWhen("new")), addRow(kCjkTable, "new", cjkWhen("new")) })),
        QStringLiteral("CREATE INDEX memories_created ON memories(created_at)"),
    } + textIndexFill(QString());
}

} // namespace recollector::core::schema
