// Hostile YAML (memory sets and config files): nesting far past any real document, and alias
// bombs that expand a small file into gigabytes. Each must give one clear line naming the
// file and what is wrong where, stay within bounded memory, and leave the store as it was.
#include "StoreFingerprint.h"
#include "TempStore.h"

#include "config/Config.h"
#include "io/MemorySetReader.h"
#include "io/MemorySetYaml.h"
#include "io/YamlJson.h"
#include "config/YamlNesting.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <yaml-cpp/yaml.h>

#include <sys/resource.h>

using namespace recollector;
using namespace recollector::core;

namespace {

QByteArray repeat(const char *piece, int times)
{
    return QByteArray(piece).repeated(times);
}

// "a:\n a:\n  a:\n..." : `levels` block mappings, one more space each line.
QByteArray blockMappings(int levels)
{
    QByteArray out;
    for (int i = 0; i < levels; ++i)
        out += QByteArray(i, ' ') + "a:\n";
    return out;
}

// A memory set whose first memory's content is a `stringBytes` string, anchored, and whose
// `padding` field lists `aliases` uses of it: a few hundred kilobytes that expand to
// stringBytes × aliases when every alias is copied.
QByteArray aliasBomb(int stringBytes, int aliases)
{
    QByteArray out = "format: recollector-memory-set\nversion: 1\nmemories:\n"
                     "  - id: bomb0001\n    category: fact\n    createdAt: 2024-01-01T00:00:00Z\n"
                     "    content: &s \"";
    out += QByteArray(stringBytes, 'x');
    out += "\"\n    padding: [";
    out += repeat("*s, ", aliases);
    out += "*s]\n";
    return out;
}

void seed(Store &store)
{
    QVERIFY(store.memories().insert(test::sampleMemory(QStringLiteral("a1b2c3d4"))));
    QVERIFY(store.memories().insert(test::sampleMemory(QStringLiteral("zz000001"))));
}

// Largest resident set of any child process this test has waited for, in KiB.
long childrenPeakKib()
{
    rusage usage {};
    getrusage(RUSAGE_CHILDREN, &usage);
    return usage.ru_maxrss;
}

} // namespace

class TestYamlLimits : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home; // HOME / XDG for the child: never the user's default store

    struct Run
    {
        int code = -1;
        QString err;
    };

    Run cli(const QStringList &args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), m_home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), args);
        if (!p.waitForFinished(120000))
            qFatal("recollector-cli did not finish: %s", qPrintable(args.join(' ')));
        return { p.exitCode(), QString::fromUtf8(p.readAllStandardError()).trimmed() };
    }

    static QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
    {
        const QString path = dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    // `recollector-cli import` of a file `name` holding `bytes` fails with `error` and leaves the
    // store as it was.
    void importIsRefused(const QString &name, const QByteArray &bytes, const QString &error)
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, name, bytes);
        test::TempStore s;
        seed(*s);
        const test::StoreFingerprint before = test::fingerprint(*s);
        s.close();
        const Run r = cli({ "--store", s.path(), "import", path });
        QVERIFY(r.code != 0);
        QCOMPARE(r.err, error);
        s.reopen();
        QCOMPARE(test::fingerprint(*s), before);
    }

private Q_SLOTS:
    void aliasBombImportHasBoundedMemoryAndLeavesStoreUnchanged()
    {
        // 200 KB that expand to 400 MB of copies (twice that as UTF-16): before the byte budget
        // the import took gigabytes and stored it all. Now reading stops after 4 × 200 KB.
        importIsRefused(QStringLiteral("bomb.yaml"), aliasBomb(200 * 1024, 2000),
            QStringLiteral("recollector-cli: bomb.yaml: too many nodes or too much text at line 7, column 14: aliases "
                           "expand the document beyond 4 times the file's size"));
        // The largest child so far: well under the expansion. A child's peak as getrusage gives
        // it includes the pages it shared with this process between fork and exec, so this test
        // is declared first, before the tests that parse hostile YAML in this process (under
        // ASan their freed memory stays resident, and children measured 648 MiB after them).
        const long peakMib = childrenPeakKib() / 1024;
        qInfo("recollector-cli peak resident memory: %ld MiB", peakMib);
        QVERIFY2(peakMib < 256, qPrintable(QStringLiteral("recollector-cli took %1 MiB").arg(peakMib)));
    }

    void hundredThousandDeepIsAClearError_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("where");
        QTest::newRow("flow sequences") << repeat("[", 100000) + "x" + repeat("]", 100000) << "line 1, column 257";
        QTest::newRow("flow mappings") << repeat("{a: ", 100000) + "x" + repeat("}", 100000) << "line 1, column 1025";
        QTest::newRow("block sequences on one line") << repeat("- ", 100000) << "line 1, column 513";
        QTest::newRow("block mappings") << blockMappings(2000) << "line 257, column 257";
        QTest::newRow("flow inside block")
            << QByteArray("format: recollector-memory-set\nmemories:\n  - id: x\n    content: ") + repeat("[", 100000)
                + "x" + repeat("]", 100000)
            << "line 4, column 267";
        // Never closed, each '[' may still be the key of a one-pair mapping, and yaml-cpp opens
        // one (a mapping, then a sequence, at every bracket): its 257th level is at the 129th.
        QTest::newRow("flow sequences never closed") << repeat("[", 100000) << "line 1, column 129";
    }

    void hundredThousandDeepIsAClearError()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, where);
        const QString expected
            = QStringLiteral("deep.yaml: nesting too deep at %1: more than 256 levels of lists and mappings").arg(where);

        auto set = io::MemorySetYaml::fromBytes(yaml, QStringLiteral("deep.yaml"));
        QVERIFY(!set);
        QCOMPARE(set.error().message, expected);

        auto config = Config::fromYamlText(yaml, QStringLiteral("deep.yaml"));
        QVERIFY(!config);
        QCOMPARE(config.error().message, expected);
    }

    void depthLimitIsExact()
    {
        // 256 lists around a value read; 257 do not, and the message names the 257th.
        auto ok = io::YamlJson::parse(repeat("[", 256) + "x" + repeat("]", 256), QStringLiteral("d.yaml"));
        QVERIFY2(ok, ok ? "" : qPrintable(ok.error().message));
        auto deep = io::YamlJson::parse(repeat("[", 257) + "x" + repeat("]", 257), QStringLiteral("d.yaml"));
        QVERIFY(!deep);
        QCOMPARE(deep.error().message,
            QStringLiteral("d.yaml: nesting too deep at line 1, column 257: more than 256 levels of lists and mappings"));
    }

    void deepFileImportLeavesStoreUnchanged()
    {
        importIsRefused(QStringLiteral("deep.yaml"), repeat("- ", 100000) + "x\n",
            QStringLiteral("recollector-cli: deep.yaml: nesting too deep at line 1, column 513: more than 256 levels "
                           "of lists and mappings"));
    }

    void aliasBombIsAClearError()
    {
        // 1 MB of text, 100 aliases: 100 MB when expanded.
        const QByteArray bomb = aliasBomb(1 << 20, 100);
        auto set = io::MemorySetYaml::fromBytes(bomb, QStringLiteral("bomb.yaml"));
        QVERIFY(!set);
        QCOMPARE(set.error().message,
            QStringLiteral("bomb.yaml: too many nodes or too much text at line 7, column 14: aliases expand the "
                           "document beyond 4 times the file's size"));
        // The same string used four times, as a file may well do, is no bomb.
        auto fine = io::YamlJson::parse(aliasBomb(1 << 20, 2), QStringLiteral("fine.yaml"));
        QVERIFY2(fine, fine ? "" : qPrintable(fine.error().message));
    }

    void noncharactersReadAsReplacementCharacter()
    {
        // yaml-cpp writes U+FFFF (and every other noncharacter) as U+FFFD once a string needs
        // double quotes (here for its \x01); reading them as U+FFFD keeps a round trip exact.
        const QByteArray yaml = "a: \"x\xEF\xBF\xBF\\x01\"\nb: y\xEF\xB7\x90\n";
        auto value = io::YamlJson::parse(yaml, QStringLiteral("n.yaml"));
        QVERIFY2(value, value ? "" : qPrintable(value.error().message));
        const QJsonObject expected { { "a", QStringLiteral("x\uFFFD\u0001") }, { "b", QStringLiteral("y\uFFFD") } };
        QCOMPARE(value->toObject(), expected);
        auto back = io::YamlJson::parse(io::YamlJson::dump(*value), QStringLiteral("n.yaml"));
        QVERIFY2(back, back ? "" : qPrintable(back.error().message));
        QCOMPARE(back->toObject(), expected);
    }

    void carriageReturnSurvivesARoundTrip()
    {
        // yaml-cpp keeps a lone trailing \r in a plain scalar but would write it plain, where
        // it reads back as a line break: such a string is written quoted.
        for (const QString &text : { QStringLiteral("a\r"), QStringLiteral("a\rb"), QStringLiteral("\r") }) {
            QVERIFY(io::YamlJson::needsQuotes(text));
            const QJsonObject value { { "k", text } };
            auto back = io::YamlJson::parse(io::YamlJson::dump(value), QStringLiteral("cr.yaml"));
            QVERIFY2(back, back ? "" : qPrintable(back.error().message));
            QCOMPARE(back->toObject(), value);
        }
    }

    void documentMarkersSurviveARoundTrip()
    {
        // "..." and "---" at the start of a line end or start a YAML document: written plain
        // as a whole document (or a block line) they would read back as null or a second
        // document. Found by CI's fuzz run: "!!int ...\t" reads as the string "...".
        const QStringList texts{QStringLiteral("..."), QStringLiteral("---"), QStringLiteral("... a"),
                                QStringLiteral("--- a"), QStringLiteral("...\tb"), QStringLiteral("a\n..."),
                                QStringLiteral("a\n--- b\nc")};
        for (const QString &text : texts) {
            QVERIFY2(io::YamlJson::needsQuotes(text), qPrintable(text));
            for (const QJsonValue &value : {QJsonValue(text), QJsonValue(QJsonObject{{"k", text}}),
                                            QJsonValue(QJsonArray{text})}) {
                auto back = io::YamlJson::parse(io::YamlJson::dump(value), QStringLiteral("marker.yaml"));
                QVERIFY2(back, back ? "" : qPrintable(back.error().message));
                QCOMPARE(*back, value);
            }
        }
        auto found = io::YamlJson::parse(QByteArray("!!int ...\t"), QStringLiteral("found.yaml"));
        QVERIFY(found);
        auto again = io::YamlJson::parse(io::YamlJson::dump(*found), QStringLiteral("written.yaml"));
        QVERIFY(again);
        QCOMPARE(*again, *found);
        // Not a marker: more dots, or text right after them.
        QVERIFY(!io::YamlJson::needsQuotes(QStringLiteral("....")));
        QVERIFY(!io::YamlJson::needsQuotes(QStringLiteral("...and so on")));
    }

    void numbersPastADoubleStayText()
    {
        // Found by CI's fuzz run: a tagged "00015684E432170174692" is a YAML float past a
        // double's range. Read as infinity, it was written back as "inf", which reads as text.
        // Such a number stays text, as .inf does (a numeric field then reports it).
        auto found = io::YamlJson::parse(
            QByteArray("!.555555la000000000000000015684000000 00015684E432170174692\t"), QStringLiteral("found.yaml"));
        QVERIFY2(found, found ? "" : qPrintable(found.error().message));
        QCOMPARE(*found, QJsonValue(QStringLiteral("00015684E432170174692")));

        const QByteArray yaml = "big: -1e999\nlong: 1" + QByteArray(400, '0') + "\nsmall: 1e-999\nfine: 1.5e300\n";
        auto value = io::YamlJson::parse(yaml, QStringLiteral("t.yaml"));
        QVERIFY2(value, value ? "" : qPrintable(value.error().message));
        const QJsonObject expected { { "big", QStringLiteral("-1e999") },
            { "long", QStringLiteral("1") + QString(400, QLatin1Char('0')) }, { "small", 0.0 }, { "fine", 1.5e300 } };
        QCOMPARE(value->toObject(), expected);
        for (const QJsonValue &read : { *found, *value }) {
            auto back = io::YamlJson::parse(io::YamlJson::dump(read), QStringLiteral("written.yaml"));
            QVERIFY2(back, back ? "" : qPrintable(back.error().message));
            QCOMPARE(*back, read);
        }
    }

    void wholeDoublesPastTwoTo53StayDoubles()
    {
        // Found by CI's fuzz run: the float "0000000000000156843432170147692." is a whole double
        // past 2^53. It was written in digits, which read back as an integer: the same number,
        // but a mapping holding it no longer compared equal. A double is now written as one.
        const QByteArray found = "!i!.555555la\x8a" "est_wins:!!\xfent .. 0000000exportedAt: "
                                 "0000000000000156843432170147692.\t\t";
        const QByteArray yaml = "float: 156843432170147692.\nfloatHuge: 1e19\nint: 156843432170147692\n"
                                "intMax: 9223372036854775807\nsmall: 2.0\n";
        for (const QByteArray &text : { found, yaml }) {
            auto value = io::YamlJson::parse(text, QStringLiteral("t.yaml"));
            QVERIFY2(value, value ? "" : qPrintable(value.error().message));
            auto back = io::YamlJson::parse(io::YamlJson::dump(*value), QStringLiteral("written.yaml"));
            QVERIFY2(back, back ? "" : qPrintable(back.error().message));
            QCOMPARE(back->toObject(), value->toObject());
        }
        const QByteArray written = io::YamlJson::dump(*io::YamlJson::parse(yaml, QStringLiteral("t.yaml")));
        QVERIFY2(written.contains("float: 1.5684343217014768e+17\n"), written.constData());
        QVERIFY2(written.contains("int: 156843432170147692\n"), written.constData());
        QVERIFY2(written.contains("intMax: 9223372036854775807\n"), written.constData());
        QVERIFY2(written.contains("small: 2\n"), written.constData());
    }

    void leadingByteOrderMarksStayText()
    {
        // A scalar that starts with U+FEFF keeps it (QString::fromUtf8 dropped it): written as
        // "\ufeff", it read back without it (found by a round-trip run over generated documents).
        const QByteArray yaml = "one: \"\\ufeffx\"\ntwo: \"\\ufeff\\ufeff\"\n\"\\ufeffkey\": mid\xEF\xBB\xBF" "dle\n";
        auto value = io::YamlJson::parse(yaml, QStringLiteral("t.yaml"));
        QVERIFY2(value, value ? "" : qPrintable(value.error().message));
        const QString mark(QChar(0xFEFF));
        const QJsonObject expected { { "one", mark + "x" }, { "two", mark + mark },
            { mark + "key", "mid" + mark + "dle" } };
        QCOMPARE(value->toObject(), expected);
        auto back = io::YamlJson::parse(io::YamlJson::dump(*value), QStringLiteral("written.yaml"));
        QVERIFY2(back, back ? "" : qPrintable(back.error().message));
        QCOMPARE(back->toObject(), expected);
    }

    void configAliasesCannotRepeatWorkBeyondTheFile()
    {
        // One category of 1,000 (duplicate) keys, used by 1,000 categories: a million entries
        // to check from 25 KB.
        QByteArray yaml = "categories:\n  c0: &c {" + repeat("graceDays: 1, ", 999) + "graceDays: 1}\n";
        for (int i = 1; i < 1000; ++i)
            yaml += "  c" + QByteArray::number(i) + ": *c\n";
        auto config = Config::fromYamlText(yaml, QStringLiteral("config.yaml"));
        QVERIFY(!config);
        QVERIFY2(config.error().message.startsWith(QStringLiteral("config.yaml:")), qPrintable(config.error().message));
        QVERIFY2(config.error().message.endsWith(
                     QStringLiteral(": too many entries: aliases repeat the mappings beyond 4 times the file's size")),
            qPrintable(config.error().message));
        // A category used twice through an alias is fine.
        auto fine = Config::fromYamlText("categories:\n  a: &c {graceDays: 3}\n  b: *c\n", QStringLiteral("ok.yaml"));
        QVERIFY2(fine, fine ? "" : qPrintable(fine.error().message));
        QCOMPARE(fine->category(QStringLiteral("b")).graceDays, 3.0);
    }
};

QTEST_GUILESS_MAIN(TestYamlLimits)
#include "tst_yaml_limits.moc"
