// A conflict's type, status and resolution are enums with one string mapping
// (core/model/Conflict.h). The strings are the formats: the store's columns, the memory set's
// JSON and the CLI's output (docs/formats.md, "Table `conflicts`"). Every value goes through
// the store and the JSON unchanged, the text written is exactly the documented name, a row an
// older Recollector wrote reads, and a name nobody knows is refused with its field named.
#include "TempStore.h"

#include "model/MemoryJson.h"
#include "store/ConflictRepository.h"
#include "store/Database.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1717200000000; // 2024-06-01T00:00Z

// The documented names, in enum order (docs/formats.md). Written out here, not taken from
// the mapping, so a renamed string fails.
const QStringList kTypes{QStringLiteral("direct_contradiction"), QStringLiteral("scope_overlap"),
                         QStringLiteral("temporal_shift"), QStringLiteral("file_clash")};
const QStringList kStatuses{QStringLiteral("open"), QStringLiteral("resolved"), QStringLiteral("dismissed")};
const QStringList kResolutions{QString(),
                               QStringLiteral("latest_wins"),
                               QStringLiteral("version_keep"),
                               QStringLiteral("weight_balance"),
                               QStringLiteral("keep_a"),
                               QStringLiteral("keep_b"),
                               QStringLiteral("keep_both"),
                               QStringLiteral("merge"),
                               QStringLiteral("auto:latest_wins"),
                               QStringLiteral("auto:project_wins")};

Conflict conflictOf(int type, int status, int resolution)
{
    Conflict c;
    c.a = QStringLiteral("m-a%1%2%3").arg(type).arg(status).arg(resolution);
    c.b = QStringLiteral("m-b");
    c.type = ConflictType(type);
    c.status = ConflictStatus(status);
    c.resolution = ConflictResolution(resolution);
    c.detectedAt = kT0;
    c.resolvedAt = resolution ? kT0 + 1000 : 0;
    return c;
}

// A row as any writer (an older Recollector, another program) could have put it there.
void insertRaw(Store &s, const QString &type, const QString &status, const QString &resolution)
{
    QSqlQuery q(s.database().handle());
    QVERIFY(q.prepare(QStringLiteral("INSERT INTO conflicts (a, b, type, status, resolution, detected_at, resolved_at) "
                                     "VALUES ('x', 'y', ?, ?, ?, ?, 0)")));
    q.addBindValue(type);
    q.addBindValue(status);
    q.addBindValue(resolution);
    q.addBindValue(kT0);
    QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
}

QStringList storedText(Store &s, qint64 id)
{
    QSqlQuery q(s.database().handle());
    q.prepare(QStringLiteral("SELECT type, status, resolution FROM conflicts WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return {};
    return {q.value(0).toString(), q.value(1).toString(), q.value(2).toString()};
}

} // namespace

class TestConflictNames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesAreTheDocumentedStrings()
    {
        for (int i = 0; i < kTypes.size(); ++i) {
            QCOMPARE(conflictTypeName(ConflictType(i)), kTypes[i]);
            QCOMPARE(conflictTypeFromName(kTypes[i]), std::optional(ConflictType(i)));
        }
        QCOMPARE(conflictTypeNames(), kTypes);
        for (int i = 0; i < kStatuses.size(); ++i) {
            QCOMPARE(conflictStatusName(ConflictStatus(i)), kStatuses[i]);
            QCOMPARE(conflictStatusFromName(kStatuses[i]), std::optional(ConflictStatus(i)));
        }
        QCOMPARE(conflictStatusNames(), kStatuses);
        for (int i = 0; i < kResolutions.size(); ++i) {
            QCOMPARE(conflictResolutionName(ConflictResolution(i)), kResolutions[i]);
            QCOMPARE(conflictResolutionFromName(kResolutions[i]), std::optional(ConflictResolution(i)));
            QCOMPARE(isAutomatic(ConflictResolution(i)), kResolutions[i].startsWith(QLatin1String("auto:")));
        }
        QCOMPARE(conflictResolutionNames(), kResolutions.mid(1));
        // None is written as '' (the column is NOT NULL), never as a null string.
        QVERIFY(!conflictResolutionName(ConflictResolution::None).isNull());
        QCOMPARE(conflictResolutionFromName(QString()), std::optional(ConflictResolution::None));
        // Near misses are not names.
        for (const QString &bad : {QStringLiteral("Open"), QStringLiteral("open "), QStringLiteral("direct"),
                                   QStringLiteral("auto:keep_a"), QStringLiteral("project_wins")}) {
            QVERIFY(!conflictStatusFromName(bad));
            QVERIFY(!conflictTypeFromName(bad));
            QVERIFY(!conflictResolutionFromName(bad));
        }
    }

    // Every value through a real store file: written as its exact name, read back equal,
    // after the store is closed and opened again.
    void everyValueRoundTripsThroughTheStore()
    {
        test::TempStore s;
        std::vector<Conflict> written;
        for (int t = 0; t < kTypes.size(); ++t) {
            for (int st = 0; st < kStatuses.size(); ++st) {
                for (int r = 0; r < kResolutions.size(); ++r) {
                    Conflict c = conflictOf(t, st, r);
                    QVERIFY(s->conflicts().insert(c));
                    QCOMPARE(storedText(*s, c.id), (QStringList{kTypes[t], kStatuses[st], kResolutions[r]}));
                    written.push_back(c);
                }
            }
        }
        s.reopen();
        auto all = s->conflicts().list();
        QVERIFY2(all, all ? "" : qPrintable(all.error().message));
        QCOMPARE(*all, written);
        for (const Conflict &c : written)
            QCOMPARE(*s->conflicts().get(c.id), c);
        for (int st = 0; st < kStatuses.size(); ++st) {
            auto some = s->conflicts().list(ConflictStatus(st));
            QVERIFY(some);
            QCOMPARE(int(some->size()), int(kTypes.size() * kResolutions.size()));
            for (const Conflict &c : *some)
                QCOMPARE(c.status, ConflictStatus(st));
        }
        QCOMPARE(*s->conflicts().countOpen(), qint64(kTypes.size() * kResolutions.size()));

        // update() writes the names too.
        Conflict changed = written.front();
        changed.status = ConflictStatus::Dismissed;
        changed.resolution = ConflictResolution::AutoProjectWins;
        QVERIFY(s->conflicts().update(changed));
        QCOMPARE(storedText(*s, changed.id), (QStringList{kTypes[0], QStringLiteral("dismissed"),
                                                          QStringLiteral("auto:project_wins")}));
        QCOMPARE(*s->conflicts().get(changed.id), changed);
    }

    // Rows written as text by an older Recollector (or the generator's bulk path) read as the enums.
    void rowsWrittenAsTextRead()
    {
        test::TempStore s;
        for (const QString &type : kTypes)
            for (const QString &status : kStatuses)
                for (const QString &resolution : kResolutions)
                    insertRaw(*s, type, status, resolution.isNull() ? QStringLiteral("") : resolution);
        auto all = s->conflicts().list();
        QVERIFY2(all, all ? "" : qPrintable(all.error().message));
        QCOMPARE(int(all->size()), int(kTypes.size() * kStatuses.size() * kResolutions.size()));
        int i = 0;
        for (const QString &type : kTypes) {
            for (const QString &status : kStatuses) {
                for (const QString &resolution : kResolutions) {
                    const Conflict &c = (*all)[std::size_t(i++)];
                    QCOMPARE(conflictTypeName(c.type), type);
                    QCOMPARE(conflictStatusName(c.status), status);
                    QCOMPARE(conflictResolutionName(c.resolution), resolution.isNull() ? QStringLiteral("") : resolution);
                }
            }
        }
    }

    void everyValueRoundTripsThroughJson()
    {
        for (int t = 0; t < kTypes.size(); ++t) {
            for (int st = 0; st < kStatuses.size(); ++st) {
                for (int r = 0; r < kResolutions.size(); ++r) {
                    Conflict c = conflictOf(t, st, r);
                    c.id = 7;
                    const QJsonObject o = io::conflictToJson(c);
                    QCOMPARE(o.value(QStringLiteral("type")).toString(), kTypes[t]);
                    QCOMPARE(o.value(QStringLiteral("status")).toString(), kStatuses[st]);
                    // No resolution: the key is left out, as before.
                    QCOMPARE(o.contains(QStringLiteral("resolution")), r != 0);
                    if (r != 0)
                        QCOMPARE(o.value(QStringLiteral("resolution")).toString(), kResolutions[r]);
                    // Through text, as in a file.
                    const QJsonObject read = QJsonDocument::fromJson(QJsonDocument(o).toJson()).object();
                    auto back = io::conflictFromJson(read, QStringLiteral("set.json: conflict 0"));
                    QVERIFY2(back, back ? "" : qPrintable(back.error().message));
                    QCOMPARE(*back, c);
                }
            }
        }
    }

    void unknownNameInTheStoreIsRefusedWithTheField_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("resolution");
        QTest::addColumn<QString>("message");
        QTest::newRow("type") << "opposite" << "open" << ""
                              << R"(field "type": "opposite" is not one of direct_contradiction, scope_overlap, temporal_shift, file_clash)";
        QTest::newRow("status") << "scope_overlap" << "closed" << ""
                                << R"(field "status": "closed" is not one of open, resolved, dismissed)";
        QTest::newRow("resolution") << "temporal_shift" << "resolved" << "auto:magic"
                                    << R"(field "resolution": "auto:magic" is not one of latest_wins, version_keep)";
        QTest::newRow("case matters") << "Direct_Contradiction" << "open" << ""
                                      << R"(field "type": "Direct_Contradiction" is not one of)";
    }

    void unknownNameInTheStoreIsRefusedWithTheField()
    {
        QFETCH(QString, type);
        QFETCH(QString, status);
        QFETCH(QString, resolution);
        QFETCH(QString, message);
        test::TempStore s;
        Conflict good = conflictOf(0, 0, 0);
        QVERIFY(s->conflicts().insert(good));
        insertRaw(*s, type, status, resolution);
        const qint64 badId = good.id + 1;

        auto all = s->conflicts().list();
        QVERIFY(!all);
        QCOMPARE(all.error().code, Error::Code::Validation);
        QVERIFY2(all.error().message.contains(message), qPrintable(all.error().message));
        QVERIFY2(all.error().message.startsWith(s.path() + QStringLiteral(": conflict %1: ").arg(badId)),
                 qPrintable(all.error().message));
        auto one = s->conflicts().get(badId);
        QVERIFY(!one);
        QVERIFY2(one.error().message.contains(message), qPrintable(one.error().message));
        QVERIFY(!s->conflicts().between(QStringLiteral("x"), QStringLiteral("y")));
        // The good row still reads on its own.
        QCOMPARE(*s->conflicts().get(good.id), good);
    }

    void unknownNameInJsonIsRefusedWithTheField_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        const QString rest = QStringLiteral(R"("a":"a","b":"b","detectedAt":"2024-01-01T00:00:00Z")");
        QTest::newRow("type") << (QStringLiteral(R"({"type":"opposite",)") + rest + QLatin1Char('}'))
                              << R"(set.json: conflict 3: field "type": "opposite" is not one of direct_contradiction, scope_overlap, temporal_shift, file_clash)";
        QTest::newRow("status") << (QStringLiteral(R"({"type":"scope_overlap","status":"closed",)") + rest + QLatin1Char('}'))
                                << R"(set.json: conflict 3: field "status": "closed" is not one of open, resolved, dismissed)";
        QTest::newRow("resolution")
            << (QStringLiteral(R"({"type":"scope_overlap","status":"resolved","resolution":"project_wins",)") + rest
                + QLatin1Char('}'))
            << R"(set.json: conflict 3: field "resolution": "project_wins" is not one of latest_wins, version_keep, weight_balance, keep_a, keep_b, keep_both, merge, auto:latest_wins, auto:project_wins (or empty))";
    }

    void unknownNameInJsonIsRefusedWithTheField()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        const QJsonObject o = QJsonDocument::fromJson(json.toUtf8()).object();
        QVERIFY(!o.isEmpty());
        auto c = io::conflictFromJson(o, QStringLiteral("set.json: conflict 3"));
        QVERIFY(!c);
        QCOMPARE(c.error().code, Error::Code::Validation);
        QCOMPARE(c.error().message, message);
    }

    // The CLI prints the same names as before, and a store with a row it cannot read says
    // which field of which conflict, instead of listing a guess.
    void cliPrintsTheNamesAndRefusesAnUnknownOne()
    {
        test::TempStore s;
        Conflict c = conflictOf(2, 1, 8); // temporal_shift, resolved, auto:latest_wins
        QVERIFY(s->conflicts().insert(c));
        const QString path = s.path();
        auto run = [&](const QStringList &args, QByteArray *err = nullptr) {
            QProcess p;
            p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), QStringList{QStringLiteral("--store"), path} + args);
            if (!p.waitForFinished(60000)) {
                p.kill();
                return std::pair{-1, QByteArray()};
            }
            if (err)
                *err = p.readAllStandardError();
            return std::pair{p.exitCode(), p.readAllStandardOutput()};
        };
        s.close();
        const auto [code, out] = run({QStringLiteral("conflicts")});
        QCOMPARE(code, 0);
        QVERIFY2(out.contains("temporal_shift        resolved (auto:latest_wins)"), out.constData());
        const auto [jsonCode, json] = run({QStringLiteral("--json"), QStringLiteral("conflicts"),
                                           QStringLiteral("--status"), QStringLiteral("resolved")});
        QCOMPARE(jsonCode, 0);
        const QJsonObject first = QJsonDocument::fromJson(json).array().first().toObject();
        QCOMPARE(first.value(QStringLiteral("type")).toString(), QStringLiteral("temporal_shift"));
        QCOMPARE(first.value(QStringLiteral("status")).toString(), QStringLiteral("resolved"));
        QByteArray err;
        QCOMPARE(run({QStringLiteral("conflicts"), QStringLiteral("--status"), QStringLiteral("closed")}, &err).first, 2);
        QVERIFY2(err.contains("--status must be open, resolved or dismissed, not 'closed'"), err.constData());

        s.reopen();
        insertRaw(*s, QStringLiteral("temporal_shift"), QStringLiteral("pending"), QStringLiteral(""));
        s.close();
        const auto [badCode, badOut] = run({QStringLiteral("conflicts")}, &err);
        QVERIFY(badCode != 0);
        QVERIFY2(err.contains(R"(conflict 2: field "status": "pending" is not one of open, resolved, dismissed)"),
                 err.constData());
        QVERIFY(!badOut.contains("temporal_shift"));
    }
};

QTEST_GUILESS_MAIN(TestConflictNames)
#include "tst_conflict_names.moc"
