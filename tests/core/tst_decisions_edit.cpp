// Issue 14, rule 12 ("what looks editable saves"): the edit decision changes every field the
// detail panel shows as editable (content, keywords, category, confidence, importance,
// projectPath, sensitivity), each as one transaction whose event holds the old and new value;
// the change is in the store (seen through a fresh connection), a revert puts the memory
// back exactly, and a value out of its field's range is refused with a message naming the
// field, writing nothing.
#include "EngineStore.h"

#include "engine/decisions/Decisions.h"
#include "model/Event.h"
#include "model/MemoryFields.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1717200000000; // 2024-06-01T00:00Z
const QString kId = QStringLiteral("mem_a");

Memory make()
{
    Memory m = test::sampleMemory(kId, kT0 - 10 * kMsPerDay);
    m.confidence = 0.8;
    m.importance = 1.0;
    m.projectPath = QStringLiteral("/work/site");
    m.sensitivity = 0;
    return m;
}

/// The edit setting `field` to `value` (a JSON value of the field's own type).
MemoryEdit editOf(const QString &field, const QVariant &value)
{
    MemoryEdit e;
    if (field == QLatin1String("content"))
        e.content = value.toString();
    else if (field == QLatin1String("keywords"))
        e.keywords = value.toStringList();
    else if (field == QLatin1String("category"))
        e.category = value.toString();
    else if (field == QLatin1String("confidence"))
        e.confidence = value.toDouble();
    else if (field == QLatin1String("importance"))
        e.importance = value.toDouble();
    else if (field == QLatin1String("projectPath"))
        e.projectPath = value.toString();
    else if (field == QLatin1String("sensitivity"))
        e.sensitivity = value.toInt();
    return e;
}

} // namespace

class TestDecisionsEdit : public QObject
{
    Q_OBJECT

private:
    const Config m_config = Config::defaults();
    test::EngineFixture m_engines;

private Q_SLOTS:
    // Each test runs on SQLite and on PostgreSQL (docs/team-store.md, "Tests").
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void eachFieldIsEditedPersistedAndReverted_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QVariant>("value");
        QTest::addColumn<QJsonValue>("stored"); // the field's value in the event's "after"
        QTest::newRow("content") << "content" << QVariant(QStringLiteral("Prefers pnpm")) << QJsonValue("Prefers pnpm");
        QTest::newRow("keywords") << "keywords" << QVariant(QStringList{QStringLiteral("PNPM"), QStringLiteral("node")})
                                  << QJsonValue(QJsonArray{"pnpm", "node"});
        QTest::newRow("category") << "category" << QVariant(QStringLiteral("skill")) << QJsonValue("skill");
        QTest::newRow("confidence") << "confidence" << QVariant(0.35) << QJsonValue(0.35);
        QTest::newRow("importance") << "importance" << QVariant(2.75) << QJsonValue(2.75);
        QTest::newRow("projectPath") << "projectPath" << QVariant(QStringLiteral("  /work/api ")) << QJsonValue("/work/api");
        QTest::newRow("projectPath global") << "projectPath" << QVariant(QString()) << QJsonValue("");
        QTest::newRow("sensitivity") << "sensitivity" << QVariant(3) << QJsonValue(3);
    }
    void eachFieldIsEditedPersistedAndReverted()
    {
        QFETCH(QString, field);
        QFETCH(QVariant, value);
        QFETCH(QJsonValue, stored);
        test::EngineStore s(m_engines);
        const Memory original = make();
        QVERIFY(s->memories().insert(original));
        const qint64 eventsBefore = *s->events().count();

        {
            Decisions d(*s, m_config, QStringLiteral("enhanced"));
            const auto done = d.edit(kId, editOf(field, value), kT0);
            QVERIFY2(done, done ? "" : qPrintable(done.error().message));
            QCOMPARE(done->eventIds.size(), 1);
        }
        // In the store: a fresh connection reads the new value and the event.
        s.reopen();
        const Memory edited = *s->memories().get(kId);
        QCOMPARE(MemoryFields::toJson(edited).value(field), stored);
        QCOMPARE(edited.updatedAt, kT0);
        QCOMPARE(*s->events().count(), eventsBefore + 1);
        const Event event = s->events().forMemory(kId)->back();
        QCOMPARE(event.kind, events::kEdit);
        QCOMPARE(event.payload.value("before").toObject().value(field), MemoryFields::toJson(original).value(field));
        QCOMPARE(event.payload.value("after").toObject().value(field), stored);
        // Only the field asked for (and the bookkeeping of every write) changed.
        for (const QString &key : event.payload.value("after").toObject().keys())
            QVERIFY2(key == field || key == QLatin1String("updatedAt") || key == QLatin1String("strength"), qPrintable(key));

        // Undo puts the memory back exactly, in the store too.
        {
            Decisions d(*s, m_config, QStringLiteral("enhanced"));
            const auto undone = d.revert(event.id, kT0 + kMsPerHour);
            QVERIFY2(undone, undone ? "" : qPrintable(undone.error().message));
        }
        s.reopen();
        QCOMPARE(*s->memories().get(kId), original);
    }

    void outOfRangeValuesAreRefusedNamingTheField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QVariant>("value");
        QTest::newRow("confidence above 1") << "confidence" << QVariant(1.5);
        QTest::newRow("confidence below 0") << "confidence" << QVariant(-0.1);
        QTest::newRow("confidence NaN") << "confidence" << QVariant(std::numeric_limits<double>::quiet_NaN());
        QTest::newRow("importance negative") << "importance" << QVariant(-1.0);
        QTest::newRow("importance infinite") << "importance" << QVariant(std::numeric_limits<double>::infinity());
        QTest::newRow("importance huge") << "importance" << QVariant(2e6);
        QTest::newRow("sensitivity 4") << "sensitivity" << QVariant(4);
        QTest::newRow("sensitivity -1") << "sensitivity" << QVariant(-1);
        QTest::newRow("projectPath too long") << "projectPath" << QVariant(QString(5000, QLatin1Char('p')));
        QTest::newRow("content blank") << "content" << QVariant(QStringLiteral("  "));
        QTest::newRow("category blank") << "category" << QVariant(QString());
    }
    void outOfRangeValuesAreRefusedNamingTheField()
    {
        QFETCH(QString, field);
        QFETCH(QVariant, value);
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(make()));
        const qint64 eventsBefore = *s->events().count();
        Decisions d(*s, m_config);
        const auto refused = d.edit(kId, editOf(field, value), kT0);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, Error::Code::Validation);
        QVERIFY2(refused.error().message.contains(field) && refused.error().message.contains(kId),
                 qPrintable(refused.error().message));
        s.reopen();
        QCOMPARE(*s->memories().get(kId), make());
        QCOMPARE(*s->events().count(), eventsBefore);
    }

    void theSameValueIsNotAnEdit()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(make()));
        Decisions d(*s, m_config);
        MemoryEdit same;
        same.importance = 1.0;
        same.projectPath = QStringLiteral("/work/site ");
        const auto refused = d.edit(kId, same, kT0);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, Error::Code::Usage);
        QCOMPARE(*s->events().count(), 0);
    }

    void severalFieldsAreOneDecision()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(make()));
        Decisions d(*s, m_config);
        MemoryEdit e;
        e.importance = 3.0;
        e.sensitivity = 2;
        e.confidence = 0.5;
        const auto done = d.edit(kId, e, kT0);
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QCOMPARE(done->eventIds.size(), 1);
        const Memory m = *s->memories().get(kId);
        QCOMPARE(m.importance, 3.0);
        QCOMPARE(m.sensitivity, 2);
        QCOMPARE(m.confidence, 0.5);
        QVERIFY(d.revert(done->firstEventId(), kT0 + 1000));
        QCOMPARE(*s->memories().get(kId), make());
    }
};

QTEST_GUILESS_MAIN(TestDecisionsEdit)
#include "tst_decisions_edit.moc"
