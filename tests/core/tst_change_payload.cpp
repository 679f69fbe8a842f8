// The members of an event's payload the change list summarises by, read in one pass
// (store/ChangePayload): each member as the payloads Recollector writes hold it, the ones a
// payload lacks left empty, and a payload that is not JSON, or is broken halfway, gives none.
#include "store/ChangePayload.h"
#include "store/ChangeScan.h"

#include <QtTest>

using namespace recollector::core;

class TestChangePayload : public QObject
{
    Q_OBJECT

    static ChangeEventRow read(std::string_view payload)
    {
        ChangePayload reader;
        ChangeEventRow row;
        reader.read(payload, row);
        return row;
    }

private Q_SLOTS:
    void anEditNamesItsFieldsAndItsDecision()
    {
        const ChangeEventRow row = read("{\"decision\":\"dec_1\",\"before\":{\"content\":\"a\"},"
                                        "\"after\":{\"content\":\"b\",\"keywords\":[\"x\"],\"updatedAt\":3}}");
        QCOMPARE(row.decision, QStringLiteral("dec_1"));
        QCOMPARE(row.fields, (QStringList { QStringLiteral("content"), QStringLiteral("keywords"), QStringLiteral("updatedAt") }));
        QVERIFY(!row.created);
        QVERIFY(!row.removed);
        QVERIFY(row.fromFile.isNull());
    }

    void aFolderSyncSaysItsFileAndWhatHappened()
    {
        const ChangeEventRow row = read("{\"fromFile\":\"feedback \\\"ci\\\".md\",\"change\":\"removed\",\"removed\":true}");
        QCOMPARE(row.fromFile, QStringLiteral("feedback \"ci\".md"));
        QCOMPARE(row.change, QStringLiteral("removed"));
        QVERIFY(row.removed);
    }

    void anImportsActionStandsForTheChangeWhenThereIsNone()
    {
        QCOMPARE(read("{\"action\":\"kept_both\",\"created\":true}").change, QStringLiteral("kept_both"));
        QVERIFY(read("{\"action\":\"kept_both\",\"created\":true}").created);
        QCOMPARE(read("{\"change\":\"added\",\"action\":\"overwrite\"}").change, QStringLiteral("added"));
    }

    void anUndoNamesTheEventItReverts()
    {
        QCOMPARE(read("{\"reverts\":1234567890123,\"decision\":\"dec_9\"}").reverts, 1234567890123);
        QCOMPARE(read("{\"reverts\":\"12\"}").reverts, 0); // not a number: not an event id
    }

    void membersOfAnotherTypeAreNotTaken()
    {
        const ChangeEventRow row = read("{\"decision\":12,\"created\":\"yes\",\"after\":[\"content\"],\"fromFile\":null}");
        QVERIFY(row.decision.isEmpty());
        QVERIFY(!row.created);
        QVERIFY(row.fields.isEmpty());
        QVERIFY(row.fromFile.isEmpty());
    }

    void aPayloadThatIsNotJsonGivesNothing()
    {
        for (const char *bad : { "", "enc1:AAAA", "[1,2]", "{\"decision\":\"dec_1\",\"after\":{\"content\":",
                                 "{\"decision\":\"dec_1\",\"created\":true," }) {
            const ChangeEventRow row = read(bad);
            QVERIFY2(row.decision.isEmpty() && !row.created && row.fields.isEmpty(), bad);
        }
    }
};

QTEST_GUILESS_MAIN(TestChangePayload)
#include "tst_change_payload.moc"
