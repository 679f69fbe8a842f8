// SQL on Recollector's store lives in core/store only (docs/architecture.md, "core/store"): the
// repositories are the one way to SQLite, which is also what another backend would plug into.
// This test reads the source tree (core, ui, app) and fails naming file:line for every string
// literal outside core/store that holds an SQL statement word, and for every include of Qt Sql,
// sqlite3.h or the store's C-API statement there. The scanner is tested on its own first, so a clean tree is a real finding.
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

namespace {

struct Literal
{
    int line = 0; ///< 1-based line where the literal starts
    QString text;
};

/// The string literals of a C++ source (plain, escaped and raw), skipping comments and
/// character literals. Enough of C++'s lexical grammar for this check, no more.
std::vector<Literal> stringLiterals(const QString &source)
{
    std::vector<Literal> out;
    const qsizetype n = source.size();
    int line = 1;
    qsizetype i = 0;
    auto at = [&](qsizetype k) { return k < n ? source[k] : QChar(); };
    while (i < n) {
        const QChar c = source[i];
        if (c == QLatin1Char('\n')) {
            ++line;
            ++i;
        } else if (c == QLatin1Char('/') && at(i + 1) == QLatin1Char('/')) {
            while (i < n && source[i] != QLatin1Char('\n'))
                ++i;
        } else if (c == QLatin1Char('/') && at(i + 1) == QLatin1Char('*')) {
            i += 2;
            while (i < n && !(source[i] == QLatin1Char('*') && at(i + 1) == QLatin1Char('/'))) {
                if (source[i] == QLatin1Char('\n'))
                    ++line;
                ++i;
            }
            i += 2;
        } else if (c == QLatin1Char('R') && at(i + 1) == QLatin1Char('"')
                   && (i == 0 || !(source[i - 1].isLetterOrNumber() || source[i - 1] == QLatin1Char('_'))
                       || source[i - 1] == QLatin1Char('8') || source[i - 1] == QLatin1Char('u')
                       || source[i - 1] == QLatin1Char('U') || source[i - 1] == QLatin1Char('L'))) {
            // R"delim( ... )delim"
            const qsizetype open = source.indexOf(QLatin1Char('('), i + 2);
            if (open < 0)
                break;
            const QString close = QLatin1Char(')') + source.mid(i + 2, open - i - 2) + QLatin1Char('"');
            qsizetype end = source.indexOf(close, open + 1);
            if (end < 0)
                end = n;
            out.push_back({line, source.mid(open + 1, end - open - 1)});
            line += int(source.mid(i, end - i).count(QLatin1Char('\n')));
            i = end + close.size();
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            const int startLine = line;
            QString text;
            ++i;
            while (i < n && source[i] != c && source[i] != QLatin1Char('\n')) {
                if (source[i] == QLatin1Char('\\') && i + 1 < n) {
                    text += source[i + 1];
                    i += 2;
                    continue;
                }
                text += source[i++];
            }
            ++i;
            if (c == QLatin1Char('"'))
                out.push_back({startLine, text});
        } else if (c.isDigit()) {
            // A digit separator (1'000'000) is not a character literal.
            while (i < n && (source[i].isLetterOrNumber() || source[i] == QLatin1Char('\'')
                             || source[i] == QLatin1Char('.')))
                ++i;
        } else {
            ++i;
        }
    }
    return out;
}

const QRegularExpression &sqlWord()
{
    static const QRegularExpression re(QStringLiteral(
        "\\b(SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|DROP|ALTER|BEGIN|COMMIT|ROLLBACK|VACUUM|SAVEPOINT)\\b"));
    return re;
}

const QRegularExpression &sqlInclude()
{
    // The store's own C-API statement counts too: it brings sqlite3.h with it.
    static const QRegularExpression re(
        QStringLiteral("^\\s*#\\s*include\\s*[<\"]((QtSql/)?QSql\\w*|sqlite3\\.h|store/SqliteStatement\\.h)[>\"]"),
        QRegularExpression::MultilineOption);
    return re;
}

/// "line: what" for every SQL literal and SQL include of one source.
QStringList findingsIn(const QString &source)
{
    QStringList out;
    for (const Literal &literal : stringLiterals(source)) {
        const auto match = sqlWord().match(literal.text);
        if (match.hasMatch())
            out << QStringLiteral("%1: SQL text (%2) in \"%3\"").arg(literal.line).arg(match.captured(1), literal.text.left(60));
    }
    auto includes = sqlInclude().globalMatch(source);
    while (includes.hasNext()) {
        const auto match = includes.next();
        const int line = 1 + int(source.left(match.capturedStart()).count(QLatin1Char('\n')));
        out << QStringLiteral("%1: includes %2").arg(line).arg(match.captured(1));
    }
    return out;
}

} // namespace

class TestSqlOnlyInStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scannerFindsSqlLiterals_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QStringList>("expected");
        const QStringList none;
        QTest::newRow("plain") << QStringLiteral("auto q = \"SELECT 1\";") << QStringList{QStringLiteral("1: SQL text (SELECT)")};
        QTest::newRow("second line") << QStringLiteral("int x;\nq.exec(QStringLiteral(\"PRAGMA user_version\"));")
                                     << QStringList{QStringLiteral("2: SQL text (PRAGMA)")};
        QTest::newRow("concatenated") << QStringLiteral("f(\"a, b \"\n  \"DELETE FROM t\");")
                                      << QStringList{QStringLiteral("2: SQL text (DELETE)")};
        QTest::newRow("raw string") << QStringLiteral("x;\nR\"(CREATE TABLE t (\n a ))\" ;\n\"UPDATE t\"")
                                    << QStringList{QStringLiteral("2: SQL text (CREATE)"), QStringLiteral("4: SQL text (UPDATE)")};
        QTest::newRow("escaped quote") << QStringLiteral("\"say \\\" INSERT INTO x\"") << QStringList{QStringLiteral("1: SQL text (INSERT)")};
        QTest::newRow("char literal quote") << QStringLiteral("c == '\"' ; \"DROP INDEX i\"")
                                            << QStringList{QStringLiteral("1: SQL text (DROP)")};
        QTest::newRow("line comment") << QStringLiteral("// \"SELECT 1\"\nint y;") << none;
        QTest::newRow("block comment") << QStringLiteral("/* \"DELETE FROM x\"\n */ int y;") << none;
        QTest::newRow("words in prose") << QStringLiteral("tr(\"Delete the selected memory\"); \"SELECTED\"") << none;
        QTest::newRow("digit separator") << QStringLiteral("int n = 1'000; \"COMMIT\"") << QStringList{QStringLiteral("1: SQL text (COMMIT)")};
        QTest::newRow("Qt Sql include") << QStringLiteral("#include <QSqlQuery>\n#include \"store/Store.h\"")
                                        << QStringList{QStringLiteral("1: includes QSqlQuery")};
        QTest::newRow("sqlite include") << QStringLiteral("#include <QString>\n#include <sqlite3.h>")
                                        << QStringList{QStringLiteral("2: includes sqlite3.h")};
        QTest::newRow("store statement include") << QStringLiteral("#include \"store/SqliteStatement.h\"")
                                                 << QStringList{QStringLiteral("1: includes store/SqliteStatement.h")};
        QTest::newRow("QtSql module path") << QStringLiteral("#include <QtSql/QSqlRecord>")
                                           << QStringList{QStringLiteral("1: includes QtSql/QSqlRecord")};
    }

    void scannerFindsSqlLiterals()
    {
        QFETCH(QString, source);
        QFETCH(QStringList, expected);
        const QStringList found = findingsIn(source);
        QCOMPARE(found.size(), expected.size());
        for (int k = 0; k < found.size(); ++k)
            QVERIFY2(found[k].startsWith(expected[k]), qPrintable(found[k]));
    }

    void noSqlOutsideCoreStore()
    {
        const QDir root(QStringLiteral(RECOLLECTOR_SOURCE_DIR));
        QStringList findings;
        int files = 0;
        for (const char *top : {"core", "ui", "app"}) {
            QDirIterator it(root.filePath(QString::fromLatin1(top)), {QStringLiteral("*.cpp"), QStringLiteral("*.h")},
                            QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const QString relative = root.relativeFilePath(path);
                if (relative.startsWith(QLatin1String("core/store/")))
                    continue;
                QFile file(path);
                QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
                ++files;
                for (const QString &finding : findingsIn(QString::fromUtf8(file.readAll())))
                    findings << relative + QLatin1Char(':') + finding;
            }
        }
        QVERIFY2(files > 100, qPrintable(QStringLiteral("only %1 source files found under %2").arg(files).arg(root.path())));
        // One line each (a failure message alone would be cut short).
        for (const QString &finding : findings)
            qWarning().noquote() << finding;
        QVERIFY2(findings.isEmpty(), qPrintable(QStringLiteral("%1 finding(s) of SQL outside core/store, listed above: "
                                                               "ask a repository instead")
                                                    .arg(findings.size())));
    }
};

QTEST_GUILESS_MAIN(TestSqlOnlyInStore)
#include "tst_sql_only_in_store.moc"
