// The format registry (docs/formats.md, "Other memory systems"): each fixture is recognised by
// its content as its own format (whatever its name), and a store holding memories imported
// from each, exported as a Recollector memory set, is recognised as Recollector's again (the kept
// `extra` names "core_memory", "agents", ... as values, not as the other format's keys) and
// reads back with every memory as it was, extra included.
#include "FormatImport.h"
#include "TempStore.h"
#include "TestFiles.h"
#include "ZipFixture.h"

#include "io/Exporter.h"
#include "formats/FormatRegistry.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using test::readAll;

namespace {

QString data(const QString &name)
{
    return QStringLiteral(RECOLLECTOR_TEST_DATA "/") + name;
}

} // namespace

class TestFormatRegistry : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// The fixture under a name that says nothing of its format (folders stay folders).
    QString anonymous(const QString &fixture, const QString &format)
    {
        if (QFileInfo(fixture).isDir())
            return fixture;
        const QString copy = m_dir.filePath(format + QStringLiteral(".data"));
        QFile::remove(copy);
        return QFile::copy(fixture, copy) ? copy : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(test::writeZip(m_dir.filePath(QStringLiteral("mem0-backup.zip")),
            { { QStringLiteral("memories.json"), readAll(data(QStringLiteral("formats/mem0/memories.json"))), 1 },
              { QStringLiteral("memories.jsonl.gz"), test::gzip(readAll(data(QStringLiteral("formats/mem0/memories.jsonl")))), 1 } }));
    }

    void eachFixtureIsItsFormatAndComesBackAsRecollector_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("format");
        QTest::newRow("letta old") << data(QStringLiteral("letta/letta_af_v0.6.47_memgpt_agent_with_convo.af")) << "letta";
        QTest::newRow("letta 2025") << data(QStringLiteral("letta/letta_af_schema2025_memgpt_agent_with_convo.af")) << "letta";
        QTest::newRow("letta shared") << data(QStringLiteral("letta/letta-shared.af")) << "letta";
        QTest::newRow("mcp memory") << data(QStringLiteral("formats/mcp-memory.jsonl")) << "mcp-memory";
        QTest::newRow("mcp-memory-service") << data(QStringLiteral("formats/mcp-memory-service.json")) << "mcp-memory-service";
        QTest::newRow("mem0 backup") << m_dir.filePath(QStringLiteral("mem0-backup.zip")) << "mem0";
        QTest::newRow("basic-memory") << data(QStringLiteral("formats/basic-memory")) << "basic-memory";
        QTest::newRow("recollector set") << data(QStringLiteral("import-small.json")) << "recollector";
    }
    void eachFixtureIsItsFormatAndComesBackAsRecollector()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, format);
        const QString path = format == QLatin1String("mem0") ? fixture : anonymous(fixture, format);
        QVERIFY(!path.isEmpty());
        const io::FormatAdapter *found = io::formats::FormatRegistry::instance().detect(io::FormatProbe::of(path));
        QVERIFY(found);
        QCOMPARE(found->name(), format);

        test::TempStore store;
        QVERIFY(test::importAnyFormat(*store, path));
        const QString exported = store.dir() + QStringLiteral("/recollector-set.json");
        io::ExportOptions options;
        options.includeImportEvents = false;
        QVERIFY(io::Exporter(*store).write(exported, options));
        const io::FormatAdapter *again = io::formats::FormatRegistry::instance().detect(io::FormatProbe::of(exported));
        QVERIFY(again);
        QCOMPARE(again->name(), QStringLiteral("recollector"));
        auto set = test::readAnyFormat(exported);
        QVERIFY2(set, set ? "" : qPrintable(set.error().message));
        auto stored = store->memories().all();
        QVERIFY(stored);
        QCOMPARE(set->memories.size(), stored->size());
        for (const Memory &m : *stored) {
            const auto it = std::find_if(set->memories.begin(), set->memories.end(), [&](const Memory &x) { return x.id == m.id; });
            QVERIFY(it != set->memories.end());
            QCOMPARE(it->content, m.content);
            QCOMPARE(it->extra, m.extra);
        }
    }
};

QTEST_GUILESS_MAIN(TestFormatRegistry)
#include "tst_format_registry.moc"
