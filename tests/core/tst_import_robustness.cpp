// Broken inputs (docs/formats.md, "Reading"): a truncated file, non-JSON, a double-encoded
// document, wrong types, missing and duplicate ids, unparsable dates, a newer version, 100 MB
// of one string. Each gives one clear line naming the file (and the entry and field where there
// is one), and the store is left exactly as it was: same row counts, same hash of every row.
#include "StoreFingerprint.h"
#include "TempStore.h"

#include "io/Importer.h"
#include "io/MemorySetReader.h"
#include "model/Event.h"

#include <QFile>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

using test::fingerprint;
using test::StoreFingerprint;

void seed(Store &store)
{
    QVERIFY(store.memories().insert(test::sampleMemory(QStringLiteral("a1b2c3d4"))));
    QVERIFY(store.memories().insert(test::sampleMemory(QStringLiteral("zz000001"))));
    QVERIFY(store.associations().put(
        { QStringLiteral("a1b2c3d4"), QStringLiteral("zz000001"), 0.5, QStringLiteral("keyword"), 0 }));
    Event e { 0, QStringLiteral("a1b2c3d4"), events::kConfirm, QStringLiteral("user"), 1704103200000, {} };
    QVERIFY(store.events().append(e));
}

QString data(const char *name)
{
    return QStringLiteral(RECOLLECTOR_TEST_DATA "/") + QLatin1String(name);
}

} // namespace

class TestImportRobustness : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void brokenFileLeavesStoreUnchanged_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("truncated")
            << "broken-truncated.json"
            << R"(broken-truncated.json: entry 1 (id "b2c3d4e5"), field "content": JSON ends early (unterminated string) at line 26, column 24: the file looks truncated)";
        QTest::newRow("double-encoded")
            << "broken-double-encoded.json"
            << "broken-double-encoded.json: the file is one JSON string that itself holds a JSON document "
               "(double-encoded); decode it once and import the result";
        QTest::newRow("wrong type")
            << "broken-wrong-type.json"
            << R"(broken-wrong-type.json: entry 2 (id "c3d4e5f6"): field "confidence": expected a number, got string "high")";
        QTest::newRow("missing id")
            << "broken-missing-id.json"
            << R"(broken-missing-id.json: entry 1: field "id": is missing (required))";
        QTest::newRow("duplicate ids")
            << "broken-duplicate-ids.json"
            << R"(broken-duplicate-ids.json: entry 2 (id "a1b2c3d4"): duplicate id (also entry 0))";
        QTest::newRow("unparsable date")
            << "broken-bad-date.json"
            << R"(broken-bad-date.json: entry 1 (id "b2c3d4e5"): field "createdAt": "01/02/2024 10am" is not an ISO-8601 date)";
        QTest::newRow("not JSON") << "broken-not-json.json"
                                  << "broken-not-json.json: not JSON (illegal value at line 1, column 1)";
        QTest::newRow("newer version")
            << "broken-newer-version.json"
            << R"(broken-newer-version.json: field "version": 2 is newer than this Recollector reads (1); update Recollector)";
        QTest::newRow("wrong type in YAML")
            << "broken-wrong-type.yaml"
            << R"(broken-wrong-type.yaml: entry 1 (id "b2c3d4e5"): field "keywords": expected an array of strings, got string "typescript")";
    }

    void brokenFileLeavesStoreUnchanged()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        test::TempStore s;
        seed(*s);
        const StoreFingerprint before = fingerprint(*s);

        auto set = io::MemorySetReader::read(data(file.toUtf8().constData()));
        Status outcome = set ? Status {} : Status(set.error());
        if (set) {
            io::Importer importer(*s);
            auto report = importer.apply(*set);
            if (!report)
                outcome = report.error();
        }
        QVERIFY2(!outcome, "a broken file must not import");
        QCOMPARE(outcome.error().message, message);
        QVERIFY(!outcome.error().message.contains(QLatin1Char('\n')));
        QCOMPARE(fingerprint(*s), before);
    }

    void hundredMegabyteStringIsAClearError()
    {
        // Generated at run time: 100 MB of one string as a memory's content.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("huge.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"format\":\"recollector-memory-set\",\"version\":1,\"memories\":[{\"id\":\"big1\","
                    "\"category\":\"fact\",\"createdAt\":\"2024-01-01T00:00:00Z\",\"content\":\"");
            const QByteArray chunk(1024 * 1024, 'x');
            for (int i = 0; i < 100; ++i)
                f.write(chunk);
            f.write("\"}]}");
        }
        test::TempStore s;
        seed(*s);
        const StoreFingerprint before = fingerprint(*s);
        auto set = io::MemorySetReader::read(path);
        QVERIFY(!set);
        QCOMPARE(set.error().message,
            QStringLiteral(
                R"(huge.json: entry 0 (id "big1"): field "content": text of 104857600 characters is longer than the 1048576-character limit)"));
        QCOMPARE(fingerprint(*s), before);
    }

    void hundredMegabyteBareStringIsAClearError()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("string.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("\"");
            const QByteArray chunk(1024 * 1024, 'y');
            for (int i = 0; i < 100; ++i)
                f.write(chunk);
            f.write("\"");
        }
        auto set = io::MemorySetReader::read(path);
        QVERIFY(!set);
        QCOMPARE(set.error().message,
            QStringLiteral(
                "string.json: the file is a single JSON string (104857600 characters), not a memory set"));
    }

    void oversizedFileIsRefusedBeforeReading()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sparse.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(600LL * 1024 * 1024)); // sparse: takes no disk space
        }
        auto set = io::MemorySetReader::read(path);
        QVERIFY(!set);
        QCOMPARE(set.error().message,
            QStringLiteral("sparse.json: file is 600 MiB, larger than the 512 MiB import limit"));
    }

    void deepNestingIsAnErrorNotACrash()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("deep.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(100000, '['));
        f.close();
        auto set = io::MemorySetReader::read(path);
        QVERIFY(!set);
        QVERIFY2(
            set.error().message.startsWith(QStringLiteral("deep.json: ")), qPrintable(set.error().message));
    }

    void cancelledImportRollsBack()
    {
        test::TempStore s;
        seed(*s);
        const StoreFingerprint before = fingerprint(*s);
        io::MemorySet set;
        set.sourceName = QStringLiteral("many.json");
        for (int i = 0; i < 1000; ++i)
            set.memories.push_back(test::sampleMemory(QStringLiteral("m%1").arg(i, 4, 10, QLatin1Char('0'))));
        io::Importer importer(*s);
        int calls = 0;
        importer.setProgress([&](int done, int total) {
            ++calls;
            return done < total / 2; // cancel half-way, after hundreds of rows were written
        });
        auto report = importer.apply(set);
        QVERIFY(!report);
        QCOMPARE(report.error().code, Error::Code::Cancelled);
        QCOMPARE(report.error().message, QStringLiteral("many.json: import cancelled; nothing was written"));
        QVERIFY(calls >= 2);
        QCOMPARE(fingerprint(*s), before);
    }
};

QTEST_GUILESS_MAIN(TestImportRobustness)
#include "tst_import_robustness.moc"
