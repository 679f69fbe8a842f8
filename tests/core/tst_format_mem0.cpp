// A Mem0 / OpenMemory backup zip through the format adapter (docs/formats.md, "Mem0 /
// OpenMemory backup"): the fixture's memories.json and memories.jsonl zipped here through
// libarchive, imported with states, categories, apps, status history and metadata mapped as
// the docs say; and the bad archives of the import rules (truncated, a member missing, wrong
// types, a "../" entry, members that expand past the caps, up to a 1 GiB expansion) each
// giving one line naming the file, entry and field, with the store unchanged.
#include "CliProcess.h"
#include "FormatImport.h"
#include "StoreFingerprint.h"
#include "TempStore.h"
#include "ZipFixture.h"

#include "formats/Mem0Adapter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

QByteArray fixture(const char *name)
{
    QFile f(QStringLiteral(RECOLLECTOR_TEST_DATA "/formats/mem0/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QString kActive = QStringLiteral("6f1c2a9e-0000-4000-8000-000000000101");
const QString kPaused = QStringLiteral("6f1c2a9e-0000-4000-8000-000000000102");
const QString kArchived = QStringLiteral("6f1c2a9e-0000-4000-8000-000000000103");
const QString kDeleted = QStringLiteral("6f1c2a9e-0000-4000-8000-000000000104");

std::vector<test::ZipMember> backup(const QByteArray &manifest = fixture("memories.json"))
{
    return { { QStringLiteral("memories.json"), manifest, 1 },
             { QStringLiteral("memories.jsonl.gz"), test::gzip(fixture("memories.jsonl")), 1 } };
}

const Memory *byId(const std::vector<Memory> &memories, const QString &id)
{
    for (const Memory &m : memories) {
        if (m.id == id)
            return &m;
    }
    return nullptr;
}

} // namespace

class TestFormatMem0 : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString zipPath(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

private slots:
    void importsTheBackup()
    {
        const QString path = zipPath("backup.zip");
        QVERIFY(test::writeZip(path, backup()));
        test::TempStore store;
        auto outcome = test::importAnyFormat(*store, path);
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        auto all = store->memories().all(true);
        QVERIFY(all);
        QCOMPARE(all->size(), std::size_t(4));

        const Memory *active = byId(*all, kActive);
        QVERIFY(active);
        QCOMPARE(active->content, QStringLiteral("Prefers dark themes in every editor"));
        QCOMPARE(active->category, QStringLiteral("preferences"));
        QCOMPARE(active->keywords, QStringList({ QStringLiteral("preferences"), QStringLiteral("work") }));
        QCOMPARE(active->projectPath, QStringLiteral("cursor"));
        QCOMPARE(active->createdAt, *time::fromIso(QStringLiteral("2026-01-06T10:00:00.123Z")));
        QCOMPARE(active->updatedAt, *time::fromIso(QStringLiteral("2026-01-07T11:30:00Z")));
        QCOMPARE(active->level, MemoryLevel::Full);
        const QJsonObject kept = active->extra.value(QStringLiteral("mem0")).toObject();
        QCOMPARE(kept.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("source")).toString(),
                 QStringLiteral("chat"));
        QCOMPARE(kept.value(QStringLiteral("state")).toString(), QStringLiteral("active"));

        QCOMPARE(byId(*all, kPaused)->level, MemoryLevel::Archive);
        QCOMPARE(byId(*all, kArchived)->level, MemoryLevel::Archive);
        QCOMPARE(byId(*all, kArchived)->category, QStringLiteral("fact")); // no category
        QCOMPARE(byId(*all, kArchived)->projectPath, QString());
        QCOMPARE(byId(*all, kDeleted)->deletedAt, *time::fromIso(QStringLiteral("2026-01-11T08:00:00Z")));

        // status_history → events at their times.
        auto paused = store->events().forMemory(kPaused);
        QVERIFY(paused);
        bool archiveEvent = false;
        for (const Event &e : *paused) {
            if (e.kind == events::kArchive && e.at == *time::fromIso(QStringLiteral("2026-01-09T08:00:00Z")))
                archiveEvent = e.payload.value(QStringLiteral("mem0")).toObject().value(QStringLiteral("newState")).toString()
                    == QLatin1String("paused");
        }
        QVERIFY(archiveEvent);
        auto deleted = store->events().forMemory(kDeleted);
        QVERIFY(deleted);
        QVERIFY(std::any_of(deleted->begin(), deleted->end(), [](const Event &e) { return e.kind == events::kDelete; }));
    }

    void mappingReportAndDryRun()
    {
        const QString path = zipPath("dry.zip");
        QVERIFY(test::writeZip(path, backup()));
        test::TempStore store;
        store.close();
        auto run = test::runRecollectorCli(store.path(), { QStringLiteral("--json"), QStringLiteral("import"), path,
                                                       QStringLiteral("--dry-run") });
        QCOMPARE(run.code, 0);
        const QJsonObject plan = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(plan.value(QStringLiteral("added")).toInt(), 4);
        const QJsonObject mapping = plan.value(QStringLiteral("mapping")).toObject();
        QCOMPARE(mapping.value(QStringLiteral("format")).toString(), QStringLiteral("mem0"));
        QStringList pairs;
        for (const QJsonValue &v : mapping.value(QStringLiteral("mapped")).toArray())
            pairs << v[QStringLiteral("from")].toString() + QStringLiteral(" → ") + v[QStringLiteral("to")].toString();
        QVERIFY2(pairs.contains(QStringLiteral("categories (first; all) → category; keywords")), qPrintable(pairs.join(", ")));
        QVERIFY(pairs.contains(QStringLiteral("state paused / archived → level archive (kept, not recalled)")));
        QVERIFY(pairs.contains(QStringLiteral("state deleted, deleted_at → deletedAt (soft-deleted)")));
        QVERIFY(pairs.contains(QStringLiteral("status_history[] → events (archive, unarchive, delete, restore) at changed_at")));
        QStringList unplaced;
        for (const QJsonValue &v : mapping.value(QStringLiteral("unplaced")).toArray())
            unplaced << v[QStringLiteral("from")].toString();
        QVERIFY(unplaced.contains(QStringLiteral("user")));
        QVERIFY(unplaced.contains(QStringLiteral("access_controls")));
    }

    void badArchives_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated") << 0 << QStringLiteral("bad.zip");
        QTest::newRow("memories.json missing") << 1 << QStringLiteral("bad.zip: entry \"memories.json\" is missing");
        QTest::newRow("state of the wrong type") << 2
                                                 << QStringLiteral("memories[1] (id \"6f1c2a9e-0000-4000-8000-000000000102\"): field \"state\"");
        QTest::newRow("metadata not an object") << 3 << QStringLiteral("memories[0] (id \"6f1c2a9e-0000-4000-8000-000000000101\"): field \"metadata\"");
        QTest::newRow("history names no memory") << 4 << QStringLiteral("status_history[2]: field \"memory_id\"");
        QTest::newRow("../ entry") << 5 << QStringLiteral("entry \"../escape.txt\": a path that leaves the archive's folder");
        QTest::newRow("memories.json expands to 100 MiB") << 6 << QStringLiteral("entry \"memories.json\"");
        QTest::newRow("memories.jsonl.gz expands to 1 GiB") << 7
                                                            << QStringLiteral("entry \"memories.jsonl.gz\": expands past 128 MiB");
        QTest::newRow("record not in memories.json") << 8 << QStringLiteral("memories.jsonl.gz: field \"id\"");
    }
    void badArchives()
    {
        QFETCH(int, kind);
        QFETCH(QString, expected);
        const QString path = zipPath("bad.zip");
        QFile::remove(path);
        QByteArray manifest = fixture("memories.json");
        std::vector<test::ZipMember> members = backup();
        switch (kind) {
        case 0: {
            QVERIFY(test::writeZip(path, members));
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.resize(f.size() / 2));
            break;
        }
        case 1:
            members.erase(members.begin());
            break;
        case 2:
            manifest.replace("\"state\": \"paused\"", "\"state\": [\"paused\"]");
            members = backup(manifest);
            break;
        case 3:
            manifest.replace("\"metadata\": {\n        \"source\"", "\"metadata\": \"chat\", \"x\": {\n        \"source\"");
            members = backup(manifest);
            break;
        case 4:
            manifest.replace("\"memory_id\": \"6f1c2a9e-0000-4000-8000-000000000104\"",
                             "\"memory_id\": \"6f1c2a9e-0000-4000-8000-000000000999\"");
            members = backup(manifest);
            break;
        case 5:
            members.push_back({ QStringLiteral("../escape.txt"), QByteArray("outside"), 1 });
            break;
        case 6:
            members[0] = { QStringLiteral("memories.json"), QByteArray(1024 * 1024, ' '), 100 };
            break;
        case 7:
            members[1] = { QStringLiteral("memories.jsonl.gz"), test::gzip(QByteArray(1024 * 1024, '\n'), 1024), 1 };
            QVERIFY(members[1].bytes.size() < 8 * 1024 * 1024); // small on disk
            break;
        case 8:
            members[1].bytes = test::gzip(fixture("memories.jsonl")
                + "{\"id\": \"6f1c2a9e-0000-4000-8000-000000000777\", \"content\": \"stray\", \"categories\": []}\n");
            break;
        }
        if (kind != 0)
            QVERIFY(test::writeZip(path, members));
        QVERIFY(QFileInfo(path).size() < 16 * 1024 * 1024);

        test::TempStore store;
        const QString good = zipPath("good.zip");
        QVERIFY(test::writeZip(good, backup()));
        QVERIFY(test::importAnyFormat(*store, good));
        const auto before = test::fingerprint(*store);
        store.close();
        auto run = test::runRecollectorCli(store.path(), { QStringLiteral("import"), path });
        QCOMPARE(run.code, 1);
        const QString err = QString::fromUtf8(run.err).trimmed();
        QVERIFY2(err.contains(expected) && err.contains(QStringLiteral("bad.zip")), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 0);
        store.reopen();
        QCOMPARE(test::fingerprint(*store), before);
    }
};

QTEST_GUILESS_MAIN(TestFormatMem0)
#include "tst_format_mem0.moc"
