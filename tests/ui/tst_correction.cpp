// A negation with a correction (issue 20, item 5; docs/scoring.md, "Negation with a
// correction"), from the window (DecisionCommand) and from recollector-cli: the corrected memory
// has confidence 1.0 (the user said it), the keywords of its own text followed by the
// original's, and its links at once (in the same command, no rebuild needed).
#include "CliProcess.h"
#include "TempStore.h"

#include "StoreSession.h"
#include "commands/DecisionCommand.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestCorrection : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::TempStore> m_store;

    void fill()
    {
        const Millis now = time::nowMs();
        Memory old = test::sampleMemory(QStringLiteral("mem_old"), now - kMsPerDay);
        old.content = QStringLiteral("Lin drinks green tea every morning");
        old.keywords = {QStringLiteral("tea"), QStringLiteral("morning")};
        old.confidence = 0.6;
        QVERIFY((*m_store)->memories().insert(old));
        // Shares a word only with the correction's own text: linked only if that word is a keyword.
        Memory other = test::sampleMemory(QStringLiteral("mem_oolong"), now - kMsPerDay);
        other.content = QStringLiteral("Lin drinks oolong from a clay cup");
        other.keywords = {QStringLiteral("oolong"), QStringLiteral("drinks")};
        QVERIFY((*m_store)->memories().insert(other));
    }

    void verifyCorrected(Store &store, const QString &id)
    {
        const auto corrected = store.memories().get(id);
        QVERIFY(corrected);
        QCOMPARE(corrected->supersedesId, QStringLiteral("mem_old"));
        QCOMPARE(corrected->confidence, 1.0);
        QVERIFY2(corrected->keywords.contains(QStringLiteral("oolong")), qPrintable(corrected->keywords.join(u',')));
        QVERIFY(corrected->keywords.contains(QStringLiteral("tea")));
        QVERIFY(corrected->keywords.contains(QStringLiteral("morning")));
        QVERIFY(corrected->keywords.indexOf(QStringLiteral("oolong")) < corrected->keywords.indexOf(QStringLiteral("morning")));
        const auto links = store.associations().of(id);
        QVERIFY(links);
        QStringList linked;
        for (const Association &a : *links)
            linked << (a.a == id ? a.b : a.a);
        QVERIFY2(linked.contains(QStringLiteral("mem_oolong")),
                 qPrintable(linked.join(u',') + QStringLiteral(" / keywords ") + corrected->keywords.join(u',')));
    }

private Q_SLOTS:
    void init()
    {
        m_store = std::make_unique<test::TempStore>();
        fill();
    }

    void fromTheWindow()
    {
        m_store->close();
        StoreSession session;
        QVERIFY(session.open(m_store->path()));
        QStringList errors;
        auto command = std::unique_ptr<DecisionCommand>(DecisionCommand::negate(
            &session, {QStringLiteral("mem_old")}, QStringLiteral("Lin now drinks oolong tea every morning"),
            [&errors](const QString &m) { errors << m; }));
        command->redo();
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QCOMPARE(command->createdIds().size(), 1);
        verifyCorrected(*session.store(), command->createdIds().first());
    }

    void fromRecollectorCli()
    {
        m_store->close();
        const test::CliRun r = test::runRecollectorCli(m_store->path(), {QStringLiteral("--json"), QStringLiteral("negate"), QStringLiteral("mem_old"),
                                                                     QStringLiteral("--correction"), QStringLiteral("Lin now drinks oolong tea every morning")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject out = QJsonDocument::fromJson(r.out).object();
        const QString id = out.value(QStringLiteral("correction")).toObject().value(QStringLiteral("id")).toString();
        QVERIFY2(!id.isEmpty(), r.out.constData());
        m_store->reopen();
        verifyCorrected(m_store->store(), id);
    }
};

QTEST_MAIN(TestCorrection)
#include "tst_correction.moc"
