// mcp-memory-service's export JSON through the format adapter (docs/formats.md,
// "mcp-memory-service export"): epoch-second times, tags, memory_type and content_hash mapped
// as the docs say, a round trip export → import that keeps every field the format holds, and
// wrong types giving one line with the store unchanged.
#include "CliProcess.h"
#include "FormatImport.h"
#include "StoreFingerprint.h"
#include "TempStore.h"
#include "TestFiles.h"

#include "io/Exporter.h"
#include "formats/McpMemoryServiceAdapter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using test::readAll;
using test::writeAll;
using test::byContent;

namespace {

QString fixture()
{
    return QStringLiteral(RECOLLECTOR_TEST_DATA "/formats/mcp-memory-service.json");
}

} // namespace

class TestFormatMcpMemoryService : public QObject
{
    Q_OBJECT

private slots:
    void importsEveryEntry()
    {
        test::TempStore store;
        auto outcome = test::importAnyFormat(*store, fixture());
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        auto all = store->memories().all();
        QVERIFY(all);
        QCOMPARE(all->size(), std::size_t(3));
        const Memory *staging = byContent(*all, QStringLiteral("The staging database is reset every Sunday night"));
        QVERIFY(staging);
        QCOMPARE(staging->id, QStringLiteral("mms-e4995e451d72e7f94edc0a6d42a45f296414293f00c9eb48db4dd0ab4f953827"));
        QCOMPARE(staging->category, QStringLiteral("fact"));
        QCOMPARE(staging->keywords, QStringList({ QStringLiteral("staging"), QStringLiteral("database"), QStringLiteral("ops") }));
        QCOMPARE(staging->createdAt, Millis(1767606000250)); // 1767606000.25 s
        const QJsonObject kept = staging->extra.value(QStringLiteral("mcpMemoryService")).toObject();
        QCOMPARE(kept.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("project")).toString(),
                 QStringLiteral("atlas"));
        QCOMPARE(kept.value(QStringLiteral("exportSource")).toString(), QStringLiteral("work-laptop"));
        const Memory *decision = byContent(*all, QStringLiteral("Decided to keep the REST API and drop the GraphQL prototype"));
        QVERIFY(decision);
        QCOMPARE(decision->category, QStringLiteral("decision"));
        QCOMPARE(decision->updatedAt, Millis(1767778800500));
    }

    void mappingReportInDryRun()
    {
        test::TempStore store;
        store.close();
        auto run = test::runRecollectorCli(store.path(), { QStringLiteral("--json"), QStringLiteral("import"), fixture(),
                                                       QStringLiteral("--dry-run") });
        QCOMPARE(run.code, 0);
        const QJsonObject mapping = QJsonDocument::fromJson(run.out).object().value(QStringLiteral("mapping")).toObject();
        QCOMPARE(mapping.value(QStringLiteral("format")).toString(), QStringLiteral("mcp-memory-service"));
        QStringList pairs;
        for (const QJsonValue &v : mapping.value(QStringLiteral("mapped")).toArray())
            pairs << v[QStringLiteral("from")].toString() + QStringLiteral(" → ") + v[QStringLiteral("to")].toString();
        QVERIFY2(pairs.contains(QStringLiteral("memories[].tags → keywords")), qPrintable(pairs.join(", ")));
        QVERIFY(pairs.contains(QStringLiteral("memories[].memory_type → category")));
        QVERIFY(pairs.contains(QStringLiteral("memories[].created_at (epoch seconds) → createdAt")));
        QStringList unplaced;
        for (const QJsonValue &v : mapping.value(QStringLiteral("unplaced")).toArray())
            unplaced << v[QStringLiteral("from")].toString();
        QVERIFY(unplaced.contains(QStringLiteral("export_metadata.database_path")));
    }

    // export → import into an empty store gives the same memories, field for field.
    void roundTripLosesNothing()
    {
        test::TempStore first;
        QVERIFY(test::importAnyFormat(*first, fixture()));
        const QString out = first.dir() + QStringLiteral("/export.json");
        auto set = io::Exporter(*first).collect(io::ExportOptions {});
        QVERIFY(set);
        auto written = io::formats::McpMemoryServiceAdapter().write(out, *set);
        QVERIFY2(written, written ? "" : qPrintable(written.error().message));
        QCOMPARE(written->memories, 3);

        const QJsonObject original = QJsonDocument::fromJson(readAll(fixture())).object();
        const QJsonObject again = QJsonDocument::fromJson(readAll(out)).object();
        auto sorted = [](QJsonArray a) {
            QList<QJsonValue> list(a.begin(), a.end());
            std::sort(list.begin(), list.end(), [](const QJsonValue &x, const QJsonValue &y) {
                return x[QStringLiteral("content_hash")].toString() < y[QStringLiteral("content_hash")].toString();
            });
            return list;
        };
        QCOMPARE(sorted(again.value(QStringLiteral("memories")).toArray()),
                 sorted(original.value(QStringLiteral("memories")).toArray()));

        test::TempStore second;
        QVERIFY(test::importAnyFormat(*second, out));
        auto a = first->memories().all();
        auto b = second->memories().all();
        QVERIFY(a && b);
        QCOMPARE(a->size(), b->size());
        for (const Memory &m : *a) {
            const Memory *other = byContent(*b, m.content);
            QVERIFY(other);
            QCOMPARE(other->id, m.id);
            QCOMPARE(other->keywords, m.keywords);
            QCOMPARE(other->category, m.category);
            QCOMPARE(other->createdAt, m.createdAt);
            QCOMPARE(other->updatedAt, m.updatedAt);
            QCOMPARE(other->extra, m.extra);
        }
    }

    void wrongTypes_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("expected");
        QTest::newRow("created_at as a date word") << QByteArray("\"created_at\": 1767692400.0")
                                                    << QByteArray("\"created_at\": \"yesterday\"")
                                                    << QStringLiteral("memories[1]: field \"created_at\"");
        QTest::newRow("tags as a string") << QByteArray("\"tags\": [\n        \"kai\",\n        \"preference\"\n      ]")
                                          << QByteArray("\"tags\": \"kai\"") << QStringLiteral("memories[2]: field \"tags\"");
        QTest::newRow("memories is an object") << QByteArray("\"memories\": [") << QByteArray("\"memories\": {\"x\": [")
                                               << QStringLiteral("field \"memories\"");
    }
    void wrongTypes()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, expected);
        QByteArray bytes = readAll(fixture());
        QVERIFY(bytes.contains(from));
        bytes.replace(from, to);
        if (QTest::currentDataTag() == QLatin1String("memories is an object"))
            bytes.replace("\n  ]\n}", "\n  ]}\n}");
        test::TempStore store;
        QVERIFY(test::importAnyFormat(*store, fixture()));
        const auto before = test::fingerprint(*store);
        store.close();
        const QString path = store.dir() + QStringLiteral("/bad.json");
        QVERIFY(writeAll(path, bytes));
        auto run = test::runRecollectorCli(store.path(), { QStringLiteral("import"), path });
        QCOMPARE(run.code, 1);
        const QString err = QString::fromUtf8(run.err).trimmed();
        QVERIFY2(err.contains(expected) && err.contains(QStringLiteral("bad.json")), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 0);
        store.reopen();
        QCOMPARE(test::fingerprint(*store), before);
    }
};

QTEST_GUILESS_MAIN(TestFormatMcpMemoryService)
#include "tst_format_mcp_memory_service.moc"
