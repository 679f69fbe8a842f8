// A basic-memory folder through the format adapter (docs/formats.md, "basic-memory"):
// observations → memories with category, tags and the note's title, relations → manual links
// with their type kept, a note without observations as one memory, tasks and fenced or quoted
// items left alone; detected by content (a folder of notes with permalinks, not an agent
// folder); a broken front matter gives one line naming the file and field and changes nothing.
#include "CliProcess.h"
#include "FormatImport.h"
#include "StoreFingerprint.h"
#include "TempStore.h"
#include "TestFiles.h"

#include "formats/FormatRegistry.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using test::byContent;

namespace {

QString fixture()
{
    return QStringLiteral(RECOLLECTOR_TEST_DATA "/formats/basic-memory");
}

bool copyFolder(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    for (const QFileInfo &info : QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString target = to + QLatin1Char('/') + info.fileName();
        if (info.isDir() ? !copyFolder(info.filePath(), target) : !QFile::copy(info.filePath(), target))
            return false;
    }
    return true;
}

} // namespace

class TestFormatBasicMemory : public QObject
{
    Q_OBJECT

private slots:
    void detectedByContent()
    {
        const auto probe = io::FormatProbe::of(fixture());
        const io::FormatAdapter *found = io::formats::FormatRegistry::instance().detect(probe);
        QVERIFY(found);
        QCOMPARE(found->name(), QStringLiteral("basic-memory"));
        // An agent memory folder (JSON files) is still Recollector's.
        const auto agent = io::FormatProbe::of(QStringLiteral(RECOLLECTOR_TEST_DATA "/agent-memory"));
        QCOMPARE(io::formats::FormatRegistry::instance().detect(agent)->name(), QStringLiteral("recollector"));
    }

    void importsObservationsAndRelations()
    {
        test::TempStore store;
        auto outcome = test::importAnyFormat(*store, fixture());
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        auto all = store->memories().all();
        QVERIFY(all);
        QCOMPARE(all->size(), std::size_t(6)); // 3 + 2 observations, and the note without any

        const Memory *figma = byContent(*all, QStringLiteral("Wants mock-ups as Figma links, not screenshots #figma #review"));
        QVERIFY(figma);
        QCOMPARE(figma->category, QStringLiteral("preference"));
        for (const QString &k : { QStringLiteral("figma"), QStringLiteral("review"), QStringLiteral("noor haddad"),
                 QStringLiteral("team"), QStringLiteral("design") })
            QVERIFY2(figma->keywords.contains(k), qPrintable(figma->keywords.join(QLatin1Char(','))));
        const QJsonObject kept = figma->extra.value(QStringLiteral("basicMemory")).toObject();
        QCOMPARE(kept.value(QStringLiteral("context")).toString(), QStringLiteral("said in the March retro"));
        QCOMPARE(kept.value(QStringLiteral("permalink")).toString(), QStringLiteral("people/noor-haddad"));
        QCOMPARE(kept.value(QStringLiteral("file")).toString(), QStringLiteral("people/noor-haddad.md"));

        QVERIFY(byContent(*all, QStringLiteral("Tide tables licence renews in June")));
        QVERIFY(!byContent(*all, QStringLiteral("A task, not an observation")));
        QVERIFY(!byContent(*all, QStringLiteral("not an observation inside a fence")));
        const Memory *ideas = byContent(*all, QStringLiteral("Loose thoughts without observations: a widget for the lock screen."));
        QVERIFY(ideas);
        QCOMPARE(ideas->category, QStringLiteral("note"));

        // works_on / owned_by: a manual link between the two notes' first memories.
        const Memory *role = byContent(*all, QStringLiteral("Design lead for the mobile app #design"));
        const Memory *offline = byContent(*all, QStringLiteral("Offline maps ship in version 2 #roadmap"));
        QVERIFY(role && offline);
        auto links = store->associations().of(role->id);
        QVERIFY(links);
        QVERIFY(std::any_of(links->begin(), links->end(), [&](const Association &a) {
            return a.type == QLatin1String("manual") && a.other(role->id) == offline->id;
        }));
        const QJsonArray relations
            = role->extra.value(QStringLiteral("basicMemory")).toObject().value(QStringLiteral("relations")).toArray();
        QCOMPARE(relations.size(), 2);
        QCOMPARE(relations[0].toObject().value(QStringLiteral("type")).toString(), QStringLiteral("works_on"));
        QCOMPARE(relations[1].toObject().value(QStringLiteral("target")).toString(), QStringLiteral("Ola Berg"));
    }

    void mappingReportInDryRun()
    {
        test::TempStore store;
        store.close();
        auto run = test::runRecollectorCli(store.path(), { QStringLiteral("--json"), QStringLiteral("import"), fixture(),
                                                       QStringLiteral("--dry-run") });
        QCOMPARE(run.code, 0);
        const QJsonObject plan = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(plan.value(QStringLiteral("added")).toInt(), 6);
        const QJsonObject mapping = plan.value(QStringLiteral("mapping")).toObject();
        QCOMPARE(mapping.value(QStringLiteral("format")).toString(), QStringLiteral("basic-memory"));
        QStringList unplaced;
        for (const QJsonValue &v : mapping.value(QStringLiteral("unplaced")).toArray())
            unplaced << v[QStringLiteral("from")].toString() + QLatin1Char('=') + QString::number(v[QStringLiteral("count")].toInt());
        QVERIFY2(unplaced.contains(QStringLiteral("relation to a note the folder does not hold=2")), qPrintable(unplaced.join(", ")));
    }

    void brokenFrontMatter()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("notes"));
        QVERIFY(copyFolder(fixture(), folder));
        QFile bad(folder + QStringLiteral("/ideas.md"));
        QVERIFY(bad.open(QIODevice::WriteOnly | QIODevice::Truncate));
        bad.write("---\ntitle: Ideas\npermalink: ideas\ntags: {a: [1, 2}\n---\nText\n");
        bad.close();
        test::TempStore store;
        QVERIFY(test::importAnyFormat(*store, fixture()));
        const auto before = test::fingerprint(*store);
        store.close();
        auto run = test::runRecollectorCli(store.path(), { QStringLiteral("import"), folder, QStringLiteral("--strict") });
        QCOMPARE(run.code, 1);
        const QString err = QString::fromUtf8(run.err).trimmed();
        QVERIFY2(err.contains(QStringLiteral("notes/ideas.md")), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 0);
        store.reopen();
        QCOMPARE(test::fingerprint(*store), before);
        // Without --strict the note is skipped with a warning and the rest imported.
        auto set = test::readAnyFormat(folder);
        QVERIFY(set);
        QCOMPARE(set->problems.size(), 1);
        QCOMPARE(set->memories.size(), std::size_t(5));
    }
};

QTEST_GUILESS_MAIN(TestFormatBasicMemory)
#include "tst_format_basic_memory.moc"
