// Per-memory overrides of the import policy (the import preview's per-item choice,
// docs/formats.md, "Import"):
// an override beats its kind's choice, a new memory can be left out, an identical one is
// never written, and the preview's counts follow. Also the exporter's beforeWrite hook:
// returning false writes nothing.
#include "EngineStore.h"

#include "io/Exporter.h"
#include "io/Importer.h"
#include "model/Event.h"

#include <QFileInfo>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1704103200000; // 2024-01-01T10:00Z

Memory withContent(Memory m, const QString &content, Millis updatedAt)
{
    m.content = content;
    m.updatedAt = updatedAt;
    return m;
}

} // namespace

class TestImportOverrides : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private:
    // Store: same, older, older2 (→ changed), newer (→ conflicting). Set: those + fresh, fresh2.
    static void seed(Store &store, io::MemorySet &set)
    {
        for (const char *id : {"same", "older", "older2"})
            QVERIFY(store.memories().insert(test::sampleMemory(QString::fromLatin1(id))));
        QVERIFY(store.memories().insert(
            withContent(test::sampleMemory(QStringLiteral("newer")), QStringLiteral("edited locally"), kT0 + 5000)));
        set.sourceName = QStringLiteral("incoming.json");
        set.memories = {test::sampleMemory(QStringLiteral("same")),
                        withContent(test::sampleMemory(QStringLiteral("older")), QStringLiteral("later 1"), kT0 + 1000),
                        withContent(test::sampleMemory(QStringLiteral("older2")), QStringLiteral("later 2"), kT0 + 1000),
                        withContent(test::sampleMemory(QStringLiteral("newer")), QStringLiteral("stale copy"), kT0 + 1000),
                        test::sampleMemory(QStringLiteral("fresh")), test::sampleMemory(QStringLiteral("fresh2"))};
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void actionForFollowsKindThenOverride()
    {
        if (test::EngineFixture::onServer())
            QSKIP("a policy's rule, no store: the sqlite row covers it");
        using A = io::ImportAction;
        using K = io::ImportKind;
        io::ImportPolicy policy{A::Overwrite, A::Skip, {}};
        QCOMPARE(policy.actionFor(QStringLiteral("x"), K::New), A::Overwrite);
        QCOMPARE(policy.actionFor(QStringLiteral("x"), K::Identical), A::Skip);
        QCOMPARE(policy.actionFor(QStringLiteral("x"), K::Changed), A::Overwrite);
        QCOMPARE(policy.actionFor(QStringLiteral("x"), K::Conflicting), A::Skip);
        policy.overrides.insert(QStringLiteral("x"), A::KeepBoth);
        QCOMPARE(policy.actionFor(QStringLiteral("x"), K::Changed), A::KeepBoth);
        QCOMPARE(policy.actionFor(QStringLiteral("x"), K::Conflicting), A::KeepBoth);
        QCOMPARE(policy.actionFor(QStringLiteral("x"), K::New), A::Overwrite); // only Skip means anything
        QCOMPARE(policy.actionFor(QStringLiteral("x"), K::Identical), A::Skip);
        policy.overrides.insert(QStringLiteral("x"), A::Skip);
        QCOMPARE(policy.actionFor(QStringLiteral("x"), K::New), A::Skip);
        QCOMPARE(policy.actionFor(QStringLiteral("y"), K::Changed), A::Overwrite);
    }

    void overridesDecideTheirMemories()
    {
        test::EngineStore s(m_engines);
        io::MemorySet set;
        seed(*s, set);
        io::ImportPolicy policy; // changed → overwrite, conflicting → skip
        policy.overrides.insert(QStringLiteral("older2"), io::ImportAction::Skip);
        policy.overrides.insert(QStringLiteral("newer"), io::ImportAction::KeepBoth);
        policy.overrides.insert(QStringLiteral("fresh2"), io::ImportAction::Skip);
        policy.overrides.insert(QStringLiteral("same"), io::ImportAction::Overwrite); // ignored
        io::Importer importer(*s);
        auto report = importer.apply(set, policy);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->added, 2);   // fresh + the copy of newer
        QCOMPARE(report->keptBoth, 1);
        QCOMPARE(report->updated, 1); // older
        QCOMPARE(report->skipped, 3); // same, older2, fresh2
        QCOMPARE(s->memories().get(QStringLiteral("older"))->content, QStringLiteral("later 1"));
        QCOMPARE(s->memories().get(QStringLiteral("older2"))->content, test::sampleMemory("x").content);
        QCOMPARE(s->memories().get(QStringLiteral("newer"))->content, QStringLiteral("edited locally"));
        QVERIFY(*s->memories().contains(QStringLiteral("fresh")));
        QVERIFY(!*s->memories().contains(QStringLiteral("fresh2")));
        const QString copy = report->renamed.value(QStringLiteral("newer"));
        QCOMPARE(s->memories().get(copy)->content, QStringLiteral("stale copy"));
        QCOMPARE(*s->memories().count(), qint64(6));
        auto imports = s->events().since(0, events::kImport);
        QVERIFY(imports);
        QCOMPARE(imports->size(), size_t(3)); // fresh, older, the copy
        QCOMPARE(QSet<QString>(report->written.cbegin(), report->written.cend()),
                 (QSet<QString>{QStringLiteral("fresh"), QStringLiteral("older"), QStringLiteral("newer")}));
    }

    void exportBeforeWriteCancels()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(test::sampleMemory(QStringLiteral("one"))));
        QVERIFY(s->memories().insert(test::sampleMemory(QStringLiteral("two"))));
        for (io::SetFormat format : {io::SetFormat::RecollectorJson, io::SetFormat::Csv, io::SetFormat::AgentFolder}) {
            const QString path = s.dir() + QStringLiteral("/out-%1").arg(int(format))
                                 + (format == io::SetFormat::AgentFolder ? QStringLiteral("/") : QStringLiteral(".x"));
            io::ExportOptions options;
            options.format = format;
            int seen = -1;
            options.beforeWrite = [&seen](int memories) {
                seen = memories;
                return false;
            };
            auto report = io::Exporter(*s).write(path, options);
            QVERIFY(!report);
            QCOMPARE(report.error().code, Error::Code::Cancelled);
            QVERIFY2(report.error().message.endsWith(QStringLiteral("export cancelled; nothing was written")),
                     qPrintable(report.error().message));
            QCOMPARE(seen, 2);
            QVERIFY(!QFileInfo::exists(path));

            options.beforeWrite = [](int) { return true; };
            report = io::Exporter(*s).write(path, options);
            QVERIFY2(report, report ? "" : qPrintable(report.error().message));
            QCOMPARE(report->memories, 2);
            QVERIFY(QFileInfo::exists(path));
        }
    }
};

QTEST_GUILESS_MAIN(TestImportOverrides)
#include "tst_import_overrides.moc"
