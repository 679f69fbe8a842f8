// Normal query mode returns only current memories (docs/scoring.md, "Query modes"): never a
// negated, superseded or deleted one, neither as a direct hit nor reached by the spread, in
// the core (Retrieval, which the window's playground runs) and through the real recollector-cli
// (`retrieve`, `list --mode normal`). Review mode still shows the superseded one.
#include "engine/recall/Retrieval.h"
#include "scoring/ScoringProfile.h"
#include "CliProcess.h"
#include "TempStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kBase = 1704067200000; // 2024-01-01T00:00Z

Memory mem(const QString &id, const QStringList &keywords)
{
    Memory m;
    m.id = id;
    m.content = QStringLiteral("content of ") + id;
    m.category = QStringLiteral("fact");
    m.keywords = keywords;
    m.confidence = 0.8;
    m.stability = 8760; // strong: only the flags can keep them out
    m.createdAt = m.updatedAt = m.lastReinforcedAt = kBase;
    return m;
}

QStringList ids(const std::vector<RetrievalResult> &results)
{
    QStringList out;
    for (const RetrievalResult &r : results)
        out << r.id;
    out.sort();
    return out;
}

QStringList cliIds(const QString &store, const QStringList &args)
{
    const test::CliRun run =
        test::runRecollectorCli(store, QStringList{QStringLiteral("--json")} + args, QStringLiteral("2024-01-01T01:00:00Z"));
    if (run.code != 0)
        return {QStringLiteral("(exit %1) ").arg(run.code) + QString::fromUtf8(run.err)};
    const QByteArray &out = run.out;
    const QJsonDocument doc = QJsonDocument::fromJson(out);
    QJsonArray rows = doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("results")).toArray();
    QStringList found;
    for (const QJsonValue &v : rows) {
        const QJsonObject o = v.toObject();
        found << (o.contains(QStringLiteral("id")) ? o.value(QStringLiteral("id")).toString()
                                                   : o.value(QStringLiteral("memory")).toObject().value(QStringLiteral("id")).toString());
    }
    found.sort();
    return found;
}

} // namespace

class NormalModeCurrentTest : public QObject
{
    Q_OBJECT

private slots:
    void normalModeReturnsOnlyCurrentMemories()
    {
        test::TempStore store;
        QVERIFY(store->memories().insert(mem(QStringLiteral("current"), {QStringLiteral("deploy")})).ok());
        Memory superseded = mem(QStringLiteral("superseded"), {QStringLiteral("deploy")});
        superseded.superseded = true;
        superseded.negatedAt = kBase;
        QVERIFY(store->memories().insert(superseded).ok());
        Memory negated = mem(QStringLiteral("negated"), {QStringLiteral("deploy")});
        negated.negated = true;
        negated.negatedAt = kBase;
        QVERIFY(store->memories().insert(negated).ok());
        Memory deleted = mem(QStringLiteral("deleted"), {QStringLiteral("deploy")});
        deleted.deletedAt = kBase;
        QVERIFY(store->memories().insert(deleted).ok());
        // Reached only through the spread: a superseded memory linked to the seed.
        Memory spread = mem(QStringLiteral("spread-superseded"), {QStringLiteral("rollback")});
        spread.superseded = true;
        QVERIFY(store->memories().insert(spread).ok());
        QVERIFY(store->associations()
                    .put({QStringLiteral("current"), QStringLiteral("spread-superseded"), 1.0, QStringLiteral("keyword"), 0})
                    .ok());

        const Config config = Config::defaults();
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), config);
        Retrieval retrieval(*store, config, *profile);
        RetrievalOptions normal;
        normal.preview = true;
        auto found = retrieval.retrieve(QStringLiteral("deploy"), normal, kBase + kMsPerHour);
        QVERIFY2(found, qPrintable(found ? QString() : found.error().message));
        QCOMPARE(ids(*found), QStringList{QStringLiteral("current")});

        RetrievalOptions review = normal;
        review.mode = QueryMode::Review;
        found = retrieval.retrieve(QStringLiteral("deploy"), review, kBase + kMsPerHour);
        QVERIFY(found);
        QVERIFY(ids(*found).contains(QStringLiteral("superseded")));

        const QString path = store.path();
        store.close();
        QCOMPARE(cliIds(path, {QStringLiteral("retrieve"), QStringLiteral("deploy"), QStringLiteral("--preview")}),
                 QStringList{QStringLiteral("current")});
        const QStringList listed = cliIds(path, {QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("normal")});
        QVERIFY2(!listed.contains(QStringLiteral("superseded")) && !listed.contains(QStringLiteral("spread-superseded"))
                     && listed.contains(QStringLiteral("current")),
                 qPrintable(listed.join(u',')));
    }
};

QTEST_GUILESS_MAIN(NormalModeCurrentTest)
#include "tst_normal_mode_current.moc"
