// Inputs the fuzz targets (tests/fuzz) found that broke a reader's promise, each checked here
// on the real path a user's file takes. The YAML findings are rows of core.yaml_limits.
#include "io/AgentFolder.h"
#include "io/MemorySetJson.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

class TestFuzzFindings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keyStartingWithAByteOrderMarkSurvivesAFolderRoundTrip()
    {
        // fuzz_agent_entry: a raw U+FEFF opening a key. Qt's JSON parser kept it, but the key
        // listed without it, so "\uFEFFconfidence" was neither `confidence` nor kept as an
        // unknown field, and writing the file back put "confidence" in it twice: the next read
        // took 1.7 and refused the file. The same for a value that starts with U+FEFF.
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("5e6f7a8b.json"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\n  \"id\": \"5e6f7a8b\",\n  \"content\": \"\xEF\xBB\xBFLin\",\n  \"category\": \"fact\",\n"
                    "  \"createdAt\": \"2024-01-01T10:00:00Z\",\n  \"\xEF\xBB\xBF" "confidence\": 1.7\n}\n");
        }
        auto first = io::AgentFolder::read(dir.path(), true);
        QVERIFY2(first, first ? "" : qPrintable(first.error().message));
        QCOMPARE(first->memories.size(), size_t(1));
        const Memory &m = first->memories.front();
        QCOMPARE(m.content, QStringLiteral("\uFEFFLin"));
        QCOMPARE(m.confidence, 0.5); // not `confidence`: an unknown field, kept as it is
        QCOMPARE(m.extra.value(QStringLiteral("\uFEFF" "confidence")).toDouble(), 1.7);

        auto written = io::AgentFolder::write(dir.path(), *first);
        QVERIFY2(written, written ? "" : qPrintable(written.error().message));
        auto again = io::AgentFolder::read(dir.path(), true);
        QVERIFY2(again, again ? "" : qPrintable(again.error().message));
        QCOMPARE(again->memories.front().content, m.content);
        QCOMPARE(again->memories.front().confidence, 0.5);
        QCOMPARE(again->memories.front().extra, m.extra);
    }
};

QTEST_GUILESS_MAIN(TestFuzzFindings)
#include "tst_fuzz_findings.moc"
