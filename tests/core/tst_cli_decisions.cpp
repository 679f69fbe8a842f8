// recollector-cli as the assistant side and scripts use it (docs/cli.md, "recollector-cli"):
// `--at T --json health` reproduces the notes' numbers under each profile on a store filled
// through the repository, every decision lands in `show --json` history, `revert` restores,
// cleanup's JSON shape.
#include "EngineStore.h"

#include "store/MetaRepository.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

#include <cmath>

using namespace recollector;
using namespace recollector::core;

namespace {

const QString kAt = QStringLiteral("2025-01-01T00:00:00Z");
constexpr Millis kNow = 1735689600000; // kAt

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
    QJsonValue json() const
    {
        const QJsonDocument doc = QJsonDocument::fromJson(out);
        return doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    }
};

Memory memory(const QString &id, const QString &category, double daysSinceReinforced)
{
    Memory m = test::sampleMemory(id, kNow - 400 * kMsPerDay);
    m.category = category;
    m.confidence = 0.5;
    m.lastReinforcedAt = kNow - Millis(daysSinceReinforced * double(kMsPerDay));
    m.lastAccessedAt = m.lastReinforcedAt;
    m.updatedAt = m.lastReinforcedAt;
    return m;
}

QJsonObject byId(const QJsonArray &array, const QString &id)
{
    for (const QJsonValue &v : array) {
        if (v.toObject().value("id").toString() == id)
            return v.toObject();
    }
    return {};
}

double r4(double v) { return std::round(v * 1e4) / 1e4; }

} // namespace

class TestCliDecisions : public QObject
{
    Q_OBJECT

private:
    test::EngineFixture m_engines;

    Run cli(const QString &store, QStringList args, const QString &at = kAt)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
        p.setProcessEnvironment(env);
        args = QStringList{QStringLiteral("--store"), store, QStringLiteral("--at"), at} + args;
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), args);
        Run r;
        if (!p.waitForFinished(60000)) {
            p.kill();
            return r;
        }
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

private Q_SLOTS:
    // Each test runs on SQLite and on PostgreSQL (docs/team-store.md, "Tests"); a run of the
    // command line per step, dozens a test, so the server's rows run in the release build only.
    void initTestCase_data() { test::EngineFixture::addEngines(test::EngineFixture::Cost::Heavy); }

    void healthReproducesTheNotes_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("key");   // in the object, or factors.<name>
        QTest::addColumn<double>("expected");
        QTest::newRow("ebbinghaus S=24 after 24 h → 37") << "ebbinghaus" << "ebb-24h" << "strength" << 37.0;
        QTest::newRow("ebbinghaus daysUntilFade 1.3") << "ebbinghaus" << "ebb-24h" << "daysUntilFade" << 1.3;
        QTest::newRow("ebbinghaus S=168 fresh: 16.1 days") << "ebbinghaus" << "ebb-manual" << "daysUntilFade" << 16.1;
        QTest::newRow("enhanced identity 180 d: w_time 0.4545") << "enhanced" << "identity-180d" << "factors.timeWeight" << 0.4545;
        QTest::newRow("enhanced temporary 180 d: w_time 0.3077") << "enhanced" << "temporary-180d" << "factors.timeWeight" << 0.3077;
        QTest::newRow("enhanced mention 11 d ago: W 1.5443") << "enhanced" << "mentioned-11d" << "score" << 1.5443;
        QTest::newRow("enhanced mention 11 d ago: S 1.2885") << "enhanced" << "mentioned-11d" << "factors.semanticBoost" << 1.2885;
        QTest::newRow("importance fact after 30 d: 0.95^23") << "importance" << "fact-30d" << "score" << 0.3074;
        QTest::newRow("importance episode day 8: ×0.8") << "importance" << "episode-8d" << "score" << 0.8;
        QTest::newRow("lifecycle 10 d, 2 recalls, importance 1") << "lifecycle" << "recalled-10d" << "score" << 0.6695;
        QTest::newRow("negated today: C = 0.30 (lifecycle, capped at 1 first)") << "lifecycle" << "negated" << "score" << 0.3;
    }
    void healthReproducesTheNotes()
    {
        QFETCH(QString, profile);
        QFETCH(QString, id);
        QFETCH(QString, key);
        QFETCH(double, expected);
        test::EngineStore s(m_engines);
        Memory ebb = memory(QStringLiteral("ebb-24h"), QStringLiteral("fact"), 1);
        ebb.stability = 24;
        Memory manual = memory(QStringLiteral("ebb-manual"), QStringLiteral("fact"), 0);
        manual.stability = 168;
        QVERIFY(s->memories().insert(ebb));
        QVERIFY(s->memories().insert(manual));
        QVERIFY(s->memories().insert(memory(QStringLiteral("identity-180d"), QStringLiteral("identity"), 180)));
        QVERIFY(s->memories().insert(memory(QStringLiteral("temporary-180d"), QStringLiteral("temporary"), 180)));
        QVERIFY(s->memories().insert(memory(QStringLiteral("mentioned-11d"), QStringLiteral("stable_preference"), 11)));
        Event mention;
        mention.memoryId = QStringLiteral("mentioned-11d");
        mention.kind = events::kReinforce;
        mention.at = kNow - 11 * kMsPerDay;
        mention.payload = QJsonObject{{"event", "manual"}, {"mention", true}};
        QVERIFY(s->events().append(mention));
        QVERIFY(s->memories().insert(memory(QStringLiteral("fact-30d"), QStringLiteral("fact"), 30)));
        QVERIFY(s->memories().insert(memory(QStringLiteral("episode-8d"), QStringLiteral("episode"), 8)));
        Memory recalled = memory(QStringLiteral("recalled-10d"), QStringLiteral("fact"), 10);
        recalled.accessCount = 2;
        QVERIFY(s->memories().insert(recalled));
        Memory negated = memory(QStringLiteral("negated"), QStringLiteral("fact"), 0);
        negated.negated = true;
        negated.negatedAt = kNow;
        QVERIFY(s->memories().insert(negated));
        s.close();

        // The store's profile, set through the CLI.
        const Run set = cli(s.path(), {QStringLiteral("--json"), QStringLiteral("profile"), profile});
        QCOMPARE(set.code, 0);
        QCOMPARE(set.json().toObject().value("profile").toString(), profile);

        const Run health = cli(s.path(), {QStringLiteral("--json"), QStringLiteral("health")});
        QVERIFY2(health.code == 0, health.err.constData());
        const QJsonArray rows = health.json().toArray();
        QCOMPARE(rows.size(), 9);
        // Sorted by strength, strongest first.
        for (int i = 1; i < rows.size(); ++i)
            QVERIFY(rows[i - 1].toObject().value("strength").toDouble() >= rows[i].toObject().value("strength").toDouble());
        const QJsonObject row = byId(rows, id);
        QVERIFY(!row.isEmpty());
        const QJsonValue value = key.startsWith(QLatin1String("factors."))
                                     ? row.value("factors").toObject().value(key.mid(8))
                                     : row.value(key);
        QVERIFY2(value.isDouble(), qPrintable(key));
        QCOMPARE(r4(value.toDouble()), expected);
        QVERIFY(row.contains("tier") && row.contains("score") && row.contains("daysUntilFade"));
    }

    void everyDecisionLandsInTheHistory()
    {
        test::EngineStore s(m_engines);
        for (const char *id : {"a", "b", "c", "d"})
            QVERIFY(s->memories().insert(memory(QString::fromLatin1(id), QStringLiteral("fact"), 1)));
        s.close();
        const QString store = s.path();
        auto ok = [&](const QStringList &args) {
            const Run r = cli(store, QStringList{QStringLiteral("--json")} + args);
            if (r.code != 0)
                qWarning("%s: %s", qPrintable(args.join(' ')), r.err.constData());
            return r;
        };
        QCOMPARE(ok({"reinforce", "a", "--event", "task_success"}).json().toObject().value("stability").toDouble(), 48.0);
        QCOMPARE(ok({"confirm", "a"}).json().toObject().value("verified").toBool(), true);
        const QJsonObject negated = ok({"negate", "b", "--correction", "Prefers jest now"}).json().toObject();
        QCOMPARE(negated.value("negated").toBool(), true);
        const QString corrected = negated.value("correction").toObject().value("id").toString();
        QVERIFY(corrected.startsWith(QStringLiteral("mem_")));
        QCOMPARE(negated.value("correction").toObject().value("supersedesId").toString(), QStringLiteral("b"));
        QCOMPARE(ok({"permanent", "c"}).json().toObject().value("tier").toString(), QStringLiteral("permanent"));
        QCOMPARE(ok({"permanent", "c", "--off"}).json().toObject().value("permanent").toBool(), false);
        const QJsonObject edited = ok({"edit", "c", "--content", "new text", "--keywords", "X, y ,x", "--category", "skill"}).json().toObject();
        QCOMPARE(edited.value("content").toString(), QStringLiteral("new text"));
        QCOMPARE(edited.value("keywords").toArray(), (QJsonArray{"x", "y"}));
        // Rule 12: the fields the window's detail panel edits, in one edit decision.
        const QJsonObject fields = ok({"edit", "c", "--importance", "2.5", "--confidence", "0.3", "--project", "/work/api",
                                       "--sensitivity", "2"})
                                       .json()
                                       .toObject();
        QCOMPARE(fields.value("importance").toDouble(), 2.5);
        QCOMPARE(fields.value("confidence").toDouble(), 0.3);
        QCOMPARE(fields.value("projectPath").toString(), QStringLiteral("/work/api"));
        QCOMPARE(fields.value("sensitivity").toInt(), 2);
        QCOMPARE(ok({"delete", "d"}).json().toObject().value("deletedAt").toString(), QStringLiteral("2025-01-01T00:00:00.000Z"));
        QVERIFY(!ok({"restore", "d"}).json().toObject().contains("deletedAt"));
        const QJsonObject merged = ok({"merge", "c", "d", "--content", "summary"}).json().toObject();
        QCOMPARE(merged.value("mergedFrom").toArray(), (QJsonArray{"c", "d"}));
        QCOMPARE(merged.value("content").toString(), QStringLiteral("summary"));

        auto kinds = [&](const QString &id) {
            QStringList out;
            for (const QJsonValue &e : ok({"show", id}).json().toObject().value("history").toArray()) {
                out << e.toObject().value("kind").toString();
                if (e.toObject().value("at").toString() != QStringLiteral("2025-01-01T00:00:00.000Z"))
                    out << QStringLiteral("(not at --at)");
            }
            return out;
        };
        QCOMPARE(kinds("a"), (QStringList{"reinforce", "reinforce", "confirm"}));
        QCOMPARE(kinds("b"), (QStringList{"negate", "conflict_resolved"}));
        QCOMPARE(kinds(corrected), QStringList{"create"});
        QCOMPARE(kinds("c"), (QStringList{"permanent", "permanent", "edit", "edit", "merge"}));
        QCOMPARE(kinds("d"), (QStringList{"delete", "restore", "merge"}));
        QCOMPARE(kinds(merged.value("id").toString()), QStringList{"merge"});
    }

    void revertRestoresTheMemory()
    {
        test::EngineStore s(m_engines);
        const Memory original = memory(QStringLiteral("a"), QStringLiteral("fact"), 3);
        QVERIFY(s->memories().insert(original));
        s.close();
        const Run confirmed = cli(s.path(), {QStringLiteral("--json"), QStringLiteral("confirm"), QStringLiteral("a")});
        QCOMPARE(confirmed.code, 0);
        const Run shown = cli(s.path(), {QStringLiteral("--json"), QStringLiteral("show"), QStringLiteral("a")});
        const QJsonArray history = shown.json().toObject().value("history").toArray();
        QCOMPARE(history.size(), 2);
        const QString eventId = QString::number(history.last().toObject().value("id").toInteger());
        const Run reverted = cli(s.path(), {QStringLiteral("--json"), QStringLiteral("revert"), eventId},
                                 QStringLiteral("2025-01-01T01:00:00Z"));
        QVERIFY2(reverted.code == 0, reverted.err.constData());
        QCOMPARE(reverted.json().toObject().value("reverted").toArray().size(), 2);
        s.reopen();
        QCOMPARE(*s->memories().get(QStringLiteral("a")), original);
        QCOMPARE(*s->events().count(), qint64(4));
        // Twice: refused, one line on stderr, non-zero exit.
        const Run again = cli(s.path(), {QStringLiteral("revert"), eventId});
        QVERIFY(again.code != 0);
        QCOMPARE(again.err.trimmed().count('\n'), 0);
        QVERIFY(again.err.contains("already reverted"));
    }

    void cleanupJsonShape()
    {
        test::EngineStore s(m_engines);
        Memory weak = memory(QStringLiteral("weak"), QStringLiteral("fact"), 2.5); // strength 8
        weak.stability = 24;
        QVERIFY(s->memories().insert(weak));
        Memory gone = memory(QStringLiteral("gone"), QStringLiteral("fact"), 10);
        gone.stability = 24;
        QVERIFY(s->memories().insert(gone));
        s.close();
        const Run dry = cli(s.path(), {QStringLiteral("--json"), QStringLiteral("cleanup"), QStringLiteral("--dry-run")});
        QCOMPARE(dry.code, 0);
        const QJsonObject plan = dry.json().toObject();
        QCOMPARE(plan.keys(), (QStringList{"archive", "compress", "delete", "purge"}));
        QCOMPARE(plan.value("archive").toArray(), QJsonArray{"weak"});
        QCOMPARE(plan.value("delete").toArray(), QJsonArray{"gone"});
        s.reopen();
        QCOMPARE(*s->events().count(), qint64(0));
        s.close();
        const Run applied = cli(s.path(), {QStringLiteral("--json"), QStringLiteral("cleanup")});
        QCOMPARE(applied.json().toObject(), plan);
        s.reopen();
        QCOMPARE(s->memories().get(QStringLiteral("weak"))->level, MemoryLevel::Archive);
        QVERIFY(s->memories().get(QStringLiteral("gone"))->isDeleted());
    }

    void fadingListsTheWeakOnes()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(memory(QStringLiteral("fresh"), QStringLiteral("fact"), 0)));
        Memory fading = memory(QStringLiteral("fading"), QStringLiteral("fact"), 2); // 14
        fading.stability = 24;
        QVERIFY(s->memories().insert(fading));
        Memory perm = memory(QStringLiteral("perm"), QStringLiteral("fact"), 20);
        perm.permanent = true;
        QVERIFY(s->memories().insert(perm));
        s.close();
        const Run r = cli(s.path(), {QStringLiteral("--json"), QStringLiteral("fading")});
        QCOMPARE(r.code, 0);
        const QJsonArray rows = r.json().toArray();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows[0].toObject().value("id").toString(), QStringLiteral("fading"));
        QCOMPARE(rows[0].toObject().value("tier").toString(), QStringLiteral("fading"));
    }

    void errorsAreOneLineAndNonZero_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown id") << QStringList{"confirm", "nope"} << 1 << "no memory with id nope";
        QTest::newRow("unknown event") << QStringList{"reinforce", "a", "--event", "hug"} << 2 << "unknown event 'hug'";
        QTest::newRow("no id") << QStringList{"negate"} << 2 << "expected one memory id";
        QTest::newRow("edit without fields") << QStringList{"edit", "a"} << 2 << "give at least one of";
        QTest::newRow("edit importance not a number") << QStringList{"edit", "a", "--importance", "high"} << 2
                                                      << "--importance must be a number, not 'high'";
        QTest::newRow("edit confidence out of range") << QStringList{"edit", "a", "--confidence", "1.5"} << 1
                                                      << "confidence must be between 0 and 1";
        QTest::newRow("edit sensitivity out of range") << QStringList{"edit", "a", "--sensitivity", "7"} << 1
                                                       << "sensitivity must be 0, 1, 2 or 3";
        QTest::newRow("merge one") << QStringList{"merge", "a"} << 2 << "at least two";
        QTest::newRow("unknown profile") << QStringList{"profile", "fancy"} << 2 << "unknown profile 'fancy'";
        QTest::newRow("restore a live memory") << QStringList{"restore", "a"} << 1 << "is not deleted";
        QTest::newRow("revert garbage") << QStringList{"revert", "x"} << 2 << "expected one event id";
    }
    void errorsAreOneLineAndNonZero()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(memory(QStringLiteral("a"), QStringLiteral("fact"), 0)));
        s.close();
        const Run r = cli(s.path(), args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QCOMPARE(r.err.trimmed().count('\n'), 0);
        s.reopen();
        QCOMPARE(*s->events().count(), qint64(0));
    }
};

QTEST_GUILESS_MAIN(TestCliDecisions)
#include "tst_cli_decisions.moc"
