// A decision in the window on a memory another writer changed since the table showed it
// (docs/team-store.md#many-writers): refused with who changed it and how, nothing written, the
// command dropped; once the window has read the change, the same decision goes through. On an
// SQLite file and on a team store of the suite's own PostgreSQL.
#include "CliProcess.h"
#include "StoreFingerprint.h"
#include "EngineStore.h"

#include "StoreSession.h"
#include "commands/DecisionCommand.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestStaleDecision : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void aDecisionOnWhatTheWindowNoLongerShowsIsRefused()
    {
        test::EngineStore store(m_engines);
        const QString id = QStringLiteral("mem_tea");
        QVERIFY(store->memories().insert(test::sampleMemory(id, time::nowMs() - kMsPerDay)));
        store.close();
        StoreSession session;
        QVERIFY(session.open(store.path()));

        // Another writer (the command line) confirms it; the window has not looked since.
        const test::CliRun other = test::runRecollectorCli(store.path(), {QStringLiteral("confirm"), id});
        QVERIFY2(other.code == 0, other.err.constData());
        const test::StoreFingerprint before = test::fingerprint(*session.store());

        QStringList errors;
        auto negate = std::unique_ptr<DecisionCommand>(
            DecisionCommand::negate(&session, {id}, {}, [&errors](const QString &m) { errors << m; }));
        negate->redo();
        QVERIFY(!negate->succeeded());
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().contains(QLatin1String("changed since you looked at it"))
                     && errors.first().contains(QLatin1String("confirmed it")),
                 qPrintable(errors.first()));
        QVERIFY(test::fingerprint(*session.store()) == before);

        // The window reads the change (as its refresh does); now the person decides on it.
        session.refresh({id});
        errors.clear();
        auto again = std::unique_ptr<DecisionCommand>(
            DecisionCommand::negate(&session, {id}, {}, [&errors](const QString &m) { errors << m; }));
        again->redo();
        QVERIFY2(again->succeeded(), qPrintable(errors.join(u'\n')));
        QVERIFY(session.store()->memories().get(id)->negated);
    }
};

QTEST_MAIN(TestStaleDecision)
#include "tst_stale_decision.moc"
