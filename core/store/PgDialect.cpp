#include "store/PgDialect.h"

#include <QRegularExpression>

#include <algorithm>

namespace recollector::core {

namespace {

// Parameters outside quoted text, numbered as SQLite numbers them.
QString numberParameters(const QString &sql)
{
    QString out;
    out.reserve(sql.size() + 16);
    int highest = 0;
    QChar quote;
    for (qsizetype i = 0; i < sql.size(); ++i) {
        const QChar c = sql[i];
        if (!quote.isNull()) {
            out += c;
            if (c == quote)
                quote = QChar();
            continue;
        }
        if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
            out += c;
            continue;
        }
        if (c != QLatin1Char('?')) {
            out += c;
            continue;
        }
        qsizetype j = i + 1;
        while (j < sql.size() && sql[j].isDigit())
            ++j;
        int number = 0;
        if (j > i + 1) {
            number = sql.mid(i + 1, j - i - 1).toInt();
            highest = std::max(highest, number);
        } else {
            number = ++highest;
        }
        out += QLatin1Char('$') + QString::number(number);
        i = j - 1;
    }
    return out;
}

} // namespace

QString PgDialect::translate(std::string_view sqliteSql)
{
    QString sql = numberParameters(QString::fromUtf8(sqliteSql.data(), qsizetype(sqliteSql.size())));
    static const QRegularExpression jsonEach(QStringLiteral(R"(json_each\((\$\d+)\))"));
    sql.replace(jsonEach, QStringLiteral(R"(json_array_elements_text(CAST(\1 AS json)))"));
    static const QRegularExpression isNot(QStringLiteral("\\bIS NOT '"));
    sql.replace(isNot, QStringLiteral("IS DISTINCT FROM '"));
    // SQLite takes 0 and 1 for false and true; PostgreSQL's WHERE wants a boolean.
    static const QRegularExpression whereZero(QStringLiteral(R"(\bWHERE 0\b(?!\s*[<>=!]))"));
    sql.replace(whereZero, QStringLiteral("WHERE false"));
    static const QRegularExpression notIndexed(QStringLiteral(R"(\s+NOT INDEXED\b)"));
    sql.replace(notIndexed, QString());
    if (sql.startsWith(QLatin1String("INSERT OR IGNORE INTO"))) {
        sql.replace(0, int(qstrlen("INSERT OR IGNORE INTO")), QStringLiteral("INSERT INTO"));
        sql += QStringLiteral(" ON CONFLICT DO NOTHING");
    }
    return sql;
}

} // namespace recollector::core
